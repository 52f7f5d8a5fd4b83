"""Persisting a streaming answer in small commits.

A token-by-token commit would cost a write per token; one commit at the end would lose the
whole answer on a crash. `ChunkBuffer` collects deltas and says when a chunk is due (by
size or by age), so that a kill loses at most the chunk in flight.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from studio.core.chat.models import AnswerStats, MessageStatus
from studio.core.chat.store import ChatStore

DEFAULT_CHUNK_CHARS = 200
DEFAULT_CHUNK_AGE_S = 0.25


class ChunkBuffer:
    def __init__(
        self,
        max_chars: int = DEFAULT_CHUNK_CHARS,
        max_age_s: float = DEFAULT_CHUNK_AGE_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._max_chars = max_chars
        self._max_age_s = max_age_s
        self._clock = clock
        self._content: list[str] = []
        self._reasoning: list[str] = []
        self._size = 0
        self._since: float | None = None

    def add(self, content: str = "", reasoning: str = "") -> None:
        if not content and not reasoning:
            return
        if self._since is None:
            self._since = self._clock()
        self._content.append(content)
        self._reasoning.append(reasoning)
        self._size += len(content) + len(reasoning)

    @property
    def pending(self) -> bool:
        return self._size > 0

    def due(self) -> bool:
        if self._since is None:
            return False
        return self._size >= self._max_chars or self._clock() - self._since >= self._max_age_s

    def take(self) -> tuple[str, str]:
        """The pending (content, reasoning), emptied out of the buffer."""
        chunk = ("".join(self._content), "".join(self._reasoning))
        self._content.clear()
        self._reasoning.clear()
        self._size = 0
        self._since = None
        return chunk


class AnswerRecorder:
    """Writes one streaming assistant message through a `ChunkBuffer` (synchronous; the
    service runs `commit`/`finish` off the GUI thread)."""

    def __init__(self, store: ChatStore, message_id: int, buffer: ChunkBuffer | None = None):
        self.store = store
        self.message_id = message_id
        self.buffer = buffer or ChunkBuffer()

    def add(self, content: str = "", reasoning: str = "") -> bool:
        """Buffer a delta; return True when a commit is due."""
        self.buffer.add(content, reasoning)
        return self.buffer.due()

    def commit(self) -> None:
        content, reasoning = self.buffer.take()
        self.store.append_to_message(self.message_id, content, reasoning)

    def finish(
        self, status: MessageStatus, stats: AnswerStats | None = None, error_code: str | None = None
    ) -> None:
        self.commit()
        self.store.finish_message(self.message_id, status, stats, error_code)
