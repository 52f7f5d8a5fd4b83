"""Every stream read through `CancellableStreams` ends when it is cancelled: before it has
bound its connection, while it waits for the engine, or between two deltas."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator

import pytest

from studio.core.server.client import ChatDelta
from studio.core.server.streams import CancellableStreams, StreamCancel


class _Connection:
    """Stands in for the engine connection: `abort` makes the waiting read fail, as a
    transport's abort makes a pending socket read return."""

    def __init__(self) -> None:
        self.aborted = asyncio.Event()

    def abort(self) -> None:
        self.aborted.set()

    async def read(self) -> None:
        await self.aborted.wait()
        raise ConnectionResetError("aborted")


async def _answer(
    cancel: StreamCancel, connection: _Connection, bound: asyncio.Event | None = None
) -> AsyncGenerator[ChatDelta, None]:
    cancel.bind(connection.abort)
    if bound is not None:
        bound.set()
    yield ChatDelta(content="a")
    await connection.read()  # a prefill that never ends on its own
    yield ChatDelta(content="never")


async def test_a_stream_cancelled_before_it_binds_its_connection_ends_cancelled() -> None:
    streams = CancellableStreams()
    connection = _Connection()

    async def slow_to_connect(cancel: StreamCancel) -> AsyncGenerator[ChatDelta, None]:
        await asyncio.sleep(0.01)  # connecting
        async for delta in _answer(cancel, connection):
            yield delta

    deltas = streams.run(slow_to_connect)
    first = asyncio.ensure_future(deltas.__anext__())
    await asyncio.sleep(0)  # the stream is registered and connecting
    assert streams.in_flight == 1
    assert streams.cancel_all() == 1
    async with asyncio.timeout(2):
        delta = await first
    assert connection.aborted.is_set()  # bound late, aborted at once
    assert delta.finish_reason == "cancelled"
    with pytest.raises(StopAsyncIteration):
        await deltas.__anext__()
    assert streams.in_flight == 0


async def test_a_stream_cancelled_while_it_waits_for_the_engine_ends_cancelled() -> None:
    streams = CancellableStreams()
    connection, bound = _Connection(), asyncio.Event()
    seen: list[ChatDelta] = []

    async def consume() -> None:
        async for delta in streams.run(lambda cancel: _answer(cancel, connection, bound)):
            seen.append(delta)

    consumer = asyncio.ensure_future(consume())
    await bound.wait()
    await asyncio.sleep(0.01)  # the consumer now waits on the read
    assert streams.cancel_all() == 1
    async with asyncio.timeout(2):
        await consumer
    assert [d.content for d in seen] == ["a", ""] and seen[-1].finish_reason == "cancelled"
    assert streams.in_flight == 0


async def test_a_delta_already_read_when_the_cancel_comes_is_not_passed_on() -> None:
    """Cancelled between two deltas, with the next one already read (it came in the same
    arrival): the consumer gets "cancelled", not the answer it asked to stop."""
    streams = CancellableStreams()

    async def buffered(cancel: StreamCancel) -> AsyncGenerator[ChatDelta, None]:
        cancel.bind(lambda: None)  # nothing to abort: both deltas are in hand
        yield ChatDelta(content="a")
        yield ChatDelta(content="b")

    deltas = streams.run(buffered)
    assert (await anext(deltas)).content == "a"
    streams.cancel_all()  # between two deltas: the consumer is not waiting on a read
    assert (await anext(deltas)).finish_reason == "cancelled"
    with pytest.raises(StopAsyncIteration):
        await anext(deltas)


async def test_a_cancel_between_deltas_aborts_the_connection_the_next_read_waits_on() -> None:
    streams = CancellableStreams()
    connection = _Connection()
    deltas = streams.run(lambda cancel: _answer(cancel, connection))
    assert (await anext(deltas)).content == "a"
    streams.cancel_all()
    assert connection.aborted.is_set()
    assert (await anext(deltas)).finish_reason == "cancelled"
    with pytest.raises(StopAsyncIteration):
        await anext(deltas)


async def test_an_error_the_cancel_did_not_cause_is_raised_in_the_consumer() -> None:
    streams = CancellableStreams()

    async def failing(_cancel: StreamCancel) -> AsyncGenerator[ChatDelta, None]:
        yield ChatDelta(content="a")
        raise ConnectionResetError("gone")

    with pytest.raises(ConnectionResetError):
        async with asyncio.timeout(2):
            async for _ in streams.run(failing):
                pass
    assert streams.in_flight == 0


async def test_an_answer_ends_normally_and_a_later_cancel_finds_nothing() -> None:
    streams = CancellableStreams()

    async def short(_cancel: StreamCancel) -> AsyncGenerator[ChatDelta, None]:
        yield ChatDelta(content="a")
        yield ChatDelta(finish_reason="stop")

    async with asyncio.timeout(2):
        seen = [d async for d in streams.run(short)]
    assert [d.finish_reason for d in seen] == [None, "stop"]
    assert streams.cancel_all() == 0
