"""The Qt item model of the local library: one row per model file (split models as one)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from studio.core.hub.library import LocalModel, Source
from studio.ui.common.numbers import ui_size
from studio.ui.common.row_table_model import AnyIndex, RowTableModel
from studio.ui.common.voice import ui_voice
from studio.ui.discover import discover_text as text
from studio.ui.discover.discover_models import ITEM_ROLE, SORT_ROLE

_PROBLEM_COLOR = QColor(198, 40, 40)


class LibraryModel(RowTableModel):
    NAME, ARCHITECTURE, PARAMETERS, QUANT, CONTEXT, SIZE, LOCATION = range(7)

    def __init__(self) -> None:
        super().__init__()
        self._rows: list[LocalModel] = []

    def show_models(self, models: list[LocalModel]) -> None:
        self.beginResetModel()
        self._rows = list(models)
        self.endResetModel()

    def model_at(self, row: int) -> LocalModel:
        return self._rows[row]

    def headers(self) -> tuple[str, ...]:
        return (
            self.tr("Model"),
            self.tr("Architecture"),
            self.tr("Parameters"),
            self.tr("Quant"),
            self.tr("Context"),
            self.tr("Size"),
            self.tr("Location"),
        )

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        model = self._rows[index.row()]
        column = index.column()
        if role == ITEM_ROLE:
            return model
        if role == SORT_ROLE:
            return (
                model.file_name.lower(),
                model.architecture,
                model.parameters,
                model.quant,
                model.context_length,
                model.size,
                self._location(model),
            )[column]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(model, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            if model.problem:
                # The reason with its parameters (which key, which value, what kind of file).
                return ui_voice().code(
                    model.problem, {"path": str(model.path), **model.problem_params}
                )
            files = "\n".join(str(p) for p in model.files)
            if model.name and model.name != model.file_name:
                # The header's own name is a detail: it often drops words the file name
                # keeps ("Instruct"), so it is no good as the row's name.
                named = self.tr("Name in the file: {name}").format(name=model.name)
                return f"{named}\n{files}"
            return files
        if role == Qt.ItemDataRole.ForegroundRole and model.problem:
            return _PROBLEM_COLOR
        return None

    def _location(self, model: LocalModel) -> str:
        if model.source is Source.HF_CACHE:
            return self.tr("HF cache: {repo}").format(repo=model.repo_id)
        return str(model.path.parent)

    def _display(self, model: LocalModel, column: int) -> str:
        if column == self.NAME:
            name = model.file_name  # what the user downloaded or copied, every word of it
            if len(model.files) > 1:
                name = self.tr("{name} ({count} parts)").format(name=name, count=len(model.files))
            return name
        if column == self.ARCHITECTURE:
            if model.problem:
                return self.tr("unreadable")
            if model.is_projector:
                return self.tr("{arch} (vision projector)").format(arch=model.architecture)
            return model.architecture
        if column == self.PARAMETERS:
            return text.format_parameters(model.parameters)
        if column == self.QUANT:
            return model.quant
        if column == self.CONTEXT:
            return text.format_context(model.context_length)
        if column == self.SIZE:
            return ui_size(model.size)
        return self._location(model)
