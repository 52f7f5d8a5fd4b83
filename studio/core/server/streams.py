"""Chat streams that can be cancelled from outside the task that reads them.

Each HTTP stream is read by its own owned task and handed over through a queue. Cancelling
that task closes the HTTP response, and closing the response is what frees the server's
slot, even while it is still prefilling and has sent nothing the reader could wake on.
The reader sees a final delta with `finish_reason="cancelled"`.

The end of every stream is put in the queue by the reader task's done callback, not by
the reader's own code: a task cancelled before it first runs never executes a line of
its coroutine (no `except CancelledError`, no `finally`), and a consumer waiting for an
end marker that code was meant to write would wait forever. A done callback runs however
the task finished: an answer, a cancellation at any point, or an error.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator, AsyncIterator, Callable

from studio.core.server.client import ChatDelta
from studio.core.tasks import TaskOwner

_END = object()
CANCELLED = "cancelled"


def _ending(task: asyncio.Task[None]) -> list[object]:
    """What the consumer sees after everything the finished `task` put in the queue."""
    if task.cancelled():
        return [ChatDelta(finish_reason=CANCELLED), _END]
    return [_END]


class CancellableStreams:
    def __init__(self, tasks: TaskOwner) -> None:
        self._tasks = tasks
        self._readers: set[asyncio.Task[None]] = set()

    async def run(
        self, open_stream: Callable[[], AsyncIterator[ChatDelta]]
    ) -> AsyncGenerator[ChatDelta, None]:
        """Yield what `open_stream()` yields; errors are re-raised in the caller's task."""
        queue: asyncio.Queue[object] = asyncio.Queue()

        async def read() -> None:
            try:
                async for delta in open_stream():
                    queue.put_nowait(delta)
            except Exception as error:  # the caller's to report; the task owner must not log it
                queue.put_nowait(error)

        reader = self._tasks.spawn("stream", read())

        def put_ending(task: asyncio.Task[None]) -> None:
            for item in _ending(task):
                queue.put_nowait(item)

        reader.add_done_callback(put_ending)
        self._readers.add(reader)
        try:
            while True:
                item = await queue.get()
                if item is _END:
                    return
                if isinstance(item, Exception):
                    raise item
                assert isinstance(item, ChatDelta)
                yield item
        finally:
            self._readers.discard(reader)
            if not reader.done():
                reader.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await reader

    def cancel_all(self) -> int:
        """End every stream in flight; returns how many there were."""
        readers = [task for task in self._readers if not task.done()]
        for task in readers:
            task.cancel()
        return len(readers)

    @property
    def in_flight(self) -> int:
        return sum(1 for task in self._readers if not task.done())
