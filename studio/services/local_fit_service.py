"""Fit badges for the library's models, judged in worker threads, one task per file."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from studio.core.hub.fit import FitAssessment, Judge
from studio.core.hub.local_fit import local_fit
from studio.core.tasks import TaskOwner
from studio.services.background import Background


class LocalFitService(QObject):
    judged = Signal(object, object)  # Path, FitAssessment

    def __init__(self, tasks: TaskOwner, judge: Judge, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._work = Background(tasks)
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
                self._judge_one(path)

    def _judge_one(self, path: Path) -> None:
        self._pending.add(path)
        task = self._work.call(
            "local-fit",
            lambda: local_fit(path, self._judge),
            lambda verdict: self._judged(path, verdict),
        )
        task.add_done_callback(lambda _: self._pending.discard(path))  # judged or not

    def _judged(self, path: Path, verdict: FitAssessment) -> None:
        self._known[path] = verdict
        self.judged.emit(path, verdict)
