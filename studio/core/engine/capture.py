"""Run a short helper command of an engine binary and keep what it says, bounded in time
and in memory, whatever the binary does.

A binary named by a person can be anything. One that starts a child which keeps its output
pipe open made `communicate()` wait for that child long after the timeout (361 s against a
30 s timeout); one that prints 300 MB had all of it kept (919 MB of memory). So the child
starts in a session of its own, and its whole process group is killed at the deadline and
as soon as the child itself has exited (what it left running holds nothing a probe needs);
the pipes are read as they fill, and past `limit` bytes each what arrives is discarded.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from typing import IO, Any, Final

# More than any engine's `--help` (about 40 KB), far less than a flood.
OUTPUT_LIMIT: Final = 1 << 20
# After the child has exited and its group was killed, how long output that is still
# buffered may take to arrive; a grandchild that left the group cannot hold the read.
_DRAIN_AFTER_EXIT_S: Final = 2.0
_CHUNK: Final = 1 << 16


@dataclass(frozen=True)
class Captured:
    """What the child said (at most `limit` bytes of each stream) and how it ended."""

    returncode: int | None  # None: it was still running at the deadline, and was killed
    stdout: bytes
    stderr: bytes
    dropped: int = 0  # bytes discarded past the limit, both streams together

    @property
    def timed_out(self) -> bool:
        return self.returncode is None


class _Kept:
    """The first `limit` bytes of one stream; the rest is counted and let go."""

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._chunks: list[bytes] = []
        self._size = 0
        self.dropped = 0

    def add(self, chunk: bytes) -> None:
        room = self._limit - self._size
        if room > 0:
            self._chunks.append(chunk[:room])
            self._size += min(room, len(chunk))
        self.dropped += max(0, len(chunk) - max(room, 0))

    @property
    def data(self) -> bytes:
        return b"".join(self._chunks)


class ChildrenClosedError(Exception):
    """A child was asked of a `ChildGroup` that has been closed (the app is quitting)."""


class ChildGroup:
    """The children of work that runs in a worker thread (a probe, a self-test, a
    calibration), so that quitting can end them at once: `close` kills every running one,
    with what it started, and refuses new ones. asyncio cannot interrupt such a thread;
    without this its engine ran to the end after the app had gone, in a session of its own
    that nothing else would ever stop."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running: set[subprocess.Popen[Any]] = set()
        self._closed = False

    @property
    def closed(self) -> bool:
        return self._closed

    def start(self, argv: list[str], **popen: Any) -> subprocess.Popen[Any]:
        """`subprocess.Popen(argv, **popen)` in a session of its own, kept until `forget`.
        Raises ChildrenClosedError once closed, and OSError as Popen does."""
        with self._lock:
            if self._closed:
                raise ChildrenClosedError(argv[0])
            process = subprocess.Popen(argv, start_new_session=True, **popen)
            self._running.add(process)
            return process

    def forget(self, process: subprocess.Popen[Any]) -> None:
        """`process` has ended (or its owner has killed it): `close` need not."""
        with self._lock:
            self._running.discard(process)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            running = list(self._running)
        for process in running:
            kill_group(process)


def kill_group(process: subprocess.Popen[Any]) -> None:
    """Kill the child and everything it started that stayed in its process group."""
    killpg = getattr(os, "killpg", None)
    if killpg is not None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        process.kill()


def collect(
    process: subprocess.Popen[bytes], timeout_s: float, limit: int = OUTPUT_LIMIT
) -> Captured:
    """Read `process`'s stdout and stderr until both end, the child exits or `timeout_s`
    passes; the group is killed on the way out, the pipes closed and the child reaped."""
    streams = [s for s in (process.stdout, process.stderr) if s is not None]
    kept = {id(s): _Kept(limit) for s in streams}
    try:
        if os.name == "posix":
            exited = _read_until_done(process, streams, kept, time.monotonic() + timeout_s)
        else:  # no select() on pipes: the stdlib's threads, still killed at the deadline
            exited = _communicate(process, kept, timeout_s)
    finally:
        kill_group(process)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5)
        for stream in streams:
            stream.close()
    out = kept[id(process.stdout)] if process.stdout is not None else _Kept(0)
    err = kept[id(process.stderr)] if process.stderr is not None else _Kept(0)
    return Captured(
        # A child killed at the deadline has no answer of its own.
        returncode=process.returncode if exited else None,
        stdout=out.data,
        stderr=err.data,
        dropped=out.dropped + err.dropped,
    )


def _read_until_done(
    process: subprocess.Popen[bytes],
    streams: list[IO[bytes]],
    kept: dict[int, _Kept],
    deadline: float,
) -> bool:
    """Whether the child exited on its own before the deadline."""
    exited = False
    with selectors.DefaultSelector() as selector:
        for stream in streams:
            selector.register(stream, selectors.EVENT_READ)
        while selector.get_map():
            now = time.monotonic()
            if not exited and process.poll() is not None:
                exited = True
                kill_group(process)  # the children it left must not hold its pipes open
                deadline = min(deadline, now + _DRAIN_AFTER_EXIT_S)
            if now >= deadline:
                return exited
            for key, _ in selector.select(min(deadline - now, 0.1)):
                chunk = os.read(key.fd, _CHUNK)
                if chunk:
                    kept[id(key.fileobj)].add(chunk)
                else:
                    selector.unregister(key.fileobj)
    # Both pipes ended: the child is exiting, or has, on its own.
    try:
        process.wait(timeout=max(0.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        return False
    return True


def _communicate(
    process: subprocess.Popen[bytes], kept: dict[int, _Kept], timeout_s: float
) -> bool:
    try:
        stdout, stderr = process.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return False
    if process.stdout is not None:
        kept[id(process.stdout)].add(stdout or b"")
    if process.stderr is not None:
        kept[id(process.stderr)].add(stderr or b"")
    return True
