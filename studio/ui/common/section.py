"""A foldable section with a title (superqt's QCollapsible), styled alike everywhere: the
inspector's system prompt, sampling and memory."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QWidget
from superqt import QCollapsible

from studio.ui.common.design import set_role
from studio.ui.common.icons import icon


class Section(QCollapsible):
    def __init__(self, title: str, expanded: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(title, parent, expandedIcon=icon("expanded"), collapsedIcon=icon("folded"))
        # Without an animation a section has its height on the first frame, so layout
        # checks and screenshots see what the user sees.
        self.setDuration(0)
        set_role(self.toggleButton(), "section")
        layout = self.layout()
        assert layout is not None  # QCollapsible lays itself out
        layout.setContentsMargins(0, 0, 0, 0)
        if expanded:
            self.expand(animate=False)

    def changeEvent(self, event: QEvent) -> None:
        # The arrows take the text colour of the palette in use.
        if event.type() == QEvent.Type.PaletteChange:
            self.setExpandedIcon(icon("expanded"))
            self.setCollapsedIcon(icon("folded"))
        super().changeEvent(event)
