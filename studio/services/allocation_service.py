"""What the engine really allocated for a loaded plan, read from its `-lv 4` log off the
GUI thread once the model is ready, per device of the plan."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from studio.core.placement.device_memory import MemoryBreakdown
from studio.core.placement.plan import Plan
from studio.core.placement.plan_memory import actual_memory, read_allocation
from studio.core.tasks import TaskOwner
from studio.services.background import Background


@dataclass(frozen=True)
class AllocationRead:
    """The engine's allocation for `plan`, by the plan's device keys (a device the log does
    not mention is absent)."""

    plan: Plan
    actual: Mapping[str, MemoryBreakdown]


class AllocationService(QObject):
    read = Signal(object)  # AllocationRead

    def __init__(self, tasks: TaskOwner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._work = Background(tasks)

    def read_log(self, plan: Plan, log_path: Path) -> asyncio.Task[AllocationRead | None]:
        return self._work.call(
            "read-allocation",
            lambda: AllocationRead(plan, actual_memory(plan, read_allocation(log_path))),
            self.read.emit,
        )
