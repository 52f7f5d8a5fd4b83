"""What `studio` says when a run cannot go as asked (issue 25): one sentence for an
over-long prompt, a busy port, an unknown speculative type; and a model's metadata or a
file's name never sends escape sequences to the terminal. (`serve --plan` against `studio
fit`: `test_serve_plan.py`.)"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import gguf
import pytest

from studio.cli import build_parser, estimate, main
from studio.cli.terminal import printable
from studio.core.engine import EngineLocation
from studio.core.gguf import read_model
from studio.core.memory import summarize
from studio.core.memory.repack import REPACK_CPU_UNKNOWN
from studio.core.settings import AppSettings, SettingsStore
from tests.support.fake_hub import FakeFile, FakeHub, FakeRepo
from tests.support.hostile import hostile_gguf
from tests.support.models import smollm2_path

V = gguf.GGUFValueType
# Clear the screen, then write "hi" to the clipboard (OSC 52), then a bell and a newline.
ESCAPES = "\x1b[2J\x1b]52;c;aGk=\x07\nC1:\x9b"


def _one_sentence(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert "Traceback" not in err and "unexpected problem" not in err, err
    return lines[0]


def _no_controls(text: str) -> None:
    assert not any(c in text for c in "\x1b\x07\x9b"), repr(text)


def _studio(*argv: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "studio", *argv],
        capture_output=True,
        text=True,
        timeout=240,
        env=env,
        stdin=subprocess.DEVNULL,
        check=False,
    )


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.setenv("STUDIO_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hf-cache"))
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", "GPU0:8GiB,HOST:32GiB")
    for name in [n for n in os.environ if n.startswith("LLAMA_ARG_")]:
        monkeypatch.delenv(name)
    return dict(os.environ)


# -- control characters ------------------------------------------------------------------


def test_printable_escapes_every_control_character_and_keeps_the_rest() -> None:
    assert printable("Llama 3 — 8B ünï 模型") == "Llama 3 — 8B ünï 模型"
    assert printable("a\x1b[2Jb") == "a\\x1b[2Jb"
    assert printable("a\nb\tc\r") == "a\\nb\\tc\\r"
    assert printable("\x07\x7f\x9b\u202e") == "\\x07\\x7f\\x9b\\u202e"
    assert printable(Path("/m/x\x1b.gguf")) == "/m/x\\x1b.gguf"
    assert printable(printable(ESCAPES)) == printable(ESCAPES)  # escaping twice is a no-op


@pytest.mark.parametrize("command", ["estimate", "fit"])
def test_a_models_name_and_file_name_are_printed_escaped(
    command: str, tmp_path: Path, home: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    path = hostile_gguf(tmp_path / f"evil{ESCAPES}.gguf", general__name=(ESCAPES, V.STRING))
    assert main([command, str(path)]) in (0, 1)
    out, err = capsys.readouterr()
    _no_controls(out + err)
    if command == "estimate":
        assert "model:    \\x1b[2J\\x1b]52;c;aGk=\\x07\\nC1:\\x9b (llama" in out
    else:
        assert f"model:      {tmp_path}/evil\\x1b[2J" in out
    # The JSON keeps the text as it is (JSON escapes it itself).
    assert main([command, str(path), "--json"]) in (0, 1)
    out = capsys.readouterr().out
    _no_controls(out)
    if command == "estimate":
        assert json.loads(out)["model"]["name"] == ESCAPES


def test_an_error_about_a_file_prints_its_name_escaped(
    tmp_path: Path, home: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / f"gone{ESCAPES}.gguf"
    assert main(["estimate", str(missing)]) == 2
    said = _one_sentence(capsys.readouterr().err)
    _no_controls(said)
    assert "gone\\x1b[2J" in said


def test_the_library_prints_file_names_escaped(
    tmp_path: Path, home: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "models"
    folder.mkdir()
    hostile_gguf(folder / f"evil{ESCAPES}-Q4_K_M.gguf", general__name=(ESCAPES, V.STRING))
    (folder / f"broken{ESCAPES}.gguf").write_bytes(b"not a model")
    # A name whose bytes are not UTF-8: Python holds them as lone surrogates, which a
    # UTF-8 stdout cannot write at all.
    (Path(os.fsdecode(bytes(folder) + b"/latin1-\xe9t\xe9.gguf"))).write_bytes(b"GGUF")
    assert main(["library", str(folder)]) == 0
    out, err = capsys.readouterr()
    _no_controls(out)
    assert "evil\\x1b[2J" in out and "broken\\x1b[2J" in out, out + err
    assert "latin1-\\xe9t\\xe9.gguf" in out


@pytest.fixture
def evil_hub(
    tmp_path: Path, home: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> Iterator[FakeHub]:
    card = f"---\nlicense: mit\n---\n\n# Evil\n\nA model card{ESCAPES} that clears screens.\n"
    files = {
        "README.md": FakeFile(card.encode(), lfs=False),
        f"Evil{ESCAPES}-Q4_K_M.gguf": FakeFile(b"GGUF" + bytes(4096)),
    }
    fake = FakeHub([FakeRepo("tester/Evil-GGUF", files)])
    with fake.running():
        monkeypatch.setenv("HF_ENDPOINT", fake.endpoint)
        yield fake


def test_hub_listings_print_the_repositorys_text_escaped(
    evil_hub: FakeHub, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["files", "tester/Evil-GGUF"]) == 0
    out = capsys.readouterr().out
    _no_controls(out)
    assert "Evil\\x1b[2J" in out and "card\\x1b[2J" in out


def test_estimate_notes_are_sentences_not_codes(
    tmp_path: Path, home: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    path = hostile_gguf(tmp_path / "m.gguf")
    model = read_model(path)
    args = build_parser().parse_args(["estimate", str(path), "--devices", "1"])
    summary = summarize(model)
    result = estimate.estimate(summary, estimate._settings(args), estimate._devices(args))
    result = dataclasses.replace(result, notes=(REPACK_CPU_UNKNOWN,))
    text = estimate.describe(summary, result, estimate._estimate_rows(result))
    assert "memory.repack" not in text
    assert "note: No repacked copies of weights are counted" in text


# -- run and serve -----------------------------------------------------------------------


@pytest.mark.engine
def test_a_prompt_longer_than_the_context_is_one_sentence(
    smollm2: Path, engine_location: EngineLocation, tmp_path: Path
) -> None:
    env = {**os.environ, "STUDIO_HOME": str(tmp_path / "home")}
    prompt = "hello " * 2000
    done = _studio("run", str(smollm2), "-c", "512", "-n", "4", "-t", "2", "-p", prompt, env=env)
    assert done.returncode == 1, done.stderr
    said = _one_sentence(done.stderr)
    assert said.startswith("error: The prompt takes ") and "holds 512" in said, said
    assert "--ctx" in said


@pytest.mark.engine
def test_a_speculative_type_the_engine_lacks_is_refused_up_front(
    smollm2: Path, engine_location: EngineLocation, tmp_path: Path
) -> None:
    env = {**os.environ, "STUDIO_HOME": str(tmp_path / "home")}
    done = _studio("run", str(smollm2), "-p", "hi", "-n", "2", "--spec-type", "bogus", env=env)
    assert done.returncode == 1 and done.stdout == ""
    said = _one_sentence(done.stderr)
    assert "no speculative decoding type “bogus”" in said and "draft-simple" in said


@pytest.mark.engine
def test_a_busy_port_is_one_sentence_that_says_so(
    smollm2: Path, engine_location: EngineLocation, tmp_path: Path
) -> None:
    env = {**os.environ, "STUDIO_HOME": str(tmp_path / "home")}
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _studio("serve", str(smollm2), "--port", str(port), "--force", env=env)
    assert done.returncode == 1
    said = _one_sentence(done.stderr)
    assert said == f"error: Port {port} is already in use by another program; choose another port."


@pytest.mark.engine
def test_an_address_this_computer_lacks_is_one_sentence(
    smollm2: Path, engine_location: EngineLocation, tmp_path: Path
) -> None:
    env = {**os.environ, "STUDIO_HOME": str(tmp_path / "home")}
    argv = ["serve", str(smollm2), "--port", "0", "--force", "--api-key", "k"]
    done = _studio(*argv, "--host", "192.0.2.1", env=env)  # TEST-NET-1: nobody's address
    assert done.returncode == 1
    said = _one_sentence(done.stderr)
    assert said == "error: This computer has no address 192.0.2.1 to listen on."


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["fit", "M", "--margin", "1" + "0" * 400 + "GiB"], "is not a size such as 2GiB"),
        (["fit", "M", "--layers", "CUDA0=²"], "“CUDA0=²” is not DEVICE=LAYERS"),
        (["estimate", "http://[::1"], "could not be read: it is not a valid web address."),
        (["estimate", "https://"], "could not be read: it is not a valid web address."),
        (["estimate", "M\0"], "The model file does not exist: "),
        (["fit", "M", "--draft", "M\0"], "The model file does not exist: "),
        (["library", "/models\0"], "The folder /models\\x00 does not exist."),
        (["fit", "~no-such-user-here/m.gguf"], "The model file does not exist: ~no-such"),
    ],
    ids=[
        "margin-400-digits",
        "layers-superscript",
        "url-bracket",
        "url-no-host",
        "nul",
        "nul-draft",
        "nul-dir",
        "~user",
    ],
)
def test_malformed_paths_urls_and_sizes_are_one_sentence(
    argv: list[str],
    said: str,
    tmp_path: Path,
    home: dict[str, str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Each was "stopped on an unexpected problem" (OverflowError, ValueError: embedded
    # null byte or Invalid IPv6 URL, RuntimeError: Could not determine home directory).
    model = str(hostile_gguf(tmp_path / "m.gguf"))
    assert (
        main([word.replace("M", model, 1) if word.startswith("M") else word for word in argv]) == 2
    )
    assert said in _one_sentence(capsys.readouterr().err)


def test_the_library_without_arguments_lists_the_apps_library_or_says_it_is_empty(
    tmp_path: Path, home: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["library"]) == 0
    assert "No GGUF models yet" in capsys.readouterr().out
    # What the app imported into its own folder and the folders in its settings are its
    # library: the CLI lists them as the window does.
    own = Path(home["STUDIO_HOME"]) / "data" / "models"
    own.mkdir(parents=True)
    shutil.copy(smollm2_path(), own / "imported.gguf")
    chosen = tmp_path / "chosen"
    chosen.mkdir()
    shutil.copy(smollm2_path(), chosen / "chosen.gguf")
    SettingsStore.in_directory(Path(home["STUDIO_HOME"]) / "config").save(
        AppSettings(models_folders=(str(chosen),))
    )
    assert main(["library"]) == 0
    out = capsys.readouterr().out
    assert "imported.gguf" in out and "chosen.gguf" in out
