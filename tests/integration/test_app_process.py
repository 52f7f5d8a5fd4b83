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


def test_sigterm_during_an_engine_probe_leaves_no_process_behind(tmp_path: Path) -> None:
    # An engine whose device listing takes a while, so that the signal lands mid-probe.
    engine = tmp_path / "llama-server"
    engine.write_text(
        "#!/bin/sh\n"
        'case "$1" in\n'
        '  --version) echo "version: 4567 (deadbee)" >&2 ;;\n'
        '  --help) echo "-m,    --model FNAME   model path" ;;\n'
        '  --list-devices) sleep 2; echo "Available devices:" ;;\n'
        "esac\n"
    )
    engine.chmod(0o755)
    env = {
        **os.environ,
        "STUDIO_HOME": str(tmp_path / "home"),
        "QT_QPA_PLATFORM": "offscreen",
        "STUDIO_LLAMA_SERVER": str(engine),
    }
    run = run_until_signal([sys.executable, "-m", "studio"], env, with_child=True)
    assert run.returncode == 0, run.stderr
    assert run.children_at_signal
    assert run.survivors == []
    assert run.foreign_stderr_lines == [], run.stderr


# The app with a worker thread that never returns: it opens a FIFO nobody writes to,
# on an executor thread like those `asyncio.to_thread` uses (which Python joins at exit).
_APP_WITH_A_BLOCKED_WORKER = """
import concurrent.futures, os, sys
fifo = os.environ["BLOCKING_FIFO"]
os.mkfifo(fifo)
concurrent.futures.ThreadPoolExecutor(thread_name_prefix="blocked").submit(open, fifo)
from studio.app import run_app
sys.exit(run_app(sys.argv))
"""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")
def test_sigterm_quits_even_with_a_worker_blocked_for_good(tmp_path: Path) -> None:
    engine = tmp_path / "llama-server"
    engine.write_text(
        '#!/bin/sh\ncase "$1" in\n  --version) echo "version: 4567 (deadbee)" >&2 ;;\nesac\n'
    )
    engine.chmod(0o755)
    env = {
        **os.environ,
        "STUDIO_HOME": str(tmp_path / "home"),
        "QT_QPA_PLATFORM": "offscreen",
        "STUDIO_LLAMA_SERVER": str(engine),
        "BLOCKING_FIFO": str(tmp_path / "never-written"),
    }
    argv = [sys.executable, "-c", _APP_WITH_A_BLOCKED_WORKER]
    # Before the watchdog, the process waited forever in the interpreter's exit.
    run = run_until_signal(argv, env, signal.SIGTERM, timeout_s=45)
    assert run.returncode == 0, run.stderr
    assert "quitting on signal SIGTERM" in run.stderr
    assert "still running after quitting (blocked_0); exiting anyway" in run.stderr
