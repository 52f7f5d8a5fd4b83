"""The wiring of core, services and UI for one running window: every service is built here
and only here, and pages and areas receive what they need as constructor parameters.

`app.py` imports this module after the window's first paint: it pulls in the engine, Hub
and model-file code (numpy, gguf, huggingface_hub, httpx) that the shell does not need."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping
from pathlib import Path

from studio.context import AppContext
from studio.core.api.catalog import ModelCatalog
from studio.core.bench import BenchStore
from studio.core.chat import ChatStore, ChatStoreError
from studio.core.chat.presets import PresetLibrary
from studio.core.engine import EngineChoice
from studio.core.errors import Problem
from studio.core.hub import DownloadQueue, HubClient, HubConfig
from studio.core.hub.fit import remote_assessor
from studio.core.hub.journal import DownloadJournal
from studio.core.mcp import McpServerStore
from studio.core.memory import ModelSummary
from studio.core.placement.setup import Machine
from studio.core.residents.beside import PlannedBeside
from studio.core.residents.embedder import ResidentEmbedder
from studio.core.residents.scheduler import ResidentView
from studio.core.settings import AppSettings
from studio.services.allocation_service import AllocationService
from studio.services.api_server_service import ApiServerService
from studio.services.autoload_service import AutoloadService
from studio.services.bench_service import BenchService
from studio.services.chat_service import ChatService
from studio.services.context_service import ContextService
from studio.services.device_service import DeviceService
from studio.services.dialog_loads import DialogLoads
from studio.services.document_service import DocumentService, open_index
from studio.services.download_service import DownloadService
from studio.services.engine_service import EngineService
from studio.services.hf_token import HfTokenService, HfTokenStore
from studio.services.hub_service import HubService
from studio.services.hub_settings import HubSettings
from studio.services.library_service import LibraryService
from studio.services.local_fit_service import LocalFitService
from studio.services.log_tail import LogTail
from studio.services.mcp_service import McpService
from studio.services.memory_monitor import MemoryMonitor, MemorySample, read_live_memory
from studio.services.preset_service import PresetService
from studio.services.remembered_loads import RememberedLoads
from studio.services.residents_service import create_residents_service
from studio.shell import Shell
from studio.ui.chat.chat_pane import ChatPane
from studio.ui.chat.preset_bar import attach_presets
from studio.ui.discover.discover_wiring import HubArea
from studio.ui.settings.documents_section import DocumentsSection
from studio.ui.settings.engine_build import EngineBuildOffer
from studio.ui.settings.mcp_servers import McpServersSection
from studio.ui.window.chat_first import ChatFirst
from studio.ui.window.studio_areas import StudioAreas

log = logging.getLogger(__name__)


class StudioApp:
    """Everything one running window needs, and its orderly shutdown."""

    def __init__(
        self,
        context: AppContext,
        environ: Mapping[str, str] | None = None,
        shell: Shell | None = None,
    ) -> None:
        """Built into `shell`'s window (`app.py` paints it first), or into a new shell."""
        self.context = context
        environ = os.environ if environ is None else environ
        self.shell = shell or Shell(context.paths, environ)
        # The devices, fake GPUs and LLAMA_ARG_* settings every plan sees, read once.
        self.machine = Machine.of(environ)
        self.tasks = self.shell.tasks
        self.settings = self.shell.settings
        self.language = self.shell.language
        self.window = self.shell.window
        # The MCP servers whose tools models may call: the list Settings edits, the servers
        # started by `start` (none before), read by the chat's tool loop.
        self.mcp = McpService(McpServerStore(context.paths.config_dir), self.tasks)
        self.engine = EngineService(
            context.selector, self.tasks, context.paths.cache_dir / "engine-build"
        )
        try:
            self.chat_store = ChatStore.in_directory(context.paths.data_dir)
            chat_store_error: ChatStoreError | None = None
        except ChatStoreError as error:
            log.error("conversations not available: %s", error)
            self.chat_store, chat_store_error = ChatStore.in_memory(), error
        self.chat = ChatService(self.chat_store, self.tasks)
        self.context_service = ContextService(self.chat, self.tasks)
        self.chat_pane = ChatPane(self.chat, self.tasks, context=self.context_service)
        if chat_store_error is not None:
            self.chat_pane.show_storage_problem(Problem.of(chat_store_error))
        self.presets = PresetService(
            PresetLibrary.in_directory(context.paths.data_dir), self.tasks, self.chat
        )
        attach_presets(self.chat_pane, self.presets)
        self._tell_about_own_files()
        # A later save that fails (a full disk, a read-only folder) is told the same way.
        self.settings.failed.connect(
            lambda problem: self.chat_pane.show_notice(problem.code, problem.params)
        )
        self.autoload = AutoloadService(self.settings, self.tasks)
        self.autoload.decided.connect(self.chat_pane.show_autoload_decision)
        self.autoload.noticed.connect(
            lambda problem: self.chat_pane.show_notice(problem.code, problem.params)
        )
        # The engine chosen in Settings applies from the next start (the manager keeps one).
        self.engine_binary = context.engine_override or self._settings_engine_binary()
        # None without any engine binary; the engine choice reports why. The first candidate
        # stands in until the self-tests have chosen the engine that runs on this CPU.
        candidates = context.selector.locations(self.engine_binary)
        # The loads no dialog asks about (the autoload, a model the chat or the local API
        # names) are planned beside the residents by the core's load planner.
        self.remembered_loads = RememberedLoads(self.engine, self.settings, self.machine)
        # Several models loaded at once; the chat talks to one of them. Names are looked up
        # in the Library's last scan (read from a worker thread; replaced whole, never
        # changed in place).
        self.manager = create_residents_service(
            candidates[0] if candidates else None,
            context.paths.log_dir / "engine",
            self.tasks,
            self.machine.environ,
            self.remembered_loads.plan_beside,
            ModelCatalog(lambda: list(self.library.models)).find,
            autoload=self.autoload,
            library=lambda: self.library.models,
        )
        self._autoload_pending = True
        self.engine.chosen.connect(self._on_engine_chosen)
        self._build_documents(context)
        if self.manager is not None:
            # The chat's requests carry the conversation's documents (issue 28).
            self.manager.chat_backend_changed.connect(
                lambda change: self.chat.use_backend(self.documents.wrap(change))
            )
            # A conversation on screen brings the model it answered with.
            self.chat.conversation_opened.connect(self.manager.follow_conversation)
            # The loaded model's file name picks the preset its new conversations start from.
            self.manager.snapshot_changed.connect(self.presets.show_snapshot)
            self.manager.engine_event.connect(self.chat_pane.show_engine_event)
        self.monitor = MemoryMonitor(self._read_memory, self.tasks)
        self.log_tail = LogTail(self.tasks)
        self.tokens = HfTokenService(HfTokenStore(), self.tasks)
        self._build_hub()
        self.hub_area = HubArea(
            self.settings, self.hub_settings, self.hub, self.downloads, self.library
        )
        # The devices the planner sees, found again after every engine probe.
        self.devices = DeviceService(self.machine, self.engine, self.tasks)
        # The load dialog's benchmarks, on the engine the chat uses (none without one).
        self.bench = (
            BenchService(
                self.manager.bench_manager,
                BenchStore.of(context.paths),
                self.tasks,
                lambda: self.engine.info,
                lambda: self.chat.busy,
            )
            if self.manager is not None
            else None
        )
        # The loads the load dialog asks about: the model read off the GUI thread.
        self.dialog_loads = DialogLoads(
            self.engine,
            self.settings,
            self.machine,
            self.tasks,
            self._load,
            engine_pids=self._engine_pids,
            residents=self._residents,
        )
        self.areas = StudioAreas(
            self.shell.theme,
            self.engine,
            self.settings,
            self._unload,
            monitor=self.monitor,
            log_tail=self.log_tail,
            tokens=self.tokens,
            devices=self.devices,
            loads=self.dialog_loads,
            allocations=AllocationService(self.tasks),
            bench=self.bench,
            unload_all=self._unload_all,
            unload_model=self._unload_model,
        )
        # What the chat's model does, and every resident's bytes per device.
        if self.manager is not None:
            self.manager.snapshot_changed.connect(self.areas.show_snapshot)
            self.manager.views_changed.connect(self.areas.show_residents)
        self.api: ApiServerService | None = None
        if self.manager is not None:
            # The Server page's local API, over the manager the chat pane uses. Its catalog
            # is the Library's last scan (read from a worker thread; the list is replaced
            # whole, never changed in place).
            self.api = ApiServerService(
                self.manager.residents,
                self.settings,
                self.tasks,
                self.remembered_loads.plan,
                library=lambda: list(self.library.models),
            )
            self.areas.server_page.api.attach(self.api)
        self.window.fill(
            self.engine,
            pages={
                "chat": self.chat_pane,
                "discover": self.hub_area.discover_page,
                "library": self.hub_area.library_page,
                **self.areas.pages,
            },
        )
        self.areas.attach(self.window)
        self.build_offer = EngineBuildOffer(self.engine, self.window)
        self.areas.settings_page.add_section(McpServersSection(self.mcp))
        self.areas.settings_page.add_section(DocumentsSection(self.settings, self.library))
        self.areas.settings_page.build_engine_requested.connect(self.build_offer.show_dialog)
        self.hub_area.library_page.load_requested.connect(self.areas.open_model)
        self.hub_area.discover_page.load_requested.connect(self.areas.open_model)
        # The model picker, chat forward once a load is ready, the panels as they were left.
        self.chat_first = ChatFirst(
            self.window, self.chat_pane, self.areas.open_model, self._unload
        )
        self.chat_first.follow_library(self.library, self.engine, self.local_fits)
        self.chat_first.remember_panels(self.settings)
        self.chat_first.offer_ways_in(self.library, self.hub_area.add_folder)
        self.shell.window_memory.follow_splitters(self.hub_area.discover_page.splitters)
        self.dialog_loads.loading.connect(lambda *_: self.chat_first.expect_load())
        if self.manager is not None:
            self.manager.snapshot_changed.connect(self.chat_first.show_snapshot)
            self.chat_first.follow_residents(self.manager)
        # The chat's tool loop runs the MCP servers' tools (the service is the runner: it
        # reads its registry at each use, so it needs no start first).
        self.chat.set_tool_runner(self.mcp)
        # A server that starts or stops changes the tools offered, so what the meter counts.
        self.mcp.state_changed.connect(self.context_service.recount)

    def _build_documents(self, context: AppContext) -> None:
        """Documents in conversations: their index beside the chat database, embedded
        through the residents by the chat's own model or the one chosen in Settings (no
        model runs twice; none without an engine)."""
        manager = self.manager
        self.document_embedder = (
            ResidentEmbedder(manager.residents, self._embedding_model)
            if manager is not None
            else None
        )
        self.documents = DocumentService(
            open_index(context.paths.data_dir), self.tasks, lambda: self.document_embedder
        )
        self.chat.answer_finished.connect(self.documents.answer_finished)
        self.chat.conversation_opened.connect(self.documents.show_conversation)
        self.chat_pane.attach_documents(self.documents)

    def _embedding_model(self) -> Path | None:
        """The model the documents are embedded with: the one chosen in Settings, else the
        chat's (None: the chat has none yet)."""
        chosen = self.settings.current.embedding_model
        if chosen:
            return Path(chosen)
        return self.manager.chat_model if self.manager is not None else None

    def _build_hub(self) -> None:
        """Search, downloads and the library, configured from the settings."""
        paths = self.context.paths
        self.hub_settings = HubSettings(self.settings, paths, self.machine, self.engine)
        self._hub_config = config = self.hub_settings.config()
        client = HubClient(config)
        # Headers read once per file and commit, across device and settings changes.
        self._summaries: dict[str, ModelSummary] = {}
        self.hub = HubService(
            client,
            self.tasks,
            remote_assessor(client, self.hub_settings.judge, self._summaries),
            local_targets=self.hub_settings.local_targets,
        )
        self.downloads = DownloadService()
        # Unfinished downloads are remembered and come back paused in the next session.
        self._journal = DownloadJournal(paths.data_dir / "downloads.json")
        self.downloads.attach(
            DownloadQueue(
                config,
                client.file_url,
                self.tasks,
                self.downloads.on_change,
                remember=self._journal.save,
            )
        )
        self.library = LibraryService(
            self.tasks,
            config.cache_dir,
            self.hub_settings.library_folders,
            self.hub_settings.import_folder,
        )
        self.downloads.completed.connect(lambda _: self.library.rescan())
        # The chat's model picker shows each library model's fit on this machine.
        self.local_fits = LocalFitService(self.tasks, self.hub_settings.judge)
        self._known_folders = tuple(self.settings.current.models_folders)
        self.settings.changed.connect(self._on_hub_settings_changed)

    def _on_hub_settings_changed(self, settings: AppSettings) -> None:
        config: HubConfig = self.hub_settings.config()
        if (config.endpoint, config.proxy) != (self._hub_config.endpoint, self._hub_config.proxy):
            self._hub_config = config
            client = HubClient(config)
            self.hub.client = client
            self.hub.set_assessor(remote_assessor(client, self.hub_settings.judge, self._summaries))
            self.downloads.queue.reconfigure(config, client.file_url)
        folders = tuple(settings.models_folders)
        if folders != self._known_folders:
            self._known_folders = folders
            self.library.rescan()

    def _read_memory(self) -> MemorySample:
        return read_live_memory(self.machine.device_config, self.machine.environ, self._engine_pid)

    @property
    def _engine_pid(self) -> int | None:
        """The chat's model's llama-server (the status bar's engine memory)."""
        return self.manager.snapshot.pid if self.manager is not None else None

    def _engine_pids(self) -> tuple[int, ...]:
        """Our running engines: their memory is ours to reuse."""
        return self.manager.pids() if self.manager is not None else ()

    def _residents(self) -> tuple[ResidentView, ...]:
        return self.manager.residents.views() if self.manager is not None else ()

    def _tell_about_own_files(self) -> None:
        """Settings that could not be read, conversations salvaged from a damaged file:
        each is found once at start-up (the bad file is moved aside), so told once."""
        problem = self.settings.problem
        if problem is not None:
            log.error("settings not read, defaults apply: %s %s", problem.code, problem.params)
            self.chat_pane.show_notice(problem.code, problem.params)
        # The presets file is read once the loop runs (`start`); what it finds is told then.
        self.presets.load_problem.connect(
            lambda problem: self.chat_pane.show_notice(problem.code, problem.params)
        )
        recovery = self.chat_store.recovery
        if recovery is not None:
            log.error("conversations file damaged (%s); recovered: %s", recovery.damage, recovery)
            self.chat_pane.show_store_recovered(recovery)

    def _settings_engine_binary(self) -> Path | None:
        binary = self.settings.current.engine_binary
        return Path(binary) if binary else None

    def _load(self, planned: PlannedBeside) -> None:
        if self.manager is not None:
            self.manager.load(planned)

    def _unload(self) -> None:
        """Eject the model the chat talks to."""
        if self.manager is not None:
            self.manager.unload_chat_model()

    def _unload_model(self, name: str) -> None:
        if self.manager is not None:
            self.manager.unload(name)

    def _unload_all(self) -> None:
        if self.manager is not None:
            self.manager.unload()

    def start(self) -> None:
        self.window.show()
        if self.manager is not None:
            self.manager.start()
        self.engine.probe(self.engine_binary)
        self.chat_pane.start()
        # Documents of conversations deleted since the last start go too (issue 28).
        self.documents.start(
            lambda: [c.id for c in self.chat_store.list_conversations(limit=sys.maxsize)]
        )
        self.presets.start()  # off the GUI thread: a large file must not delay the window
        self.start_hub()
        if self.api is not None:
            self.api.resume()
        # Last: the list is read and the SDK imported off the GUI thread, then the enabled
        # servers start; nothing above waits for them.
        self.mcp.start()

    def start_hub(self) -> None:
        """The library's first scan, and the downloads the last session left unfinished."""
        self.library.rescan()
        self.tasks.spawn("restore-downloads", self.downloads.queue.restore(self._journal.load))

    def _on_engine_chosen(self, choice: EngineChoice) -> None:
        active = choice.active
        if active is None:
            if choice.candidates and not self.engine.building:
                self.build_offer.offer(choice)
            return
        if self.manager is None:
            return
        self.manager.use_engine(active.location)
        # The last model loads only on an engine proven to run here, and only once.
        if self._autoload_pending:
            self._autoload_pending = False
            self.manager.autoload_last_model()

    async def shutdown(self) -> None:
        """Stop every background task; called once the last window has closed."""
        self.engine.close()  # a probe, self-test or build in flight must not delay quitting
        self.context_service.close()  # no count may start on a closing store
        if self.api is not None:
            await self.api.shutdown()  # no API client may start a stream on a stopping engine
        if self.manager is not None:
            await self.manager.shutdown()  # every engine child first, then every task
        await self.mcp.shutdown()  # every MCP server's process ended
        await self.shell.window_memory.remember()
        await self.tasks.shutdown()
        self.chat_store.close()
        self.documents.close()
        self.shell.close()
