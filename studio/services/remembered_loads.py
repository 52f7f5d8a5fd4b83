"""The app's loads that no dialog asks about: the autoload at start and a model an API
client names. Each is planned by the core's one load planner (`core.placement.load_plan`)
with the model's remembered settings, the engine chosen here, what its self-test measured
and the RPC servers in Settings; the manager gets the launch and its step down together.

The UI takes no part in these loads: it is told of the plan (`planned`), as it is told of
the manager's state, to show what is loading.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from studio.core.engine import EngineInfo
from studio.core.errors import Problem
from studio.core.placement.load_plan import (
    OwnEngines,
    PlannedLoad,
    PlanningEngine,
    Remembered,
    plan_load,
)
from studio.core.placement.setup import Machine
from studio.core.server.launch import LaunchSpec
from studio.core.server.recovery import SmallerPlan
from studio.services.engine_service import EngineService
from studio.services.settings_service import SettingsService

# How long a load waits for the engine probe in flight before it goes unplanned.
PROBE_WAIT_S = 120.0


class RememberedLoads(QObject):
    planned = Signal(object)  # Plan about to be handed to the manager

    def __init__(
        self,
        engine: EngineService,
        settings: SettingsService,
        machine: Machine,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._engine = engine
        self._settings = settings
        self._machine = machine

    async def plan(self, model: Path) -> tuple[LaunchSpec, SmallerPlan | None]:
        """The launch of `model` and its step down: its remembered settings planned for the
        devices there are now (see `load_plan.Remembered`). Raises why a model that fits
        in no way, or whose file is damaged, is not loaded."""
        load = await self.plan_beside(model, OwnEngines())
        return load.spec, load.step_down

    async def plan_beside(self, model: Path, own: OwnEngines) -> PlannedLoad:
        """`plan` for the residents (`core.residents.ResidentPlanner`): planned on what our
        running engines and the models staying loaded leave (`own`)."""
        if self._engine.choice is None:  # the first probe is still under way
            await self._probed()
        # None once a probe has found no engine that runs: then the model loads unplanned.
        active = self._engine.choice.active if self._engine.choice is not None else None
        engine = PlanningEngine.of(active) if active is not None else PlanningEngine()
        current = self._settings.current
        policy = Remembered(current.remembered_load(str(model)))
        # Reading the header and probing devices block: off the GUI thread.
        load = await asyncio.to_thread(
            plan_load, self._machine, model, engine, policy, current.rpc_devices, own
        )
        if load.plan is not None:
            self.planned.emit(load.plan)
        return load

    async def _probed(self) -> EngineInfo | None:
        """Wait for the first engine probe (None if it fails or takes too long)."""
        result: asyncio.Future[EngineInfo | None] = asyncio.get_running_loop().create_future()

        def done(info: EngineInfo | None) -> None:
            if not result.done():
                result.set_result(info)

        def failed(_problem: Problem) -> None:
            done(None)

        self._engine.probed.connect(done)
        self._engine.failed.connect(failed)
        try:
            return await asyncio.wait_for(result, PROBE_WAIT_S)
        except TimeoutError:
            return None
        finally:
            self._engine.probed.disconnect(done)
            self._engine.failed.disconnect(failed)
