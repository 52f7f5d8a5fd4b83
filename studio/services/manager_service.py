"""Qt face of the llama-server manager: snapshots become signals, intents become methods.

The manager (`core.server.manager`) publishes one immutable `Snapshot` per change. This
service re-emits it, derives the engine events the conversation shows (loading, ready,
crashed, recovered, a recovery step, failed, unloaded), and hands the chat service a
backend while a model is ready. Loads run behind the autoload crash guard when one is
given, so a crash during any load blocks the next start's autoload.
"""

from __future__ import annotations

import asyncio
import enum
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from studio.core.chat.backend import ManagerChatBackend
from studio.core.engine import EngineLocation
from studio.core.errors import Problem, StudioError
from studio.core.placement.environment import child_environment
from studio.core.placement.plan import Plan
from studio.core.placement.planner import Planner
from studio.core.placement.smaller import SmallerPlans
from studio.core.server.failures import Failure
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.server.recovery import RecoveryNote
from studio.core.server.states import ServerState, Snapshot
from studio.core.settings import AutoloadDecision
from studio.core.tasks import TaskOwner
from studio.services.autoload_service import AutoloadService
from studio.services.chat_service import ChatBackendChanged

log = logging.getLogger(__name__)


class EngineEvent(enum.StrEnum):
    LOADING = "loading"
    READY = "ready"
    CRASHED = "crashed"
    RECOVERED = "recovered"  # ready again after a crash
    RECOVERY_STEP = "recovery_step"  # a start failed and is retried differently
    FAILED = "failed"
    UNLOADED = "unloaded"
    # Not loaded at start (autoload verdicts the conversation tells about):
    PREVIOUS_LOAD_CRASHED = "previous_load_crashed"  # the app died while loading it last time
    LAST_MODEL_MISSING = "model_missing"  # the last model's file is gone


@dataclass(frozen=True)
class EngineNotice:
    """One thing that happened to the engine, for the views to say. `model` is a label;
    a FAILED notice carries the engine's `failure`, or the `problem` that refused the load
    before the engine started; a RECOVERY_STEP notice carries the rung's `note`."""

    event: EngineEvent
    model: str = ""
    failure: Failure | None = None
    problem: Problem | None = None
    note: RecoveryNote | None = None


def model_label(snapshot: Snapshot) -> str:
    spec = snapshot.spec or snapshot.requested
    if spec is None:
        return ""
    return spec.label or spec.model.name


def engine_events(before: Snapshot, after: Snapshot) -> list[EngineNotice]:
    """The events that happened between two snapshots, in order."""
    events: list[EngineNotice] = []
    model = model_label(after) or model_label(before)
    known = len(before.recovery) if after.recovery[: len(before.recovery)] == before.recovery else 0
    for note in after.recovery[known:]:
        events.append(EngineNotice(EngineEvent.RECOVERY_STEP, model, note=note))
    if after.state == before.state and after.requested == before.requested:
        return events
    state, previous = after.state, before.state
    if state is ServerState.STARTING and (
        previous is not ServerState.STARTING or after.requested != before.requested
    ):
        events.append(EngineNotice(EngineEvent.LOADING, model))
    elif state is ServerState.READY:
        crashed = previous in (ServerState.CRASHED, ServerState.RESPAWNING)
        events.append(EngineNotice(EngineEvent.RECOVERED if crashed else EngineEvent.READY, model))
    elif state is ServerState.CRASHED:
        events.append(EngineNotice(EngineEvent.CRASHED, model))
    elif state is ServerState.FAILED:
        events.append(EngineNotice(EngineEvent.FAILED, model, failure=after.failure))
    elif state is ServerState.IDLE and previous is not ServerState.IDLE:
        events.append(EngineNotice(EngineEvent.UNLOADED, model_label(before)))
    return events


