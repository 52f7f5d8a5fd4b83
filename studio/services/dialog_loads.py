"""The loads the load dialog asks about: the model and this machine's devices read off the
GUI thread for the dialog, then the plan the person chose remembered for the model and
handed over with its step down, to be loaded beside the residents (`core.residents`).

The dialog plans the model beside the residents (our engines' memory counts as free, the
bytes the models loaded hold are taken off); `ModelPrepared.residents` are those models,
which it draws as taken and names when its plan needs their room
(`core.residents.beside`), as the residents decide when the load is handed over.

The loads no dialog asks about (the autoload, a model the app's local API names) are
`remembered_loads.py`'s. Neither talks to the manager itself: the composition root passes
`load`, which sends the intent to whichever service owns it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from studio.core.placement.load_plan import launched
from studio.core.placement.plan import Plan
from studio.core.placement.remembered import Recalled
from studio.core.placement.setup import Machine, ModelSetup
from studio.core.residents.beside import PlannedBeside, kept_by
from studio.core.residents.scheduler import ResidentView
from studio.core.tasks import TaskOwner
from studio.services.background import Background
from studio.services.engine_service import EngineService
from studio.services.plan_service import PlanService, unreadable_model
from studio.services.settings_service import SettingsService

# Loads the launch; an out-of-memory start takes its step down (the plan's next smaller
# option), beside the residents, evicting those the plan needs gone.
Loader = Callable[[PlannedBeside], None]


@dataclass(frozen=True)
class ModelPrepared:
    """A model read for the load dialog: its set-up on the devices there are now, and the
    request its remembered settings make (a remembered draft model's header read too)."""

    setup: ModelSetup
    recalled: Recalled
    residents: tuple[ResidentView, ...] = ()  # the models loaded as the dialog opened
    kept: Mapping[str, int] | None = None  # their bytes per device, taken off the free


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
        engine_pids: Callable[[], Sequence[int]] = tuple,
        residents: Callable[[], tuple[ResidentView, ...]] = tuple,
        parent: QObject | None = None,
    ) -> None:
        """`engine_pids` gives our running engines, whose memory the planner counts as
        free; `residents` the models loaded now."""
        super().__init__(parent)
        self._engine = engine
        self._settings = settings
        self._machine = machine
        self._tasks = tasks
        self._work = Background(tasks)
        self._load = load
        self._engine_pids = engine_pids
        self._residents = residents

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
        pids = tuple(self._engine_pids())
        # A resident of this very model is replaced by the load: its room is the plan's.
        residents = tuple(v for v in self._residents() if v.model != path)
        kept = kept_by(residents)

        def read() -> ModelPrepared:
            # Only the engine can tell what an RPC server offers: the one chosen here asks.
            setup = self._machine.setup(
                path,
                info,
                location,
                current.rpc_devices,
                pids,
                memory=memory,
                kept=kept,
            )
            return ModelPrepared(setup, setup.recall(remembered), residents, kept)

        return await asyncio.to_thread(read)

    def plan_service(self, setup: ModelSetup) -> PlanService:
        """The dialog's link to the planner of `setup`, its slow searches on this service's
        tasks."""
        return PlanService(setup.planner, self._tasks)

    def load(
        self,
        setup: ModelSetup,
        plan: Plan,
        remembered: Mapping[str, Any],
        kept: Mapping[str, int] | None = None,
    ) -> None:
        """Load the dialog's `plan`, remembering `remembered` for its model; `kept`: the
        residents' bytes it was planned beside."""
        model = str(plan.model_path)
        settings = dict(remembered)
        self._settings.update(lambda s: s.with_remembered_load(model, settings))
        # Handed over first: the chat turns to the model (its snapshot, idle until the
        # load starts, is told before the plan that the panels then show).
        self._load(PlannedBeside(launched(setup, plan), kept or {}))
        self.loading.emit(plan)
