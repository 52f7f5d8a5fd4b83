"""What fits in the model's context: the composer's meter and the text files dropped on it.

The meter counts what pressing Send would send now (the system prompt, the conversation's
history, the draft and the tools offered, the MCP servers' included when the conversation
runs them: `ChatService.sending_backend`) with the engine's own tokenizer. Typing restarts
a short pause; when it ends one count runs as a task, and a newer count cancels an older
one still running, so an answer that arrives late never overwrites a newer one.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import httpx
from PySide6.QtCore import QObject, QTimer, Signal

from studio.core.chat.context import ContextLevel, ContextUse, TokenCounter
from studio.core.chat.models import OverflowPolicy
from studio.core.chat.text_files import TextFile, TextFileError, fenced_block, read_text_file
from studio.core.errors import Problem, StudioError
from studio.core.server.client import ServerError
from studio.core.tasks import TaskOwner
from studio.services.background import Background
from studio.services.chat_service import AnswerDelta, ChatService

log = logging.getLogger(__name__)

TYPING_PAUSE_MS = 250
STREAMING_RECOUNT_MS = 1000
# What a count can fail with while the engine changes under it; the meter then says nothing.
COUNT_ERRORS = (httpx.HTTPError, ServerError, StudioError, ValueError, KeyError, TypeError)


@dataclass(frozen=True)
class ContextMeasured:
    """The context a request sent now would take (None when no model can count it), and
    what the conversation does when it does not fit."""

    use: ContextUse | None
    policy: OverflowPolicy = OverflowPolicy.STOP
    # With "drop the oldest" and a request over the context: the tokens of the system
    # prompt and the draft alone, the least that dropping can leave.
    floor: int | None = None
    draft: str = ""  # the draft this count is for


@dataclass(frozen=True)
class TextAttached:
    """A dropped text file that fits: `block` goes into the draft under a line naming it."""

    file: TextFile
    block: str
    tokens: int


class ContextService(QObject):
    measured = Signal(object)  # ContextMeasured
    text_attached = Signal(object)  # TextAttached
    attach_refused = Signal(object)  # Problem

    def __init__(
        self,
        chat: ChatService,
        tasks: TaskOwner,
        *,
        pause_ms: int = TYPING_PAUSE_MS,
        recount_ms: int = STREAMING_RECOUNT_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._chat = chat
        self._work = Background(tasks)
        self._draft = ""
        self.use: ContextUse | None = None
        self._closed = False
        self._pause = QTimer(self)
        self._pause.setSingleShot(True)
        self._pause.setInterval(pause_ms)
        self._pause.timeout.connect(self._count_now)
        # Whatever changes what Send would send counts again (the draft stays as it is).
        # While an answer streams the context fills: count again about once a second
        # (the engine counts on its HTTP thread, beside the generation).
        self._streaming = QTimer(self)
        self._streaming.setSingleShot(True)
        self._streaming.setInterval(recount_ms)
        self._streaming.timeout.connect(self._count_now)
        self._streaming_id: int | None = None
        self._streamed = ""
        chat.answer_delta.connect(self._on_answer_delta)
        chat.answer_finished.connect(self._forget_streamed)
        chat.conversation_opened.connect(self._forget_streamed)
        for signal in (
            chat.conversation_opened,
            chat.conversation_changed,
            chat.answer_finished,
            chat.branch_shown,  # a regenerate, an edit or paging changed what is sent
            chat.capabilities_changed,
            chat.tools_available,  # the MCP servers' tools came or went
        ):
            signal.connect(self._on_chat_changed)

    def measure(self, draft: str) -> None:
        """The draft changed: count again once typing pauses."""
        self._draft = draft
        if not self._closed:
            self._pause.start()

    def measure_now(self, draft: str) -> asyncio.Task[ContextMeasured | None] | None:
        """Count at once (no pause); None when no event loop runs to count on."""
        self._draft = draft
        self._pause.stop()
        return self._count_now()

    def recount(self, *_: object) -> None:
        """Something the request carries changed outside the chat (an MCP server started
        or stopped, so the tools offered did): count again once typing pauses."""
        self._on_chat_changed()

    def close(self) -> None:
        """No count starts from now on (the app is quitting; its tasks are cancelled)."""
        self._closed = True
        self._pause.stop()
        self._streaming.stop()

    def _on_answer_delta(self, delta: AnswerDelta) -> None:
        # A streaming answer is not yet part of what Send would send; it will be once
        # done, and it fills the context as it grows: counted with the rest meanwhile.
        self._streamed = (
            self._streamed + delta.content
            if delta.message_id == self._streaming_id
            else delta.content
        )
        self._streaming_id = delta.message_id
        if not self._closed and not self._streaming.isActive():
            self._streaming.start()

    def _forget_streamed(self, *_: object) -> None:
        self._streaming_id, self._streamed = None, ""

    def _on_chat_changed(self, *_: object) -> None:
        if not self._closed:
            self._pause.start()

    def _count_now(self) -> asyncio.Task[ContextMeasured | None] | None:
        if self._closed:
            return None
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no loop runs to count on (and no one to show the count)
            return None
        draft = self._draft
        # A newer count cancels the one before: its answer would be stale.
        return self._work.run(
            "context-count", lambda: self._count(draft), self._counted, latest=True
        )

    async def _count(self, draft: str) -> ContextMeasured:
        use = await self._use_with(draft)
        policy = self._chat.settings.overflow_policy
        floor = None
        if (
            use is not None
            and use.level is ContextLevel.OVER
            and policy is OverflowPolicy.DROP_OLDEST
        ):
            floor = await self._floor(draft)
        return ContextMeasured(use, policy, floor, draft)

    def _counted(self, measured: ContextMeasured) -> None:
        self.use = measured.use
        self.measured.emit(measured)

    async def _floor(self, draft: str) -> int | None:
        backend = self._chat.sending_backend
        if not isinstance(backend, TokenCounter):
            return None
        messages = await self._chat.request_preview(draft)
        least = [m for m in messages[:1] if m.get("role") == "system"] + messages[-1:]
        try:
            return await backend.count_prompt_tokens(least, self._chat.settings.request_options())
        except COUNT_ERRORS as error:
            log.info("could not count the context: %s", error)
            return None

    async def _use_with(self, draft: str) -> ContextUse | None:
        backend = self._chat.sending_backend  # with the MCP tools the turn will offer
        if not isinstance(backend, TokenCounter):
            return None
        try:
            messages = await self._chat.request_preview(draft)
            if self._streamed:
                answer = {"role": "assistant", "content": self._streamed}
                messages.insert(len(messages) - (1 if draft.strip() else 0), answer)
            used = await backend.count_prompt_tokens(
                messages, self._chat.settings.request_options()
            )
            size = await backend.context_size()
        except COUNT_ERRORS as error:
            log.info("could not count the context: %s", error)
            return None
        return ContextUse(used, size)

    # -- text files ---------------------------------------------------------------------

    def attach_files(self, paths: Sequence[Path], draft: str) -> asyncio.Task[None]:
        """Read each file, count it, and add it to `draft` when it fits (`text_attached`);
        say why not otherwise (`attach_refused`). One after the other, in order."""
        files = list(paths)
        return self._work.run("context-attach", lambda: self._attach_all(files, draft))

    async def _attach_all(self, paths: list[Path], draft: str) -> None:
        for path in paths:
            attached = await self._attach(path, draft)
            if attached is not None:
                draft = f"{draft}\n\n{attached.block}" if draft.strip() else attached.block

    async def _attach(self, path: Path, draft: str) -> TextAttached | None:
        try:
            file = await asyncio.to_thread(read_text_file, path)
        except TextFileError as error:
            self.attach_refused.emit(Problem.of(error))
            return None
        backend = self._chat.backend
        if not isinstance(backend, TokenCounter):
            self.attach_refused.emit(Problem("chat_no_model", "no model can count the file"))
            return None
        block = fenced_block(file)
        try:
            tokens = await backend.count_text_tokens(file.text)
            before = await self._use_with(draft)
            after = await self._use_with(f"{draft}\n\n{file.name}\n{block}")
        except COUNT_ERRORS as error:
            self.attach_refused.emit(Problem("chat_connection_lost", str(error)))
            return None
        if before is None or after is None:
            self.attach_refused.emit(Problem("chat_connection_lost", "the count failed"))
            return None
        if after.used >= after.size:
            self.attach_refused.emit(
                Problem(
                    "chat_attach_overflow",
                    f"{path}: {after.used} of {after.size} tokens",
                    {
                        "name": file.name,
                        "tokens": tokens,
                        "left": before.left,
                        "context_tokens": after.size,
                    },
                )
            )
            return None
        attached = TextAttached(file, block, tokens)
        self.text_attached.emit(attached)
        return attached
