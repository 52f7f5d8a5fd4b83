"""Fit badges for the library's models, judged in worker threads, one task per file."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from studio.core.engine import EngineInfo
from studio.core.hub.fit import FitAssessment
from studio.core.hub.local_fit import local_fit
from studio.core.tasks import TaskOwner


class LocalFitService(QObject):
    judged = Signal(object, object)  # Path, FitAssessment

    def __init__(
        self,
        tasks: TaskOwner,
        environ: Mapping[str, str] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._tasks = tasks
        self._environ = dict(os.environ if environ is None else environ)
        self._engine: EngineInfo | None = None
        self._known: dict[Path, FitAssessment] = {}
        self._pending: set[Path] = set()

    def set_engine(self, info: EngineInfo) -> None:
        """A new engine may see other devices: every verdict is judged again."""
        self._engine = info
        paths = list(self._known)
        self._known.clear()
        self.judge(paths)

    def judge(self, paths: Sequence[Path]) -> None:
        for path in paths:
            known = self._known.get(path)
            if known is not None:
                self.judged.emit(path, known)
            elif path not in self._pending:
                self._pending.add(path)
                self._tasks.spawn("local-fit", self._judge(path))

    async def _judge(self, path: Path) -> None:
        engine = self._engine
        try:
            verdict = await asyncio.to_thread(
                local_fit,
                path,
                engine.devices if engine is not None else (),
                engine.features if engine is not None else None,
                self._environ,
            )
        finally:
            self._pending.discard(path)
        self._known[path] = verdict
        self.judged.emit(path, verdict)
