"""One chat turn as a stream of events: what is saved, what the engine is asked, what it
streams back and how the answer ends.

The writes before the first token (a new conversation, the user's message, the answer's
placeholder, the branch shown next) are one transaction in one thread hop, which also
builds the request from what it read. The request is then fitted to the context (with
"drop the oldest"), the answer streams and is committed in chunks (`recorder`), and its
end is one transaction too. Every way a turn fails becomes a code here (`Failed`); the
front ends only say it.

The chat page (`services/chat_service.py`, which paces the events for the UI) and `studio
run` (with an in-memory store) run the same turn. Stopping it (cancelling the task that
reads it) keeps the partial answer as cancelled: `Finished` comes, then the cancellation
goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections.abc import AsyncGenerator, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import httpx

from studio.core.chat.answer_parts import AnswerParts
from studio.core.chat.attachments import ImageAttachment, ImageUpload
from studio.core.chat.backend import ChatBackend
from studio.core.chat.branches import Branch
from studio.core.chat.context import (
    ContextTrimmed,
    TokenCounter,
    context_refusal,
    fit_to_context,
)
from studio.core.chat.models import (
    AnswerStats,
    Conversation,
    Message,
    MessageStatus,
    OverflowPolicy,
    Role,
    SamplingSettings,
)
from studio.core.chat.recorder import (
    DEFAULT_CHUNK_AGE_S,
    DEFAULT_CHUNK_CHARS,
    AnswerRecorder,
    ChunkBuffer,
    Ended,
)
from studio.core.chat.request import request_messages
from studio.core.chat.store import ChatStore, ChatStoreError
from studio.core.chat.token_probs import TokenProb
from studio.core.chat.tools import ResultSource, ToolCall
from studio.core.errors import Problem, StudioError
from studio.core.server.client import ChatDelta, ServerError

log = logging.getLogger(__name__)

TITLE_LENGTH = 48

T = TypeVar("T")


def title_from(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= TITLE_LENGTH else flat[: TITLE_LENGTH - 1].rstrip() + "…"


# -- what a turn is asked -----------------------------------------------------------------


@dataclass(frozen=True)
class Ask:
    """A new question at the end of the branch on screen."""

    text: str
    images: tuple[ImageUpload, ...] = ()


@dataclass(frozen=True)
class Regenerate:
    """The last question answered again; the earlier answers stay as its versions. A
    question left without an answer is just answered."""


@dataclass(frozen=True)
class Edit:
    """A new version of the user's message `message_id`, answered again. The turns that
    followed the old version stay, a page away."""

    message_id: int
    text: str


@dataclass(frozen=True)
class ToolResult:
    """The user's `result` of the call `tool_call_id` that the answer `answer_id` made; the
    model goes on once every call of that answer has one. `source`: the MCP server that
    gave it, when the tool loop did (None: the person typed it)."""

    answer_id: int
    tool_call_id: str
    result: str
    source: ResultSource | None = None


TurnAsk = Ask | Regenerate | Edit | ToolResult


@dataclass(frozen=True)
class NewConversation:
    """A conversation stored with its first question (only an `Ask` starts one)."""

    settings: SamplingSettings = field(default_factory=SamplingSettings)


# -- what happens, in this order ----------------------------------------------------------


@dataclass(frozen=True)
class Opened:
    """The conversation this turn created."""

    conversation: Conversation


@dataclass(frozen=True)
class Saved:
    """The user's message (a question, or a tool result) as stored; with `branch` when it
    is a new version, which changes the branch on screen from it on."""

    message: Message
    branch: Branch | None = None


@dataclass(frozen=True)
class Trimmed:
    """The oldest messages were left out of the request so that it fits the context."""

    trimmed: ContextTrimmed


@dataclass(frozen=True)
class Placeholder:
    """The answer, stored as streaming before its first token; with `branch` when it is a
    new version of an earlier answer."""

    message: Message
    branch: Branch | None = None


@dataclass(frozen=True)
class Delta:
    """One chunk the engine streamed into the answer `message_id`, with the probabilities
    of its tokens when the conversation asks for them."""

    message_id: int
    chunk: ChatDelta
    tokens: tuple[TokenProb, ...] = ()


@dataclass(frozen=True)
class ToolCalls:
    """The calls the answer has made so far, merged by index (the last one may be half
    written)."""

    message_id: int
    calls: tuple[ToolCall, ...]


@dataclass(frozen=True)
class Finished:
    """The answer as stored at its end: complete, cancelled, interrupted or failed."""

    message: Message


@dataclass(frozen=True)
class Failed:
    """Why the turn failed. `cause`: the core's own error, for a front end that says more
    than its sentence (the CLI prints the engine's last output)."""

    problem: Problem
    cause: StudioError | None = None


TurnEvent = Opened | Saved | Trimmed | Placeholder | Delta | ToolCalls | Finished | Failed

# What ends an answer early, besides a stop.
TurnFailure = ServerError | httpx.HTTPError | StudioError
TURN_FAILURES = (ServerError, httpx.HTTPError, StudioError)


def failure_of(error: TurnFailure) -> tuple[MessageStatus, Problem]:
    """How an answer that `error` ended is stored, and the code it is said with."""
    if isinstance(error, ServerError):
        refusal = context_refusal(error)
        if refusal is not None:  # said with its numbers
            return MessageStatus.FAILED, Problem("chat_context_exceeded", str(error), refusal)
        return MessageStatus.FAILED, Problem("chat_server_refused", str(error))
    if isinstance(error, httpx.HTTPError):
        detail = f"{type(error).__name__}: {error}"
        return MessageStatus.INTERRUPTED, Problem("chat_connection_lost", detail)
    if isinstance(error, ChatStoreError):
        # The answer cannot be saved (a full disk): it stops here, so that what is shown
        # is what was kept.
        return MessageStatus.FAILED, Problem.of(error)
    return MessageStatus.INTERRUPTED, Problem.of(error)


def answer_stats(
    timings: Mapping[str, Any],
    usage: Mapping[str, Any],
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


async def chat_turn(
    store: ChatStore,
    backend: ChatBackend,
    conversation: int | NewConversation,
    ask: TurnAsk,
    *,
    model: str | None = None,
    vision: bool = False,
    chunk_chars: int = DEFAULT_CHUNK_CHARS,
    chunk_age_s: float = DEFAULT_CHUNK_AGE_S,
    clock: Callable[[], float] = time.monotonic,
) -> AsyncGenerator[TurnEvent, None]:
    """Run one turn of `conversation` (its id, or a new one), answered by `backend`.
    `model`: the name kept with the answer; `vision`: the model can see images (they are
    sent, otherwise noted); `chunk_*`: how often the streamed text is committed."""
    try:
        begun, stopped = await _landed(
            asyncio.to_thread(_begin, store, conversation, ask, model, vision)
        )
    except ChatStoreError as error:  # nothing was written: nothing was asked
        yield Failed(Problem.of(error), error)
        return
    placeholder = begun.answer
    if placeholder is None:  # nothing to answer (yet)
        for event in begun.before:
            yield event
        if stopped:
            raise asyncio.CancelledError
        return
    answer = _Answer(placeholder, store, ChunkBuffer(chunk_chars, chunk_age_s, clock), clock)
    shown = False
    problem: Problem | None = None
    cause: StudioError | None = None
    try:
        for event in begun.before:
            yield event
        if stopped:  # during the first writes: the answer they began ends before its start
            raise asyncio.CancelledError
        settings = begun.conversation.settings
        fitted, trimmed = await _fitted(backend, settings, begun.request)
        if trimmed is not None:  # said before the answer appears, so it shows above it
            yield Trimmed(trimmed)
        shown = True
        yield Placeholder(placeholder, begun.answer_branch)
        answer.started = clock()
        # aclosing: a stop closes the engine stream here, in this task, not later from the
        # garbage collector (which cannot await the close); that frees the engine's slot.
        stream = backend.stream_chat(fitted, settings.request_options())
        async with contextlib.aclosing(stream):
            async for chunk in stream:
                tokens, calls_changed = answer.add(chunk)
                if calls_changed:
                    yield ToolCalls(placeholder.id, answer.parts.tool_calls)
                yield Delta(placeholder.id, chunk, tokens)
                if answer.commit_due:
                    await asyncio.to_thread(answer.recorder.commit)
    except GeneratorExit:  # the reader left early: the answer ends as stopped
        await asyncio.shield(answer.end(MessageStatus.CANCELLED))
        raise
    except asyncio.CancelledError:
        # Shielded: a second cancel (the app quitting right after Stop) must not lose the
        # tail.
        ended = await asyncio.shield(answer.end(MessageStatus.CANCELLED))
        if not shown:
            yield Placeholder(placeholder, begun.answer_branch)
        yield Finished(ended.message)
        if ended.failure is not None:
            yield Failed(Problem.of(ended.failure), ended.failure)
        raise
    except TURN_FAILURES as error:
        answer.status, problem = failure_of(error)
        cause = error if isinstance(error, StudioError) else None
    ended = await asyncio.shield(answer.end(answer.status, problem))
    yield Finished(ended.message)
    if problem is None and ended.failure is not None:
        # The stream went well but its end could not be saved.
        problem, cause = Problem.of(ended.failure), ended.failure
    if problem is not None:
        yield Failed(problem, cause)


@dataclass(frozen=True)
class _Begun:
    """What the turn's first writes did, and the request for its answer."""

    conversation: Conversation
    before: tuple[Opened | Saved, ...] = ()
    answer: Message | None = None  # the placeholder; None: nothing to answer
    answer_branch: Branch | None = None
    request: Sequence[Mapping[str, Any]] = ()


def _begin(
    store: ChatStore,
    where: int | NewConversation,
    ask: TurnAsk,
    model: str | None,
    vision: bool,
) -> _Begun:
    """The turn's writes before its first token, as one transaction, then the request they
    lead to (which reads image files: this runs in a worker thread)."""
    images = [store.images.put(image) for image in ask.images] if isinstance(ask, Ask) else []
    with store.transaction():
        before: list[Opened | Saved] = []
        if isinstance(where, NewConversation):
            if not isinstance(ask, Ask):
                raise ValueError("only a question starts a conversation")
            title = title_from(ask.text or (ask.images[0].name if ask.images else ""))
            conversation = store.create_conversation(title, where.settings, model)
            before.append(Opened(conversation))
        else:
            conversation = store.conversation(where)
        saved = _save(store, conversation.id, ask, images)
        if isinstance(ask, Edit) and saved is None:  # not a question of this branch
            return _Begun(conversation)
        if saved is not None:
            before.append(saved)
        history = store.messages(conversation.id)
        version_of = None
        if isinstance(ask, Regenerate):
            if not any(m.role is Role.USER for m in history):
                return _Begun(conversation)
            # A new version of the last answer; a question left without one is just answered.
            if history[-1].role is Role.ASSISTANT:
                version_of = history[-1].id
        if isinstance(ask, ToolResult) and not _all_answered(history, ask.answer_id):
            return _Begun(conversation, tuple(before))
        answer = store.add_message(
            conversation.id,
            Role.ASSISTANT,
            status=MessageStatus.STREAMING,
            model=model,
            version_of=version_of,
        )
        branch = store.branch(conversation.id) if version_of is not None else None
    # The question: the branch on screen, up to the answer a regenerate redoes.
    question = list(itertools.takewhile(lambda m: m.id != version_of, history))
    request = request_messages(conversation, question, vision)
    return _Begun(conversation, tuple(before), answer, branch, request)


def _save(
    store: ChatStore, conversation_id: int, ask: TurnAsk, images: Sequence[ImageAttachment]
) -> Saved | None:
    """The user's message the turn adds, if any."""
    if isinstance(ask, Ask):
        message = store.add_message(conversation_id, Role.USER, ask.text, attachments=images)
        return Saved(message)
    if isinstance(ask, ToolResult):
        result = store.add_message(
            conversation_id,
            Role.TOOL,
            ask.result,
            tool_call_id=ask.tool_call_id,
            tool_source=ask.source,
        )
        return Saved(result)
    if isinstance(ask, Edit):
        target = next((m for m in store.messages(conversation_id) if m.id == ask.message_id), None)
        if target is None or target.role is not Role.USER:
            return None
        # The new version keeps the images the edited message was sent with: an edit
        # changes the words, the pictures are still what the question is about.
        edited = store.add_message(
            conversation_id,
            Role.USER,
            ask.text,
            version_of=ask.message_id,
            attachments=target.attachments,
        )
        return Saved(edited, store.branch(conversation_id))
    return None


def _all_answered(history: Sequence[Message], answer_id: int) -> bool:
    """Whether every call the answer `answer_id` made has its result."""
    answer = next((m for m in history if m.id == answer_id), None)
    answered = {m.tool_call_id for m in history if m.role is Role.TOOL and m.id > answer_id}
    return answer is not None and all(call.id in answered for call in answer.tool_calls)


async def _fitted(
    backend: ChatBackend, settings: SamplingSettings, messages: Sequence[Mapping[str, Any]]
) -> tuple[Sequence[Mapping[str, Any]], ContextTrimmed | None]:
    """With "drop the oldest", the request without its oldest turns until it fits; with
    "stop" it goes as it is, and the engine's refusal is said."""
    if settings.overflow_policy is not OverflowPolicy.DROP_OLDEST:
        return messages, None
    if not isinstance(backend, TokenCounter):
        return messages, None
    try:
        return await fit_to_context(backend, messages, settings)
    except (httpx.HTTPError, ServerError, ValueError, KeyError) as error:
        log.warning("could not count the request's tokens; sending it whole: %s", error)
        return messages, None


class _Answer:
    """What one answer has streamed so far: its text on its way to the store, its calls
    and probabilities, and what its stats are made of."""

    def __init__(
        self, message: Message, store: ChatStore, chunks: ChunkBuffer, clock: Callable[[], float]
    ) -> None:
        self.recorder = AnswerRecorder(store, message.id, chunks)
        self.parts = AnswerParts()
        self.status = MessageStatus.COMPLETE
        self.started = clock()
        self._clock = clock
        self._timings: dict[str, Any] = {}
        self._usage: dict[str, Any] = {}
        self._first_token: float | None = None
        self._deltas = 0
        self.commit_due = False  # the text buffered so far is due to be committed

    def add(self, chunk: ChatDelta) -> tuple[tuple[TokenProb, ...], bool]:
        """Take in one chunk: its new tokens, and whether the answer's calls changed."""
        self._timings.update(chunk.timings)
        self._usage.update(chunk.usage)
        if chunk.finish_reason == "cancelled":  # the manager ended it (an unload, a cancel)
            self.status = MessageStatus.CANCELLED
        tokens, calls_changed = self.parts.add(chunk)
        self.commit_due = False
        if chunk.content or chunk.reasoning:
            if self._first_token is None:
                self._first_token = self._clock()
            self._deltas += 1
            self.commit_due = self.recorder.add(chunk.content, chunk.reasoning)
        return tuple(tokens), calls_changed

    def end(
        self, status: MessageStatus, problem: Problem | None = None
    ) -> Coroutine[Any, Any, Ended]:
        """The answer's end, written in a worker thread."""
        stats = answer_stats(
            self._timings, self._usage, self.started, self._first_token, self._clock(), self._deltas
        )
        return asyncio.to_thread(
            self.recorder.finish,
            status,
            stats,
            problem.code if problem is not None else None,
            self.parts.tool_calls,
            self.parts.token_probs,
        )


async def _landed(work: Coroutine[Any, Any, T]) -> tuple[T, bool]:
    """`work`'s result once it is done, and whether the turn was stopped meanwhile: writes
    in a thread cannot be called back, so they land and the caller ends what they began.
    When they failed, nothing was begun and the stop goes on."""
    task = asyncio.ensure_future(work)
    try:
        return await asyncio.shield(task), False
    except asyncio.CancelledError:
        await asyncio.wait([task])
        if task.exception() is not None:
            raise
        return task.result(), True
