"""The frozen entry point hands child processes the user's own LD_LIBRARY_PATH and offers
the bundle's portable engine on PATH."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

LAUNCHER = Path(__file__).resolve().parents[2] / "packaging" / "launcher.py"


@pytest.fixture
def launcher() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gguf_studio_launcher", LAUNCHER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not __main__: loading it starts nothing
    return module


def test_frozen_restores_the_original_value(
    launcher: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setenv("LD_LIBRARY_PATH", "/opt/bundle/_internal:/usr/local/lib")
    monkeypatch.setenv("LD_LIBRARY_PATH_ORIG", "/usr/local/lib")
    launcher._restore_library_path()
    assert os.environ["LD_LIBRARY_PATH"] == "/usr/local/lib"
    assert "LD_LIBRARY_PATH_ORIG" not in os.environ


def test_frozen_removes_what_the_bootloader_added(
    launcher: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setenv("LD_LIBRARY_PATH", "/opt/bundle/_internal")
    monkeypatch.delenv("LD_LIBRARY_PATH_ORIG", raising=False)
    launcher._restore_library_path()
    assert "LD_LIBRARY_PATH" not in os.environ


def test_a_source_install_is_left_alone(
    launcher: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.setenv("LD_LIBRARY_PATH", "/mine")
    launcher._restore_library_path()
    assert os.environ["LD_LIBRARY_PATH"] == "/mine"


def _engine_folder(contents: Path, name: str) -> Path:
    folder = contents / "engines" / name
    folder.mkdir(parents=True)
    (folder / "llama-server").write_bytes(b"\x7fELF")
    return folder


def test_bundled_engines_come_first_on_path(
    launcher: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    portable = _engine_folder(tmp_path, "llama.cpp-b10435-portable")
    (tmp_path / "engines" / "half-copied").mkdir()  # no llama-server: not offered
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    launcher._offer_bundled_engines(tmp_path)
    assert os.environ["PATH"] == f"{portable}{os.pathsep}/usr/bin:/bin"


def test_no_bundled_engine_leaves_path_alone(
    launcher: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PATH", "/usr/bin")
    launcher._offer_bundled_engines(tmp_path)
    assert os.environ["PATH"] == "/usr/bin"


@pytest.mark.skipif(sys.platform != "linux", reason="the engine guard reads /proc")
def test_the_frozen_entry_runs_the_engine_guard_without_starting_the_app() -> None:
    """A bundle has no `python -c`: its guard is the launcher with `--engine-guard`, which
    kills the token's carriers once its input ends, and starts nothing else."""
    import signal
    import subprocess

    from studio.core.server.engine_guard import ENGINE_GUARD_VARIABLE, GUARD_FLAG

    carrier = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(600)"],
        env={**os.environ, ENGINE_GUARD_VARIABLE: "launcher-test"},
        process_group=0,
    )
    try:
        root = str(LAUNCHER.parents[1])
        guard = subprocess.run(
            [sys.executable, str(LAUNCHER), GUARD_FLAG, "launcher-test"],
            input=b"",
            env={**os.environ, "PYTHONPATH": root},
            capture_output=True,
            timeout=60,
            check=False,
        )
        assert guard.returncode == 0, guard.stderr
        assert carrier.wait(10) == -signal.SIGKILL
    finally:
        carrier.kill()
        carrier.wait()
