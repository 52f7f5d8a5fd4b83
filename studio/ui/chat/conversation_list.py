"""The list of conversations: search, open, new, rename, delete and export."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from studio.core.chat import ConversationSummary
from studio.ui.common.design import set_role
from studio.ui.common.icons import set_icon

_ID_ROLE = Qt.ItemDataRole.UserRole


class ConversationList(QWidget):
    open_requested = Signal(int)
    new_requested = Signal()
    search_changed = Signal(str)
    rename_requested = Signal(int, str)
    delete_requested = Signal(int)
    export_requested = Signal(int, object)  # conversation id, Path

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chat-conversations")
        self.search = QLineEdit()
        self.search.setObjectName("chat-search")
        self.search.setPlaceholderText(self.tr("Search conversations"))
        self.search.setAccessibleName(self.tr("Search conversations"))
        self.search.setClearButtonEnabled(True)
        self.items = QListWidget()
        self.items.setObjectName("chat-conversation-list")
        self.items.setAccessibleName(self.tr("Conversations"))
        # Long titles end in "…" (the whole title is the row's tooltip), never scroll sideways.
        self.items.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.items.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.new_button = QPushButton(self.tr("New conversation"))
        self.new_button.setObjectName("chat-new")
        self.new_button.setAccessibleName(self.tr("New conversation"))
        set_icon(self.new_button, "new")
        # The actions on the selected conversation are icons (named for screen readers and
        # in tooltips): three words side by side do not fit a sidebar in every language.
        self.rename_button = _icon_button(
            "chat-rename", "rename", self.tr("Rename the conversation")
        )
        self.delete_button = _icon_button(
            "chat-delete", "delete", self.tr("Delete the conversation")
        )
        self.export_button = _icon_button(
            "chat-export", "export", self.tr("Export the conversation")
        )
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for button in (self.rename_button, self.delete_button, self.export_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        # Above the list it concerns: what happened to the saved conversations (set once).
        self.notice = QLabel()
        self.notice.setObjectName("chat-list-notice")
        self.notice.setWordWrap(True)
        self.notice.setVisible(False)
        layout.addWidget(self.notice)
        layout.addWidget(self.new_button)
        layout.addWidget(self.search)
        layout.addWidget(self.items, 1)
        layout.addLayout(buttons)

        # Dialogs are replaceable so tests (and a future non-modal design) can answer them.
        self.ask_title: Callable[[str], str | None] = self._ask_title
        self.confirm_delete: Callable[[str], bool] = self._confirm_delete
        self.ask_export_path: Callable[[str], Path | None] = self._ask_export_path

        self._search_pause = QTimer(self)
        self._search_pause.setSingleShot(True)
        self._search_pause.setInterval(200)
        self._search_pause.timeout.connect(lambda: self.search_changed.emit(self.search.text()))
        self.search.textChanged.connect(self._search_pause.start)
        self.items.itemActivated.connect(self._on_items_activated)
        self.items.itemClicked.connect(self._on_items_activated)
        self.items.currentItemChanged.connect(lambda *_: self._update_buttons())
        self.new_button.clicked.connect(self.new_requested)
        self.rename_button.clicked.connect(self._on_rename_clicked)
        self.delete_button.clicked.connect(self._on_delete_clicked)
        self.export_button.clicked.connect(self._on_export_clicked)
        self._current_id: int | None = None
        self._update_buttons()

    def show_notice(self, text: str) -> None:
        self.notice.setText(text)
        self.notice.setVisible(True)

    def show_conversations(self, summaries: Sequence[ConversationSummary]) -> None:
        # Keep the row the user picked (for rename or export); else mark the open one.
        picked = self.selected()
        keep = picked[0] if picked is not None else self._current_id
        self.items.blockSignals(True)
        self.items.clear()
        for summary in summaries:
            when = datetime.fromtimestamp(summary.updated_at).strftime("%Y-%m-%d %H:%M")
            item = QListWidgetItem(summary.title)
            item.setData(_ID_ROLE, summary.id)
            tip = self.tr("{when} · %n message(s)", "", summary.message_count).format(when=when)
            if summary.snippet:
                tip += "\n" + summary.snippet
            item.setToolTip(tip)
            self.items.addItem(item)
            if summary.id == keep:
                self.items.setCurrentItem(item)
        self.items.blockSignals(False)
        self._update_buttons()

    def set_current(self, conversation_id: int | None) -> None:
        self._current_id = conversation_id
        self.items.blockSignals(True)
        self.items.setCurrentRow(-1)
        for row in range(self.items.count()):
            item = self.items.item(row)
            if item.data(_ID_ROLE) == conversation_id:
                self.items.setCurrentItem(item)
        self.items.blockSignals(False)
        self._update_buttons()

    def selected(self) -> tuple[int, str] | None:
        item = self.items.currentItem()
        if item is None:
            return None
        return int(item.data(_ID_ROLE)), item.text()

    def _update_buttons(self) -> None:
        chosen = self.items.currentItem() is not None
        for button in (self.rename_button, self.delete_button, self.export_button):
            button.setEnabled(chosen)

    def _on_items_activated(self, item: QListWidgetItem) -> None:
        conversation_id = int(item.data(_ID_ROLE))
        if conversation_id != self._current_id:
            self._current_id = conversation_id
            self.open_requested.emit(conversation_id)

    def _on_rename_clicked(self) -> None:
        chosen = self.selected()
        if chosen is None:
            return
        title = self.ask_title(chosen[1])
        if title and title.strip() and title.strip() != chosen[1]:
            self.rename_requested.emit(chosen[0], title.strip())

    def _on_delete_clicked(self) -> None:
        chosen = self.selected()
        if chosen is not None and self.confirm_delete(chosen[1]):
            self.delete_requested.emit(chosen[0])

    def _on_export_clicked(self) -> None:
        chosen = self.selected()
        if chosen is None:
            return
        target = self.ask_export_path(chosen[1])
        if target is not None:
            self.export_requested.emit(chosen[0], target)

    def _ask_title(self, current: str) -> str | None:
        title, accepted = QInputDialog.getText(
            self, self.tr("Rename conversation"), self.tr("Title:"), text=current
        )
        return title if accepted else None

    def _confirm_delete(self, title: str) -> bool:
        answer = QMessageBox.question(
            self,
            self.tr("Delete conversation"),
            self.tr("Delete “{title}” and all its messages?").format(title=title),
        )
        return answer == QMessageBox.StandardButton.Yes

    def _ask_export_path(self, title: str) -> Path | None:
        safe = "".join(c if c.isalnum() or c in " -_" else "_" for c in title).strip() or "chat"
        markdown, json = self.tr("Markdown (*.md)"), self.tr("JSON (*.json)")
        path, chosen = QFileDialog.getSaveFileName(
            self, self.tr("Export conversation"), f"{safe}.md", f"{markdown};;{json}"
        )
        if not path:
            return None
        target = Path(path)
        # The format follows the file's suffix; a name typed without one takes the filter's.
        if target.suffix.lower() not in (".md", ".markdown", ".json"):
            target = target.with_name(target.name + (".json" if chosen == json else ".md"))
        return target


def _icon_button(name: str, icon_name: str, label: str) -> QPushButton:
    button = QPushButton()
    button.setObjectName(name)
    set_icon(button, icon_name)
    set_role(button, "flat")
    button.setAccessibleName(label)
    button.setToolTip(label)
    return button
