"""Ownership of background asyncio tasks.

Every task the app starts belongs to a `TaskOwner`: it keeps a strong reference (asyncio
holds only weak ones), names the task, logs an unexpected failure instead of losing it,
and cancels and awaits everything on shutdown.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")


class TaskOwner:
    def __init__(self, name: str) -> None:
        self._name = name
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, name: str, coroutine: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        task = asyncio.get_running_loop().create_task(coroutine, name=f"{self._name}:{name}")
        self._tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if task.cancelled():
            return
        error = task.exception()
        if error is not None:
            log.error("background task %s failed", task.get_name(), exc_info=error)

    @property
    def running(self) -> int:
        return len(self._tasks)

    async def wait(self) -> None:
        """Wait until every task has finished on its own (none is cancelled)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def shutdown(self) -> None:
        """Cancel every task and wait until all have finished."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
