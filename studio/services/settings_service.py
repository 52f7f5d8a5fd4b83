"""The app's settings, held once and saved off the GUI thread.

Every change goes through `update(change)`: it applies at once in memory (so the next
reader sees it), then the file is written in order on a worker thread. `update_now` waits
for the write: the autoload crash guard needs its marker on disk before the engine starts.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from studio.core.errors import Problem
from studio.core.settings import AppSettings, SettingsProblem, SettingsStore
from studio.core.tasks import TaskOwner
from studio.services.background import Background

log = logging.getLogger(__name__)

Change = Callable[[AppSettings], AppSettings]


class SettingsService(QObject):
    changed = Signal(object)  # AppSettings
    failed = Signal(object)  # Problem: why the settings could not be saved

    def __init__(
        self,
        store: SettingsStore,
        tasks: TaskOwner,
        initial: AppSettings | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._store = store
        self._work = Background(tasks)
        # Reading one small JSON file at start-up is cheaper than a round trip to a thread.
        self.current = initial if initial is not None else store.load()
        # Why the defaults apply instead of the file (None: they do not); the UI tells once.
        self.problem: SettingsProblem | None = None if initial is not None else store.problem
        self._saved: AppSettings | None = None if initial is not None else self.current
        self._write_lock = asyncio.Lock()

    def update(self, change: Change) -> asyncio.Task[bool | None]:
        """Apply `change` now, save in the background; the task's result is True once
        saved, None if it could not be."""
        self._apply(change)
        return self._work.run("save-settings", self._save, failed=self._not_saved)

    async def update_now(self, change: Change) -> bool:
        """Apply `change` and return once the file holds it (False if it could not be saved).
        The write is this task's own: the autoload's crash marker is cleared while the app
        quits, when every task of the owner is being cancelled."""
        self._apply(change)
        saved = await self._work.deliver("save-settings", self._save, failed=self._not_saved)
        return bool(saved)

    def _apply(self, change: Change) -> None:
        updated = change(self.current)
        if updated != self.current:
            self.current = updated
            self.changed.emit(updated)

    async def _save(self) -> bool:
        async with self._write_lock:
            # Write whatever is newest when our turn comes: a burst of changes ends with
            # the last one on disk, and never an older one after it.
            newest = self.current
            if newest == self._saved:
                return True
            await asyncio.to_thread(self._store.save, newest)
            self._saved = newest
        return True

    def _not_saved(self, problem: Problem) -> None:
        log.error("settings not saved: %s: %s", problem.code, problem.detail)
        self.failed.emit(problem)
