"""The chat pane's service: conversations from the store, answers from a backend.

A turn is the core's (`core.chat.turn`: what is saved, asked and streamed); this service
owns its task, turns its events into signals and paces the streamed text so that it
reaches the UI at most 30 times a second, whatever the token rate. Stop cancels the turn's
task, which closes the HTTP stream and frees the server's slot.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from PySide6.QtCore import QObject, Signal

from studio.core.chat import (
    ChatStore,
    Conversation,
    Message,
    Role,
    SamplingSettings,
    to_json,
    to_markdown,
)
from studio.core.chat.attachments import MAX_IMAGES_PER_MESSAGE, ImageUpload, too_many_images
from studio.core.chat.backend import ChatBackend, TemplateCapabilities
from studio.core.chat.branches import Branch, Versions
from studio.core.chat.recorder import DEFAULT_CHUNK_AGE_S, DEFAULT_CHUNK_CHARS
from studio.core.chat.request import request_messages
from studio.core.chat.token_probs import TokenProb
from studio.core.chat.tool_loop import LoopEvent, LoopStopped, ToolLoop, ToolRunner, ToolRunning
from studio.core.chat.turn import (
    Ask,
    Delta,
    Edit,
    Failed,
    Finished,
    NewConversation,
    Opened,
    Placeholder,
    Regenerate,
    Saved,
    ToolCalls,
    ToolResult,
    Trimmed,
    TurnAsk,
    chat_turn,
)
from studio.core.chat.vision import VisionSupport, cannot_see
from studio.core.errors import Problem, StudioError
from studio.core.tasks import TaskOwner
from studio.services.background import Background, or_os_error
from studio.services.pacer import Pacer
from studio.services.tool_approvals import ToolApprovals
from studio.services.tool_call_relay import ToolCallRelay

log = logging.getLogger(__name__)

UI_UPDATES_PER_SECOND = 30


@dataclass(frozen=True)
class AnswerDelta:
    """Text streamed into an answer since the last update (batched, see DeltaBatcher)."""

    message_id: int
    content: str
    reasoning: str
    # The tokens of `content` with their probabilities, when the conversation asks for them.
    token_probs: tuple[TokenProb, ...] = ()


@dataclass(frozen=True)
class ConversationOpened:
    """The conversation now shown (None: a new one, not stored yet) and its messages."""

    conversation: Conversation | None
    messages: tuple[Message, ...] = ()
    versions: tuple[Versions, ...] = ()  # one per message: where it stands among its versions


@dataclass(frozen=True)
class ChatBackendChanged:
    """A model became ready to chat (`backend`, named `model`), or none is (None)."""

    backend: ChatBackend | None
    model: str | None = None


class DeltaBatcher:
    """Coalesces streamed text so `emit(message_id, content, reasoning)` runs at most
    `rate` times a second; the rest of the time deltas only accumulate."""

    def __init__(
        self,
        emit: Callable[[int, str, str], None],
        rate: float = UI_UPDATES_PER_SECOND,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._emit = emit
        self._pacer = Pacer(rate, clock)
        self._message_id = 0
        self._content: list[str] = []
        self._reasoning: list[str] = []

    def add(self, message_id: int, content: str, reasoning: str) -> None:
        if message_id != self._message_id:
            self.flush()
            self._message_id = message_id
        self._content.append(content)
        self._reasoning.append(reasoning)
        self._pacer.schedule(self.flush)

    def flush(self) -> None:
        self._pacer.unschedule()
        content, reasoning = "".join(self._content), "".join(self._reasoning)
        self._content.clear()
        self._reasoning.clear()
        if content or reasoning:
            self._pacer.delivered()
            self._emit(self._message_id, content, reasoning)


class ChatService(QObject):
    conversations_listed = Signal(object)  # list[ConversationSummary]
    conversation_opened = Signal(object)  # ConversationOpened
    conversation_changed = Signal(object)  # Conversation (title or settings)
    message_added = Signal(object)  # Message
    # Branch: the conversation on screen changed from some message on (a new version, or
    # the user paged to another one); the view keeps what both branches share.
    branch_shown = Signal(object)
    answer_delta = Signal(object)  # AnswerDelta (batched)
    answer_finished = Signal(object)  # Message, as persisted
    tool_calls_changed = Signal(object)  # ToolCallsDelta (throttled)
    tool_running = Signal(object)  # ToolRunning: an approved call runs on its server
    tools_available = Signal(bool)  # whether MCP servers' tools can run (a runner is set)
    busy_changed = Signal(bool)
    capabilities_changed = Signal(object)  # TemplateCapabilities
    backend_changed = Signal(bool)  # whether a model is ready to answer
    failed = Signal(object)  # Problem
    context_trimmed = Signal(object)  # ContextTrimmed: old turns left out of a request

    def __init__(
        self,
        store: ChatStore,
        tasks: TaskOwner,
        backend: ChatBackend | None = None,
        *,
        chunk_chars: int = DEFAULT_CHUNK_CHARS,
        chunk_age_s: float = DEFAULT_CHUNK_AGE_S,
        clock: Callable[[], float] = time.monotonic,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._store = store
        self._work = Background(tasks)
        self._backend = backend
        self._chunk = (chunk_chars, chunk_age_s)
        self._clock = clock
        self._batcher = DeltaBatcher(
            lambda message_id, content, reasoning: self.answer_delta.emit(
                AnswerDelta(message_id, content, reasoning, self._take_tokens())
            ),
            clock=clock,
        )
        self._pending_tokens: list[TokenProb] = []
        self._tool_calls = ToolCallRelay(self.tool_calls_changed.emit, clock=clock)
        # The tools the model may run (the MCP servers'), and the person's word on each call.
        self._tool_runner: ToolRunner | None = None
        self.approvals = ToolApprovals(self)
        self._answer: asyncio.Task[None] | None = None
        self._switch: asyncio.Task[None] | None = None  # paging to another version
        self._search = ""
        self._listings = 0  # listings started, so only the newest is shown
        self._screens = 0  # moves to another conversation (New, Open), see `_turn`
        self.conversation: Conversation | None = None
        # Settings chosen before the first message of a new conversation creates it.
        self._pending_settings = SamplingSettings()
        self.capabilities = TemplateCapabilities()
        self.model_name: str | None = None

    # -- backend -------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self._answer is not None and not self._answer.done()

    @property
    def has_backend(self) -> bool:
        return self._backend is not None

    @property
    def backend(self) -> ChatBackend | None:
        return self._backend

    def use_backend(self, change: ChatBackendChanged) -> None:
        """The manager's word that a model became ready (or went away)."""
        self.set_backend(change.backend, change.model)

    def set_backend(self, backend: ChatBackend | None, model_name: str | None = None) -> None:
        """A model became ready (or went away). Asks the template what it supports."""
        self._backend = backend
        self.model_name = model_name
        self.backend_changed.emit(backend is not None)
        if backend is None:
            self.capabilities = TemplateCapabilities()
            self.capabilities_changed.emit(self.capabilities)
            return
        self._work.run("chat-capabilities", lambda: self._read_capabilities(backend))

    async def _read_capabilities(self, backend: ChatBackend) -> None:
        try:
            capabilities = await backend.template_capabilities()
        except (httpx.HTTPError, StudioError, ValueError) as error:
            log.warning("could not read the chat template's capabilities: %s", error)
            capabilities = TemplateCapabilities()
        if backend is self._backend:
            self.capabilities = capabilities
            self.capabilities_changed.emit(capabilities)

    # -- conversations -------------------------------------------------------------------

    def start(self) -> asyncio.Task[None]:
        """At app start: mark answers a crash cut off, then list the conversations."""
        return self._work.run("chat-start", self._start_up)

    async def _start_up(self) -> None:
        found = await asyncio.to_thread(self._store.mark_unfinished_interrupted)
        if found:
            log.info("%d answer(s) were cut off when the app last stopped", found)
        pruned = await asyncio.to_thread(self._store.prune_images)
        if pruned:
            log.info("%d image(s) of deleted conversations were removed", pruned)
        await self._list(self._search)

    def refresh_list(self, search: str | None = None) -> asyncio.Task[None]:
        if search is not None:
            self._search = search
        search = self._search
        return self._work.run("chat-list", lambda: self._list(search))

    async def _list(self, search: str) -> None:
        self._listings += 1
        listing = self._listings
        summaries = await asyncio.to_thread(self._store.list_conversations, search)
        # A newer listing (another search, or one after a later turn) supersedes this one.
        if listing == self._listings:
            self.conversations_listed.emit(summaries)

    def new_conversation(self) -> None:
        """Start a blank conversation; it is stored with the first message."""
        self.stop()
        self._screens += 1
        settings = self.conversation.settings if self.conversation else SamplingSettings()
        self.conversation = None
        self._pending_settings = settings
        self.conversation_opened.emit(ConversationOpened(None))

    def open(self, conversation_id: int) -> asyncio.Task[object]:
        self.stop()
        self._screens += 1
        return self._work.call(
            "chat-open",
            lambda: (
                self._store.conversation(conversation_id),
                self._store.branch(conversation_id),
            ),
            self._opened,
            self.failed.emit,
            after=self._answer,  # a stopped answer is stored before the reading
        )

    def _opened(self, read: tuple[Conversation, Branch]) -> None:
        conversation, branch = read
        self.conversation = conversation
        self.conversation_opened.emit(
            ConversationOpened(conversation, branch.messages, branch.versions)
        )
        for problem in branch.problems:  # rows left out, links that loop: the rest opened
            log.warning("conversation %d opened in part: %s", conversation.id, problem.detail)
            self.failed.emit(problem)

    def rename(self, conversation_id: int, title: str) -> asyncio.Task[None]:
        return self._work.run("chat-rename", lambda: self._rename(conversation_id, title.strip()))

    async def _rename(self, conversation_id: int, title: str) -> None:
        if not title:
            return
        await asyncio.to_thread(self._store.rename_conversation, conversation_id, title)
        if self.conversation and self.conversation.id == conversation_id:
            self.conversation = await asyncio.to_thread(self._store.conversation, conversation_id)
            self.conversation_changed.emit(self.conversation)
        await self._list(self._search)

    def delete(self, conversation_id: int) -> asyncio.Task[None]:
        if self.conversation and self.conversation.id == conversation_id:
            self.stop()
        return self._work.run(
            "chat-delete", lambda: self._delete(conversation_id), after=self._answer
        )

    async def _delete(self, conversation_id: int) -> None:
        await asyncio.to_thread(self._store.delete_conversation, conversation_id)
        if self.conversation and self.conversation.id == conversation_id:
            self.conversation = None
            self.conversation_opened.emit(ConversationOpened(None))
        await self._list(self._search)

    def export(self, conversation_id: int, target: Path) -> asyncio.Task[None]:
        """Markdown for `.md`, JSON otherwise."""

        def write() -> None:
            conversation = self._store.conversation(conversation_id)
            messages = self._store.messages(conversation_id)
            render = to_markdown if target.suffix.lower() in (".md", ".markdown") else to_json
            target.write_text(render(conversation, messages), encoding="utf-8")

        return self._work.call(
            "chat-export",
            write,
            failed=self.failed.emit,
            expected=or_os_error(lambda error: Problem("chat_export_failed", f"{target}: {error}")),
        )

    def set_settings(self, settings: SamplingSettings) -> asyncio.Task[None] | None:
        if self.conversation is None:
            self._pending_settings = settings
            return None
        self.conversation = Conversation(
            self.conversation.id,
            self.conversation.title,
            self.conversation.created_at,
            self.conversation.updated_at,
            settings,
            self.conversation.model,
        )
        conversation_id = self.conversation.id
        return self._work.call(
            "chat-settings", lambda: self._store.set_settings(conversation_id, settings)
        )

    @property
    def settings(self) -> SamplingSettings:
        if self.conversation is not None:
            return self.conversation.settings
        return self._pending_settings

    # -- turns ---------------------------------------------------------------------------

    def send(self, text: str, images: Sequence[ImageUpload] = ()) -> asyncio.Task[None] | None:
        """Persist `text` (and `images`) as the user's message and stream the answer. Images
        for a model that cannot see them are refused with the reason, and nothing is sent."""
        text = text.strip()
        if (not text and not images) or self.busy:
            return None
        if self._backend is None:
            self.failed.emit(Problem("chat_no_model", "no model is loaded"))
            return None
        if images:
            problem = cannot_see(self.capabilities.vision)
            if problem is None and len(images) > MAX_IMAGES_PER_MESSAGE:
                problem = Problem.of(too_many_images())
            if problem is not None:
                self.failed.emit(problem)
                return None
        where = self.conversation.id if self.conversation else NewConversation(self.settings)
        return self._start(where, Ask(text, tuple(images)))

    def regenerate(self) -> asyncio.Task[None] | None:
        """Answer the last question again; the earlier answers stay as its versions."""
        if self.conversation is None or self.busy or self._backend is None:
            return None
        return self._start(self.conversation.id, Regenerate())

    def edit_and_resend(self, message_id: int, text: str) -> asyncio.Task[None] | None:
        """Ask an earlier question anew: a new version of that user message, answered
        again. The conversation that followed the old version stays, a page away."""
        if self.conversation is None or self.busy or self._backend is None or not text.strip():
            return None
        return self._start(self.conversation.id, Edit(message_id, text.strip()))

    def switch_version(self, message_id: int, step: int) -> asyncio.Task[None] | None:
        """Show the version `step` away from `message_id` (-1 the older, +1 the newer) with
        the turns that followed it. Refused while an answer streams: that answer belongs
        to the branch on screen."""
        if self.conversation is None or self.busy:
            return None
        conversation_id = self.conversation.id
        self._switch = self._work.run(
            "chat-version",
            lambda: self._switch_version(conversation_id, message_id, step),
            failed=self.failed.emit,
        )
        return self._switch

    def give_tool_result(
        self, answer_id: int, tool_call_id: str, result: str
    ) -> asyncio.Task[None] | None:
        """Store the user's result of one call the answer made; once every call of it has
        a result, the model goes on from them."""
        if self.conversation is None or self.busy or self._backend is None:
            return None
        return self._start(self.conversation.id, ToolResult(answer_id, tool_call_id, result))

    # -- tools the model runs (see core.chat.tool_loop) ----------------------------------

    def set_tool_runner(self, runner: ToolRunner | None) -> None:
        """The tools a conversation with "tools from MCP servers" on may run (the app's
        MCP registry); None: only hand-written tools, whose results the person gives."""
        self._tool_runner = runner
        self.tools_available.emit(runner is not None)

    @property
    def has_tool_runner(self) -> bool:
        return self._tool_runner is not None

    @property
    def sending_backend(self) -> ChatBackend | None:
        """The backend the next turn sends through: `backend`, offering the MCP servers'
        tools when this conversation runs them (what the context meter must count)."""
        backend, tools = self._backend, self._tool_loop()
        return backend if backend is None or tools is None else tools.offering(backend)

    def _tool_loop(self) -> ToolLoop | None:
        """The loop a turn runs its calls with, when this conversation runs tools."""
        settings = self.settings
        if self._tool_runner is None or not settings.mcp_tools:
            return None
        return ToolLoop(
            self._tool_runner,
            self.approvals.ask,
            self.approvals.allowed,
            settings.tool_rounds,
            settings.tool_choice,
        )

    def _take_tokens(self) -> tuple[TokenProb, ...]:
        tokens = tuple(self._pending_tokens)
        self._pending_tokens.clear()
        return tokens

    def stop(self) -> None:
        if self._answer is not None and not self._answer.done():
            self._answer.cancel()

    def _start(self, where: int | NewConversation, ask: TurnAsk) -> asyncio.Task[None]:
        # A new turn continues the branch on screen: a switch of version lands first.
        self._answer = self._work.run(
            "chat-turn", lambda: self._turn(where, ask), after=self._switch
        )
        self.busy_changed.emit(True)
        self._answer.add_done_callback(self._on_answer_done)
        return self._answer

    def _on_answer_done(self, task: asyncio.Task[None]) -> None:
        if task is self._answer:
            self.busy_changed.emit(False)

    async def _turn(self, where: int | NewConversation, ask: TurnAsk) -> None:
        backend = self._backend
        if backend is None:
            self.failed.emit(Problem("chat_no_model", "no model is loaded"))
            return
        tools = self._tool_loop()
        turn = (chat_turn if tools is None else tools.turn)(
            self._store,
            backend,
            where,
            ask,
            model=self.model_name,
            vision=self.capabilities.vision is VisionSupport.READY,
            chunk_chars=self._chunk[0],
            chunk_age_s=self._chunk[1],
            clock=self._clock,
        )
        screen = self._screens
        # Every event is handled without awaiting, so a Stop always lands inside the turn,
        # which then keeps the partial answer.
        async with contextlib.aclosing(turn):
            async for event in turn:
                # Stopped by a move to another conversation while its first writes were
                # under way: what they stored is not added to the conversation now shown.
                if screen == self._screens or isinstance(event, Finished | Failed):
                    self._show(event)

    def _show(self, event: LoopEvent) -> None:
        match event:
            case Opened(conversation):
                self.conversation = conversation
                self.conversation_opened.emit(ConversationOpened(conversation))
            case Saved(message, branch):
                self._add_or_branch(message, branch)
                if message.role is Role.USER:  # a question changes the list's order
                    self.refresh_list()
            case Trimmed(trimmed):
                self.context_trimmed.emit(trimmed)
            case Placeholder(message, branch):
                self._pending_tokens.clear()
                self._add_or_branch(message, branch)
            case Delta(message_id, chunk, tokens):
                self._pending_tokens.extend(tokens)
                if chunk.content or chunk.reasoning:
                    self._batcher.add(message_id, chunk.content, chunk.reasoning)
            case ToolCalls(message_id, calls):
                self._tool_calls.update(message_id, calls)
            case ToolRunning():
                self.tool_running.emit(event)
            case LoopStopped(problem):
                self.failed.emit(problem)
            case Finished(message):
                self._batcher.flush()
                self._tool_calls.flush()
                self.answer_finished.emit(message)
            case Failed(problem):
                self.failed.emit(problem)

    def _add_or_branch(self, message: Message, branch: Branch | None) -> None:
        """A message that continues the branch on screen, or the branch a new version of
        one makes."""
        if branch is None:
            self.message_added.emit(message)
        elif self.conversation is not None and self.conversation.id == message.conversation_id:
            self.branch_shown.emit(branch)

    async def _switch_version(self, conversation_id: int, message_id: int, step: int) -> None:
        if not await asyncio.to_thread(self._show_sibling, conversation_id, message_id, step):
            return
        await self._show_branch(conversation_id)
        await self._list(self._search)  # the branch's length and snippet changed

    def _show_sibling(self, conversation_id: int, message_id: int, step: int) -> bool:
        """Make the version `step` away from `message_id` the one on screen; False when
        there is none that way."""
        tree = self._store.tree(conversation_id)
        target = tree.sibling(message_id, step) if message_id in tree else None
        if target is None:
            return False
        self._store.show_version(target)
        return True

    async def _show_branch(self, conversation_id: int) -> None:
        branch = await asyncio.to_thread(self._store.branch, conversation_id)
        if self.conversation is not None and self.conversation.id == conversation_id:
            self.branch_shown.emit(branch)

    # -- the context (see core.chat.context) -------------------------------------------

    async def request_preview(self, draft: str = "") -> list[Mapping[str, Any]]:
        """The messages a request would send now, with `draft` as the next user message:
        what the context meter counts."""
        history: list[Message] = []
        conversation = self.conversation
        if conversation is not None:
            history = await asyncio.to_thread(self._store.messages, conversation.id)
        else:  # a new conversation: only its pending settings exist yet
            conversation = Conversation(0, "", 0.0, 0.0, self._pending_settings)
        messages: list[Mapping[str, Any]] = list(await self._request(conversation, history))
        if draft.strip():
            messages.append({"role": Role.USER.value, "content": draft.strip()})
        return messages

    async def _request(
        self, conversation: Conversation, history: list[Message]
    ) -> list[dict[str, Any]]:
        """What a turn sends for `history`: images as parts when the model can see (their
        files are read, so off the GUI thread), otherwise as notes."""
        vision = self.capabilities.vision is VisionSupport.READY
        return await asyncio.to_thread(request_messages, conversation, history, vision)
