"""One message in the conversation: header, reasoning, answer blocks, status and actions."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from studio.core.chat import AnswerStats, Message, MessageStatus, Role
from studio.ui.chat.blocks import CodeBlock, Highlighter, ProseBlock, ReasoningBlock
from studio.ui.chat.markdown import split_blocks


class MessageWidget(QFrame):
    edit_requested = Signal(int)  # message id
    regenerate_requested = Signal()

    def __init__(
        self, message: Message, highlighter: Highlighter, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName(f"chat-message-{message.role.value}")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.message_id = message.id
        self.role = message.role
        self._highlighter = highlighter
        self.content = message.content
        self.reasoning_text = message.reasoning
        self.status = message.status
        self.render_count = 0  # how many times blocks were re-rendered (tests, bench)

        self.role_label = QLabel(self._role_title(message))
        self.role_label.setObjectName("chat-role")
        self.stats_label = QLabel()
        self.stats_label.setObjectName("chat-stats")
        header = QHBoxLayout()
        header.addWidget(self.role_label)
        header.addStretch(1)
        header.addWidget(self.stats_label)

        self.reasoning = ReasoningBlock()
        self._blocks_layout = QVBoxLayout()
        self._blocks_layout.setSpacing(6)
        self.blocks: list[ProseBlock | CodeBlock] = []

        self.status_label = QLabel()
        self.status_label.setObjectName("chat-status")
        self.status_label.setWordWrap(True)

        self.copy_button = QPushButton(self.tr("Copy"))
        self.copy_button.setObjectName("chat-copy-message")
        self.copy_button.setAccessibleName(self.tr("Copy the message"))
        self.copy_button.clicked.connect(self._on_copy_clicked)
        self.edit_button = QPushButton(self.tr("Edit"))
        self.edit_button.setObjectName("chat-edit")
        self.edit_button.setAccessibleName(self.tr("Edit and resend this message"))
        self.edit_button.clicked.connect(lambda: self.edit_requested.emit(self.message_id))
        self.edit_button.setVisible(message.role is Role.USER)
        self.regenerate_button = QPushButton(self.tr("Regenerate"))
        self.regenerate_button.setObjectName("chat-regenerate")
        self.regenerate_button.setAccessibleName(self.tr("Answer this again"))
        self.regenerate_button.clicked.connect(self.regenerate_requested.emit)
        self.regenerate_button.setVisible(False)
        actions = QHBoxLayout()
        actions.addWidget(self.copy_button)
        actions.addWidget(self.edit_button)
        actions.addWidget(self.regenerate_button)
        actions.addStretch(1)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addLayout(header)
        layout.addWidget(self.reasoning)
        layout.addLayout(self._blocks_layout)
        layout.addWidget(self.status_label)
        layout.addLayout(actions)
        self._render()
        self.show_finished(message)

    def _role_title(self, message: Message) -> str:
        if message.role is Role.USER:
            return self.tr("You")
        if message.role is Role.SYSTEM:
            return self.tr("System")
        return (
            self.tr("Assistant ({model})").format(model=message.model)
            if message.model
            else (self.tr("Assistant"))
        )

    @property
    def streaming(self) -> bool:
        return self.status is MessageStatus.STREAMING

    def append(self, content: str, reasoning: str) -> None:
        """Streamed text: only the blocks that changed are rendered again."""
        if reasoning:
            self.reasoning_text += reasoning
            self.reasoning.set_reasoning(self.reasoning_text, thinking=not self.content)
        if content:
            self.content += content
            self._render()

    def show_finished(self, message: Message) -> None:
        self.status = message.status
        if message.content != self.content:
            self.content = message.content
            self._render()
        self.reasoning_text = message.reasoning
        self.reasoning.set_reasoning(message.reasoning, thinking=self.streaming)
        self.stats_label.setText(self._stats_text(message.stats))
        self.status_label.setText(self._status_text(message))
        self.status_label.setVisible(bool(self.status_label.text()))
        self.copy_button.setEnabled(not self.streaming)
        self.edit_button.setEnabled(not self.streaming)

    def replace_content(self, content: str) -> None:
        self.content = content
        self._render()

    def set_regenerate_visible(self, visible: bool) -> None:
        self.regenerate_button.setVisible(visible and self.role is Role.ASSISTANT)

    def set_actions_enabled(self, enabled: bool) -> None:
        self.edit_button.setEnabled(enabled)
        self.regenerate_button.setEnabled(enabled)

    def _render(self) -> None:
        self.render_count += 1
        blocks = split_blocks(self.content)
        for index, block in enumerate(blocks):
            widget = self.blocks[index] if index < len(self.blocks) else None
            wanted = ProseBlock if block.kind == "prose" else CodeBlock
            if not isinstance(widget, wanted):
                replacement = self._new_block(block.kind)
                if widget is None:
                    self.blocks.append(replacement)
                    self._blocks_layout.addWidget(replacement)
                else:
                    self._blocks_layout.replaceWidget(widget, replacement)
                    widget.deleteLater()
                    self.blocks[index] = replacement
                widget = replacement
            widget.show_block(block)
        for extra in self.blocks[len(blocks) :]:
            self._blocks_layout.removeWidget(extra)
            extra.deleteLater()
        del self.blocks[len(blocks) :]

    def _new_block(self, kind: str) -> ProseBlock | CodeBlock:
        return ProseBlock() if kind == "prose" else CodeBlock(self._highlighter)

    def _stats_text(self, stats: AnswerStats) -> str:
        parts = []
        if stats.tokens_per_second is not None:
            parts.append(self.tr("{rate:.1f} tokens/s").format(rate=stats.tokens_per_second))
        if stats.ttft_ms is not None:
            parts.append(self.tr("first token {ms:.0f} ms").format(ms=stats.ttft_ms))
        if stats.completion_tokens is not None:
            parts.append(self.tr("{n} tokens").format(n=stats.completion_tokens))
        return " · ".join(parts)

    def _status_text(self, message: Message) -> str:
        if message.status is MessageStatus.CANCELLED:
            return self.tr("Stopped.")
        if message.status is MessageStatus.INTERRUPTED:
            if message.error_code == "chat_app_stopped":
                return self.tr("Interrupted: the app closed while this answer was written.")
            return self.tr("Interrupted: the connection to the engine was lost.")
        if message.status is MessageStatus.FAILED:
            return self.tr("The engine refused this request ({code}).").format(
                code=message.error_code or "?"
            )
        return ""

    def _on_copy_clicked(self) -> None:
        QGuiApplication.clipboard().setText(self.content)
