"""Streamed tool calls to the UI, at most 30 times a second.

Arguments stream a few characters per token; the view redraws a call's block from the
whole call each time, so only the latest state matters and the rest can be dropped.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from studio.core.chat.tools import ToolCall
from studio.services.pacer import Pacer

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
        self._pacer = Pacer(rate, clock)
        self._latest: ToolCallsDelta | None = None

    def update(self, message_id: int, calls: tuple[ToolCall, ...]) -> None:
        self._latest = ToolCallsDelta(message_id, calls)
        self._pacer.schedule(self.flush)

    def flush(self) -> None:
        self._pacer.unschedule()
        latest, self._latest = self._latest, None
        if latest is not None:
            self._pacer.delivered()
            self._emit(latest)
