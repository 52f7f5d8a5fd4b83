"""Every `studio` sub-command given bad input as a user types it: a missing file, a folder
where a file belongs, a file that is not GGUF, and an endpoint nobody listens on.

Each runs as a real child process and must exit non-zero with one sentence on stderr:
never a Python traceback, a bare code (`hub_offline`) or an exception's repr
(`EndpointUnreachableError(...)`). The sub-commands and their inputs are read from the
argument parser, so a new sub-command is covered without touching this file: what each
argument is (a model, a folder, an engine, an endpoint) is its `type=` from
`studio.cli.inputs`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from studio.cli import build_parser, inputs

pytestmark = pytest.mark.engine  # run and serve choose the session's engine

CASES = ("missing", "directory", "not_gguf", "unreachable")

# Commands that reach the network through no argument of theirs: the package index an
# engine build downloads llama.cpp's source from.
_PACKAGE_INDEX_COMMANDS = frozenset({("engine", "build")})
# Arguments whose kind means the command talks to the Hugging Face Hub.
_HUB_KINDS = frozenset({inputs.hub_repo, inputs.hub_query})


@dataclass(frozen=True)
class Inputs:
    """The files and endpoints one case draws from."""

    missing: Path
    directory: Path
    not_gguf: Path
    model: Path
    closed_port: int

    @property
    def endpoint(self) -> str:
        return f"127.0.0.1:{self.closed_port}"


# kind -> case -> the bad text for it (None: the case means nothing for that kind).
_BAD: dict[object, dict[str, Callable[[Inputs], str] | None]] = {
    inputs.model_file: {
        "missing": lambda i: str(i.missing),
        "directory": lambda i: str(i.directory),
        "not_gguf": lambda i: str(i.not_gguf),
        "unreachable": None,
    },
    inputs.model_source: {
        "missing": lambda i: str(i.missing),
        "directory": lambda i: str(i.directory),
        "not_gguf": lambda i: str(i.not_gguf),
        "unreachable": lambda i: f"http://{i.endpoint}/model.gguf",
    },
    inputs.engine_file: {
        "missing": lambda i: str(i.missing),
        "directory": lambda i: str(i.directory),
        "not_gguf": lambda i: str(i.not_gguf),  # not an engine either
        "unreachable": None,
    },
    inputs.folder: {
        "missing": lambda i: str(i.missing),
        "directory": None,  # a folder is what it wants
        "not_gguf": lambda i: str(i.not_gguf),  # a file where a folder belongs
        "unreachable": None,
    },
    inputs.new_folder: {
        "missing": None,  # made for the download
        "directory": None,
        "not_gguf": lambda i: str(i.not_gguf),  # a file where a folder belongs
        "unreachable": None,
    },
    inputs.secret_file: {
        "missing": lambda i: str(i.missing),
        "directory": lambda i: str(i.directory),
        "not_gguf": None,  # any text is a key
        "unreachable": None,
    },
    inputs.endpoints: {
        "missing": None,
        "directory": None,
        "not_gguf": None,
        "unreachable": lambda i: i.endpoint,
    },
}

# kind -> a good value, for required arguments the case does not target.
_GOOD: dict[object, Callable[[Inputs], str]] = {
    inputs.model_file: lambda i: str(i.model),
    inputs.model_source: lambda i: str(i.model),
    inputs.folder: lambda i: str(i.directory),
    inputs.hub_repo: lambda i: "owner/name",
    inputs.hub_query: lambda i: "tiny",
}


def _commands(
    parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield (*prefix, name), sub
                yield from _commands(sub, (*prefix, name))


COMMANDS = dict(_commands(build_parser()))


def _arguments(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [
        a
        for a in parser._actions
        if not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction))
    ]


def _target(command: tuple[str, ...], case: str) -> argparse.Action | None:
    """The first argument of `command` that `case` has a bad value for."""
    for action in _arguments(COMMANDS[command]):
        bad = _BAD.get(action.type, {}).get(case)
        if bad is not None:
            return action
    return None


def _reaches_network(command: tuple[str, ...]) -> bool:
    kinds = {a.type for a in _arguments(COMMANDS[command])}
    return command in _PACKAGE_INDEX_COMMANDS or bool(kinds & _HUB_KINDS)


def _applies(command: tuple[str, ...], case: str) -> bool:
    if _target(command, case) is not None:
        return True
    return case == "unreachable" and _reaches_network(command)


PAIRS = [(c, case) for c in sorted(COMMANDS) for case in CASES if _applies(c, case)]


def test_every_sub_command_is_found_and_takes_some_bad_input() -> None:
    assert {("fit",), ("run",), ("serve",), ("search",), ("engine", "build")} <= set(COMMANDS)
    untested = [" ".join(c) for c in COMMANDS if not any(_applies(c, case) for case in CASES)]
    assert not untested, f"no bad input reaches {untested}: type its inputs with studio.cli.inputs"


_PATH_LIKE = frozenset({"binary", "rpc", "folders", "into", "models_dir", "draft", "mmproj"})


def test_paths_and_endpoints_are_typed_inputs() -> None:
    """A bare `type=Path` (or a path taken as plain text) is invisible to this test."""
    loose = [
        f"{' '.join(command)} {action.dest}"
        for command, parser in COMMANDS.items()
        for action in _arguments(parser)
        if action.type is Path
        or (action.type in (None, str) and action.nargs != 0 and action.dest in _PATH_LIKE)
    ]
    assert not loose, f"use a kind from studio.cli.inputs for {loose}"


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])  # nobody listens once it is closed


@pytest.fixture(scope="module")
def bad(tmp_path_factory: pytest.TempPathFactory, smollm2: Path) -> Inputs:
    root = tmp_path_factory.mktemp("bad-inputs")
    (root / "a-folder").mkdir()
    not_gguf = root / "notes.gguf"
    not_gguf.write_text("these are notes, not a model\n", encoding="utf-8")
    return Inputs(
        missing=root / "no-such-model.gguf",
        directory=root / "a-folder",
        not_gguf=not_gguf,
        model=smollm2,
        closed_port=_closed_port(),
    )


@pytest.fixture(scope="module")
def environment(tmp_path_factory: pytest.TempPathFactory, bad: Inputs) -> dict[str, str]:
    """One home for the module (the engine's self-test is cached there), and every
    endpoint the commands find in the environment pointing at the closed port."""
    closed = f"http://{bad.endpoint}"
    return {
        **os.environ,
        "STUDIO_HOME": str(tmp_path_factory.mktemp("home")),
        "HF_ENDPOINT": closed,
        "HF_HOME": str(tmp_path_factory.mktemp("hf-home")),
        "PIP_INDEX_URL": f"{closed}/simple",
        "PIP_RETRIES": "0",
        "PIP_TIMEOUT": "3",
        "PIP_NO_CACHE_DIR": "1",
        "PIP_CONFIG_FILE": os.devnull,
        "NO_PROXY": "*",
    }


def _argv(command: tuple[str, ...], case: str, bad: Inputs) -> list[str]:
    parser = COMMANDS[command]
    target = _target(command, case)
    positionals: list[str] = []
    options: list[str] = []
    for action in _arguments(parser):
        make = _BAD.get(action.type, {}).get(case) if action is target else None
        if make is not None:
            value = make(bad)
        elif action.required or not action.option_strings:
            good = _GOOD.get(action.type)
            value = good(bad) if good is not None else "hi"
        else:
            continue
        if action.option_strings:
            options += [action.option_strings[0], value]
        else:
            positionals.append(value)
    return [*command, *positionals, *options]


# A code as a word: lower-case parts joined by underscores (paths are removed first).
_CODE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")


def _the_one_sentence(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, f"expected one sentence, got:\n{stderr}"
    line = lines[0]
    assert "Traceback" not in line and "Error(" not in line, line
    words = " ".join(w for w in line.split() if "/" not in w and not w.startswith("-"))
    assert not _CODE.search(words), f"a bare code in: {line}"
    said = line.removeprefix("error: ")
    first = said.split()[0]
    assert said[:1].isupper() or said[:1] in "“\"'" or "/" in first, line  # or a path
    assert said.rstrip().endswith((".", ".)")), line
    return said


@pytest.mark.parametrize(("command", "case"), PAIRS, ids=[f"{' '.join(c)}-{k}" for c, k in PAIRS])
def test_bad_input_is_one_sentence(
    command: tuple[str, ...], case: str, bad: Inputs, environment: dict[str, str]
) -> None:
    argv = _argv(command, case, bad)
    done = subprocess.run(
        [sys.executable, "-m", "studio", *argv],
        capture_output=True,
        text=True,
        timeout=240,
        env=environment,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    shown = f"studio {' '.join(argv)}\nstdout:\n{done.stdout}\nstderr:\n{done.stderr}"
    assert done.returncode != 0, shown
    assert "Traceback" not in done.stdout + done.stderr, shown
    assert "Error(" not in done.stdout, shown
    _the_one_sentence(done.stderr)


def test_json_errors_say_the_sentence_and_no_repr(environment: dict[str, str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "studio", "search", "tiny", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
        check=False,
    )
    assert done.returncode != 0 and done.stderr == ""
    error = json.loads(done.stdout)["error"]
    assert error["code"] == "hub_offline"
    assert error["message"].startswith("Cannot reach the Hugging Face Hub.")
    assert "Error(" not in done.stdout  # the detail holds the OS's words, not a repr
