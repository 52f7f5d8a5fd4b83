"""Follows the engine's log file like `tail -f`, only while the Server page is visible.

The manager writes one log file per spawn and names it in its snapshot; `follow(path)`
switches to a new file (announced by `restarted`). Reads happen on a worker thread and
return only whole lines; a partial last line waits for its newline.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from studio.core.tasks import TaskOwner
from studio.services.while_watched import WhileWatched

log = logging.getLogger(__name__)

# On first opening a file, show at most its last bytes: a long log would otherwise flood
# the view with start-up chatter nobody scrolls back to.
INITIAL_TAIL_BYTES = 64 * 1024
MAX_READ_BYTES = 512 * 1024


@dataclass
class _Cursor:
    path: Path
    offset: int | None = None  # None: not opened yet
    partial: str = ""


def read_new_lines(cursor: _Cursor) -> list[str]:
    """Whole lines added since the last read. Blocking: call it on a worker thread."""
    try:
        with cursor.path.open("rb") as handle:
            size = handle.seek(0, 2)
            if cursor.offset is None:
                cursor.offset = max(0, size - INITIAL_TAIL_BYTES)
                skip_partial_first = cursor.offset > 0
            else:
                skip_partial_first = False
            if size < cursor.offset:  # truncated or replaced: start over
                cursor.offset, cursor.partial = 0, ""
            handle.seek(cursor.offset)
            chunk = handle.read(MAX_READ_BYTES)
    except FileNotFoundError:
        return []
    cursor.offset += len(chunk)
    text = cursor.partial + chunk.decode("utf-8", errors="replace")
    lines = text.split("\n")
    cursor.partial = lines.pop()
    if skip_partial_first and lines:
        lines.pop(0)  # we started mid-line
    return [line.rstrip("\r") for line in lines]


class LogTail(QObject):
    appended = Signal(list)  # list[str]: new whole lines
    restarted = Signal(str)  # a new file is followed (its path; "" for none)

    def __init__(
        self, tasks: TaskOwner, interval_s: float = 0.5, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._interval_s = interval_s
        self._cursor: _Cursor | None = None
        self._poll = WhileWatched(tasks, "log-tail", self._run)

    @property
    def path(self) -> Path | None:
        return self._cursor.path if self._cursor else None

    @property
    def polling(self) -> bool:
        return self._poll.running

    def follow(self, path: Path | None) -> None:
        if path == self.path:
            return
        self._cursor = _Cursor(path) if path is not None else None
        self.restarted.emit(str(path) if path is not None else "")

    def watch(self, viewer: object) -> None:
        self._poll.watch(viewer)

    def unwatch(self, viewer: object) -> None:
        self._poll.unwatch(viewer)

    async def _run(self) -> None:
        while True:
            cursor = self._cursor
            if cursor is not None:
                try:
                    lines = await asyncio.to_thread(read_new_lines, cursor)
                except OSError:
                    log.warning("reading the engine log %s failed", cursor.path, exc_info=True)
                    lines = []
                # The followed file may have changed while we read; drop stale lines.
                if lines and cursor is self._cursor:
                    self.appended.emit(lines)
            await asyncio.sleep(self._interval_s)
