"""Streamed tool calls to the UI, at most 30 times a second.

Arguments stream a few characters per token; the view redraws a call's block from the
whole call each time, so only the latest state matters and the rest can be dropped.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass

from studio.core.chat.tools import ToolCall

UPDATES_PER_SECOND = 30


@dataclass(frozen=True)
class ToolCallsDelta:
    """The calls of a streaming answer so far, each merged from its pieces."""

    message_id: int
    calls: tuple[ToolCall, ...]


class ToolCallRelay:
    def __init__(
        self,
        emit: Callable[[ToolCallsDelta], None],
        rate: float = UPDATES_PER_SECOND,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._emit = emit
        self._interval = 1.0 / rate
        self._clock = clock
        self._latest: ToolCallsDelta | None = None
        self._last_emit = -float("inf")
        self._scheduled: asyncio.TimerHandle | None = None

    def update(self, message_id: int, calls: tuple[ToolCall, ...]) -> None:
        self._latest = ToolCallsDelta(message_id, calls)
        if self._scheduled is None:
            wait = max(0.0, self._interval - (self._clock() - self._last_emit))
            self._scheduled = asyncio.get_running_loop().call_later(wait, self.flush)

    def flush(self) -> None:
        if self._scheduled is not None:
            self._scheduled.cancel()
            self._scheduled = None
        latest, self._latest = self._latest, None
        if latest is not None:
            self._last_emit = self._clock()
            self._emit(latest)
