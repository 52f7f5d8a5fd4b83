"""`studio run --think-budget N` with the real engine: SmolLM2 under a template that opens
<think> and never closes it by itself, so without a budget the whole answer is thinking
(stderr) and with one the engine closes the thinking after N tokens."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from studio.core.engine import EngineLocation

pytestmark = pytest.mark.engine

THINK_TEMPLATE = Path(__file__).parents[1] / "support" / "templates" / "think.jinja"


def _run(model: Path, home: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "studio", "run", str(model), "-c", "512", "-t", "2"]
    argv += ["-p", "Why is the sky blue?", "-n", "60", "--temperature", "0", "--seed", "1"]
    return subprocess.run(
        [*argv, *extra],
        capture_output=True,
        text=True,
        timeout=180,
        env={**os.environ, "STUDIO_HOME": str(home)},
        check=False,
    )


def test_think_budget_caps_the_thinking(
    smollm2: Path, tmp_path: Path, engine_location: EngineLocation
) -> None:
    # llama-server takes the flag and its value as two arguments.
    template = ("--engine-arg=--chat-template-file", f"--engine-arg={THINK_TEMPLATE}")
    unlimited = _run(smollm2, tmp_path, *template)
    budgeted = _run(smollm2, tmp_path, *template, "--think-budget", "5")
    assert unlimited.returncode == 0, unlimited.stderr
    assert budgeted.returncode == 0, budgeted.stderr
    assert len(unlimited.stderr.split()) > 20  # 60 tokens of thinking
    assert 0 < len(budgeted.stderr.split()) <= 5


def test_think_budget_on_a_template_that_cannot_think_is_said(
    smollm2: Path, tmp_path: Path, engine_location: EngineLocation
) -> None:
    done = _run(smollm2, tmp_path, "--think-budget", "5", "-n", "4")
    assert done.returncode == 0, done.stderr
    assert "does not think, so the thinking budget is not sent." in done.stderr
    assert done.stdout.strip()


def test_a_negative_think_budget_is_refused(tmp_path: Path) -> None:
    done = _run(Path("model.gguf"), tmp_path, "--think-budget", "-3")
    assert done.returncode == 2
    assert "expected a number of tokens from 0 to 2147483647" in done.stderr
    assert "Traceback" not in done.stderr
