"""The app as a process: it shows its window and quits cleanly on SIGTERM and Ctrl+C."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from tests.support.app_process import run_until_signal


@pytest.mark.engine
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_signal_quits_through_the_normal_shutdown(tmp_path: Path, signum: signal.Signals) -> None:
    env = {**os.environ, "STUDIO_HOME": str(tmp_path), "QT_QPA_PLATFORM": "offscreen"}
    run = run_until_signal([sys.executable, "-m", "studio"], env, signum)
    assert run.returncode == 0, run.stderr
    assert f"quitting on signal {signum.name}" in run.stderr
    assert run.survivors == []
    assert run.foreign_stderr_lines == [], run.stderr
