"""What stops our engines when the app ends without stopping them (SIGKILL, a crash).

Each manager starts a small guard process before its first engine. The guard reads a pipe
whose write end only the app holds; however the app ends, the kernel closes that end, the
guard reads end of file and kills, with its process group, every process that carries its
token in its environment (`ENGINE_GUARD_VARIABLE`, which every engine this manager starts
is given). No window: an engine started at any moment before the app's death carries the
token, and a guard that has not even finished starting still reads the end of file.

Why not PR_SET_PDEATHSIG: it must be set between fork and exec, by Python code, so Python
forks the whole app instead of using vfork; that was 2.5 ms of every start in a 50 MB
process (`bench/manager_overhead.py`), and more in the app. With the guard, a spawn needs
nothing between fork and exec. The guard itself is started once per manager.

Linux only (it reads /proc). Elsewhere there is no guard, as there was no PDEATHSIG.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import uuid
import weakref
from pathlib import Path
from typing import Any

ENGINE_GUARD_VARIABLE = "STUDIO_ENGINE_GUARD"
# The frozen app runs the guard through its own launcher (no `python -c` in a bundle).
GUARD_FLAG = "--engine-guard"
_READ_SIZE = 4096


def guard(token: str) -> None:
    """The guard's whole life: wait for the app's end, then kill what carries `token`.
    Imports nothing beyond the standard library's core, so it starts in milliseconds."""
    # Ctrl+C in a terminal reaches the whole foreground group; the guard is in its own
    # group, but a stray SIGINT or SIGHUP must not end it before the app.
    for name in ("SIGINT", "SIGHUP", "SIGTERM"):
        with contextlib.suppress(AttributeError, OSError, ValueError):
            signal.signal(getattr(signal, name), signal.SIG_IGN)
    while True:
        try:
            if not os.read(0, _READ_SIZE):
                break
        except InterruptedError:
            continue
        except OSError:
            break
    kill_carriers(token)


def kill_carriers(token: str) -> int:
    """SIGKILL every process (and its group) whose environment holds `token`; how many."""
    marker = f"{ENGINE_GUARD_VARIABLE}={token}".encode()
    killed = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        pid = int(entry.name)
        try:
            carries = marker in (entry / "environ").read_bytes().split(b"\0")
        except OSError:  # gone, or not ours to read
            continue
        if not carries:
            continue
        try:
            os.killpg(pid, signal.SIGKILL)  # an engine leads its own group
        except OSError:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        killed += 1
    return killed


class EngineGuard:
    """The guard of one manager's engines: `environment()` is what each engine is given;
    `close()` ends the guard (which then kills any engine still carrying the token)."""

    def __init__(self) -> None:
        self.token = uuid.uuid4().hex
        self._process: subprocess.Popen[bytes] | None = None
        self._ended: weakref.finalize[Any, Any] | None = None

    @staticmethod
    def available() -> bool:
        return sys.platform == "linux" and Path("/proc/self/environ").exists()

    def environment(self) -> dict[str, str]:
        """The variable an engine must carry; starts the guard first if it is not running
        (a guard that died is replaced: engines started before keep the same token)."""
        if self._process is not None and self._process.poll() is not None:
            self.close()  # died (killed by hand, say): its pipe goes with it
        if self._process is None:
            self._process = subprocess.Popen(
                _guard_argv(self.token),
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                close_fds=True,
                process_group=0,
            )
            # A manager dropped without its shutdown still ends its guard (and with it
            # any engine it left): no guard outlives its owner, nor lingers unreaped.
            self._ended = weakref.finalize(self, _end, self._process)
        return {ENGINE_GUARD_VARIABLE: self.token}

    def close(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            if self._ended is not None:
                self._ended.detach()
            _end(process)


def _end(process: subprocess.Popen[bytes]) -> None:
    """Close the guard's pipe (it then kills what carries its token) and reap it."""
    if process.stdin is not None:
        with contextlib.suppress(OSError):
            process.stdin.close()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(5)


def _guard_argv(token: str) -> list[str]:
    if getattr(sys, "frozen", False):
        return [sys.executable, GUARD_FLAG, token]
    # -I -S: no site-packages, no user paths; the package's own folder is all it needs.
    root = str(Path(__file__).resolve().parents[3])
    code = (
        f"import sys; sys.path.insert(0, {root!r}); "
        "from studio.core.server.engine_guard import guard; guard(sys.argv[1])"
    )
    return [sys.executable, "-I", "-S", "-c", code, token]
