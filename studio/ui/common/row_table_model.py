"""The flat-table boilerplate the app's item models share: rows in a list, one header per
column. Subclasses keep their own typed `_rows` and say what their columns are called."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

AnyIndex = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()


class RowTableModel(QAbstractTableModel):
    _rows: Sequence[Any]

    def headers(self) -> tuple[str, ...]:
        """The columns' titles, translated (called at paint time, so a language switch
        shows at once)."""
        raise NotImplementedError

    def rowCount(self, parent: AnyIndex = ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = ROOT) -> int:
        return 0 if parent.isValid() else len(self.headers())

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation is not Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return self.headers()[section]
