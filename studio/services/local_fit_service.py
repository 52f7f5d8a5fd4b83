"""Fit badges for the library's models, judged in worker threads, one task per file."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from studio.core.hub.fit import FitAssessment, Judge
from studio.core.hub.local_fit import local_fit
from studio.core.tasks import TaskOwner


class LocalFitService(QObject):
    judged = Signal(object, object)  # Path, FitAssessment

    def __init__(self, tasks: TaskOwner, judge: Judge, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tasks = tasks
        self._judge = judge
        self._known: dict[Path, FitAssessment] = {}
        self._pending: set[Path] = set()

    def judge_again(self) -> None:
        """The devices or the engine changed: every verdict is judged again."""
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
                self._tasks.spawn("local-fit", self._judge_one(path))

    async def _judge_one(self, path: Path) -> None:
        try:
            verdict = await asyncio.to_thread(local_fit, path, self._judge)
        finally:
            self._pending.discard(path)
        self._known[path] = verdict
        self.judged.emit(path, verdict)
