"""The scrolling conversation: message widgets and engine notices, newest at the bottom."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from studio.core.chat import Message, Role
from studio.ui.chat.blocks import Highlighter
from studio.ui.chat.message_view import MessageWidget


class NoticeWidget(QLabel):
    """An engine event inside the conversation (loading, recovered, failed...)."""

    def __init__(self, text: str, kind: str, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.kind = kind
        self.setObjectName(f"chat-notice-{kind}")
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)


class ConversationView(QScrollArea):
    edit_requested = Signal(int)
    regenerate_requested = Signal()

    def __init__(self, highlighter: Highlighter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chat-conversation")
        self.setAccessibleName(self.tr("Conversation"))
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._highlighter = highlighter
        self._content = QWidget()
        self._layout = QVBoxLayout(self._content)
        self._layout.setSpacing(10)
        self._layout.addStretch(1)
        self.setWidget(self._content)
        self.messages: dict[int, MessageWidget] = {}
        self.notices: list[NoticeWidget] = []
        self._follow = True
        self.verticalScrollBar().valueChanged.connect(self._on_scroll_value_changed)
        self.verticalScrollBar().rangeChanged.connect(self._on_scroll_range_changed)

    # -- content ---------------------------------------------------------------------------

    def clear(self) -> None:
        for widget in [*self.messages.values(), *self.notices]:
            self._layout.removeWidget(widget)
            widget.deleteLater()
        self.messages.clear()
        self.notices.clear()
        self._follow = True

    def show_messages(self, messages: Iterable[Message]) -> None:
        self.clear()
        for message in messages:
            self.add_message(message)

    def add_message(self, message: Message) -> MessageWidget:
        widget = MessageWidget(message, self._highlighter)
        widget.edit_requested.connect(self.edit_requested)
        widget.regenerate_requested.connect(self.regenerate_requested)
        self.messages[message.id] = widget
        self._insert(widget)
        self._update_regenerate()
        return widget

    def add_notice(self, text: str, kind: str) -> NoticeWidget:
        notice = NoticeWidget(text, kind)
        self.notices.append(notice)
        self._insert(notice)
        return notice

    def append(self, message_id: int, content: str, reasoning: str) -> None:
        widget = self.messages.get(message_id)
        if widget is not None:
            widget.append(content, reasoning)

    def finish(self, message: Message) -> None:
        widget = self.messages.get(message.id)
        if widget is not None:
            widget.show_finished(message)
        self._update_regenerate()

    def replace(self, message: Message) -> None:
        widget = self.messages.get(message.id)
        if widget is not None:
            widget.replace_content(message.content)

    def remove_from(self, message_id: int) -> None:
        """Remove a message and every later one (they are ordered by id)."""
        for key in [k for k in self.messages if k >= message_id]:
            widget = self.messages.pop(key)
            self._layout.removeWidget(widget)
            widget.deleteLater()
        self._update_regenerate()

    def set_busy(self, busy: bool) -> None:
        for widget in self.messages.values():
            widget.set_actions_enabled(not busy)

    def _insert(self, widget: QWidget) -> None:
        # Before the trailing stretch, which keeps short conversations at the top.
        self._layout.insertWidget(self._layout.count() - 1, widget)

    def _update_regenerate(self) -> None:
        last = max(self.messages) if self.messages else None
        for key, widget in self.messages.items():
            widget.set_regenerate_visible(key == last and widget.role is Role.ASSISTANT)

    # -- following the answer --------------------------------------------------------------

    def _on_scroll_value_changed(self, value: int) -> None:
        bar = self.verticalScrollBar()
        # Reading further up stops the view from following the stream; back at the bottom
        # it follows again.
        self._follow = value >= bar.maximum() - 24

    def _on_scroll_range_changed(self, _minimum: int, maximum: int) -> None:
        if self._follow:
            QTimer.singleShot(0, self._scroll_to_bottom)

    def _scroll_to_bottom(self) -> None:
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())
