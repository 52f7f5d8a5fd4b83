"""Chat streams that can be cancelled from outside the task that reads them.

Each HTTP stream is read by its own owned task and handed over through a queue. Cancelling
that task closes the HTTP response, and closing the response is what frees the server's
slot, even while it is still prefilling and has sent nothing the reader could wake on.
The reader sees a final delta with `finish_reason="cancelled"`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator, AsyncIterator, Callable

from studio.core.server.client import ChatDelta
from studio.core.tasks import TaskOwner

_END = object()


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
            except asyncio.CancelledError:
                queue.put_nowait(ChatDelta(finish_reason="cancelled"))
                queue.put_nowait(_END)
                raise
            except Exception as error:  # handed to the caller, who decides what it means
                queue.put_nowait(error)
                return
            queue.put_nowait(_END)

        reader = self._tasks.spawn("stream", read())
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
