"""The Library area: every GGUF on this computer with its summary; import, reveal, delete."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QModelIndex, Qt, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices, QResizeEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from studio.core.hub.library import LocalModel, Source
from studio.services.library_service import LibraryService
from studio.services.operation_failed import OperationFailed
from studio.ui.common.numbers import ui_size
from studio.ui.common.voice import ui_voice
from studio.ui.discover.discover_models import sorting_proxy
from studio.ui.library.library_model import LibraryModel


class _ModelsTable(QTableView):
    """The models table; on every resize the location gets a third of the room the short
    columns leave (90 to 320 px) and the name the rest, so the name stays the widest
    column in a 1024-pixel window (a fixed 160 px location left it "Smol…gguf")."""

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        header = self.horizontalHeader()
        shared = (LibraryModel.NAME, LibraryModel.LOCATION)
        short = sum(header.sectionSize(c) for c in range(header.count()) if c not in shared)
        room = self.viewport().width() - short
        self.setColumnWidth(LibraryModel.LOCATION, max(90, min(320, room // 3)))


class LibraryPage(QWidget):
    # The user wants to load this model file (the first shard): the app opens its load
    # dialog (`StudioAreas.open_model`).
    load_requested = Signal(object)  # Path
    # The user chose a folder to watch for models: the app adds it to the settings' model
    # folders (`HubArea`), and the changed folders rescan the library (`app.py`).
    add_folder_requested = Signal(object)  # Path

    def __init__(self, library: LibraryService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("page-library")
        self._library = library
        self.model = LibraryModel()
        self.proxy = sorting_proxy(self.model, filter_column=-1)
        self.filter = QLineEdit()
        self.filter.setObjectName("library-filter")
        self.filter.setPlaceholderText(self.tr("Filter by name, architecture, quant…"))
        self.filter.setClearButtonEnabled(True)
        self.filter.setAccessibleName(self.tr("Filter the models"))
        self.table = _ModelsTable()
        self.table.setObjectName("library-models")
        self.table.setAccessibleName(self.tr("Models on this computer"))
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        # Whole rows are chosen with the arrows; Tab leaves the table for the buttons
        # instead of walking its cells (a keyboard trap with eight columns per row).
        self.table.setTabKeyNavigation(False)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        header = self.table.horizontalHeader()
        # The name (the file name, every word of it) takes what the short columns leave;
        # the location is a detail the user can widen, with the whole path in the tooltip.
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(LibraryModel.NAME, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(LibraryModel.LOCATION, QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        self.status = QLabel()
        self.status.setObjectName("library-status")
        self.status.setWordWrap(True)

        self.load_button = QPushButton(self.tr("Load…"))
        self.rescan_button = QPushButton(self.tr("Rescan"))
        self.import_button = QPushButton(self.tr("Import a GGUF file…"))
        self.reveal_button = QPushButton(self.tr("Show in file manager"))
        self.delete_button = QPushButton(self.tr("Delete…"))
        self.add_folder_button = QPushButton(self.tr("Add folder…"))
        self.add_folder_button.setToolTip(
            self.tr("Watch a folder for GGUF models; Settings lists the folders watched.")
        )
        for button, name in (
            (self.add_folder_button, "library-add-folder"),
            (self.load_button, "library-load"),
            (self.rescan_button, "library-rescan"),
            (self.import_button, "library-import"),
            (self.reveal_button, "library-reveal"),
            (self.delete_button, "library-delete"),
        ):
            button.setObjectName(name)
        # Where models come from beside the filter, what to do with the chosen one below:
        # six buttons in one row were wider than a 1024-pixel window once translated.
        sources = QHBoxLayout()
        sources.addWidget(self.filter, 1)
        sources.addWidget(self.rescan_button)
        sources.addWidget(self.import_button)
        sources.addWidget(self.add_folder_button)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.reveal_button)
        buttons.addWidget(self.delete_button)
        buttons.addWidget(self.load_button)

        layout = QVBoxLayout(self)
        layout.addLayout(sources)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.status)
        layout.addLayout(buttons)

        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.rescan_button.clicked.connect(library.rescan)
        self.import_button.clicked.connect(self._on_import_clicked)
        self.add_folder_button.clicked.connect(self._on_add_folder_clicked)
        self.reveal_button.clicked.connect(self._on_reveal_clicked)
        self.delete_button.clicked.connect(self._on_delete_clicked)
        self.load_button.clicked.connect(self._on_load_clicked)
        self.table.doubleClicked.connect(self._on_table_double_clicked)
        self.table.selectionModel().selectionChanged.connect(self._refresh_buttons)
        library.scanned.connect(self._on_library_scanned)
        library.failed.connect(self._on_library_failed)
        library.imported.connect(self._on_library_imported)
        library.deleted.connect(self._on_library_deleted)
        self._refresh_buttons()

    def selected(self) -> LocalModel | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        return self.model.model_at(self.proxy.mapToSource(rows[0]).row())

    # Dialogs are methods so tests can answer them without a modal loop.
    def choose_file(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(
            self, self.tr("Import a GGUF model"), "", self.tr("GGUF models (*.gguf)")
        )
        return Path(name) if name else None

    def choose_folder(self) -> Path | None:
        name = QFileDialog.getExistingDirectory(self, self.tr("Add a folder of GGUF models"))
        return Path(name) if name else None

    def confirm_delete(self, model: LocalModel) -> bool:
        where = (
            self.tr("It is removed from the Hugging Face cache, for every app that uses it.")
            if model.source is Source.HF_CACHE
            else self.tr("The file is deleted from disk.")
        )
        # No is the default: Enter on a reflex must never delete a 40 GB download.
        answer = QMessageBox.question(
            self,
            self.tr("Delete model"),
            self.tr("Delete {name} ({size})?\n{where}").format(
                name=model.file_name, size=ui_size(model.size), where=where
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def reveal(self, folder: Path) -> None:
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))

    @staticmethod
    def loadable(model: LocalModel | None) -> bool:
        return model is not None and not model.problem and not model.is_projector

    @Slot()
    def _refresh_buttons(self, *_: object) -> None:
        chosen = self.selected()
        self.reveal_button.setEnabled(chosen is not None)
        # A folder the scan skipped is a row without files: nothing to delete.
        self.delete_button.setEnabled(chosen is not None and bool(chosen.files))
        self.load_button.setEnabled(self.loadable(chosen))

    @Slot()
    def _on_load_clicked(self) -> None:
        model = self.selected()
        if model is not None and self.loadable(model):
            self.load_requested.emit(model.path)

    @Slot(QModelIndex)
    def _on_table_double_clicked(self, _: QModelIndex) -> None:
        self._on_load_clicked()

    @Slot(object)
    def _on_library_scanned(self, models: list[LocalModel]) -> None:
        self.model.show_models(models)
        empty = self.tr(
            "No GGUF models yet: download one in Discover, import a file or add a folder."
        )
        if not models:
            self.status.setText(empty)
        elif self.status.text() == empty:
            self.status.clear()  # the empty-state sentence, under a list that is not empty
        self._refresh_buttons()

    @Slot()
    def _on_add_folder_clicked(self) -> None:
        folder = self.choose_folder()
        if folder is not None:
            self.add_folder_requested.emit(folder)

    @Slot()
    def _on_import_clicked(self) -> None:
        path = self.choose_file()
        if path is not None:
            self.status.clear()
            self._library.import_file(path)

    @Slot()
    def _on_reveal_clicked(self) -> None:
        model = self.selected()
        if model is not None:
            self.reveal(model.path.parent)

    @Slot()
    def _on_delete_clicked(self) -> None:
        model = self.selected()
        if model is not None and self.confirm_delete(model):
            self._library.delete(model)

    @Slot(object)
    def _on_library_failed(self, failed: OperationFailed) -> None:
        self.status.setText(ui_voice().error(failed.problem))

    @Slot(object)
    def _on_library_imported(self, model: LocalModel) -> None:
        self.status.setText(self.tr("Imported {name}.").format(name=model.file_name))

    @Slot(object)
    def _on_library_deleted(self, model: LocalModel) -> None:
        self.status.setText(self.tr("Deleted {name}.").format(name=model.file_name))
