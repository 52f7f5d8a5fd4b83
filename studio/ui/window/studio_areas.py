"""The Server and Settings areas, the load flow, the status bar pieces, the theme and the
keyboard shortcuts, built once and wired to the app's services.

`composition.py` builds this into the main window (the pages go into `MainWindow.fill`),
calls `attach(window)` after it, and forwards the snapshots of the chat's model to
`show_snapshot` and every loaded model's view to `show_residents`.
Every service comes from `composition.py` (the one composition root); this module builds
widgets only and runs no background work. Loads go through `DialogLoads` and unloading
through the callables it is given (the chat's model, one loaded model, all of them), so
it does not depend on which service owns the engines.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from studio.core.engine import EngineInfo
from studio.core.errors import Problem
from studio.core.hardware import DeviceInventory
from studio.core.residents.scheduler import ResidentView
from studio.core.server.states import Snapshot
from studio.core.settings import AppSettings
from studio.services.allocation_service import AllocationService
from studio.services.bench_service import BenchService
from studio.services.device_service import DeviceService
from studio.services.dialog_loads import DialogLoads
from studio.services.engine_service import EngineService
from studio.services.hf_token import HfTokenService
from studio.services.log_tail import LogTail
from studio.services.memory_monitor import MemoryMonitor
from studio.services.settings_service import SettingsService
from studio.ui.common.theme import ThemeController
from studio.ui.common.voice import ui_voice
from studio.ui.load.load_flow import LoadFlow
from studio.ui.load.loaded_memory import LoadedMemoryPanel
from studio.ui.server.server_page import UNLOADABLE, ServerPage
from studio.ui.settings.settings_page import SettingsPage
from studio.ui.window.help_menu import HelpMenu
from studio.ui.window.main_window import MainWindow
from studio.ui.window.status_bar import LiveMemoryLabel, ResidentsLabel, ServerStatusLabel


class StudioAreas(QObject):
    def __init__(
        self,
        theme: ThemeController,
        engine: EngineService,
        settings: SettingsService,
        unload: Callable[[], None],
        *,
        monitor: MemoryMonitor,
        log_tail: LogTail,
        tokens: HfTokenService,
        devices: DeviceService,
        loads: DialogLoads,
        allocations: AllocationService,
        bench: BenchService | None = None,
        unload_all: Callable[[], None] | None = None,
        unload_model: Callable[[str], None] | None = None,
        parent: QObject | None = None,
    ) -> None:
        """`unload` ejects the chat's model, `unload_model(name)` one loaded model,
        `unload_all` every one (None: the menu offers only Unload)."""
        super().__init__(parent)
        self._bench = bench
        self._unload_all = unload_all
        self._unload_model = unload_model
        self.residents: tuple[ResidentView, ...] = ()
        self._engine = engine
        self._settings = settings
        self._unload = unload
        self._devices = devices
        self._loads = loads

        self.theme = theme  # applied by the shell, before the window's first paint

        self.monitor = monitor
        self.log_tail = log_tail
        self.loaded_memory = LoadedMemoryPanel(self.monitor, allocations)
        self.server_page = ServerPage(self.log_tail, memory=self.loaded_memory)
        self.settings_page = SettingsPage(tokens, settings.current)
        self.pages: dict[str, QWidget] = {
            "server": self.server_page,
            "settings": self.settings_page,
        }
        self.status = ServerStatusLabel()
        self.residents_status = ResidentsLabel()
        if unload_model is not None:
            self.residents_status.unload_requested.connect(unload_model)
        if unload_all is not None:
            self.residents_status.unload_all_requested.connect(unload_all)
        self.memory_status = LiveMemoryLabel(self.monitor)
        devices.found.connect(self._on_devices_found)
        loads.loading.connect(self.loaded_memory.show_plan)
        self.load_flow: LoadFlow | None = None

        self.settings_page.changed.connect(self._on_settings_edited)
        settings.changed.connect(self._on_settings_changed)
        self.settings_page.engine_binary_changed.connect(self._on_engine_binary_changed)
        self.server_page.unload_requested.connect(self._unload)
        engine.probed.connect(self._on_engine_probed)
        engine.chosen.connect(self.settings_page.show_engine_choice)
        engine.failed.connect(self._on_engine_failed)

    def attach(self, window: MainWindow) -> None:
        """Status bar pieces, the Model menu and its shortcuts, and the load flow."""
        memory = window.device_memory
        if memory is not None:
            self._devices.found.connect(memory.show_inventory)
            self.monitor.sampled.connect(memory.show_sample)
        bar = window.statusBar()
        bar.addPermanentWidget(self.memory_status)
        bar.addPermanentWidget(self.residents_status)
        bar.addPermanentWidget(self.status)
        self.load_flow = LoadFlow(self._loads, self._settings, window, self, self._bench)
        menu = window.model_menu
        self.open_action = QAction(self.tr("&Open GGUF…"), window)
        self.open_action.setObjectName("action-open-model")
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self.load_flow.choose_and_open)
        self.unload_action = QAction(self.tr("&Unload"), window)
        self.unload_action.setObjectName("action-unload-model")
        self.unload_action.setShortcut(QKeySequence("Ctrl+Shift+U"))
        self.unload_action.triggered.connect(lambda _=False: self._unload())
        self.unload_action.setEnabled(self.server_page.snapshot.state in UNLOADABLE)
        self.unload_all_action = QAction(self.tr("Unload &All"), window)
        self.unload_all_action.setObjectName("action-unload-all")
        self.unload_all_action.setEnabled(False)
        if self._unload_all is not None:
            unload_all = self._unload_all
            self.unload_all_action.triggered.connect(lambda _=False: unload_all())
        self.settings_action = QAction(self.tr("&Settings"), window)
        self.settings_action.setObjectName("action-settings")
        self.settings_action.setShortcut(QKeySequence("Ctrl+,"))
        self.settings_action.triggered.connect(lambda: self._show_page(window, self.settings_page))
        for action in (
            self.open_action,
            self.unload_action,
            self.unload_all_action,
            self.settings_action,
        ):
            menu.addAction(action)
        menu.addSeparator()
        self.quit_action = QAction(self.tr("&Quit"), window)
        self.quit_action.setObjectName("action-quit")
        # Ctrl+Q everywhere (Windows has no standard Quit key); closing the window takes
        # the app's orderly shutdown path, engine first.
        self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.quit_action.triggered.connect(window.close)
        menu.addAction(self.quit_action)
        self.help_menu = HelpMenu(window, self._engine)

    def open_model(self, path: Path) -> None:
        """Show the load dialog for `path` (Library and Discover call this)."""
        if self.load_flow is not None:
            self.load_flow.open(path)

    def show_snapshot(self, snapshot: Snapshot) -> None:
        self.server_page.show_snapshot(snapshot)
        self.status.show_snapshot(snapshot)
        self.loaded_memory.show_snapshot(snapshot)
        if self.load_flow is not None:  # the menu exists once attached
            self.unload_action.setEnabled(snapshot.state in UNLOADABLE)

    def show_residents(self, views: tuple[ResidentView, ...]) -> None:
        """Every loaded model: the status bar's bytes per device, the Server page's memory
        panel, Unload All."""
        self.residents = views
        self.residents_status.show_residents(views)
        self.loaded_memory.show_residents(views)
        if self.load_flow is not None:
            self.unload_all_action.setEnabled(bool(views) and self._unload_all is not None)

    @staticmethod
    def _show_page(window: MainWindow, page: QWidget) -> None:
        window.show_area(page.objectName().removeprefix("page-"))

    @Slot()
    def _on_settings_edited(self) -> None:
        self._settings.update(self.settings_page.apply_to)
        if self.settings_page.theme_choice is not self.theme.choice:
            self.theme.apply(self.settings_page.theme_choice)

    @Slot(object)
    def _on_settings_changed(self, settings: AppSettings) -> None:
        # A folder added from the Library: the Settings page lists it too, so its next
        # edit does not save its old list over it.
        shown = self.settings_page.models_folders
        folders = tuple(shown.item(row).text() for row in range(shown.count()))
        if folders != tuple(settings.models_folders):
            self.settings_page.set_settings(settings)

    @Slot(str)
    def _on_engine_binary_changed(self, binary: str) -> None:
        self._engine.probe(Path(binary) if binary else None)

    @Slot(object)
    def _on_engine_probed(self, info: EngineInfo) -> None:
        self.server_page.show_engine(info)
        self.settings_page.show_engine(info)

    @Slot(object)
    def _on_devices_found(self, inventory: DeviceInventory) -> None:
        # The status bar names each GPU as the load dialog does, not by position.
        self.memory_status.set_gpu_names({d.uuid: d.name for d in inventory.devices if d.uuid})

    @Slot(object)
    def _on_engine_failed(self, problem: Problem) -> None:
        sentence = ui_voice().error(problem)
        self.server_page.show_engine_error(sentence)
        self.settings_page.show_engine_error(sentence)
