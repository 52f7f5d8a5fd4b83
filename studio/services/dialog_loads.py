"""The loads the load dialog asks about: the model and this machine's devices read off the
GUI thread for the dialog, then the plan the person chose remembered for the model and
handed to the manager with its step down.

The loads no dialog asks about (the autoload, a model the app's local API names) are
`remembered_loads.py`'s. Neither talks to the manager itself: the composition root passes
`load`, which sends the intent to whichever service owns it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from studio.core.placement.load_plan import launched
from studio.core.placement.plan import Plan
from studio.core.placement.remembered import Recalled
from studio.core.placement.setup import Machine, ModelSetup
from studio.core.server.launch import LaunchSpec
from studio.core.server.recovery import SmallerPlan
from studio.core.tasks import TaskOwner
from studio.services.background import Background
from studio.services.engine_service import EngineService
from studio.services.plan_service import PlanService, unreadable_model
from studio.services.settings_service import SettingsService

# Loads `spec`; an out-of-memory start takes the step down (the plan's next smaller option).
Loader = Callable[[LaunchSpec, SmallerPlan | None], None]


@dataclass(frozen=True)
class ModelPrepared:
    """A model read for the load dialog: its set-up on the devices there are now, and the
    request its remembered settings make (a remembered draft model's header read too)."""

    setup: ModelSetup
    recalled: Recalled


class DialogLoads(QObject):
    prepared = Signal(object)  # ModelPrepared
    failed = Signal(object)  # Problem: why the load dialog cannot open
    loading = Signal(object)  # Plan handed to `load`

    def __init__(
        self,
        engine: EngineService,
        settings: SettingsService,
        machine: Machine,
        tasks: TaskOwner,
        load: Loader,
        engine_pid: Callable[[], int | None] = lambda: None,
        parent: QObject | None = None,
    ) -> None:
        """`engine_pid` gives our running llama-server, whose memory a switch frees."""
        super().__init__(parent)
        self._engine = engine
        self._settings = settings
        self._machine = machine
        self._tasks = tasks
        self._work = Background(tasks)
        self._load = load
        self._engine_pid = engine_pid

    def prepare(self, path: Path) -> asyncio.Task[ModelPrepared | None]:
        """Read `path` and the devices for the dialog: `prepared`, or `failed` saying why
        the dialog cannot open."""
        return self._work.run(
            "open-load-dialog",
            lambda: self._read(path),
            self.prepared.emit,
            self.failed.emit,
            expected=unreadable_model(path),
            latest=True,  # one load dialog at a time: the newest model wins
        )

    async def _read(self, path: Path) -> ModelPrepared:
        info = self._engine.ready_info()
        location, memory = self._engine.location, self._engine.memory
        current = self._settings.current
        remembered = current.remembered_load(str(path))
        pid = self._engine_pid()

        def read() -> ModelPrepared:
            # Only the engine can tell what an RPC server offers: the one chosen here asks.
            setup = self._machine.setup(
                path,
                info,
                location,
                current.rpc_devices,
                () if pid is None else (pid,),
                memory=memory,
            )
            return ModelPrepared(setup, setup.recall(remembered))

        return await asyncio.to_thread(read)

    def plan_service(self, setup: ModelSetup) -> PlanService:
        """The dialog's link to the planner of `setup`, its slow searches on this service's
        tasks."""
        return PlanService(setup.planner, self._tasks)

    def load(self, setup: ModelSetup, plan: Plan, remembered: Mapping[str, Any]) -> None:
        """Load the dialog's `plan`, remembering `remembered` for its model."""
        model = str(plan.model_path)
        settings = dict(remembered)
        self._settings.update(lambda s: s.with_remembered_load(model, settings))
        load = launched(setup, plan)
        self.loading.emit(plan)
        self._load(load.spec, load.step_down)
