"""Chat streams that can be ended from outside the task that reads them.

`manager.cancel()` (Stop in the app, an unload, a shutdown) must end every answer in
flight at once, even one still in its prefill that has sent nothing a reader could wake
on, and closing the engine connection is what frees the engine's slot. Each stream gets a
`StreamCancel`; the engine link binds it to its connection, and cancelling aborts that
connection: the read waiting on it returns at once and the stream ends with a delta whose
`finish_reason` is "cancelled".

The stream is read in its consumer's own task, not handed over by a reader task through
a queue: on a machine whose cores the engine keeps busy, that hop was an extra event-loop
turn per streamed token, taken from the engine's time.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncGenerator, Callable

from studio.core.server.client import ChatDelta

CANCELLED = "cancelled"


class StreamCancel:
    """Ends one stream: `bind` says how (abort its connection), `cancel` does it, now or,
    if the stream has not bound yet, the moment it does."""

    def __init__(self) -> None:
        self.requested = False
        self._abort: Callable[[], None] | None = None

    def bind(self, abort: Callable[[], None]) -> None:
        self._abort = abort
        if self.requested:
            abort()

    def cancel(self) -> None:
        self.requested = True
        if self._abort is not None:
            self._abort()


class CancellableStreams:
    def __init__(self) -> None:
        self._open: set[StreamCancel] = set()

    async def run(
        self, open_stream: Callable[[StreamCancel], AsyncGenerator[ChatDelta, None]]
    ) -> AsyncGenerator[ChatDelta, None]:
        """Yield what `open_stream(cancel)` yields, then a "cancelled" delta if it was
        cancelled; its errors are raised here, except those the cancelling caused."""
        cancel = StreamCancel()
        self._open.add(cancel)
        try:
            async with contextlib.aclosing(open_stream(cancel)) as deltas:
                async for delta in deltas:
                    if cancel.requested:
                        break
                    yield delta
        except Exception:
            if not cancel.requested:
                raise
        finally:
            self._open.discard(cancel)
        if cancel.requested:
            yield ChatDelta(finish_reason=CANCELLED)

    def cancel_all(self) -> int:
        """End every stream in flight; returns how many there were."""
        streams = [cancel for cancel in self._open if not cancel.requested]
        for cancel in streams:
            cancel.cancel()
        return len(streams)

    @property
    def in_flight(self) -> int:
        return sum(1 for cancel in self._open if not cancel.requested)
