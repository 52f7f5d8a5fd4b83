"""The engine guard ends the processes that carry its token when the app ends, however
it ends (SIGKILL included), and nothing else: not another guard's, not before the app
ends, not on a stray SIGINT."""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from studio.core.server.engine_guard import EngineGuard

pytestmark = pytest.mark.skipif(not EngineGuard.available(), reason="the guard needs /proc")

APP = textwrap.dedent(
    """
    import subprocess, sys, time
    from studio.core.server.engine_guard import EngineGuard

    guard = EngineGuard()
    engine = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(600)"],
        env=guard.environment(), process_group=0,
    )
    print(engine.pid, flush=True)
    time.sleep(600)
    """
)


def sleeper(env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(600)"],
        env={**os.environ, **env},
        process_group=0,
    )


def ended(process: psutil.Process | int, timeout_s: float = 10) -> bool:
    try:
        child = process if isinstance(process, psutil.Process) else psutil.Process(process)
    except psutil.NoSuchProcess:
        return True
    gone, _ = psutil.wait_procs([child], timeout=timeout_s)
    return bool(gone) or child.status() == psutil.STATUS_ZOMBIE


def wait_until_ignoring_sigint(pid: int) -> None:
    """Until the guard has started (it ignores SIGINT from its first lines on)."""
    bit = 1 << (signal.SIGINT - 1)
    for _ in range(500):
        status = Path(f"/proc/{pid}/status").read_text().splitlines()
        ignored = next(line for line in status if line.startswith("SigIgn:"))
        if int(ignored.split()[1], 16) & bit:
            return
        time.sleep(0.01)
    raise AssertionError("the guard never started")


@pytest.fixture
def guard() -> Iterator[EngineGuard]:
    made = EngineGuard()
    yield made
    made.close()


def test_the_engines_of_a_sigkilled_app_end_with_it() -> None:
    app = subprocess.Popen([sys.executable, "-c", APP], stdout=subprocess.PIPE, text=True)
    try:
        assert app.stdout is not None
        engine = psutil.Process(int(app.stdout.readline()))
        assert engine.is_running()
        app.kill()
        app.wait(10)
        assert ended(engine), "an engine outlived the app"
    finally:
        app.kill()
        app.wait()
        if app.stdout is not None:
            app.stdout.close()


def test_closing_the_guard_ends_its_own_carriers_and_no_one_elses(guard: EngineGuard) -> None:
    other = EngineGuard()
    mine, theirs = sleeper(guard.environment()), sleeper(other.environment())
    bystander = sleeper({})
    try:
        guard.close()
        assert mine.wait(10) == -signal.SIGKILL
        assert theirs.poll() is None and bystander.poll() is None
    finally:
        other.close()
        assert theirs.wait(10) == -signal.SIGKILL
        bystander.kill()
        bystander.wait()


def test_a_stray_sigint_does_not_end_the_guard_and_a_dead_one_is_replaced(
    guard: EngineGuard,
) -> None:
    carrier = sleeper(guard.environment())
    try:
        process = guard._process
        assert process is not None
        wait_until_ignoring_sigint(process.pid)
        os.kill(process.pid, signal.SIGINT)
        with pytest.raises(subprocess.TimeoutExpired):
            process.wait(0.5)
        assert carrier.poll() is None
        process.kill()
        process.wait()
        # The next engine starts a new guard under the same token: the first carrier is
        # guarded again too.
        guard.environment()
        assert guard._process is not process and guard._process is not None
        guard.close()
        assert carrier.wait(10) == -signal.SIGKILL
    finally:
        carrier.kill()
        carrier.wait()


def test_a_guard_dropped_without_closing_still_ends_its_carriers() -> None:
    """A manager dropped without its shutdown: its guard ends (and is reaped) with it."""
    dropped = EngineGuard()
    carrier = sleeper(dropped.environment())
    process = dropped._process
    assert process is not None
    del dropped
    gc.collect()
    try:
        assert carrier.wait(10) == -signal.SIGKILL
        assert process.returncode is not None  # reaped, not a zombie
    finally:
        carrier.kill()
        carrier.wait()
