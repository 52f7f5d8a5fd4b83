"""The chat pane's service: conversations from the store, answers from a backend.

One turn: the user message is persisted, the answer's placeholder is persisted as
`streaming`, deltas are committed to the store in small chunks (see `core.chat.recorder`)
and reach the UI at most 30 times a second, whatever the token rate. Stop cancels the
answer task, which closes the HTTP stream and frees the server's slot.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import httpx
from PySide6.QtCore import QObject, Signal

from studio.core.chat import (
    AnswerStats,
    ChatStore,
    ChatStoreError,
    ChunkBuffer,
    Conversation,
    Message,
    MessageStatus,
    Role,
    SamplingSettings,
    to_json,
    to_markdown,
)
from studio.core.chat.answer_parts import AnswerParts
from studio.core.chat.attachments import (
    MAX_IMAGES_PER_MESSAGE,
    ImageUpload,
    request_content,
    too_many_images,
)
from studio.core.chat.backend import ChatBackend, TemplateCapabilities
from studio.core.chat.branches import Versions
from studio.core.chat.context import TokenCounter, context_refusal, fit_to_context
from studio.core.chat.models import OverflowPolicy
from studio.core.chat.token_probs import TokenProb
from studio.core.chat.vision import VisionSupport, cannot_see
from studio.core.errors import Problem, StudioError
from studio.core.server.client import ChatDelta, ServerError
from studio.core.tasks import TaskOwner
from studio.services.pacer import Pacer
from studio.services.tool_call_relay import ToolCallRelay

log = logging.getLogger(__name__)

UI_UPDATES_PER_SECOND = 30
TITLE_LENGTH = 48


def title_from(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= TITLE_LENGTH else flat[: TITLE_LENGTH - 1].rstrip() + "…"


def request_messages(
    conversation: Conversation, history: list[Message], vision: bool = False
) -> list[dict[str, Any]]:
    """The history as the server gets it: the system prompt first, failed answers and empty
    placeholders left out (they were never part of the dialogue). With images, it reads
    their files (`vision`: the model can see them): call it off the GUI thread."""
    messages: list[dict[str, Any]] = []
    if conversation.settings.system_prompt.strip():
        messages.append({"role": "system", "content": conversation.settings.system_prompt})
    for message in history:
        if message.role is Role.ASSISTANT and (
            message.status in (MessageStatus.FAILED, MessageStatus.STREAMING)
            or not (message.content or message.tool_calls)
        ):
            continue
        request: dict[str, Any] = dict(message.for_request())
        if message.attachments:
            request["content"] = request_content(message.content, message.attachments, vision)
        messages.append(request)
    return messages


def answer_stats(
    timings: dict[str, Any],
    usage: dict[str, Any],
    started: float,
    first_token: float | None,
    finished: float,
    deltas: int,
) -> AnswerStats:
    """Speed of one answer. The server's own timings are preferred (they exclude HTTP and
    our queueing); our clock is the fallback when a stream ended before its last chunk."""
    completion = usage.get("completion_tokens", timings.get("predicted_n"))
    speed = timings.get("predicted_per_second")
    if speed is None and first_token is not None and finished > first_token and deltas > 1:
        speed = (deltas - 1) / (finished - first_token)
    return AnswerStats(
        ttft_ms=None if first_token is None else (first_token - started) * 1000.0,
        tokens_per_second=None if speed is None else float(speed),
        prompt_tokens=usage.get("prompt_tokens", timings.get("prompt_n")),
        completion_tokens=None if completion is None else int(completion),
        prompt_per_second=timings.get("prompt_per_second"),
    )


class _Ending:
    """How an answer ends once its last writes are tried: a write the store refuses (a
    full disk) turns it into a failed answer with the store's reason, and the writes after
    it are still tried, so the answer is never left marked as streaming when the disk can
    take the (smaller) status update."""

    def __init__(self, status: MessageStatus, code: str | None) -> None:
        self.status = status
        self.code = code
        self.failure: ChatStoreError | None = None

    def kept(self, write: Callable[[], None]) -> None:
        try:
            write()
        except ChatStoreError as error:
            log.error("the end of an answer was not saved: %s", error)
            if self.failure is None:
                self.failure = error
                self.status, self.code = MessageStatus.FAILED, error.code


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
        chunk_chars: int = 200,
        chunk_age_s: float = 0.25,
        clock: Callable[[], float] = time.monotonic,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._store = store
        self._tasks = tasks
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
        self._answer: asyncio.Task[None] | None = None
        self._switch: asyncio.Task[None] | None = None  # paging to another version
        self._search = ""
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
        self._tasks.spawn("chat-capabilities", self._read_capabilities(backend))

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
        return self._tasks.spawn("chat-start", self._start_up())

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
        return self._tasks.spawn("chat-list", self._list(self._search))

    async def _list(self, search: str) -> None:
        summaries = await asyncio.to_thread(self._store.list_conversations, search)
        if search == self._search:  # a newer search supersedes this one
            self.conversations_listed.emit(summaries)

    def new_conversation(self) -> None:
        """Start a blank conversation; it is stored with the first message."""
        self.stop()
        settings = self.conversation.settings if self.conversation else SamplingSettings()
        self.conversation = None
        self._pending_settings = settings
        self.conversation_opened.emit(ConversationOpened(None))

    def open(self, conversation_id: int) -> asyncio.Task[None]:
        self.stop()
        return self._tasks.spawn("chat-open", self._open(conversation_id))

    async def _open(self, conversation_id: int) -> None:
        if self._answer is not None:  # let a stopped answer be stored before reading
            await asyncio.gather(self._answer, return_exceptions=True)
        try:
            conversation = await asyncio.to_thread(self._store.conversation, conversation_id)
            branch = await asyncio.to_thread(self._store.branch, conversation_id)
        except StudioError as error:
            self.failed.emit(Problem.of(error))
            return
        self.conversation = conversation
        self.conversation_opened.emit(
            ConversationOpened(conversation, branch.messages, branch.versions)
        )
        for problem in branch.problems:  # rows left out, links that loop: the rest opened
            log.warning("conversation %d opened in part: %s", conversation_id, problem.detail)
            self.failed.emit(problem)

    def rename(self, conversation_id: int, title: str) -> asyncio.Task[None]:
        return self._tasks.spawn("chat-rename", self._rename(conversation_id, title.strip()))

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
        return self._tasks.spawn("chat-delete", self._delete(conversation_id))

    async def _delete(self, conversation_id: int) -> None:
        if self._answer is not None:
            await asyncio.gather(self._answer, return_exceptions=True)
        await asyncio.to_thread(self._store.delete_conversation, conversation_id)
        if self.conversation and self.conversation.id == conversation_id:
            self.conversation = None
            self.conversation_opened.emit(ConversationOpened(None))
        await self._list(self._search)

    def export(self, conversation_id: int, target: Path) -> asyncio.Task[None]:
        """Markdown for `.md`, JSON otherwise."""
        return self._tasks.spawn("chat-export", self._export(conversation_id, target))

    async def _export(self, conversation_id: int, target: Path) -> None:
        def write() -> None:
            conversation = self._store.conversation(conversation_id)
            messages = self._store.messages(conversation_id)
            render = to_markdown if target.suffix.lower() in (".md", ".markdown") else to_json
            target.write_text(render(conversation, messages), encoding="utf-8")

        try:
            await asyncio.to_thread(write)
        except OSError as error:
            self.failed.emit(Problem("chat_export_failed", f"{target}: {error}"))

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
        return self._tasks.spawn(
            "chat-settings",
            asyncio.to_thread(self._store.set_settings, conversation_id, settings),
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
        return self._start(self._send(text, tuple(images)))

    def regenerate(self) -> asyncio.Task[None] | None:
        """Answer the last question again; the earlier answers stay as its versions."""
        if self.conversation is None or self.busy or self._backend is None:
            return None
        return self._start(self._regenerate(self.conversation.id))

    def edit_and_resend(self, message_id: int, text: str) -> asyncio.Task[None] | None:
        """Ask an earlier question anew: a new version of that user message, answered
        again. The conversation that followed the old version stays, a page away."""
        if self.conversation is None or self.busy or self._backend is None or not text.strip():
            return None
        return self._start(self._edit(self.conversation.id, message_id, text.strip()))

    def switch_version(self, message_id: int, step: int) -> asyncio.Task[None] | None:
        """Show the version `step` away from `message_id` (-1 the older, +1 the newer) with
        the turns that followed it. Refused while an answer streams: that answer belongs
        to the branch on screen."""
        if self.conversation is None or self.busy:
            return None
        self._switch = self._tasks.spawn(
            "chat-version", self._switch_version(self.conversation.id, message_id, step)
        )
        return self._switch

    def give_tool_result(
        self, answer_id: int, tool_call_id: str, result: str
    ) -> asyncio.Task[None] | None:
        """Store the user's result of one call the answer made; once every call of it has
        a result, the model goes on from them."""
        if self.conversation is None or self.busy or self._backend is None:
            return None
        return self._start(self._give_tool_result(answer_id, tool_call_id, result))

    async def _give_tool_result(self, answer_id: int, tool_call_id: str, result: str) -> None:
        conversation_id = self.conversation.id if self.conversation else 0
        message = await asyncio.to_thread(
            self._store.add_message,
            conversation_id,
            Role.TOOL,
            result,
            tool_call_id=tool_call_id,
        )
        self.message_added.emit(message)
        history = await asyncio.to_thread(self._store.messages, conversation_id)
        answer = next((m for m in history if m.id == answer_id), None)
        answered = {m.tool_call_id for m in history if m.role is Role.TOOL and m.id > answer_id}
        if answer is not None and all(call.id in answered for call in answer.tool_calls):
            await self._stream_answer(conversation_id)

    def _take_tokens(self) -> tuple[TokenProb, ...]:
        tokens = tuple(self._pending_tokens)
        self._pending_tokens.clear()
        return tokens

    def stop(self) -> None:
        if self._answer is not None and not self._answer.done():
            self._answer.cancel()

    def _start(self, coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        self._answer = self._tasks.spawn("chat-turn", self._told(coroutine))
        self.busy_changed.emit(True)
        self._answer.add_done_callback(self._on_answer_done)
        return self._answer

    def _on_answer_done(self, task: asyncio.Task[None]) -> None:
        if task is self._answer:
            self.busy_changed.emit(False)

    async def _told(self, turn: Coroutine[Any, Any, None]) -> None:
        """Run a turn; a write the store refuses (a full disk) ends it with its sentence."""
        try:
            await turn
        except ChatStoreError as error:
            log.error("a chat turn stopped: %s", error)
            self.failed.emit(Problem.of(error))

    async def _send(self, text: str, images: tuple[ImageUpload, ...] = ()) -> None:
        await self._switched()
        if self.conversation is None:
            self.conversation = await asyncio.to_thread(
                self._store.create_conversation,
                title_from(text or images[0].name),
                self.settings,
                self.model_name,
            )
            self.conversation_opened.emit(ConversationOpened(self.conversation))
        conversation_id = self.conversation.id
        attachments = await asyncio.to_thread(lambda: [self._store.images.put(i) for i in images])
        message = await asyncio.to_thread(
            self._store.add_message, conversation_id, Role.USER, text, attachments=attachments
        )
        self.message_added.emit(message)
        await self._list(self._search)
        await self._stream_answer(conversation_id)

    async def _regenerate(self, conversation_id: int) -> None:
        await self._switched()
        history = await asyncio.to_thread(self._store.messages, conversation_id)
        if not any(m.role is Role.USER for m in history):
            return
        last = history[-1]
        # A new version of the last answer; a question left without one is just answered.
        await self._stream_answer(
            conversation_id, version_of=last.id if last.role is Role.ASSISTANT else None
        )

    async def _edit(self, conversation_id: int, message_id: int, text: str) -> None:
        await self._switched()
        history = await asyncio.to_thread(self._store.messages, conversation_id)
        target = next((m for m in history if m.id == message_id), None)
        if target is None or target.role is not Role.USER:
            return
        # The new version keeps the images the edited message was sent with: an edit
        # changes the words, the pictures are still what the question is about.
        await asyncio.to_thread(
            partial(
                self._store.add_message,
                conversation_id,
                Role.USER,
                text,
                version_of=message_id,
                attachments=target.attachments,
            )
        )
        await self._show_branch(conversation_id)
        await self._list(self._search)
        await self._stream_answer(conversation_id)

    async def _switch_version(self, conversation_id: int, message_id: int, step: int) -> None:
        try:
            tree = await asyncio.to_thread(self._store.tree, conversation_id)
            target = tree.sibling(message_id, step) if message_id in tree else None
            if target is None:
                return
            await asyncio.to_thread(self._store.show_version, target)
        except StudioError as error:
            self.failed.emit(Problem.of(error))
            return
        await self._show_branch(conversation_id)
        await self._list(self._search)  # the branch's length and snippet changed

    async def _switched(self) -> None:
        """Let a switch of version land first: a new turn continues the branch it shows."""
        if self._switch is not None:
            await asyncio.gather(self._switch, return_exceptions=True)

    async def _show_branch(self, conversation_id: int) -> None:
        branch = await asyncio.to_thread(self._store.branch, conversation_id)
        if self.conversation is not None and self.conversation.id == conversation_id:
            self.branch_shown.emit(branch)

    async def _stream_answer(self, conversation_id: int, version_of: int | None = None) -> None:
        """Answer the branch on screen; with `version_of`, as a new version of that answer."""
        backend = self._backend
        if backend is None:
            self.failed.emit(Problem("chat_no_model", "no model is loaded"))
            return
        conversation = await asyncio.to_thread(self._store.conversation, conversation_id)
        # The question: the branch on screen, up to the answer a regenerate redoes. Fitted
        # to the context before the answer appears, so a "left out" notice comes above it.
        history = await asyncio.to_thread(self._store.messages, conversation_id)
        question = list(itertools.takewhile(lambda m: m.id != version_of, history))
        messages = await self._request(conversation, question)
        fitted = await self._fit_to_context(backend, conversation.settings, messages)
        placeholder = await asyncio.to_thread(
            self._store.add_message,
            conversation_id,
            Role.ASSISTANT,
            status=MessageStatus.STREAMING,
            model=self.model_name,
            version_of=version_of,
        )
        if version_of is None:
            self.message_added.emit(placeholder)
        else:
            await self._show_branch(conversation_id)
        answer_id = placeholder.id
        chunks = ChunkBuffer(*self._chunk, clock=self._clock)
        parts = AnswerParts()
        self._pending_tokens.clear()
        timings: dict[str, Any] = {}
        usage: dict[str, Any] = {}
        started = self._clock()
        first_token: float | None = None
        deltas = 0
        status, error_code, detail = MessageStatus.COMPLETE, None, ""
        params: Mapping[str, object] = {}
        delta: ChatDelta
        try:
            # aclosing: a Stop (this task cancelled) closes the engine stream here, in this
            # task, not later from the garbage collector (which cannot await the close).
            stream = backend.stream_chat(fitted, conversation.settings.request_options())
            async with contextlib.aclosing(stream):
                async for delta in stream:
                    if delta.timings:
                        timings.update(delta.timings)
                    if delta.usage:
                        usage.update(delta.usage)
                    if delta.finish_reason == "cancelled":
                        # The manager ended the stream (an unload, or its own cancel()).
                        status = MessageStatus.CANCELLED
                    tokens, calls_changed = parts.add(delta)
                    self._pending_tokens.extend(tokens)
                    if calls_changed:
                        self._tool_calls.update(answer_id, parts.tool_calls)
                    if not delta.content and not delta.reasoning:
                        continue
                    if first_token is None:
                        first_token = self._clock()
                    deltas += 1
                    chunks.add(delta.content, delta.reasoning)
                    self._batcher.add(answer_id, delta.content, delta.reasoning)
                    if chunks.due():
                        content, reasoning = chunks.take()
                        await asyncio.to_thread(
                            self._store.append_to_message, answer_id, content, reasoning
                        )
        except asyncio.CancelledError:
            status, error_code = MessageStatus.CANCELLED, None
            await self._finish(
                answer_id, chunks, status, None, started, first_token, timings, usage, deltas, parts
            )
            raise
        except ServerError as error:
            status, error_code, detail = MessageStatus.FAILED, "chat_server_refused", str(error)
            refusal = context_refusal(error)
            if refusal is not None:  # said with its numbers
                error_code, params = "chat_context_exceeded", refusal
        except httpx.HTTPError as error:
            status, error_code = MessageStatus.INTERRUPTED, "chat_connection_lost"
            detail = f"{type(error).__name__}: {error}"
        except ChatStoreError as error:
            # The answer cannot be saved (a full disk): it stops here, so that what is
            # shown is what was kept, and says why.
            status, error_code, detail = MessageStatus.FAILED, error.code, error.detail
            params = error.params
        except StudioError as error:
            status, error_code, detail = MessageStatus.INTERRUPTED, error.code, error.detail
            params = error.params
        await self._finish(
            answer_id,
            chunks,
            status,
            error_code,
            started,
            first_token,
            timings,
            usage,
            deltas,
            parts,
        )
        if error_code is not None:
            self.failed.emit(Problem(error_code, detail, params))

    async def _finish(
        self,
        answer_id: int,
        chunks: ChunkBuffer,
        status: MessageStatus,
        error_code: str | None,
        started: float,
        first_token: float | None,
        timings: dict[str, Any],
        usage: dict[str, Any],
        deltas: int,
        parts: AnswerParts | None = None,
    ) -> None:
        self._batcher.flush()
        self._tool_calls.flush()
        stats = answer_stats(timings, usage, started, first_token, self._clock(), deltas)
        content, reasoning = chunks.take()
        ending = _Ending(status, error_code)

        def persist() -> Message:
            ending.kept(lambda: self._store.append_to_message(answer_id, content, reasoning))
            ending.kept(
                lambda: self._store.finish_message(answer_id, ending.status, stats, ending.code)
            )
            if parts:
                ending.kept(
                    lambda: self._store.set_answer_parts(
                        answer_id, parts.tool_calls, parts.token_probs
                    )
                )
            try:
                return self._store.message(answer_id)
            except ChatStoreError:  # not even readable: say how it ended, with no text
                return Message(
                    answer_id, 0, Role.ASSISTANT, "", status=ending.status, error_code=ending.code
                )

        # Shielded: a second cancel (app quitting right after Stop) must not lose the tail.
        finished = await asyncio.shield(asyncio.to_thread(persist))
        if ending.failure is not None and error_code is None:
            # The stream went well but its end could not be saved: said here, since the
            # turn itself raised nothing.
            self.failed.emit(Problem.of(ending.failure))
        self.answer_finished.emit(finished)

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

    async def _fit_to_context(
        self,
        backend: ChatBackend,
        settings: SamplingSettings,
        messages: Sequence[Mapping[str, Any]],
    ) -> Sequence[Mapping[str, Any]]:
        """With "drop the oldest", leave out the oldest turns until the request fits, and
        say so; with "stop" the request goes as it is and the engine's refusal is said."""
        if settings.overflow_policy is not OverflowPolicy.DROP_OLDEST:
            return messages
        if not isinstance(backend, TokenCounter):
            return messages
        try:
            fitted, trimmed = await fit_to_context(backend, messages, settings)
        except (httpx.HTTPError, ServerError, ValueError, KeyError) as error:
            log.warning("could not count the request's tokens; sending it whole: %s", error)
            return messages
        if trimmed is not None:
            self.context_trimmed.emit(trimmed)
        return fitted
