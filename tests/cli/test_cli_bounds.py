"""Every number and every choice a `studio` command takes has bounds, from one shared set
(`studio.cli.inputs`): a value out of them (negative, NaN, infinite, too large, not a
number, not one of the choices) is refused by argparse with one line and exit status 2,
before anything runs, never a traceback or "unexpected problem".

The options are read from the parser, so an option added later is covered without
touching this file, and one added with a bare `type=int` fails the first test.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.cli import inputs, main
from tests.cli.test_bad_inputs import COMMANDS

# Options that take free text on purpose, and why it needs no bound here.
FREE_TEXT = {
    "prompt": "the user's message",
    "system": "the system message",
    "model": "download: a quant name or file name, matched against the repository's",
    "host": "an address to listen on; one this computer lacks is said when serve starts",
    "api_key": "any text is a key",
    "allow_origin": "compared as text with a browser's Origin header",
    "layers": "DEV=N pairs, each checked by fit (fit_layers_invalid)",
    "disable": "device names, each checked by fit (fit_unknown_device)",
    "margin": "sizes, each checked by fit (fit_margin_invalid)",
    "engine_arg": "passed to the engine, which refuses managed flags itself",
    "spec_type": "the engine's own list (studio engine), checked against it before a start",
    "variant": "KNOB=VALUE pairs, each read as its option reads it (bench_knob_value_invalid)",
}

# What each number kind refuses, whatever its bounds: the number classes of the issue.
NOT_NUMBERS = ("nan", "NaN", "inf", "-inf", "Infinity", "1e999", "-5", "abc", "")
HUGE = "9" * 30


def _options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [
        a
        for a in parser._actions
        if not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction))
        and a.nargs != 0  # flags take no value
    ]


def _is_number(action: argparse.Action) -> bool:
    return isinstance(action.type, (inputs.WholeNumber, inputs.AutoOr, inputs.RealNumber)) or (
        action.type in (inputs.shares, inputs.duration, inputs.gpu_layers)
    )


NUMBERS = [
    (command, action)
    for command, parser in sorted(COMMANDS.items())
    for action in _options(parser)
    if _is_number(action)
]
CHOICES = [
    (command, action)
    for command, parser in sorted(COMMANDS.items())
    for action in _options(parser)
    if action.choices is not None and not isinstance(action, argparse._SubParsersAction)
]


def test_every_option_that_takes_a_value_is_typed_or_a_choice() -> None:
    loose = [
        f"{' '.join(command)} {action.option_strings or action.dest}"
        for command, parser in COMMANDS.items()
        for action in _options(parser)
        if (action.type in (None, str, int, float) and not action.choices)
        or (action.type is inputs.text and action.dest not in FREE_TEXT)
    ]
    assert not loose, f"give these a kind from studio.cli.inputs or choices: {loose}"


def test_free_text_refuses_bytes_that_are_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # What Python makes of the bytes b"\xff\xfe" in argv (surrogateescape).
    not_utf8 = b"\xff\xfe hi".decode("utf-8", "surrogateescape")
    model = str(tmp_path / "model.gguf")
    for argv in (
        ["run", model, "-p", not_utf8],
        ["run", model, "-p", "hi", "--system", not_utf8],
        ["serve", model, "--host", not_utf8],
        ["search", not_utf8],
    ):
        assert "expected text in UTF-8" in _refused(argv, capsys)


def test_the_shared_set_covers_the_issues_options() -> None:
    named = {(" ".join(c), a.dest) for c, a in NUMBERS} | {
        (" ".join(c), a.dest) for c, a in CHOICES
    }
    wanted = {
        ("fit", "parallel"),
        ("fit", "ctx"),
        ("fit", "cache_type_k"),
        ("fit", "n_cpu_moe"),
        ("estimate", "devices"),
        ("estimate", "tensor_split"),
        ("run", "temperature"),
        ("run", "max_tokens"),
        ("serve", "port"),
        ("serve", "max_connections"),
        ("serve", "tensor_split"),
        ("engine build", "jobs"),
        ("search", "page"),
    }
    assert wanted <= named


def _good_positionals(command: tuple[str, ...], model: Path) -> list[str]:
    good = {"repo": "owner/name", "query": "tiny", "folders": str(model.parent)}
    return [
        good.get(a.dest, str(model))
        for a in _options(COMMANDS[command])
        if not a.option_strings and a.nargs != "*"
    ]


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The one line argparse says for `argv`, which must stop with status 2."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "unexpected problem" not in out + err
    lines = err.strip().splitlines()
    assert lines[-1].startswith(f"studio {argv[0]}") and ": error: argument " in lines[-1], err
    return lines[-1]


@pytest.mark.parametrize(
    ("command", "action"),
    NUMBERS,
    ids=[f"{' '.join(c)} {a.option_strings[0]}" for c, a in NUMBERS],
)
def test_every_number_option_refuses_what_is_not_a_number_in_its_bounds(
    command: tuple[str, ...],
    action: argparse.Action,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    model = tmp_path / "model.gguf"  # never opened: the value is refused before
    for bad in (*NOT_NUMBERS, HUGE):
        argv = [*command, *_good_positionals(command, model), action.option_strings[0], bad]
        line = _refused(argv, capsys)
        assert action.option_strings[0] in line


@pytest.mark.parametrize(
    ("command", "action"),
    CHOICES,
    ids=[f"{' '.join(c)} {a.option_strings[0]}" for c, a in CHOICES],
)
def test_every_choice_option_refuses_a_value_not_among_its_choices(
    command: tuple[str, ...],
    action: argparse.Action,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    model = tmp_path / "model.gguf"
    argv = [*command, *_good_positionals(command, model), action.option_strings[0], "bogus"]
    assert "invalid choice: 'bogus'" in _refused(argv, capsys)


@pytest.mark.parametrize(
    "argv",
    [
        # The cases of issue 25, each accepted (or "unexpected problem") before.
        ["fit", "M", "-np", "-3"],
        ["fit", "M", "--ctx", "-5"],
        ["fit", "M", "-ctk", "bogus"],
        ["fit", "M", "--n-cpu-moe", "-3"],
        ["estimate", "M", "--devices", "-1"],
        ["estimate", "M", "-ts", "nan,1", "-sm", "tensor"],
        ["run", "M", "-p", "hi", "--temperature", "nan"],
        ["run", "M", "-p", "hi", "-n", "-5"],
        ["serve", "M", "--port", "70000"],
        ["serve", "M", "--idle-unload", "inf"],
        ["serve", "M", "-ts", "1,inf"],
        ["serve", "M", "-ngl", "-1"],
    ],
    ids=" ".join,
)
def test_the_issues_cases_are_refused_before_anything_runs(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    model = str(tmp_path / "model.gguf")
    _refused([model if word == "M" else word for word in argv], capsys)


@pytest.mark.parametrize("repo", ["a/b/c", "../x", "a b", "owner/../etc", "x/-y", "x" * 200])
def test_download_of_an_invalid_repository_is_one_sentence(
    repo: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # An endpoint nobody answers: the id must be refused before any request.
    monkeypatch.setenv("HF_ENDPOINT", "http://127.0.0.1:9")
    monkeypatch.setenv("STUDIO_HOME", str(tmp_path / "home"))
    for command in (["download", repo, "Q4_K_M"], ["files", repo]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "unexpected" not in err, err
        assert err.startswith(f"error: “{repo}” is not a Hugging Face repository"), err


def test_good_values_pass_their_bounds() -> None:
    assert inputs.port("0") == 0 and inputs.port("65535") == 65535
    assert inputs.auto_context("auto") is None and inputs.auto_context("0") == 0
    assert inputs.shares("3,1") == (3.0, 1.0) and inputs.shares("0,1") == (0.0, 1.0)
    assert inputs.temperature("0") == 0.0 and inputs.temperature("0.7") == 0.7
    assert inputs.gpu_layers("all") == "all" and inputs.gpu_layers("20") == 20
    assert inputs.duration("15m") == 900.0
    assert inputs.seed(str(2**32 - 1)) == 2**32 - 1


@settings(max_examples=200, deadline=None)
@given(
    text=st.one_of(
        st.text(max_size=12),
        st.floats().map(repr),
        st.integers(min_value=-(2**70), max_value=2**70).map(str),
    )
)
def test_a_number_kind_returns_a_bounded_finite_number_or_refuses(text: str) -> None:
    kinds: list[inputs.WholeNumber | inputs.RealNumber] = [
        inputs.count,
        inputs.context,
        inputs.port,
        inputs.devices,
        inputs.temperature,
    ]
    for kind in kinds:
        try:
            value = kind(text)
        except argparse.ArgumentTypeError:
            continue
        assert math.isfinite(value) and kind.minimum <= value <= kind.maximum
    try:
        split = inputs.shares(text)
    except argparse.ArgumentTypeError:
        return
    assert all(math.isfinite(v) and v >= 0 for v in split) and any(split)
    assert math.isfinite(sum(split)) and len(split) <= inputs.MAX_DEVICES