class ManagerService(QObject):
    snapshot_changed = Signal(object)  # Snapshot
    engine_event = Signal(object)  # EngineNotice
    chat_backend_changed = Signal(object)  # ChatBackendChanged
    load_failed = Signal(object)  # Problem: why a load ended without a model

    def __init__(
        self,
        manager: ServerManager,
        tasks: TaskOwner,
        autoload: AutoloadService | None = None,
        parent: QObject | None = None,
        smaller_plans: SmallerPlans | None = None,
    ) -> None:
        super().__init__(parent)
        self.manager = manager
        # The plans handed to the manager; its out-of-memory rung steps down from them.
        self.smaller_plans = smaller_plans or SmallerPlans()
        self._tasks = tasks
        self._autoload = autoload
        self.snapshot = manager.snapshot
        self._backend: ManagerChatBackend | None = None
        self._unsubscribe = manager.subscribe(self._on_manager_snapshot)

    # -- intents -----------------------------------------------------------------------------

    def load(self, spec: LaunchSpec) -> asyncio.Task[bool]:
        """Load (or switch to) `spec`; the task says whether it ended up ready."""
        return self._tasks.spawn("load-model", self.load_and_wait(spec))

    async def load_and_wait(self, spec: LaunchSpec) -> bool:
        if self._autoload is None:
            return await self._load_unguarded(spec)
        return await self._autoload.guarded_load(
            str(spec.model), lambda _model: self._load_unguarded(spec)
        )

    async def _load_unguarded(self, spec: LaunchSpec) -> bool:
        try:
            await self.manager.load(spec)
        except StudioError as error:
            # Superseded or failed: the snapshot already shows it; callers get False.
            log.info("load of %s ended without a model: %s", spec.model, error)
            if error.code != "superseded":
                self.load_failed.emit(Problem.of(error))
            return False
        return True

    def _refused(self, model: Path, error: StudioError) -> None:
        log.warning("%s was not loaded: %s", model, error.detail)
        problem = Problem.of(error)
        self.load_failed.emit(problem)
        self.engine_event.emit(EngineNotice(EngineEvent.FAILED, model.name, problem=problem))

    def remember_plan(self, plan: Plan, planner: Planner) -> None:
        """The load dialog's plan for the next load: an OOM at start steps down from it."""
        self.smaller_plans.remember(planner, plan)

    def unload(self) -> asyncio.Task[Snapshot]:
        return self._tasks.spawn("unload-model", self.manager.unload())

    async def shutdown(self) -> None:
        """Stop the engine and the manager's tasks; the app calls this before its own."""
        self._unsubscribe()
        await self.manager.shutdown()

    def autoload_last_model(
        self, spec_for: Callable[[str], Awaitable[LaunchSpec]] | None = None
    ) -> AutoloadDecision | None:
        """At start-up: load the last model unless the crash guard or a setting says no.

        `spec_for(model)` turns the model into its launch (the load dialog's remembered
        settings through the planner); without it the model starts with the engine's
        defaults and llama.cpp's own fitting."""
        if self._autoload is None:
            return None

        async def load(model: str) -> bool:
            path = Path(model)
            try:
                spec = (
                    await spec_for(model) if spec_for else LaunchSpec(model=path, label=path.name)
                )
            except StudioError as error:
                # Refused before the engine starts (the model does not fit, say): nobody
                # asked to load it anyway, so it stays unloaded and the user is told why.
                self._refused(path, error)
                return False
            return await self._load_unguarded(spec)

        return self._autoload.start(load)

    # -- snapshots ---------------------------------------------------------------------------

    def _on_manager_snapshot(self, snapshot: Snapshot) -> None:
        before, self.snapshot = self.snapshot, snapshot
        self.snapshot_changed.emit(snapshot)
        for notice in engine_events(before, snapshot):
            self.engine_event.emit(notice)
        # Crashed and respawning keep the backend: the manager replays requests itself.
        serving = snapshot.state in (
            ServerState.READY,
            ServerState.CRASHED,
            ServerState.RESPAWNING,
        )
        if serving and snapshot.ready is not None:
            if self._backend is None or before.ready != snapshot.ready:
                self._backend = ManagerChatBackend(self.manager)
                self.chat_backend_changed.emit(
                    ChatBackendChanged(self._backend, model_label(snapshot))
                )
        elif not serving and self._backend is not None:
            self._backend = None
            self.chat_backend_changed.emit(ChatBackendChanged(None))


def create_manager_service(
    location: EngineLocation | None,
    log_dir: Path,
    tasks: TaskOwner,
    environ: Mapping[str, str],
    autoload: AutoloadService | None = None,
) -> ManagerService | None:
    """The app's manager service, or None when there is no engine binary at all (the Server
    page and the engine choice say why). `location` is the first candidate; the engine that
    passed its self-test replaces it (`ServerManager.use_engine`) before any model loads.
    `environ` is the app's environment, which the engine inherits less LLAMA_ARG_*."""
    if location is None:
        log.warning("no engine, so no model can be loaded")
        return None
    smaller_plans = SmallerPlans()
    manager = ServerManager(
        location,
        log_dir,
        smaller_plan=smaller_plans,
        # No LLAMA_ARG_* reaches the engine: the plan, not the user's shell, decides memory.
        environ=child_environment(environ),
    )
    return ManagerService(manager, tasks, autoload, smaller_plans=smaller_plans)
