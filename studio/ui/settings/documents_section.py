"""Settings' "Documents" section: which model embeds the documents attached to
conversations, the chat's own model (the default) or a library model loaded beside it.

The choice is saved through `SettingsService`; the list is the Library's last scan, read
again whenever the Library scans."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLabel, QWidget

from studio.core.hub.library import LocalModel
from studio.core.settings import AppSettings
from studio.services.library_service import LibraryService
from studio.services.settings_service import SettingsService


class DocumentsSection(QGroupBox):
    def __init__(
        self, settings: SettingsService, library: LibraryService, parent: QWidget | None = None
    ) -> None:
        super().__init__(self.tr("Documents"), parent)
        self.setObjectName("settings-documents")
        self._settings = settings
        self._filling = False
        form = QFormLayout(self)
        self.embedding_model = QComboBox()
        self.embedding_model.setObjectName("settings-embedding-model")
        self.embedding_model.setAccessibleName(self.tr("Embedding model"))
        self.embedding_model.currentIndexChanged.connect(self._on_chosen)
        form.addRow(self.tr("Embedding model"), self.embedding_model)
        note = QLabel(
            self.tr(
                "Attached documents are searched with this model. The chat model embeds "
                "with its own engine; another model is loaded beside it and shown in the "
                "memory panel."
            )
        )
        note.setWordWrap(True)
        form.addRow(note)
        self._library = library
        library.scanned.connect(self.show_models)
        settings.changed.connect(self._on_settings_changed)
        self.show_models(library.models)

    def _on_settings_changed(self, settings: AppSettings) -> None:
        # Settings change often (window sizes): the list is rebuilt only for this choice.
        if settings.embedding_model != self.embedding_model.currentData():
            self.show_models(self._library.models)

    def show_models(self, models: Sequence[LocalModel]) -> None:
        """The choices: the chat model, then each library model; the saved one selected
        (kept as a choice while the Library does not list it, so it is not lost)."""
        chosen = self._settings.current.embedding_model
        self._filling = True
        try:
            self.embedding_model.clear()
            self.embedding_model.addItem(self.tr("The chat model"), None)
            paths = [str(model.path) for model in models]
            if chosen is not None and chosen not in paths:
                paths.append(chosen)
            for path in paths:
                self.embedding_model.addItem(Path(path).name, path)
            found = self.embedding_model.findData(chosen) if chosen is not None else 0
            self.embedding_model.setCurrentIndex(max(0, found))
        finally:
            self._filling = False

    def _on_chosen(self, index: int) -> None:
        if self._filling or index < 0:
            return
        data = self.embedding_model.itemData(index)
        chosen = data if isinstance(data, str) else None

        def change(settings: AppSettings) -> AppSettings:
            return replace(settings, embedding_model=chosen)

        self._settings.update(change)
