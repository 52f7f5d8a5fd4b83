"""The transcript's reading width: a centred column, never wider than reads comfortably,
that grows slowly with the window. The header, the composer and the conversation's text
share it, so they line up at every size."""

from __future__ import annotations

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from studio.ui.common.design import SPACE_L, SPACE_S

# 760 px reads well (about 90 characters); beyond that a third of every extra pixel.
BASE_WIDTH = 760
GROWTH = 1 / 3


def readable_width(available: int) -> int:
    """The column's width in `available` pixels, leaving a margin on both sides."""
    room = max(0, available - 2 * SPACE_L)
    if room <= BASE_WIDTH:
        return room
    return min(room, int(BASE_WIDTH + (room - BASE_WIDTH) * GROWTH))


def side_margin(available: int) -> int:
    return max(SPACE_S, (available - readable_width(available)) // 2)


class ReadableColumn(QWidget):
    """A full-width strip whose contents stand in the centred reading column."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.column = QVBoxLayout(self)
        self.column.setSpacing(SPACE_S)
        self._set_margins(self.width())

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._set_margins(event.size().width())
        super().resizeEvent(event)

    def _set_margins(self, width: int) -> None:
        margin = side_margin(width)
        self.column.setContentsMargins(margin, 0, margin, 0)
