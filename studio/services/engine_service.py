"""Probes the llama-server binary off the GUI thread and publishes the result."""

from __future__ import annotations

import asyncio
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from studio.core.engine import EngineError, EngineInfo, EngineProber, locate_engine
from studio.core.tasks import TaskOwner


class EngineService(QObject):
    probed = Signal(object)  # EngineInfo
    failed = Signal(str, str)  # error code, technical detail

    def __init__(
        self, prober: EngineProber, tasks: TaskOwner, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._prober = prober
        self._tasks = tasks
        self.info: EngineInfo | None = None

    def probe(self, explicit: Path | None = None) -> None:
        self._tasks.spawn("probe-engine", self._probe(explicit))

    async def _probe(self, explicit: Path | None) -> None:
        try:
            location = locate_engine(explicit)
            info = await asyncio.to_thread(self._prober.probe, location)
        except EngineError as error:
            self.failed.emit(error.code, error.detail)
            return
        self.info = info
        self.probed.emit(info)
