"""The chat's right-hand inspector: the conversation's system prompt and sampling, and the
memory of this machine's devices. It folds away to give the transcript the room."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from studio.ui.chat.sampling_panel import SamplingPanel
from studio.ui.common.design import SPACE_M, SPACE_S, set_role
from studio.ui.common.icons import set_icon
from studio.ui.common.section import Section

INSPECTOR_WIDTH = 300


class Inspector(QWidget):
    def __init__(self, sampling: SamplingPanel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chat-inspector")
        set_role(self, "inspector")
        self.setAutoFillBackground(True)
        self.setFixedWidth(INSPECTOR_WIDTH)
        self.title = QLabel(self.tr("Inspector"))
        self.title.setObjectName("chat-inspector-title")
        set_role(self.title, "title")
        self.close_button = QToolButton()
        self.close_button.setObjectName("chat-inspector-close")
        set_role(self.close_button, "flat")
        set_icon(self.close_button, "close")
        self.close_button.setAccessibleName(self.tr("Hide the inspector"))
        self.close_button.setToolTip(self.tr("Hide the inspector"))

        self.memory_section = Section(self.tr("Memory"))
        self.memory_section.setObjectName("chat-memory-section")
        self.memory_section.hide()  # until the window gives it the device memory

        body = QWidget()
        body_layout = QVBoxLayout(body)
        body_layout.setContentsMargins(SPACE_M, 0, SPACE_M, SPACE_M)
        body_layout.setSpacing(SPACE_S)
        body_layout.addWidget(sampling)
        self._body_layout = body_layout
        body_layout.addWidget(self.memory_section)
        body_layout.addStretch(1)
        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName("chat-inspector-scroll")
        self.scroll_area.setAccessibleName(self.tr("Inspector"))
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.setWidget(body)
        # The body is transparent so the inspector's own colour shows through.
        self.scroll_area.viewport().setAutoFillBackground(False)
        body.setAutoFillBackground(False)

        header = QHBoxLayout()
        header.setContentsMargins(SPACE_M, SPACE_M, SPACE_S, SPACE_S)
        header.addWidget(self.title, 1)
        header.addWidget(self.close_button)
        rule = QFrame()
        set_role(rule, "rule")
        rule.setFixedWidth(1)
        column = QVBoxLayout()
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addLayout(header)
        column.addWidget(self.scroll_area, 1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(rule)
        layout.addLayout(column, 1)

    def add_presets(self, presets: QWidget) -> None:
        """The preset bar, above the system prompt."""
        self._body_layout.insertWidget(0, presets)

    def add_panel(self, panel: QWidget) -> None:
        """A further section of the conversation's settings, above the memory."""
        self._body_layout.insertWidget(self._body_layout.indexOf(self.memory_section), panel)

    def add_memory(self, memory: QWidget) -> None:
        """The devices' memory, which the window owns and keeps current."""
        self.memory_section.addWidget(memory)
        self.memory_section.show()
