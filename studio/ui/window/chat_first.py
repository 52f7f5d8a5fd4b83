"""The chat comes first: its model picker hears the residents and the library, a model that
finishes loading brings the chat forward wherever the load was started, a failed load is
shown where the user is looking with the action that helps, and the side panels come back
as the user left them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QObject, Slot
from PySide6.QtWidgets import QFileDialog

from studio.core.engine import EngineInfo
from studio.core.hub.library import LocalModel
from studio.core.server.states import ServerState, Snapshot
from studio.services.engine_service import EngineService
from studio.services.library_service import LibraryService
from studio.services.local_fit_service import LocalFitService
from studio.services.residents_service import ResidentsService
from studio.services.settings_service import SettingsService
from studio.ui.chat.chat_pane import ChatPane
from studio.ui.common.voice import ui_voice
from studio.ui.window.main_window import MainWindow


class ChatFirst(QObject):
    def __init__(
        self,
        window: MainWindow,
        pane: ChatPane,
        open_model: Callable[[Path], None],
        eject: Callable[[], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._window = window
        self._pane = pane
        self._open_model = open_model
        self._awaiting_load = False
        pane.picker.load_requested.connect(open_model)
        pane.picker.eject_requested.connect(eject)

    def follow_library(
        self, library: LibraryService, engine: EngineService, fits: LocalFitService
    ) -> None:
        """The picker lists the library's models, each with its fit on this machine."""
        self.fits = fits
        self.fits.judged.connect(self._pane.picker.show_fit)
        library.scanned.connect(self._on_library_scanned)
        engine.probed.connect(self._on_engine_probed)

    def follow_residents(self, residents: ResidentsService) -> None:
        """The picker marks the loaded models and names the one the chat talks to; picking
        a loaded one talks to it."""
        picker = self._pane.picker
        residents.views_changed.connect(picker.show_residents)
        residents.chat_model_changed.connect(picker.show_chat_model)
        picker.talk_requested.connect(residents.talk_to)

    def offer_ways_in(self, library: LibraryService, add_folder: Callable[[Path], None]) -> None:
        """The picker's ways to a first model, and a .gguf dropped on the window: a file is
        offered for loading at once and imported into the library (as its Import does), a
        folder joins the library, Discover opens."""
        self._library = library
        picker = self._pane.picker
        picker.open_file_requested.connect(self._on_open_file_requested)
        picker.add_folder_requested.connect(lambda: self._add_folder(add_folder))
        picker.discover_requested.connect(lambda: self._window.show_area("discover"))
        self._window.model_dropped.connect(self.offer_file)
        self._pane.model_dropped.connect(self.offer_file)

    # Dialogs are methods so tests can answer them without a modal loop.
    def choose_file(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(
            self._window, self.tr("Open a GGUF model"), "", self.tr("GGUF models (*.gguf)")
        )
        return Path(name) if name else None

    def choose_folder(self) -> Path | None:
        name = QFileDialog.getExistingDirectory(
            self._window, self.tr("Add a folder of GGUF models")
        )
        return Path(name) if name else None

    @Slot()
    def _on_open_file_requested(self) -> None:
        path = self.choose_file()
        if path is not None:
            self.offer_file(path)

    def _add_folder(self, add_folder: Callable[[Path], None]) -> None:
        folder = self.choose_folder()
        if folder is not None:
            add_folder(folder)

    @Slot(object)
    def offer_file(self, path: Path) -> None:
        """Offer `path` for loading now; bring it into the library unless it is there."""
        self._window.show_area("chat")
        self._pane.picker.show_chosen(path)
        self._open_model(path)
        known = any(path == model.path or path in model.files for model in self._library.models)
        if not known:
            self._library.import_file(path)

    def remember_panels(self, settings: SettingsService) -> None:
        """The inspector and the sidebar open as the user left them, and are remembered."""
        current = settings.current
        self._pane.set_inspector_open(current.inspector_open)
        self._window.set_sidebar_expanded(current.sidebar_expanded)

        def save_inspector(shown: bool) -> None:
            settings.update(lambda s: replace(s, inspector_open=shown))

        def save_sidebar(expanded: bool) -> None:
            settings.update(lambda s: replace(s, sidebar_expanded=expanded))

        self._pane.inspector_toggled.connect(save_inspector)
        self._window.sidebar_toggled.connect(save_sidebar)

    @Slot()
    def expect_load(self) -> None:
        """The user started a load (the load dialog, from any page): once it is ready the
        chat comes forward; if it fails, they are told where they are. Loads nobody asked
        for here (the autoload, a request to the local API, a restart after a crash) leave
        the page as it is."""
        self._awaiting_load = True
        self._window.alert.dismiss()

    @Slot(object)
    def show_snapshot(self, snapshot: Snapshot) -> None:
        self._pane.picker.show_snapshot(snapshot)
        state = snapshot.state
        if state is ServerState.READY and self._awaiting_load:
            self._awaiting_load = False
            self._window.show_area("chat")
            self._pane.input.setFocus()  # the model is ready: what comes next is typing
        elif state is ServerState.FAILED and self._awaiting_load:
            self._awaiting_load = False
            self._show_failure(snapshot)
        elif state is ServerState.IDLE:
            self._awaiting_load = False

    def _show_failure(self, snapshot: Snapshot) -> None:
        # On the chat the picker says it, with its button; anywhere else a banner does.
        if self._window.area == "chat":
            return
        spec = snapshot.requested or snapshot.spec
        name = (spec.label or spec.model.name) if spec is not None else ""
        reason = ui_voice().failure(snapshot.failure) if snapshot.failure is not None else ""
        message = self.tr("{model} could not be loaded: {reason}").format(
            model=name or self.tr("The model"), reason=reason
        )
        if spec is None:
            self._window.alert.show_alert(message)
            return
        path = spec.model
        self._window.alert.show_alert(
            message, self.tr("Change load settings…"), lambda: self._open_model(path)
        )

    @Slot(object)
    def _on_library_scanned(self, models: list[LocalModel]) -> None:
        self._pane.picker.show_models(models)
        self.fits.judge([m.path for m in models if not m.problem and not m.is_projector])

    @Slot(object)
    def _on_engine_probed(self, _: EngineInfo) -> None:
        self.fits.judge_again()  # another engine may see other devices
