"""`studio run` checks the plan before it starts a model: one that cannot fit the machine
is refused with one sentence and its numbers, and loads when the user says --force."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from studio.core.engine import EngineLocation

pytestmark = pytest.mark.engine


def _run(model: Path, home: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "STUDIO_HOME": str(home), "STUDIO_FAKE_DEVICES": "HOST:64MiB"}
    argv = [sys.executable, "-m", "studio", "run", str(model), "-p", "Hi", "-n", "2", *extra]
    return subprocess.run(argv, capture_output=True, text=True, env=env, timeout=300, check=False)


def test_a_model_bigger_than_the_host_is_refused_unless_forced(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    refused = _run(smollm2, tmp_path / "home")
    assert refused.returncode == 1
    lines = [line for line in refused.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in refused.stderr, refused.stderr
    sentence = lines[0]
    assert sentence.startswith(f"error: {smollm2.name} does not fit: it needs ")
    assert "MiB of Host memory" in sentence and "64 MiB is free" in sentence
    assert "--force" in sentence
    assert not list((tmp_path / "home").rglob("llama-server-*.log"))  # never started

    for flag in ("--force", "--load-anyway"):
        loaded = _run(smollm2, tmp_path / "home", flag)
        assert loaded.returncode == 0, loaded.stderr
        assert loaded.stdout.strip()
