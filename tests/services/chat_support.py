"""Helpers shared by the chat service and pane tests: a scripted backend and signal waits."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncGenerator, Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import qasync
from PySide6.QtCore import QCoreApplication, SignalInstance

from studio.core.chat.backend import TemplateCapabilities
from studio.core.server.client import ChatDelta
from studio.core.tasks import TaskOwner
from studio.services.event_loop import install_asyncgen_finalizer, remove_asyncgen_finalizer


class ScriptedBackend:
    """Streams `pieces` with `gap_s` between them; `hold` makes it wait forever after
    `hold` pieces (like a server still generating), so tests can cancel mid-answer."""

    def __init__(
        self,
        pieces: Sequence[str] = ("Hel", "lo", "!"),
        gap_s: float = 0.0,
        hold: int | None = None,
        reasoning: Sequence[str] = (),
        capabilities: TemplateCapabilities | None = None,
        fail: Exception | None = None,
    ) -> None:
        self.pieces = list(pieces)
        self.reasoning = list(reasoning)
        self.gap_s = gap_s
        self.hold = hold
        self.fail = fail
        self.capabilities = capabilities or TemplateCapabilities()
        self.requests: list[tuple[list[Mapping[str, Any]], Mapping[str, Any]]] = []
        self.closed = 0

    async def stream_chat(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> AsyncGenerator[ChatDelta, None]:
        self.requests.append((list(messages), dict(options)))
        try:
            if self.fail is not None:
                raise self.fail
            for piece in self.reasoning:
                yield ChatDelta(reasoning=piece)
            for index, piece in enumerate(self.pieces):
                if self.hold is not None and index == self.hold:
                    await asyncio.Event().wait()
                if self.gap_s:
                    await asyncio.sleep(self.gap_s)
                yield ChatDelta(content=piece)
            yield ChatDelta(
                finish_reason="stop",
                timings={"predicted_per_second": 123.0, "predicted_n": len(self.pieces)},
                usage={"prompt_tokens": 7, "completion_tokens": len(self.pieces)},
            )
        finally:
            self.closed += 1

    async def template_capabilities(self) -> TemplateCapabilities:
        return self.capabilities


async def next_emission(
    signal: SignalInstance,
    predicate: Callable[..., bool] = lambda *args: True,
    within: float = 30.0,
) -> tuple[Any, ...]:
    """The arguments of the next emission of `signal` that satisfies `predicate`."""
    future: asyncio.Future[tuple[Any, ...]] = asyncio.get_running_loop().create_future()

    def on_emit(*args: Any) -> None:
        if not future.done() and predicate(*args):
            future.set_result(args)

    signal.connect(on_emit)
    try:
        return await asyncio.wait_for(future, within)
    finally:
        signal.disconnect(on_emit)


@contextmanager
def qasync_event_loop(app: QCoreApplication) -> Iterator[asyncio.AbstractEventLoop]:
    """The loop `app.py` runs: qasync, with abandoned async generators closed on it."""
    loop = qasync.QEventLoop(app, already_running=False)
    asyncio.set_event_loop(loop)
    closers = TaskOwner("asyncgen")
    install_asyncgen_finalizer(loop, closers)
    try:
        yield loop
    finally:
        gc.collect()  # finalise what the test dropped while the loop still runs
        loop.run_until_complete(asyncio.sleep(0.01))
        loop.run_until_complete(closers.shutdown())
        remove_asyncgen_finalizer()
        loop.close()
        asyncio.set_event_loop(None)
