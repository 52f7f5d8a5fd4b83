"""The person's word on each tool call the model makes, asked through the UI.

The tool loop (`core/chat/tool_loop.py`) awaits `ask`; this emits `asked` with a ticket,
and the chat's approval prompt answers it with `answer(ticket, approval)`. A stop (the
loop's task cancelled) withdraws the question: `closed` tells the prompt to go away. What
the person allowed "always" is kept here for the app's session, per conversation.
"""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from studio.core.chat.tool_loop import AlwaysAllowed, Approval, ApprovalRequest


@dataclass(frozen=True)
class ApprovalAsked:
    """A call waiting for the person; `ticket` is what the answer names."""

    ticket: int
    request: ApprovalRequest


class ToolApprovals(QObject):
    asked = Signal(object)  # ApprovalAsked
    closed = Signal(int)  # the ticket answered or withdrawn

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.allowed = AlwaysAllowed()  # until the app quits; never stored
        self._waiting: dict[int, asyncio.Future[Approval]] = {}
        self._tickets = itertools.count(1)

    @property
    def waiting(self) -> tuple[int, ...]:
        """The tickets not answered yet."""
        return tuple(self._waiting)

    async def ask(self, request: ApprovalRequest) -> Approval:
        """The person's answer to `request` (cancelled with the task that asks)."""
        ticket = next(self._tickets)
        answer: asyncio.Future[Approval] = asyncio.get_running_loop().create_future()
        self._waiting[ticket] = answer
        self.asked.emit(ApprovalAsked(ticket, request))
        try:
            return await answer
        finally:
            del self._waiting[ticket]
            self.closed.emit(ticket)

    def answer(self, ticket: int, approval: Approval) -> None:
        """The person's answer; one for a question no longer asked is ignored."""
        answer = self._waiting.get(ticket)
        if answer is not None and not answer.done():
            answer.set_result(approval)
