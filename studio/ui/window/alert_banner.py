"""A banner above every page for what the user must see wherever they are (a model that
failed to load while they were on another page), with the one action that helps."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolButton, QWidget

from studio.ui.common.design import SPACE_M, SPACE_S, set_role
from studio.ui.common.icons import icon, set_icon


class AlertBanner(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("alert-banner")
        set_role(self, "alert")
        # The icons are drawn when the banner first shows: never before the first paint.
        self.symbol = QLabel()
        self.message = QLabel()
        self.message.setObjectName("alert-message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.action_button = QPushButton()
        self.action_button.setObjectName("alert-action")
        set_role(self.action_button, "primary")
        self.close_button = QToolButton()
        self.close_button.setObjectName("alert-close")
        set_role(self.close_button, "flat")
        self.close_button.setAccessibleName(self.tr("Dismiss"))
        self.close_button.setToolTip(self.tr("Dismiss"))
        self.close_button.clicked.connect(self.dismiss)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(SPACE_M, SPACE_S, SPACE_S, SPACE_S)
        layout.setSpacing(SPACE_M)
        layout.addWidget(self.symbol, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.message, 1)
        layout.addWidget(self.action_button, 0, Qt.AlignmentFlag.AlignVCenter)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self._action: Callable[[], None] | None = None
        self.action_button.clicked.connect(self._on_action_clicked)
        self.hide()

    def show_alert(
        self, message: str, action: str | None = None, on_action: Callable[[], None] | None = None
    ) -> None:
        self.message.setText(message)
        self._action = on_action
        self.action_button.setText(action or "")
        self.action_button.setVisible(bool(action) and on_action is not None)
        if self.symbol.pixmap().isNull():
            self.symbol.setPixmap(icon("failed").pixmap(20, 20))
            set_icon(self.close_button, "close")
        self.show()

    def dismiss(self) -> None:
        self._action = None
        self.hide()

    def _on_action_clicked(self) -> None:
        action = self._action
        self.dismiss()
        if action is not None:
            action()
