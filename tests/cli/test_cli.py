"""The `studio` command as a user runs it: a real child process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from studio import __version__
from studio.core.engine import EngineLocation
from studio.core.engine.locate import bundled_engine


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
def test_engine_json(tmp_path: Path, engine_location: EngineLocation) -> None:
    env = {**os.environ, "STUDIO_HOME": str(tmp_path)}  # the fixture's engine comes first
    done = studio("engine", "--json", env=env)
    assert done.returncode == 0, done.stderr
    listing = json.loads(done.stdout)
    assert listing["active"] == str(engine_location.path)
    active = next(c for c in listing["candidates"] if c["active"])
    assert active["verdict"] == "runs" and active["self_test"]["passed"]
    assert active["engine"]["features"]["fit"] is True
    assert active["engine"]["devices"] == []
    sources = [c["source"] for c in listing["candidates"]]
    assert sources[0] == "environment"
    # A binary is listed once: where the suite runs on the bundled engine itself (a CPU
    # with AVX-512), the environment's entry is that binary.
    bundled = bundled_engine()
    separate = bundled is not None and bundled.path.resolve() != engine_location.path.resolve()
    assert ("bundled" in sources) == separate, sources
    assert (tmp_path / "cache" / "engine-probe.json").exists()
    assert (tmp_path / "cache" / "engine-self-test.json").exists()
    text = studio("engine", env=env)
    assert "split modes:   none, layer, row, tensor" in text.stdout
    assert f"* {engine_location.path}" in text.stdout  # the active one is marked


def test_engine_missing_is_a_clear_error(tmp_path: Path) -> None:
    gone = tmp_path / "gone"
    env = {**os.environ, "STUDIO_HOME": str(tmp_path), "STUDIO_LLAMA_SERVER": str(gone)}
    done = studio("engine", env=env)
    assert "Traceback" not in done.stdout + done.stderr
    assert f"verdict:     The llama-server engine was not found ({gone})." in done.stdout
    listing = json.loads(studio("engine", "--json", env=env).stdout)
    missing = listing["candidates"][0]
    assert (missing["path"], missing["verdict"]) == (str(gone), "engine_missing")
    # The rest decide: 0 when another candidate runs here, 2 with a sentence when none does.
    if listing["active"] is None:
        assert done.returncode == 2 and "studio engine build" in done.stdout
    else:
        assert done.returncode == 0
