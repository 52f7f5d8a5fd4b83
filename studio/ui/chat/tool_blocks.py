"""Tool calls in the transcript: one folded block per call under the answer that made it.

Folded, a block shows the tool's name and whether it has a result, and whose: run on an
MCP server by the tool loop, or typed by the person (as the `tool` message stores it);
unfolded, the arguments as indented JSON and the result. "Give result" opens a small
editor; the result is stored as a `tool` message (which the view routes here instead of
showing it as a turn) and the model goes on from it. Each answer's blocks live in their
own frame between its body and its footer, so neither the streaming body nor the
footer's links ever touch them.
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
from studio.core.chat.tools import ResultSource, ToolCall

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
        self.sources: dict[str, ResultSource | None] = {}  # tool call id -> who gave it
        self.running: dict[str, str] = {}  # tool call id -> the MCP server running it
        self.asking: set[str] = set()  # tool call ids waiting for the person's approval
        self.expanded: set[tuple[int, int]] = set()  # (answer id, call index)
        self._frames: dict[int, QTextFrame] = {}
        self._answer_busy = False
        self._streaming: int | None = None  # the answer whose calls are being written

    def clear(self) -> None:
        self.calls.clear()
        self.results.clear()
        self.sources.clear()
        self.running.clear()
        self.asking.clear()
        self.expanded.clear()
        self._frames.clear()

    def set_busy(self, busy: bool) -> None:
        """While an answer streams, no result can be given (the model is not waiting)."""
        self._answer_busy = busy
        if not busy:  # a stop cancels a running call: it waits for a result again
            self.running.clear()
            self.asking.clear()
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

    def show_asking(self, answer_id: int, call_id: str) -> None:
        """A call waiting for the person's approval (until it runs, has a result, or the
        answer is stopped)."""
        self.asking.add(call_id)
        if answer_id in self.calls:
            self._render(answer_id)

    def show_running(self, answer_id: int, call_id: str, server: str) -> None:
        """A call approved and running on the MCP server `server`."""
        self.asking.discard(call_id)
        self.running[call_id] = server
        if answer_id in self.calls:
            self._render(answer_id)

    def add_result(self, message: Message) -> None:
        """A stored `tool` message: shown in the block of the call it answers."""
        if message.tool_call_id is None:
            return
        self.results[message.tool_call_id] = message.content
        self.sources[message.tool_call_id] = message.tool_source
        self.running.pop(message.tool_call_id, None)
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

    def _given_by(self, source: ResultSource | None) -> str:
        """Whose result a call has: the server's it ran on, or the person's."""
        if source is None:
            return self.tr("result typed by you")
        if source.ran:
            return self.tr("ran on {server}").format(server=source.server)
        return self.tr("not run on {server}").format(server=source.server)

    def _call_html(self, answer_id: int, index: int, call: ToolCall) -> str:
        expanded = (answer_id, index) in self.expanded
        result = self.results.get(call.id)
        arrow = "▾" if expanded else "▸"
        fold = f"{SCHEME}:fold/{answer_id}/{index}"
        name = html.escape(call.name or self.tr("(name not written yet)"))
        if result is not None:
            state = self._given_by(self.sources.get(call.id))
        elif call.id in self.asking:
            state = self.tr("waiting for your approval")
        elif call.id in self.running:
            state = self.tr("running on {server}…").format(server=self.running[call.id])
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
