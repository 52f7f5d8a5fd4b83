"""Qt face of the residents (`core.residents`): several models loaded at once, each with its
own manager, and the one the chat talks to.

- Every resident's snapshots become engine events (loading, ready, crashed: the chat's
  lines name the model); the views (`ResidentView`: bytes per device, state, requests in
  flight) are re-read whenever the scheduler says they may have changed, at most once per
  turn of the event loop.
- The chat talks to one model at a time, named by `chat_model`: the model a load the
  person asked for brings (the load dialog, the autoload), the one the conversation on
  screen last answered with (`follow_conversation`), or the one picked among the loaded
  (`talk_to`). Its snapshot is `snapshot` (what the picker, the Server page and the
  status line show of it) and its backend goes through `Residents.use`, so an answer holds
  its model and a model that is not resident is loaded beside the others first.
- Loads run behind the autoload crash guard when one is given, so a crash during any
  load blocks the next start's autoload.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from studio.core.api.catalog import model_names
from studio.core.engine import EngineLocation
from studio.core.errors import Problem, StudioError
from studio.core.hub.library import LocalModel
from studio.core.placement.environment import child_environment
from studio.core.residents.beside import PlannedBeside
from studio.core.residents.chat_backend import ResidentChatBackend
from studio.core.residents.scheduler import ResidentPlanner, Residents, ResidentView
from studio.core.server.engine_events import EngineEvent, EngineNotice, engine_events
from studio.core.server.manager import ServerManager
from studio.core.server.states import ServerState, Snapshot
from studio.core.server.switcher import ModelLookup
from studio.core.settings import AutoloadDecision
from studio.core.tasks import TaskOwner
from studio.services.autoload_service import AutoloadService
from studio.services.background import Background
from studio.services.chat_service import ChatBackendChanged, ConversationOpened

log = logging.getLogger(__name__)


def _model_of(snapshot: Snapshot) -> Path | None:
    spec = snapshot.spec or snapshot.requested
    return spec.model if spec is not None else None


def library_path(models: Sequence[LocalModel], name: str) -> Path | None:
    """The library model a stored model name means: its path, or a name the local API's
    catalog knows it by."""
    for model in models:
        if name == str(model.path) or name in model_names(model):
            return model.path
    return None


class ResidentsService(QObject):
    snapshot_changed = Signal(object)  # Snapshot of the chat's model
    views_changed = Signal(object)  # tuple[ResidentView, ...], most recently used first
    engine_event = Signal(object)  # EngineNotice, of any resident
    chat_backend_changed = Signal(object)  # ChatBackendChanged
    chat_model_changed = Signal(object)  # Path | None: the model the chat talks to
    load_failed = Signal(object)  # Problem: why a load ended without a model

    def __init__(
        self,
        location: EngineLocation,
        log_dir: Path,
        tasks: TaskOwner,
        plan: ResidentPlanner,
        lookup: ModelLookup,
        *,
        environ: Mapping[str, str] | None = None,
        autoload: AutoloadService | None = None,
        library: Callable[[], Sequence[LocalModel]] = tuple,
        max_models: int | None = None,
        parent: QObject | None = None,
    ) -> None:
        """`plan` plans a model beside the residents (its remembered settings, through the
        core's load planner); `lookup` turns a name into a library file; `library()` the
        models a conversation's stored model name is looked up in (on the GUI thread)."""
        super().__init__(parent)
        self._location = location
        self._log_dir = log_dir
        self._environ = dict(environ) if environ is not None else None
        self._work = Background(tasks)
        self._autoload = autoload
        self._library = library
        self._lookup = lookup
        self.residents = Residents(
            self._new_manager, self._find, plan, max_models=max_models, on_change=self._on_change
        )
        self._managers: list[ServerManager] = []
        # The load dialog's benchmarks run on an engine of their own, never a resident's.
        self.bench_manager = ServerManager(location, log_dir / "bench", environ=self._environ)
        self._before: dict[int, Snapshot] = {}  # each manager's last snapshot, by id
        self.chat_model: Path | None = None
        self._loading: set[Path] = set()  # models the load dialog's loads bring
        self._chat_manager: ServerManager | None = None
        self.snapshot = Snapshot()
        self._backend: ResidentChatBackend | None = None
        self.views: tuple[ResidentView, ...] = ()
        self._closing = False
        # Views are re-read once per turn of the loop, however many changes it saw.
        self._views_timer = QTimer(self)
        self._views_timer.setSingleShot(True)
        self._views_timer.setInterval(0)
        self._views_timer.timeout.connect(self._publish_views)

    def start(self) -> None:
        """Once the event loop runs: the residents' time to live (a local API request's
        `keep_alive`) is kept from now on."""
        self.residents.start()

    # -- the engine --------------------------------------------------------------------

    @property
    def engine(self) -> EngineLocation:
        return self._location

    def use_engine(self, location: EngineLocation) -> None:
        """The engine new residents start on (the one the self-tests chose)."""
        self._location = location
        for manager in (*self._managers, self.bench_manager):
            manager.use_engine(location)

    def _new_manager(self) -> ServerManager:
        manager = ServerManager(self._location, self._log_dir, environ=self._environ)
        self._managers.append(manager)
        manager.subscribe(lambda snapshot: self._on_snapshot(manager, snapshot))
        return manager

    async def _find(self, name: str) -> Path | None:
        """The file a name means: the chat names its model by path, a local API client by
        a library name."""
        return library_path(self._library(), name) or await self._lookup(name)

    def pids(self) -> tuple[int, ...]:
        """Our running engines: the planner counts their memory as free."""
        return self.residents.pids()

    # -- intents -----------------------------------------------------------------------

    def load(self, planned: PlannedBeside) -> asyncio.Task[bool | None]:
        """Load the load dialog's plan beside the residents (evicting those `beside`
        names); the chat talks to it from now on. The task says whether it got ready."""
        self._set_chat_model(planned.load.spec.model)
        return self._work.run("load-model", lambda: self.load_and_wait(planned))

    async def load_and_wait(self, planned: PlannedBeside) -> bool:
        path = planned.load.spec.model
        self._loading.add(path)  # its resident, if any, is replaced: the chat keeps it
        try:
            if self._autoload is None:
                return await self._loaded(path, self.residents.load_planned(path, planned))
            return await self._autoload.guarded_load(
                str(path),
                lambda _model: self._loaded(path, self.residents.load_planned(path, planned)),
            )
        finally:
            self._loading.discard(path)

    async def _loaded(self, path: Path, load: Awaitable[Snapshot]) -> bool:
        try:
            await load
        except StudioError as error:
            log.info("load of %s ended without a model: %s", path, error)
            if error.code != "superseded":
                self.load_failed.emit(Problem.of(error))
                if _model_of(self.snapshot) != path:  # refused before its engine started
                    self.engine_event.emit(
                        EngineNotice(EngineEvent.FAILED, path.name, problem=Problem.of(error))
                    )
            return False
        return True

    def unload(self, name: str | None = None) -> asyncio.Task[int | None]:
        """Unload the resident `name` (a path, file name or stem; None: every one)."""
        return self._work.run("unload-model", lambda: self.residents.unload(name))

    def unload_chat_model(self) -> asyncio.Task[int | None] | None:
        """Eject the model the chat talks to; the chat goes on with another loaded one."""
        if self.chat_model is None:
            return None
        return self.unload(str(self.chat_model))

    def talk_to(self, path: Path) -> None:
        """The chat talks to `path` from now on (loaded or not: sending loads it)."""
        self._set_chat_model(path)

    def follow_conversation(self, opened: ConversationOpened) -> None:
        """A conversation came on screen: the chat talks to the model it last answered
        with (its last answer's model, else the one it was started with) when that model
        is loaded or in the library; otherwise the chat keeps its model."""
        conversation = opened.conversation
        if conversation is None:
            return
        answered = [m.model for m in opened.messages if m.model]
        name = answered[-1] if answered else conversation.model
        if not name:
            return
        path = self.residents.path_of(name) or library_path(self._library(), name)
        if path is not None:
            self._set_chat_model(path)

    async def shutdown(self) -> None:
        """Stop every engine and the scheduler's tasks; the app calls this before its own."""
        # The window is going: what the engines say while they stop reaches no widget.
        self._closing = True
        self._views_timer.stop()
        await self.residents.close()
        await self.bench_manager.shutdown()

    def autoload_last_model(self) -> AutoloadDecision | None:
        """At start-up: load the last model unless the crash guard or a setting says no; it
        is planned beside the residents as any load nobody is asked about."""
        if self._autoload is None:
            return None

        async def load(model: str) -> bool:
            path = Path(model)
            if self.chat_model is None:
                self._set_chat_model(path)
            return await self._loaded(path, self.residents.load(path))

        return self._autoload.start(load)

    # -- the chat's model --------------------------------------------------------------

    def _set_chat_model(self, path: Path) -> None:
        if path == self.chat_model:
            return
        self.chat_model = path
        self.chat_model_changed.emit(path)
        manager = self._manager_of(path)
        self._chat_manager = manager
        self._show_chat(manager.snapshot if manager is not None else Snapshot())
        self._hand_backend(force=True)

    def _manager_of(self, path: Path) -> ServerManager | None:
        for manager in self._managers:
            if _model_of(manager.snapshot) == path and manager.snapshot.state not in (
                ServerState.IDLE,
                ServerState.FAILED,
            ):
                return manager
        return None

    def _show_chat(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot
        self.snapshot_changed.emit(snapshot)

    def _hand_backend(self, *, force: bool = False) -> None:
        """The chat's backend: one per model, new when the model became ready (so its
        template is read again), none without a model."""
        path = self.chat_model
        if path is None:
            if self._backend is not None:
                self._backend = None
                self.chat_backend_changed.emit(ChatBackendChanged(None))
            return
        if self._backend is not None and not force:
            return
        self._backend = ResidentChatBackend(self.residents, str(path))
        # Answers keep the file's name: it finds the model again when the conversation
        # is opened (a model's own name may be shared by several files).
        self.chat_backend_changed.emit(ChatBackendChanged(self._backend, path.name))

    # -- snapshots and views -----------------------------------------------------------

    def _on_snapshot(self, manager: ServerManager, snapshot: Snapshot) -> None:
        if self._closing:
            return
        before = self._before.get(id(manager), Snapshot())
        if snapshot.state is ServerState.IDLE and before.state is not ServerState.IDLE:
            # A resident's manager is never used again once it has stopped.
            self._before.pop(id(manager), None)
            if manager in self._managers:
                self._managers.remove(manager)
        elif before.state is not ServerState.FAILED:
            self._before[id(manager)] = snapshot
        if before.state is ServerState.FAILED:
            return  # the scheduler stops a failed resident: its idle end is no news
        for notice in engine_events(before, snapshot):
            self.engine_event.emit(notice)
        path = _model_of(snapshot) or _model_of(before)
        if path is None:
            return
        if self.chat_model is None and snapshot.state is ServerState.READY:
            self._set_chat_model(path)  # a model loaded while the chat had none
            return
        if path != self.chat_model:
            return
        if manager is not self._chat_manager and snapshot.state is ServerState.IDLE:
            return  # an older engine of the chat's model going away
        self._chat_manager = manager
        self._show_chat(snapshot)
        if snapshot.state is ServerState.READY and before.ready != snapshot.ready:
            self._hand_backend(force=True)
        elif (
            snapshot.state is ServerState.IDLE
            and before.state is not ServerState.IDLE
            and path not in self._loading  # replaced by the load dialog's load, not gone
        ):
            self._chat_model_left()
        self._on_change()

    def _chat_model_left(self) -> None:
        """The chat's model was unloaded or evicted: the chat goes on with the most recently
        used model still loaded, or has none."""
        remaining = [v for v in self.residents.views() if v.model != self.chat_model]
        self.chat_model = None
        self._chat_manager = None
        if remaining:
            self._set_chat_model(remaining[0].model)
            return
        self.chat_model_changed.emit(None)
        self._hand_backend()

    def _on_change(self) -> None:
        if not self._closing and not self._views_timer.isActive():
            self._views_timer.start()

    def _publish_views(self) -> None:
        self.views = self.residents.views()
        self.views_changed.emit(self.views)


def create_residents_service(
    location: EngineLocation | None,
    log_dir: Path,
    tasks: TaskOwner,
    environ: Mapping[str, str],
    plan: ResidentPlanner,
    lookup: ModelLookup,
    *,
    autoload: AutoloadService | None = None,
    library: Callable[[], Sequence[LocalModel]] = tuple,
) -> ResidentsService | None:
    """The app's residents, or None when there is no engine binary at all (the Server
    page and the engine choice say why). `location` is the first candidate; the engine
    that passed its self-test replaces it (`use_engine`) before any model loads.
    `environ` is the app's environment, which the engines inherit less LLAMA_ARG_*."""
    if location is None:
        log.warning("no engine, so no model can be loaded")
        return None
    return ResidentsService(
        location,
        log_dir,
        tasks,
        plan,
        lookup,
        # No LLAMA_ARG_* reaches the engine: the plan, not the user's shell, decides memory.
        environ=child_environment(environ),
        autoload=autoload,
        library=library,
    )
