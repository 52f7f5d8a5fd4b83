"""The devices the planner sees, found again off the GUI thread after every engine probe.

The memory dock and the status bar name the GPUs from the inventory this announces. Without
an engine the GPUs are still there (NVML, or the fake devices), so a failed probe finds
them too, with no engine's list. A discovery that fails keeps what the views show.
"""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QObject, Signal

from studio.core.engine import EngineInfo
from studio.core.errors import Problem, StudioError
from studio.core.hardware import DeviceInventory
from studio.core.placement.setup import Machine
from studio.core.tasks import TaskOwner
from studio.services.background import Background
from studio.services.engine_service import EngineService


class DeviceService(QObject):
    found = Signal(object)  # DeviceInventory

    def __init__(
        self,
        machine: Machine,
        engine: EngineService,
        tasks: TaskOwner,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._machine = machine
        self._work = Background(tasks)
        engine.probed.connect(self.discover)
        engine.failed.connect(self._on_engine_failed)

    def discover(self, engine: EngineInfo | None) -> asyncio.Task[DeviceInventory | None]:
        """Find the devices `engine` can use (None: those there are without one)."""
        return self._work.call(
            "discover-devices",
            lambda: self._machine.devices(engine),
            self.found.emit,
            log_only=(OSError, StudioError),
        )

    def _on_engine_failed(self, _problem: Problem) -> None:
        self.discover(None)
