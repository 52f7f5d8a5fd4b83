"""The window's left sidebar: the areas with their icons and, on the Chat area, the
conversation list. Collapsed, it is a narrow rail of icons whose names are tooltips."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from studio.ui.common.design import SPACE_M, SPACE_S, set_role
from studio.ui.common.icons import icon, set_icon

EXPANDED_WIDTH = 248
COLLAPSED_WIDTH = 56


class Sidebar(QWidget):
    toggled = Signal(bool)  # True: expanded

    def __init__(
        self, areas: Sequence[str], titles: Mapping[str, str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("sidebar")
        self._areas = tuple(areas)
        self._titles = dict(titles)
        self._expanded = True

        self.app_name = QLabel(self.tr("GGUF Studio"))
        self.app_name.setObjectName("sidebar-app-name")
        set_role(self.app_name, "title")
        self.toggle_button = QToolButton()
        self.toggle_button.setObjectName("sidebar-toggle")
        set_role(self.toggle_button, "flat")
        self.toggle_button.setAccessibleName(self.tr("Show or hide the sidebar"))
        self.toggle_button.setToolTip(self.tr("Show or hide the sidebar (Ctrl+B)"))
        self.toggle_button.clicked.connect(self.toggle)

        self.navigation = QListWidget()
        self.navigation.setObjectName("navigation")
        self.navigation.setAccessibleName(self.tr("Areas"))
        self.navigation.setIconSize(QSize(20, 20))
        self.navigation.setViewMode(QListView.ViewMode.ListMode)
        self.navigation.setFrameShape(QFrame.Shape.NoFrame)
        # Its rows always fit (it is sized to them below): collapsed to icons, scroll bars
        # would only draw over them.
        self.navigation.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.navigation.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Until `show_icons`, a blank of the icons' size keeps every title where it will stay.
        self._icons_shown = False
        blank = QPixmap(self.navigation.iconSize())
        blank.fill(Qt.GlobalColor.transparent)
        for area in self._areas:
            item = QListWidgetItem(QIcon(blank), self._titles[area])
            item.setToolTip(self._titles[area])
            self.navigation.addItem(item)
        # Exactly as tall as its rows: the conversations get the rest.
        row = self.navigation.sizeHintForRow(0) if self._areas else 0
        self.navigation.setFixedHeight(row * len(self._areas) + 2 * self.navigation.frameWidth())

        self.rule = QFrame()
        set_role(self.rule, "rule")
        self.rule.setFixedHeight(1)
        self.conversations_holder = QWidget()
        self._conversations_layout = QVBoxLayout(self.conversations_holder)
        self._conversations_layout.setContentsMargins(0, 0, 0, 0)

        top = QHBoxLayout()
        top.setContentsMargins(SPACE_S, 0, 0, 0)
        top.addWidget(self.app_name, 1)
        top.addWidget(self.toggle_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(SPACE_S, SPACE_M, SPACE_S, SPACE_S)
        layout.setSpacing(SPACE_S)
        layout.addLayout(top)
        layout.addWidget(self.navigation)
        layout.addWidget(self.rule)
        layout.addWidget(self.conversations_holder, 1)
        self._stretch = QWidget()  # fills the rail when the conversations are not shown
        layout.addWidget(self._stretch, 1)
        self._conversations: QWidget | None = None
        self._show_conversations = True
        self.set_expanded(True)
        set_role(self, "sidebar")
        # Paints its own background (the style sheet's sidebar colour).
        self.setAutoFillBackground(True)

    def show_icons(self) -> None:
        """Draw the icons: after the window's first paint, which does not wait for them."""
        self._icons_shown = True
        set_icon(self.toggle_button, "sidebar")
        self._draw_icons()

    @property
    def expanded(self) -> bool:
        return self._expanded

    def set_conversations(self, conversations: QWidget) -> None:
        self._conversations = conversations
        self._conversations_layout.addWidget(conversations)
        self._update_visibility()

    def show_conversations(self, shown: bool) -> None:
        self._show_conversations = shown
        self._update_visibility()

    def toggle(self) -> None:
        self.set_expanded(not self._expanded)
        self.toggled.emit(self._expanded)

    def set_expanded(self, expanded: bool) -> None:
        self._expanded = expanded
        self.setFixedWidth(EXPANDED_WIDTH if expanded else COLLAPSED_WIDTH)
        self.app_name.setVisible(expanded)
        self._apply_titles()
        self._update_visibility()

    def set_titles(self, titles: Mapping[str, str]) -> None:
        self._titles = dict(titles)
        self._apply_titles()

    def changeEvent(self, event: QEvent) -> None:
        # The icons take the text colour of the palette in use.
        if event.type() == QEvent.Type.PaletteChange and self._icons_shown:
            self._draw_icons()
        super().changeEvent(event)

    def _draw_icons(self) -> None:
        for row, area in enumerate(self._areas):
            item = self.navigation.item(row)
            if item is not None:
                item.setIcon(icon(area))

    def _apply_titles(self) -> None:
        for row, area in enumerate(self._areas):
            item = self.navigation.item(row)
            if item is not None:
                item.setText(self._titles[area] if self._expanded else "")
                item.setToolTip(self._titles[area])
                # Screen readers name an icon-only row by its accessible text.
                item.setData(Qt.ItemDataRole.AccessibleTextRole, self._titles[area])

    def _update_visibility(self) -> None:
        shown = self._expanded and self._show_conversations and self._conversations is not None
        self.conversations_holder.setVisible(shown)
        self.rule.setVisible(shown)
        self._stretch.setVisible(not shown)
