"""A foldable section with a title (superqt's QCollapsible), styled alike everywhere: the
inspector's system prompt, sampling and memory."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QSizePolicy, QWidget
from superqt import QCollapsible

from studio.ui.common.design import set_role
from studio.ui.common.icons import icon

QWIDGETSIZE_MAX = (1 << 24) - 1


class Section(QCollapsible):
    def __init__(self, title: str, expanded: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(title, parent, expandedIcon=icon("expanded"), collapsedIcon=icon("folded"))
        # Without an animation a section has its height on the first frame, so layout
        # checks and screenshots see what the user sees.
        self.setDuration(0)
        set_role(self.toggleButton(), "section")
        # QCollapsible holds itself to its size hint, which is one line for a wrapped
        # label; a section must be as tall as its content is at its width.
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        layout = self.layout()
        assert layout is not None  # QCollapsible lays itself out
        layout.setContentsMargins(0, 0, 0, 0)
        # Top-aligned, a layout sizes its contents by their one-line size hint; filling
        # the section, a wrapped label gets the height its width needs.
        layout.setAlignment(Qt.AlignmentFlag(0))
        if expanded:
            self.expand(animate=False)

    def expand(self, animate: bool = True) -> None:
        super().expand(animate=False)
        # Open, the content takes the height its layout asks for at its width: a wrapped
        # label grows as it must (QCollapsible caps it at its one-line size hint).
        self.content().setMaximumHeight(QWIDGETSIZE_MAX)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # QCollapsible re-caps the height on every resize of its content: not needed here.
        return False

    def changeEvent(self, event: QEvent) -> None:
        # The arrows take the text colour of the palette in use.
        if event.type() == QEvent.Type.PaletteChange:
            self.setExpandedIcon(icon("expanded"))
            self.setCollapsedIcon(icon("folded"))
        super().changeEvent(event)
