"""A FIFO that tells whether a reader waited on it, without letting that reader hang.

A reader that opens a FIFO with no writer blocks in open(2), possibly holding the GIL (a
Qt call that reads a path does): a thread of the test could not help. So a separate
process watches the test's threads: when one of them waits in the kernel for a FIFO's
writer (`wait_for_partner` in /proc/<pid>/task/*/wchan) and a non-blocking open of this
FIFO for writing succeeds (it does only while a reader has it open), the watcher notes
it and closes, so the reader gets end of file and the test goes on to fail instead of
hanging. A reader that opens the FIFO without blocking (`safe_read` does, to `fstat` it
and refuse it) is not counted. Where there is no /proc, every reader's open is counted.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

_WATCHER = """
import glob, os, sys, time
fifo, marker, pid = sys.argv[1], sys.argv[2], sys.argv[3]
tasks = f"/proc/{pid}/task/*/wchan"
has_proc = os.path.isdir(f"/proc/{pid}/task")

def waiting() -> bool:
    if not has_proc:
        return True
    for wchan in glob.glob(tasks):
        try:
            with open(wchan) as name:
                if name.read().strip() == "wait_for_partner":
                    return True
        except OSError:  # the thread ended
            continue
    return False

while True:
    time.sleep(0.005)
    if not waiting():
        continue
    try:
        descriptor = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
    except OSError:  # ENXIO: nobody has this one open for reading
        continue
    with open(marker, "a") as note:
        note.write("blocked\\n")
    os.close(descriptor)
"""


@dataclass(frozen=True)
class WatchedFifo:
    path: Path
    _marker: Path

    def blocked(self, settle_s: float = 0.05) -> int:
        """How many times a reader waited on the FIFO (after `settle_s`, so a reader
        released just now is counted)."""
        time.sleep(settle_s)
        if not self._marker.exists():
            return 0
        return len(self._marker.read_text().splitlines())


@contextmanager
def watched_fifo(path: Path) -> Iterator[WatchedFifo]:
    os.mkfifo(path)
    marker = path.with_name(path.name + ".opened")
    watcher = subprocess.Popen(
        [sys.executable, "-c", _WATCHER, str(path), str(marker), str(os.getpid())]
    )
    try:
        yield WatchedFifo(path, marker)
    finally:
        watcher.kill()
        watcher.wait()
