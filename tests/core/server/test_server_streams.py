"""Every stream read through `CancellableStreams` ends, whenever it is cancelled."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from studio.core.server.client import ChatDelta
from studio.core.server.streams import CancellableStreams
from studio.core.tasks import TaskOwner


async def _answer(started: asyncio.Event | None = None) -> AsyncIterator[ChatDelta]:
    if started is not None:
        started.set()
    yield ChatDelta(content="a")
    await asyncio.sleep(3600)  # a prefill that never ends on its own
    yield ChatDelta(content="never")


async def test_a_stream_cancelled_before_its_reader_starts_ends_cancelled() -> None:
    streams = CancellableStreams(TaskOwner("test"))
    deltas = streams.run(_answer)
    # The first __anext__ spawns the reader; cancel it before it has run one line.
    first = asyncio.ensure_future(deltas.__anext__())
    await asyncio.sleep(0)  # one step: the reader task exists but has not yet run
    assert streams.cancel_all() == 1
    async with asyncio.timeout(2):
        delta = await first
    assert delta.finish_reason == "cancelled"
    with pytest.raises(StopAsyncIteration):
        await deltas.__anext__()
    assert streams.in_flight == 0


async def test_a_stream_cancelled_mid_answer_ends_cancelled() -> None:
    streams = CancellableStreams(TaskOwner("test"))
    started = asyncio.Event()
    seen: list[ChatDelta] = []

    async def consume() -> None:
        async for delta in streams.run(lambda: _answer(started)):
            seen.append(delta)

    consumer = asyncio.ensure_future(consume())
    await started.wait()
    await asyncio.sleep(0.01)
    streams.cancel_all()
    async with asyncio.timeout(2):
        await consumer
    assert [d.content for d in seen] == ["a", ""] and seen[-1].finish_reason == "cancelled"


async def test_a_reader_error_is_raised_in_the_consumer_and_not_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    streams = CancellableStreams(TaskOwner("test"))

    async def failing() -> AsyncIterator[ChatDelta]:
        yield ChatDelta(content="a")
        raise ConnectionResetError("gone")

    with pytest.raises(ConnectionResetError):
        async with asyncio.timeout(2):
            async for _ in streams.run(failing):
                pass
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


async def test_an_answer_ends_normally() -> None:
    streams = CancellableStreams(TaskOwner("test"))

    async def short() -> AsyncIterator[ChatDelta]:
        yield ChatDelta(content="a")
        yield ChatDelta(finish_reason="stop")

    async with asyncio.timeout(2):
        seen = [d async for d in streams.run(short)]
    assert [d.finish_reason for d in seen] == [None, "stop"]
