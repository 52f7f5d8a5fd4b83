"""A background loop that runs only while at least one viewer is watching.

Live readings (memory, the engine log) cost system calls; nobody needs them while the
widgets that show them are hidden. Viewers call `watch` when shown and `unwatch` when
hidden; the loop is an owned task started on the first viewer and cancelled after the last.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from studio.core.tasks import TaskOwner


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


class WhileWatched:
    def __init__(
        self, tasks: TaskOwner, name: str, make_loop: Callable[[], Coroutine[Any, Any, None]]
    ) -> None:
        self._tasks = tasks
        self._name = name
        self._make_loop = make_loop
        self._viewers: set[int] = set()
        self._task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def watch(self, viewer: object) -> None:
        self._viewers.add(id(viewer))
        # A widget shown before the app's event loop runs cannot start a task; the loop
        # then starts at its next `watch`.
        if not self.running and _loop_running():
            self._task = self._tasks.spawn(self._name, self._make_loop())

    def unwatch(self, viewer: object) -> None:
        self._viewers.discard(id(viewer))
        if not self._viewers and self._task is not None:
            self._task.cancel()
            self._task = None
