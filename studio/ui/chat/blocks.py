"""The widgets one answer is made of: prose blocks, code blocks with a copy button, and the
collapsible reasoning block."""

from __future__ import annotations

import asyncio
import html

import shiboken6
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from studio.core.tasks import TaskOwner
from studio.ui.chat.markdown import Block, highlight_code

_MONOSPACE = "font-family: monospace;"


def _selectable_label(text_format: Qt.TextFormat) -> QLabel:
    label = QLabel()
    label.setTextFormat(text_format)
    label.setWordWrap(True)
    label.setTextInteractionFlags(
        Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.LinksAccessibleByMouse
    )
    label.setOpenExternalLinks(True)
    label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
    return label


class Highlighter:
    """Highlights finished code blocks off the GUI thread (Pygments needs ~10 ms per 100
    lines), then hands the HTML to the block if it still shows the same code."""

    def __init__(self, tasks: TaskOwner | None) -> None:
        self._tasks = tasks

    def request(self, block: CodeBlock, code: str, language: str) -> None:
        if self._tasks is None:
            block.show_highlighted(code, highlight_code(code, language))
            return
        self._tasks.spawn("highlight-code", self._highlight(block, code, language))

    async def _highlight(self, block: CodeBlock, code: str, language: str) -> None:
        rendered = await asyncio.to_thread(highlight_code, code, language)
        if shiboken6.isValid(block):
            block.show_highlighted(code, rendered)


class ProseBlock(QLabel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chat-prose")
        self.setTextFormat(Qt.TextFormat.MarkdownText)
        self.setWordWrap(True)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByMouse
        )
        self.setOpenExternalLinks(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.source = ""

    def show_block(self, block: Block) -> None:
        if block.text != self.source:
            self.source = block.text
            self.setText(block.text)


class CodeBlock(QFrame):
    copied = Signal(str)

    def __init__(self, highlighter: Highlighter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chat-code")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._highlighter = highlighter
        self.code = ""
        self.language = ""
        self.highlighted = False
        self._closed = False

        self.language_label = QLabel()
        self.language_label.setObjectName("chat-code-language")
        self.copy_button = QPushButton(self.tr("Copy"))
        self.copy_button.setObjectName("chat-code-copy")
        self.copy_button.setAccessibleName(self.tr("Copy code"))
        self.copy_button.clicked.connect(self._on_copy_clicked)
        header = QHBoxLayout()
        header.addWidget(self.language_label)
        header.addStretch(1)
        header.addWidget(self.copy_button)

        self.body = _selectable_label(Qt.TextFormat.RichText)
        self.body.setObjectName("chat-code-body")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        layout.addLayout(header)
        layout.addWidget(self.body)

    def show_block(self, block: Block) -> None:
        if block.text == self.code and block.closed == self._closed:
            return
        self.code, self.language, self._closed = block.text, block.language, block.closed
        self.language_label.setText(block.language or self.tr("code"))
        # Plain while streaming (cheap at every update); highlighted once complete.
        self.highlighted = False
        self.body.setText(
            f'<pre style="margin:0; white-space:pre-wrap; {_MONOSPACE}">'
            f"{html.escape(block.text)}</pre>"
        )
        if block.closed:
            self._highlighter.request(self, block.text, block.language)

    def show_highlighted(self, code: str, rendered: str) -> None:
        if code == self.code:
            self.highlighted = True
            self.body.setText(rendered.replace('<pre style="', f'<pre style="{_MONOSPACE} ', 1))

    def _on_copy_clicked(self) -> None:
        QGuiApplication.clipboard().setText(self.code)
        self.copied.emit(self.code)


class ReasoningBlock(QWidget):
    """The model's thinking, apart from the answer and collapsed unless asked for."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chat-reasoning")
        self.toggle = QToolButton()
        self.toggle.setObjectName("chat-reasoning-toggle")
        self.toggle.setCheckable(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setAutoRaise(True)
        self.toggle.toggled.connect(self._on_toggle_toggled)
        self.text = _selectable_label(Qt.TextFormat.PlainText)
        self.text.setObjectName("chat-reasoning-text")
        self.text.setStyleSheet("color: palette(placeholder-text);")
        self.text.setVisible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.toggle)
        layout.addWidget(self.text)
        self.content = ""
        self.set_reasoning("", thinking=False)

    def set_reasoning(self, text: str, thinking: bool) -> None:
        self.content = text
        self.setVisible(bool(text))
        if self.text.isVisibleTo(self):
            self.text.setText(text)
        label = (
            self.tr("Thinking… ({count} characters)")
            if thinking
            else self.tr("Reasoning ({count} characters)")
        )
        self.toggle.setText(label.format(count=len(text)))
        self.toggle.setAccessibleName(self.tr("Show or hide the reasoning"))

    @property
    def expanded(self) -> bool:
        return self.toggle.isChecked()

    def _on_toggle_toggled(self, expanded: bool) -> None:
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if expanded else Qt.ArrowType.RightArrow)
        # Collapsed reasoning is not laid out at all, so a long chain of thought costs
        # nothing while it streams.
        if expanded:
            self.text.setText(self.content)
        self.text.setVisible(expanded)
