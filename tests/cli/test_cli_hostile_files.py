"""`studio estimate`, `fit` and `run` on hostile files: one clear sentence and an exit
status, never a traceback, a runaway allocation or a process that hangs."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import gguf
import pytest

from studio.cli import main
from tests.support.engine_wrappers import fake_engine
from tests.support.hostile import hostile_gguf

V = gguf.GGUFValueType
HOSTILE: dict[str, dict[str, tuple[object, gguf.GGUFValueType]]] = {
    "layers_u32_max": {"llama__block_count": (0xFFFFFFFF, V.UINT32)},
    "layers_20m": {"llama__block_count": (20_000_000, V.UINT32)},
    "inf_heads": {"llama__attention__head_count": (math.inf, V.FLOAT32)},
    "nan_layers": {"llama__block_count": (math.nan, V.FLOAT32)},
    "negative_width": {"llama__embedding_length": (-4096, V.INT32)},
}


def _one_sentence(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert "Traceback" not in err and "Error(" not in err
    return lines[0]


@pytest.fixture
def fake_devices(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("STUDIO_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", "GPU0:8GiB,HOST:32GiB")


@pytest.mark.parametrize("case", sorted(HOSTILE))
@pytest.mark.parametrize("command", ["estimate", "fit"])
def test_hostile_metadata_is_one_sentence(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    fake_devices: None,
    case: str,
    command: str,
) -> None:
    path = hostile_gguf(tmp_path / f"{case}.gguf", **HOSTILE[case])
    assert main([command, str(path)]) == 2
    out, err = capsys.readouterr()
    sentence = _one_sentence(err)
    assert "damaged or hostile" in sentence and str(path) in sentence
    assert "GB" not in out  # no memory total, negative or otherwise


def test_json_errors_carry_the_code_and_params(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = hostile_gguf(tmp_path / "neg.gguf", llama__embedding_length=(-4096, V.INT32))
    assert main(["estimate", str(path), "--json"]) == 2
    out = capsys.readouterr().out
    assert '"gguf.bad_metadata"' in out and '"llama.embedding_length"' in out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("command", ["estimate", "fit"])
def test_a_fifo_or_device_is_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fake_devices: None, command: str
) -> None:
    fifo = tmp_path / "pipe.gguf"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/zero")):
        assert main([command, str(path)]) == 2
        assert "not an ordinary file" in _one_sentence(capsys.readouterr().err)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_run_refuses_a_fifo_without_starting_the_engine(tmp_path: Path) -> None:
    # In a child process with a deadline: the old code blocked here forever.
    fifo = tmp_path / "pipe.gguf"
    os.mkfifo(fifo)
    engine = fake_engine(tmp_path).path
    done = subprocess.run(
        [sys.executable, "-m", "studio", "run", str(fifo), "-p", "hi", "--binary", str(engine)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "STUDIO_HOME": str(tmp_path / "home")},
        check=False,
    )
    assert done.returncode == 1
    sentence = _one_sentence(done.stderr)
    assert "not an ordinary file" in sentence and str(fifo) in sentence
    assert not list((tmp_path / "home").rglob("llama-server-*.log"))  # never spawned
