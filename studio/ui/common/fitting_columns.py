"""A table that shows its columns in order of importance while they fit its width.

A table wider than its view scrolls sideways, and whatever column meets the view's edge is
cut ("Downlo", "Mo" in a 1024-pixel window; German "Geschwindigkeit" cut to
"eschwindigke"). Instead the first column stretches and elides, keeping at least a
readable width, and the other columns are shown whole, most important first, while
they fit; the rest hide until the table is wider again."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QHeaderView, QStyle, QTableView


class FittingColumns(QObject):
    def __init__(self, table: QTableView, order: Sequence[int], first_minimum: int) -> None:
        """`order`: the columns by importance, the first one stretching; it keeps at
        least `first_minimum` pixels before any other column is shown."""
        super().__init__(table)
        self._table = table
        self._order = tuple(order)
        self._first_minimum = first_minimum
        header = table.horizontalHeader()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(self._order[0], QHeaderView.ResizeMode.Stretch)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.viewport().installEventFilter(self)
        table.installEventFilter(self)  # shown again, or its headers in another language
        model = table.model()
        # New rows, or headers in another language, change what each column needs.
        for signal in (
            model.modelReset,
            model.rowsInserted,
            model.layoutChanged,
            model.headerDataChanged,
        ):
            signal.connect(self._later)
        # After the view has laid out the change (its size hints lag behind the model).
        self._pending = QTimer(self)
        self._pending.setSingleShot(True)
        self._pending.setInterval(0)
        self._pending.timeout.connect(self.fit)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Show, QEvent.Type.LanguageChange):
            self._later()
        return super().eventFilter(watched, event)

    def _header_width(self, column: int) -> int:
        """The width the column's header text needs (Qt says 0 for a hidden section)."""
        header = self._table.horizontalHeader()
        text = str(self._table.model().headerData(column, Qt.Orientation.Horizontal) or "")
        margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
        return header.fontMetrics().horizontalAdvance(text) + 4 * margin

    def _later(self, *_: object) -> None:
        self._pending.start()

    def fit(self, *_: object) -> None:
        table = self._table
        room = table.viewport().width() - self._first_minimum
        fits = True
        for column in self._order[1:]:
            needed = max(self._header_width(column), table.sizeHintForColumn(column))
            # In order: a less important column never takes the place of one that missed.
            fits = fits and needed <= room
            if fits:
                room -= needed
            if table.isColumnHidden(column) == fits:
                table.setColumnHidden(column, not fits)
