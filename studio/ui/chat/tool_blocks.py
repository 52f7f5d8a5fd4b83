"""Tool calls in the transcript: one folded block per call under the answer that made it.

Folded, a block shows the tool's name and whether it has a result; unfolded, the arguments
as indented JSON and the result. "Give result" opens a small editor; the result is stored
as a `tool` message (which the view routes here instead of showing it as a turn) and the
model goes on from it. Each answer's blocks live in their own frame between its body and
its footer, so neither the streaming body nor the footer's links ever touch them.
"""

from __future__ import annotations

import html

import shiboken6
from PySide6.QtCore import QObject, QUrl, Signal
from PySide6.QtGui import QFontDatabase, QTextCursor, QTextFrame, QTextFrameFormat
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from studio.core.chat import Message
from studio.core.chat.tools import ToolCall

SCHEME = "studio-tool"


class ToolResultDialog(QDialog):
    """The result of one call, as the user gives it (text or JSON)."""

    def __init__(self, call: ToolCall, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chat-tool-result-dialog")
        self.setWindowTitle(self.tr("Result of {name}").format(name=call.name))
        self.editor = QPlainTextEdit()
        self.editor.setObjectName("chat-tool-result")
        self.editor.setAccessibleName(self.tr("Tool result"))
        self.editor.setPlaceholderText(self.tr('What the tool returned, e.g. {"temp_c": 21}'))
        self.editor.setTabChangesFocus(True)
        self.editor.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        arguments = QLabel(
            self.tr("{name} was called with:").format(name=html.escape(call.name))
            + f"<pre>{html.escape(call.pretty_arguments())}</pre>"
        )
        arguments.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("Send result"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(arguments)
        layout.addWidget(self.editor, 1)
        layout.addWidget(buttons)
        self.resize(460, 320)

    def result_text(self) -> str:
        return self.editor.toPlainText().strip()


class ToolBlocks(QObject):
    # answer id, tool call id, result text
    result_given = Signal(int, str, str)

    def __init__(self, view: QTextBrowser) -> None:
        super().__init__(view)
        self._view = view
        self.calls: dict[int, tuple[ToolCall, ...]] = {}
        self.results: dict[str, str] = {}  # tool call id -> result
        self.expanded: set[tuple[int, int]] = set()  # (answer id, call index)
        self._frames: dict[int, QTextFrame] = {}
        self._answer_busy = False
        self._streaming: int | None = None  # the answer whose calls are being written

    def clear(self) -> None:
        self.calls.clear()
        self.results.clear()
        self.expanded.clear()
        self._frames.clear()

    def set_busy(self, busy: bool) -> None:
        """While an answer streams, no result can be given (the model is not waiting)."""
        self._answer_busy = busy
        for answer_id in list(self.calls):
            self._render(answer_id)

    def show_calls(
        self, answer_id: int, calls: tuple[ToolCall, ...], streaming: bool = False
    ) -> None:
        """The calls an answer made so far (`streaming`) or in the end."""
        if streaming:
            self._streaming = answer_id
        elif self._streaming == answer_id:
            self._streaming = None
        if not calls and answer_id not in self.calls:
            return
        self.calls[answer_id] = calls
        self._render(answer_id)

    def add_result(self, message: Message) -> None:
        """A stored `tool` message: shown in the block of the call it answers."""
        if message.tool_call_id is None:
            return
        self.results[message.tool_call_id] = message.content
        for answer_id, calls in self.calls.items():
            if any(call.id == message.tool_call_id for call in calls):
                self._render(answer_id)

    def text_of(self, answer_id: int) -> str:
        """The rendered plain text of an answer's blocks (tests, accessibility)."""
        frame = self._frames.get(answer_id)
        if frame is None or not shiboken6.isValid(frame):
            return ""
        cursor = frame.firstCursorPosition()
        cursor.setPosition(frame.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        return cursor.selection().toPlainText()

    def waiting(self, answer_id: int) -> list[ToolCall]:
        """The calls of an answer that have no result yet."""
        return [call for call in self.calls.get(answer_id, ()) if call.id not in self.results]

    # -- links -----------------------------------------------------------------------------

    def handle_link(self, url: QUrl) -> bool:
        """Follow a block's link; False for links that are not the blocks'."""
        if url.scheme() != SCHEME:
            return False
        action, _, rest = url.path().partition("/")
        numbers = [int(part) for part in rest.split("/") if part.isdigit()]
        if len(numbers) != 2 or numbers[0] not in self.calls:
            return True
        answer_id, index = numbers
        calls = self.calls[answer_id]
        if index >= len(calls):
            return True
        if action == "fold":
            self.expanded ^= {(answer_id, index)}
            self._render(answer_id)
        elif action == "result" and not self._answer_busy:
            self.ask_result(answer_id, index)
        return True

    def ask_result(self, answer_id: int, index: int) -> ToolResultDialog:
        """Open the editor for one call's result; its OK gives the result."""
        call = self.calls[answer_id][index]
        dialog = ToolResultDialog(call, self._view)
        dialog.setModal(True)

        def accepted() -> None:
            self.result_given.emit(answer_id, call.id, dialog.result_text())

        dialog.accepted.connect(accepted)
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()
        return dialog

    # -- rendering -------------------------------------------------------------------------

    def _frame(self, answer_id: int) -> QTextFrame | None:
        entries = getattr(self._view, "messages", {})
        entry = entries.get(answer_id)
        if entry is None:
            return None
        frame = self._frames.get(answer_id)
        if frame is not None and shiboken6.isValid(frame):
            return frame
        # Right after the body frame: a frame of its own at the root of the document.
        cursor = QTextCursor(self._view.document())
        cursor.setPosition(entry.body.lastPosition() + 1)
        frame_format = QTextFrameFormat()
        frame_format.setTopMargin(4)
        frame_format.setBorder(0)
        frame = cursor.insertFrame(frame_format)
        self._frames[answer_id] = frame
        return frame

    def _render(self, answer_id: int) -> None:
        frame = self._frame(answer_id)
        if frame is None:
            return
        parts = [self._call_html(answer_id, i, c) for i, c in enumerate(self.calls[answer_id])]
        cursor = frame.firstCursorPosition()
        cursor.setPosition(frame.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        cursor.beginEditBlock()
        cursor.removeSelectedText()
        cursor.insertHtml("".join(parts))
        cursor.endEditBlock()

    def _call_html(self, answer_id: int, index: int, call: ToolCall) -> str:
        expanded = (answer_id, index) in self.expanded
        result = self.results.get(call.id)
        arrow = "▾" if expanded else "▸"
        fold = f"{SCHEME}:fold/{answer_id}/{index}"
        name = html.escape(call.name or self.tr("(name not written yet)"))
        if result is not None:
            state = self.tr("result given")
        elif self._streaming == answer_id:
            state = self.tr("being written…")
        else:
            state = self.tr("waiting for a result")
        head = (
            f"<a href='{fold}'>{arrow} {html.escape(self.tr('Tool call'))}</a> "
            f"<b><code>{name}</code></b> &nbsp;<small><i>{html.escape(state)}</i></small>"
        )
        if result is None and not self._answer_busy:
            give = f"{SCHEME}:result/{answer_id}/{index}"
            head += (
                f" &nbsp;<small><a href='{give}'>{html.escape(self.tr('Give result'))}</a></small>"
            )
        rows = [f"<tr><td>{head}</td></tr>"]
        if expanded:
            arguments = html.escape(call.pretty_arguments() or "{}")
            rows.append(
                f"<tr><td><small>{html.escape(self.tr('Arguments'))}</small>"
                f"<pre style='margin:0; white-space:pre-wrap'>{arguments}</pre></td></tr>"
            )
            if result is not None:
                rows.append(
                    f"<tr><td><small>{html.escape(self.tr('Result'))}</small>"
                    f"<pre style='margin:0; white-space:pre-wrap'>{html.escape(result)}</pre>"
                    "</td></tr>"
                )
        return (
            "<table width='100%' cellpadding='6' "
            "style='background-color:rgba(127,127,127,26); margin-top:4px'>"
            + "".join(rows)
            + "</table>"
        )
