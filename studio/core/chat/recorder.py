"""Persisting a streaming answer in small commits.

A token-by-token commit would cost a write per token; one commit at the end would lose the
whole answer on a crash. `ChunkBuffer` collects deltas and says when a chunk is due (by
size or by age), so that a kill loses at most the chunk in flight; `AnswerRecorder`
commits them and writes the answer's end.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from studio.core.chat.models import AnswerStats, Message, MessageStatus, Role
from studio.core.chat.store import ChatStore, ChatStoreError
from studio.core.chat.token_probs import TokenProb
from studio.core.chat.tools import ToolCall

log = logging.getLogger(__name__)

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


class _Ending:
    """How an answer ends once its last writes are tried one by one: a write the store
    refuses (a full disk) turns it into a failed answer with the store's reason, and the
    writes after it are still tried, so the answer is never left marked as streaming when
    the disk can take the (smaller) status update."""

    def __init__(self, status: MessageStatus, code: str | None) -> None:
        self.status = status
        self.code = code
        self.failure: ChatStoreError | None = None

    def kept(self, write: Callable[[], None]) -> None:
        try:
            write()
        except ChatStoreError as error:
            log.error("the end of an answer was not saved: %s", error)
            if self.failure is None:
                self.failure = error
                self.status, self.code = MessageStatus.FAILED, error.code


@dataclass(frozen=True)
class Ended:
    """An answer once its last writes were tried: the message as stored (or, when not even
    that can be read, how it ended, with no text), and the write the store refused."""

    message: Message
    failure: ChatStoreError | None = None


class AnswerRecorder:
    """Writes one streaming assistant message through a `ChunkBuffer` (synchronous; the
    chat turn runs `commit` and `finish` in a worker thread)."""

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
        self,
        status: MessageStatus,
        stats: AnswerStats | None = None,
        error_code: str | None = None,
        tool_calls: Sequence[ToolCall] = (),
        token_probs: Sequence[TokenProb] = (),
    ) -> Ended:
        """The rest of the text, how the answer ended and the calls and probabilities it
        carried, in one transaction; then the message as stored."""
        content, reasoning = self.buffer.take()
        ending = _Ending(status, error_code)
        writes: list[Callable[[], None]] = [
            lambda: self.store.append_to_message(self.message_id, content, reasoning),
            lambda: self.store.finish_message(self.message_id, ending.status, stats, ending.code),
        ]
        if tool_calls or token_probs:
            writes.append(
                lambda: self.store.set_answer_parts(self.message_id, tool_calls, token_probs)
            )
        try:
            with self.store.transaction():
                for write in writes:
                    write()
        except ChatStoreError:
            for write in writes:  # refused together: the smaller ones may still land
                ending.kept(write)
        try:
            message = self.store.message(self.message_id)
        except ChatStoreError:  # not even readable: say how it ended, with no text
            message = Message(
                self.message_id, 0, Role.ASSISTANT, "", status=ending.status, error_code=ending.code
            )
        return Ended(message, ending.failure)
