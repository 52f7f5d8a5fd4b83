"""The `studio` command as a user runs it: a real child process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from studio import __version__


def studio(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "studio", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


def test_version() -> None:
    done = studio("--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"GGUF Studio {__version__}"


@pytest.mark.engine
def test_engine_json(tmp_path: Path) -> None:
    env = {**os.environ, "STUDIO_HOME": str(tmp_path)}
    done = studio("engine", "--json", env=env)
    assert done.returncode == 0, done.stderr
    info = json.loads(done.stdout)
    assert info["source"] == "bundled"
    assert info["features"]["fit"] is True
    assert info["devices"] == []
    assert (tmp_path / "cache" / "engine-probe.json").exists()
    text = studio("engine", env=env)
    assert "split modes:   none, layer, row, tensor" in text.stdout


def test_engine_missing_is_a_clear_error(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "STUDIO_HOME": str(tmp_path),
        "STUDIO_LLAMA_SERVER": str(tmp_path / "gone"),
    }
    done = studio("engine", env=env)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert f"{tmp_path / 'gone'} does not exist" in done.stderr
    data = json.loads(studio("engine", "--json", env=env).stdout)
    assert data["error"]["code"] == "engine_missing"
