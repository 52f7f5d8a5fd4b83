"""Qt item models for the Discover area: search results and one repository's files.

Display text comes from `discover_text`; `SORT_ROLE` carries raw values so a
QSortFilterProxyModel sorts numbers as numbers; `ITEM_ROLE` carries the core object.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from studio.core.hub import ModelFile, RepoDetails, RepoSummary, SearchPage
from studio.core.hub.fit import FitAssessment
from studio.ui.common.numbers import ui_size
from studio.ui.common.row_table_model import AnyIndex, RowTableModel
from studio.ui.discover import discover_text as text

SORT_ROLE = Qt.ItemDataRole.UserRole
ITEM_ROLE = Qt.ItemDataRole.UserRole + 1
FIT_ROLE = Qt.ItemDataRole.UserRole + 2


class SearchResultsModel(RowTableModel):
    REPO, MODEL, DOWNLOADS, LIKES, UPDATED = range(5)

    def __init__(self) -> None:
        super().__init__()
        self._rows: list[RepoSummary] = []
        self.last_page: SearchPage | None = None

    def show_page(self, page: SearchPage) -> None:
        """Page 0 replaces the list; later pages append (a "load more" list)."""
        known = {row.repo_id for row in self._rows} if page.index else set()
        fresh = [r for r in page.results if r.repo_id not in known]
        if page.index == 0:
            self.beginResetModel()
            self._rows = fresh
            self.endResetModel()
        elif fresh:
            first = len(self._rows)
            self.beginInsertRows(QModelIndex(), first, first + len(fresh) - 1)
            self._rows.extend(fresh)
            self.endInsertRows()
        self.last_page = page

    def clear(self) -> None:
        self.beginResetModel()
        self._rows = []
        self.last_page = None
        self.endResetModel()

    def headers(self) -> tuple[str, ...]:
        return (
            self.tr("Repository"),
            self.tr("Model"),
            self.tr("Downloads"),
            self.tr("Likes"),
            self.tr("Updated"),
        )

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == ITEM_ROLE:
            return row
        if role == Qt.ItemDataRole.ToolTipRole and column == self.REPO:
            return row.repo_id + (self.tr(" (gated)") if row.gated else "")
        if role == SORT_ROLE:
            values: tuple[object, ...] = (
                row.repo_id.lower(),
                row.parameters,
                row.downloads,
                row.likes,
                (row.last_modified or datetime.min).timestamp() if row.last_modified else 0.0,
            )
            return values[column]
        if role == Qt.ItemDataRole.DisplayRole:
            shown = (
                row.repo_id,
                " · ".join(
                    part
                    for part in (text.format_parameters(row.parameters), row.architecture)
                    if part
                ),
                text.format_count(row.downloads),
                text.format_count(row.likes),
                text.format_date(row.last_modified),
            )
            return shown[column]
        if role == Qt.ItemDataRole.TextAlignmentRole and column not in (self.REPO, self.MODEL):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class RepoFilesModel(RowTableModel):
    """One row per downloadable model (shards merged), then the mmproj companions."""

    QUANT, FILE, SIZE, FIT = range(4)

    def __init__(self) -> None:
        super().__init__()
        self._rows: list[tuple[ModelFile, bool]] = []  # (model, is projector)
        self._fits: dict[str, FitAssessment] = {}
        self._local: frozenset[str] = frozenset()
        self.details: RepoDetails | None = None

    def show_repo(self, details: RepoDetails | None) -> None:
        self.beginResetModel()
        self.details = details
        self._fits = {}
        self._local = frozenset()
        self._rows = (
            [(m, False) for m in details.models] + [(m, True) for m in details.mmproj]
            if details is not None
            else []
        )
        self.endResetModel()

    def set_fit(self, repo_id: str, name: str, fit: FitAssessment) -> None:
        if self.details is None or self.details.repo_id != repo_id:
            return  # an answer for a repository no longer shown
        self._fits[name] = fit
        for row, (model, projector) in enumerate(self._rows):
            if model.name == name and not projector:
                cell = self.index(row, self.FIT)
                self.dataChanged.emit(cell, cell)

    def set_local(self, repo_id: str, names: frozenset[str]) -> None:
        """Mark the models already on disk (no download needed)."""
        if self.details is None or self.details.repo_id != repo_id or names == self._local:
            return
        self._local = names
        if self._rows:
            self.dataChanged.emit(
                self.index(0, self.FILE), self.index(len(self._rows) - 1, self.FILE)
            )

    def is_local(self, name: str) -> bool:
        return name in self._local

    def model_at(self, row: int) -> ModelFile:
        return self._rows[row][0]

    def is_projector(self, row: int) -> bool:
        return self._rows[row][1]

    def fit_of(self, name: str) -> FitAssessment | None:
        return self._fits.get(name)

    def headers(self) -> tuple[str, ...]:
        return (self.tr("Quant"), self.tr("File"), self.tr("Size"), self.tr("Fit"))

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        model, projector = self._rows[index.row()]
        column = index.column()
        fit = None if projector else self._fits.get(model.name)
        if role == ITEM_ROLE:
            return model
        if role == FIT_ROLE:
            return fit
        if role == SORT_ROLE:
            return (model.quant, model.name, model.size, fit.max_context if fit else -1)[column]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(model, projector, fit, column)
        if role == Qt.ItemDataRole.ForegroundRole and column == self.FIT and fit is not None:
            return text.FIT_COLORS[fit.kind]
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == self.FIT and fit is not None:
                return text.fit_details(fit)
            if column == self.FILE:
                return "\n".join(f.path for f in model.files)
        return None

    def _display(
        self, model: ModelFile, projector: bool, fit: FitAssessment | None, column: int
    ) -> str:
        if column == self.QUANT:
            return model.quant or "?"
        if column == self.FILE:
            name = model.name
            if model.split:
                name = self.tr("{name} ({count} parts)").format(
                    name=name, count=model.expected_shards
                )
            if not model.complete:
                name += self.tr(" — incomplete upload")
            if model.name in self._local:
                name += self.tr(" — downloaded")
            return self.tr("{name} (vision projector)").format(name=name) if projector else name
        if column == self.SIZE:
            return ui_size(model.size)
        if projector:
            return ""
        return text.fit_badge(fit) if fit is not None else self.tr("Checking…")


def sorting_proxy(source: QAbstractTableModel, filter_column: int = 0) -> QSortFilterProxyModel:
    proxy = QSortFilterProxyModel()
    proxy.setSourceModel(source)
    proxy.setSortRole(SORT_ROLE)
    proxy.setFilterKeyColumn(filter_column)
    proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    return proxy
