"""Run the whole app as a user's process: start it, wait for its window, stop it by a signal.

Shared by the source-tree test (`python -m studio`) and the frozen-bundle smoke test.
"""

from __future__ import annotations

import re
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import psutil

# `app.py` logs this at INFO once the main window is shown.
READY_MESSAGE = "main window shown"
# The app's own log format (`run_app`): anything else on stderr is a Qt or Python complaint.
_OWN_LOG_LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ (INFO|DEBUG) [\w.]+: ")
# The offscreen platform cannot size native windows (pyproject's qt_log_ignore says the same).
_OFFSCREEN_NOISE = "This plugin does not support propagateSizeHints()"


@dataclass(frozen=True)
class AppRun:
    returncode: int
    stderr: str
    # Every process the app had started and that was alive when the signal was sent.
    children_at_signal: tuple[psutil.Process, ...]

    @property
    def survivors(self) -> list[psutil.Process]:
        return [child for child in self.children_at_signal if _alive(child)]

    @property
    def foreign_stderr_lines(self) -> list[str]:
        """Lines that are not the app's INFO log: Qt warnings, tracebacks, warnings."""
        return [
            line
            for line in self.stderr.splitlines()
            if line and line != _OFFSCREEN_NOISE and not _OWN_LOG_LINE.match(line)
        ]


def _alive(process: psutil.Process) -> bool:
    # `is_running` also compares the creation time, so a reused pid does not count.
    return process.is_running() and process.status() != psutil.STATUS_ZOMBIE


def run_until_signal(
    argv: Sequence[str],
    env: Mapping[str, str],
    signum: signal.Signals = signal.SIGTERM,
    timeout_s: float = 60.0,
    *,
    with_child: bool = False,
) -> AppRun:
    """Start the app, wait until it reports its main window, send `signum`, wait for exit.

    `with_child` also waits until the app has a child process (an engine probe) running,
    so that the signal has something to clean up.
    """
    with subprocess.Popen(
        list(argv),
        env=dict(env),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        lines: list[str] = []
        ready = threading.Event()

        def read_stderr() -> None:
            assert process.stderr is not None
            for line in process.stderr:
                lines.append(line)
                if READY_MESSAGE in line:
                    ready.set()
            ready.set()  # the process ended before it was ready; the caller sees why

        reader = threading.Thread(target=read_stderr, name="app-stderr", daemon=True)
        reader.start()
        try:
            if not ready.wait(timeout_s) or process.poll() is not None:
                raise AssertionError(f"the app did not show its window:\n{''.join(lines)}")
            app = psutil.Process(process.pid)
            deadline = time.monotonic() + timeout_s
            children = tuple(app.children(recursive=True))
            while with_child and not children:
                if time.monotonic() > deadline:
                    raise AssertionError("the app started no child process")
                time.sleep(0.05)
                children = tuple(app.children(recursive=True))
            process.send_signal(signum)
            returncode = process.wait(timeout=timeout_s)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            reader.join(timeout=10)
    return AppRun(returncode, "".join(lines), children)
