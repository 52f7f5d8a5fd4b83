"""The question under the conversation when the model calls a tool from an MCP server: the
tool, its server and the arguments as indented JSON, with Allow once, Always allow this
tool (in this conversation, until the app quits) and Deny.

Keyboard: the prompt takes the focus when it opens, on Allow once; Enter presses the
focused button (Allow once unless another was chosen with Tab), Esc denies (inside the
prompt it is the prompt's, not the chat's Stop), Alt+A, Alt+L and Alt+D press the three
buttons. The service asks one call at a time; a question withdrawn by Stop is taken away.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFontDatabase, QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from studio.core.chat.tool_loop import Approval
from studio.services.tool_approvals import ApprovalAsked
from studio.ui.common.design import SPACE_M, SPACE_S, SPACE_XS, set_role

_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
# The most lines of arguments shown at once; longer ones scroll.
ARGUMENT_LINES = 8


class ToolApprovalPrompt(QFrame):
    decided = Signal(int, object)  # ticket, Approval

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chat-tool-approval")
        self.setAccessibleName(self.tr("Tool call waiting for your approval"))
        set_role(self, "card")
        self._asked: list[ApprovalAsked] = []

        self.heading = QLabel()
        self.heading.setObjectName("chat-tool-approval-heading")
        self.heading.setTextFormat(Qt.TextFormat.PlainText)  # a server names its own tools
        self.heading.setWordWrap(True)
        bold = self.heading.font()
        bold.setBold(True)
        self.heading.setFont(bold)
        self.arguments = QPlainTextEdit()
        self.arguments.setObjectName("chat-tool-approval-arguments")
        self.arguments.setAccessibleName(self.tr("Arguments of the call"))
        self.arguments.setReadOnly(True)
        self.arguments.setTabChangesFocus(True)
        self.arguments.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.allow_once = QPushButton(self.tr("&Allow once"))
        self.allow_once.setObjectName("chat-tool-allow-once")
        set_role(self.allow_once, "primary")
        self.allow_always = QPushButton(self.tr("A&lways allow this tool"))
        self.allow_always.setObjectName("chat-tool-allow-always")
        self.allow_always.setToolTip(
            self.tr("Runs this tool without asking for the rest of this conversation.")
        )
        self.deny = QPushButton(self.tr("&Deny"))
        self.deny.setObjectName("chat-tool-deny")
        set_role(self.deny, "danger")
        self.note = QLabel(
            self.tr(
                "“Always” lasts for this conversation until Studio quits. Enter allows once, "
                "Esc denies; a denied call is not run and the model is told."
            )
        )
        self.note.setObjectName("chat-tool-approval-note")
        self.note.setWordWrap(True)
        set_role(self.note, "caption")

        buttons = QHBoxLayout()
        buttons.setSpacing(SPACE_S)
        buttons.addWidget(self.allow_once)
        buttons.addWidget(self.allow_always)
        buttons.addStretch(1)
        buttons.addWidget(self.deny)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(SPACE_M, SPACE_M, SPACE_M, SPACE_M)
        layout.setSpacing(SPACE_S)
        layout.addWidget(self.heading)
        layout.addWidget(self.arguments)
        layout.addLayout(buttons)
        layout.addWidget(self.note)

        self.allow_once.clicked.connect(lambda: self._decide(Approval.ONCE))
        self.allow_always.clicked.connect(lambda: self._decide(Approval.ALWAYS))
        self.deny.clicked.connect(lambda: self._decide(Approval.DENY))
        self.setVisible(False)

    @property
    def ticket(self) -> int | None:
        """The question shown, if any."""
        return self._asked[0].ticket if self._asked else None

    def ask(self, asked: ApprovalAsked) -> None:
        """Show a call waiting for the person (after any already shown)."""
        self._asked.append(asked)
        if len(self._asked) == 1:
            self._show_first()

    def withdraw(self, ticket: int) -> bool:
        """The question `ticket` was answered or withdrawn (a stop): taken away. True
        when the prompt went away with the keyboard's focus, for the chat to take it."""
        first = self.ticket
        self._asked = [asked for asked in self._asked if asked.ticket != ticket]
        if not self._asked:
            focused = self.focusWidget()
            had_focus = focused is not None and focused.hasFocus() and self.isAncestorOf(focused)
            self.setVisible(False)
            return had_focus
        if first == ticket:
            self._show_first()
        return False

    def _show_first(self) -> None:
        request = self._asked[0].request
        call = request.call
        if request.server:
            heading = self.tr("Run the tool {tool} of the MCP server {server}?").format(
                tool=call.name, server=request.server
            )
        else:
            heading = self.tr("Run the tool {tool}?").format(tool=call.name)
        self.heading.setText(heading)
        arguments = call.pretty_arguments() or "{}"
        self.arguments.setPlainText(arguments)
        self._fit_arguments(arguments.count("\n") + 1)
        self.setVisible(True)
        self.allow_once.setFocus(Qt.FocusReason.OtherFocusReason)

    def _fit_arguments(self, lines: int) -> None:
        """As tall as the arguments, up to ARGUMENT_LINES lines (then it scrolls), so the
        conversation above keeps its room."""
        shown = min(max(lines, 1), ARGUMENT_LINES)
        # The frame, the document's margin and the style sheet's padding, above and below.
        margins = self.arguments.frameWidth() + int(self.arguments.document().documentMargin())
        padding = 2 * (margins + SPACE_XS)
        self.arguments.setFixedHeight(shown * self.arguments.fontMetrics().lineSpacing() + padding)

    def _decide(self, approval: Approval) -> None:
        ticket = self.ticket
        if ticket is not None:
            self.decided.emit(ticket, approval)

    # -- keyboard --------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        # Esc inside the prompt denies the call: it must not reach the chat's Stop shortcut.
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Escape
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self._decide(Approval.DENY)
            return
        if event.key() in _ENTER:
            focused = self.focusWidget()
            if isinstance(focused, QPushButton) and self.isAncestorOf(focused):
                focused.click()
            else:
                self._decide(Approval.ONCE)
            return
        super().keyPressEvent(event)
