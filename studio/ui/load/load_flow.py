"""From "open this GGUF" to a load intent, as the person sees it: the file chooser, the load
dialog once `DialogLoads` has read the model and the devices (off the GUI thread), the
box that says why it cannot open, and where the dialog was left. Reading, remembering the
dialog's settings and handing the launch over are the service's.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from studio.core.errors import Problem
from studio.core.placement.plan import Plan
from studio.services.bench_service import BenchService
from studio.services.dialog_loads import DialogLoads, ModelPrepared
from studio.services.settings_service import SettingsService
from studio.ui.common.voice import ui_voice
from studio.ui.common.window_place import numbers_of, place
from studio.ui.load.load_dialog import LoadDialog

log = logging.getLogger(__name__)

LOAD_DIALOG = "load-dialog"  # its name in the remembered window layout


class LoadFlow(QObject):
    opened = Signal(object)  # LoadDialog, once shown

    def __init__(
        self,
        loads: DialogLoads,
        settings: SettingsService,
        window: QWidget,
        parent: QObject | None = None,
        bench: BenchService | None = None,
    ) -> None:
        """`bench` gives the dialog its benchmark panel (None: no engine to measure on)."""
        super().__init__(parent)
        self._loads = loads
        self._bench = bench
        self._settings = settings
        self._window = window
        self.dialog: LoadDialog | None = None
        self.message: QMessageBox | None = None  # the last failure shown
        loads.prepared.connect(self._on_loads_prepared)
        loads.failed.connect(self._on_loads_failed)

    def choose_and_open(self) -> None:
        folders = self._settings.current.models_folders
        start = folders[0] if folders else str(Path.home())
        path, _ = QFileDialog.getOpenFileName(
            self._window, self.tr("Open a GGUF model"), start, self.tr("GGUF models (*.gguf)")
        )
        if path:
            self.open(Path(path))

    def open(self, path: Path) -> asyncio.Task[ModelPrepared | None]:
        """Read `path` for the dialog; the task ends once the dialog (or why not) shows."""
        return self._loads.prepare(path)

    @Slot(object)
    def _on_loads_prepared(self, prepared: ModelPrepared) -> None:
        if self.dialog is not None:  # one load dialog at a time: the newest model wins
            self.dialog.close()
            self.dialog.deleteLater()
        setup = prepared.setup
        dialog = LoadDialog(
            setup,
            self._loads.plan_service(setup),
            prepared.recalled,
            parent=self._window,
            bench=self._bench,
            residents=prepared.residents,
            kept=prepared.kept,
        )
        dialog.load_requested.connect(lambda plan: self._on_load_requested(dialog, plan))
        layout = self._settings.current.window_layout
        place(dialog, layout.get(LOAD_DIALOG), dialog.DEFAULT_SIZE)
        dialog.finished.connect(lambda _: self._remember_place(dialog))
        self.dialog = dialog
        dialog.open()
        self.opened.emit(dialog)

    def _remember_place(self, dialog: LoadDialog) -> None:
        shown = {LOAD_DIALOG: numbers_of(dialog.geometry())}
        self._settings.update(lambda s: s.with_window_layout(shown))

    def _on_load_requested(self, dialog: LoadDialog, plan: Plan) -> None:
        self._loads.load(dialog.setup, plan, dialog.remembered_settings, dialog.kept)

    @Slot(object)
    def _on_loads_failed(self, problem: Problem) -> None:
        """Say why the dialog cannot open, in the problem's one sentence."""
        log.warning("cannot open the load dialog: %s: %s", problem.code, problem.detail)
        # Not exec(): a nested event loop inside a running task would stall the app's loop.
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            self.tr("Cannot load the model"),
            ui_voice().error(problem),
            parent=self._window,
        )
        box.setDetailedText(problem.detail)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.message = box
        box.open()
