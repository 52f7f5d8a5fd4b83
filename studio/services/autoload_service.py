"""Autoload of the last model at start, behind the crash guard.

The guard's marker is written by `guarded_load` before the engine starts and cleared when
the load ends either way. A marker found at start-up means the app died during that
load, so the model is not loaded again automatically, and the user is told why.

Remembered load settings that no load can use (a damaged or hand-edited settings file)
are dropped before the load, and said: the planner then chooses them afresh (auto-fit)
instead of the autoload stopping on them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from studio.core.errors import Problem
from studio.core.placement.remembered import REMEMBERED_SETTINGS_DROPPED, checked_remembered
from studio.core.settings import (
    AutoloadDecision,
    decide_autoload,
    load_ended,
    load_started,
)
from studio.core.tasks import TaskOwner
from studio.services.background import Background
from studio.services.settings_service import SettingsService

log = logging.getLogger(__name__)

# Returns whether the model ended up loaded.
Loader = Callable[[str], Awaitable[bool]]


class AutoloadService(QObject):
    decided = Signal(object)  # AutoloadDecision
    noticed = Signal(object)  # Problem: something about the load worth a sentence

    def __init__(
        self,
        settings: SettingsService,
        tasks: TaskOwner,
        exists: Callable[[Path], bool] = Path.exists,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._work = Background(tasks)
        self._exists = exists
        self.decision: AutoloadDecision | None = None

    def start(self, load: Loader) -> AutoloadDecision:
        """Decide once, at start-up; load in the background when the guard allows."""
        decision = decide_autoload(self._settings.current, self._exists)
        self.decision = decision
        log.info("autoload: %s %s", decision.verdict.value, decision.model or "")
        self.decided.emit(decision)
        model = decision.model
        if decision.should_load and model is not None:
            self._drop_unusable_settings(model)
            self._work.run("autoload", lambda: self.guarded_load(model, load))
        return decision

    def _drop_unusable_settings(self, model: str) -> None:
        """Forget the remembered values of `model` no load can use, and say which."""
        kept, dropped = checked_remembered(self._settings.current.remembered_load(model))
        if not dropped:
            return
        log.warning("autoload: unusable remembered settings of %s dropped: %s", model, dropped)
        self._settings.update(lambda s: s.with_remembered_load(model, kept))
        self.noticed.emit(
            Problem(
                REMEMBERED_SETTINGS_DROPPED,
                f"{model}: {', '.join(dropped)}",
                {"model": Path(model).name, "settings": ", ".join(dropped)},
            )
        )

    async def guarded_load(self, model: str, load: Loader) -> bool:
        """Run `load(model)` with the crash marker set on disk for its whole duration."""
        await self._settings.update_now(lambda s: load_started(s, model))
        loaded = False
        try:
            loaded = await load(model)
            return loaded
        finally:
            # Cancelled (the app quitting) or failed: the app itself did not crash, so the
            # marker goes, and the write must finish even if we are cancelled meanwhile.
            ended = asyncio.ensure_future(
                self._settings.update_now(lambda s: load_ended(s, model, loaded))
            )
            try:
                await asyncio.shield(ended)
            except asyncio.CancelledError:
                await ended
                raise
