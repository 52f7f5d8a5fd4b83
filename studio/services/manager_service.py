"""Qt face of the llama-server manager: snapshots become signals, intents become methods.

The manager (`core.server.manager`) publishes one immutable `Snapshot` per change. This
service re-emits it and the engine events between two of them
(`core.server.engine_events`), and hands the chat service a backend while a model is
ready. Loads run behind the autoload crash guard when one is given, so a crash during any
load blocks the next start's autoload.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from studio.core.chat.backend import ManagerChatBackend
from studio.core.engine import EngineLocation
from studio.core.errors import Problem, StudioError
from studio.core.placement.environment import child_environment
from studio.core.server.engine_events import EngineEvent, EngineNotice, engine_events, model_label
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.server.recovery import SmallerPlan
from studio.core.server.states import ServerState, Snapshot
from studio.core.server.switcher import LoadPlanner
from studio.core.settings import AutoloadDecision
from studio.core.tasks import TaskOwner
from studio.services.autoload_service import AutoloadService
from studio.services.background import Background
from studio.services.chat_service import ChatBackendChanged

log = logging.getLogger(__name__)


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
    ) -> None:
        super().__init__(parent)
        self.manager = manager
        self._work = Background(tasks)
        self._autoload = autoload
        self.snapshot = manager.snapshot
        self._backend: ManagerChatBackend | None = None
        self._unsubscribe = manager.subscribe(self._on_manager_snapshot)

    # -- intents -----------------------------------------------------------------------------

    def load(
        self, spec: LaunchSpec, step_down: SmallerPlan | None = None
    ) -> asyncio.Task[bool | None]:
        """Load (or switch to) `spec`; an out-of-memory start takes `step_down`, the
        planner's next smaller option. The task says whether it ended up ready."""
        return self._work.run("load-model", lambda: self.load_and_wait(spec, step_down))

    async def load_and_wait(self, spec: LaunchSpec, step_down: SmallerPlan | None = None) -> bool:
        if self._autoload is None:
            return await self._load_unguarded(spec, step_down)
        return await self._autoload.guarded_load(
            str(spec.model), lambda _model: self._load_unguarded(spec, step_down)
        )

    async def _load_unguarded(self, spec: LaunchSpec, step_down: SmallerPlan | None) -> bool:
        try:
            await self.manager.load(spec, smaller_plan=step_down)
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

    def unload(self) -> asyncio.Task[Snapshot | None]:
        return self._work.run("unload-model", self.manager.unload)

    async def shutdown(self) -> None:
        """Stop the engine and the manager's tasks; the app calls this before its own."""
        self._unsubscribe()
        await self.manager.shutdown()

    def autoload_last_model(self, plan_for: LoadPlanner | None = None) -> AutoloadDecision | None:
        """At start-up: load the last model unless the crash guard or a setting says no.

        `plan_for(model)` turns the model into its launch and step down (its remembered
        settings through the core's load planner); without it the model starts with the
        engine's defaults and llama.cpp's own fitting."""
        if self._autoload is None:
            return None

        async def load(model: str) -> bool:
            path = Path(model)
            try:
                spec, step_down = (
                    await plan_for(path)
                    if plan_for
                    else (LaunchSpec(model=path, label=path.name), None)
                )
            except StudioError as error:
                # Refused before the engine starts (the model does not fit, say): nobody
                # asked to load it anyway, so it stays unloaded and the user is told why.
                self._refused(path, error)
                return False
            return await self._load_unguarded(spec, step_down)

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
    manager = ServerManager(
        location,
        log_dir,
        # No LLAMA_ARG_* reaches the engine: the plan, not the user's shell, decides memory.
        environ=child_environment(environ),
    )
    return ManagerService(manager, tasks, autoload)
