"""Async generator finalisation for the qasync loop.

asyncio's own loops install `sys.set_asyncgen_hooks` in `run_forever`, so an async
generator dropped before it finished (an HTTP stream left after `[DONE]` or on Stop) is
closed by a task on the loop. qasync's `run_forever` does not, and Python then closes such
a generator synchronously during garbage collection, where httpcore's cleanup awaits and
fails ("async generator ignored GeneratorExit"), leaving its connection half-closed.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncGenerator
from typing import Any

from studio.core.tasks import TaskOwner


def install_asyncgen_finalizer(loop: asyncio.AbstractEventLoop, tasks: TaskOwner) -> None:
    """Close abandoned async generators with `aclose()` on `loop`, as tasks owned by `tasks`.

    Hooks are per thread and captured by a generator when it first runs: call this on the
    GUI thread before anything streams."""

    def close_on_loop(generator: AsyncGenerator[Any, Any]) -> None:
        if not loop.is_closed():
            tasks.spawn("close-async-generator", generator.aclose())

    def finalizer(generator: AsyncGenerator[Any, Any]) -> None:
        # The garbage collector may run this on any thread, or after the loop closed.
        if not loop.is_closed():
            loop.call_soon_threadsafe(close_on_loop, generator)

    sys.set_asyncgen_hooks(finalizer=finalizer)


def remove_asyncgen_finalizer() -> None:
    sys.set_asyncgen_hooks(finalizer=None)
