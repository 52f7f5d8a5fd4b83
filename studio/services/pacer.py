"""Pacing updates to the GUI: a flush at most `rate` times a second, the first at once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


class Pacer:
    """Schedules one flush at a time on the running loop, no sooner than `1 / rate` after
    the last flush that delivered something (`delivered()`), so a burst of updates reaches
    the GUI as one and a lone update is not delayed."""

    def __init__(self, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        self._interval = 1.0 / rate
        self._clock = clock
        self._last = -float("inf")
        self._scheduled: asyncio.TimerHandle | None = None

    def schedule(self, flush: Callable[[], None]) -> None:
        if self._scheduled is None:
            wait = max(0.0, self._interval - (self._clock() - self._last))
            self._scheduled = asyncio.get_running_loop().call_later(wait, flush)

    def unschedule(self) -> None:
        """Called first thing by the flush (run early or by the timer)."""
        if self._scheduled is not None:
            self._scheduled.cancel()
            self._scheduled = None

    def delivered(self) -> None:
        self._last = self._clock()
