"""The chat turn in core (`studio/core/chat/turn.py`) with a scripted backend: the order of
its events for a normal, a stopped, a failed and a trimmed turn, what each leaves in the
store, and that its writes before the first token are one transaction in one thread hop."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest

from studio.core.chat import ChatStore, ChatStoreError, MessageStatus, Role, SamplingSettings
from studio.core.chat.models import OverflowPolicy
from studio.core.chat.tools import ToolCall
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
    ToolResult,
    Trimmed,
    TurnAsk,
    TurnEvent,
    chat_turn,
)
from studio.core.errors import StudioError
from studio.core.server.client import ChatDelta, ServerError
from tests.services.chat_support import ScriptedBackend
from tests.support.held_store import HeldStore

T = TypeVar("T")

CONTEXT_REFUSAL = (
    '{"error": {"type": "exceed_context_size_error", "n_prompt_tokens": 900, "n_ctx": 512}}'
)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ChatStore]:
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        yield store


def _kinds(events: Sequence[TurnEvent]) -> list[str]:
    """Event names, with runs of deltas as one "Delta"."""
    kinds: list[str] = []
    for event in events:
        kind = type(event).__name__
        if not (kind == "Delta" and kinds and kinds[-1] == "Delta"):
            kinds.append(kind)
    return kinds


async def _collect(
    store: ChatStore,
    backend: Any,
    where: int | NewConversation,
    ask: TurnAsk,
    events: list[TurnEvent],
    **options: Any,
) -> None:
    async for event in chat_turn(store, backend, where, ask, **options):
        events.append(event)


def _run(
    store: ChatStore,
    backend: Any,
    ask: TurnAsk,
    where: int | NewConversation | None = None,
    **options: Any,
) -> list[TurnEvent]:
    events: list[TurnEvent] = []
    where = NewConversation() if where is None else where
    asyncio.run(_collect(store, backend, where, ask, events, **options))
    return events


def _one(events: Sequence[TurnEvent], kind: type[T]) -> T:
    (found,) = [event for event in events if isinstance(event, kind)]
    return found


def test_a_turn_saves_the_question_then_streams_and_keeps_the_answer(store: ChatStore) -> None:
    backend = ScriptedBackend(pieces=["Hel", "lo", "!"], reasoning=["hmm"])
    settings = SamplingSettings(temperature=0.1, system_prompt="Be terse.")
    events = _run(store, backend, Ask("Say hello"), NewConversation(settings), model="m.gguf")

    assert _kinds(events) == ["Opened", "Saved", "Placeholder", "Delta", "Finished"]
    conversation = _one(events, Opened).conversation
    assert conversation.title == "Say hello"
    question = _one(events, Saved).message
    placeholder = _one(events, Placeholder).message
    assert (question.role, placeholder.status) == (Role.USER, MessageStatus.STREAMING)
    assert placeholder.model == "m.gguf"
    deltas = [event for event in events if isinstance(event, Delta)]
    assert {delta.message_id for delta in deltas} == {placeholder.id}
    assert "".join(delta.chunk.content for delta in deltas) == "Hello!"
    answer = _one(events, Finished).message
    assert (answer.id, answer.status, answer.content, answer.reasoning) == (
        placeholder.id,
        MessageStatus.COMPLETE,
        "Hello!",
        "hmm",
    )
    assert answer.stats.tokens_per_second == 123.0 and answer.stats.ttft_ms is not None
    assert store.messages(conversation.id) == [question, answer]
    assert backend.requests == [
        (
            [{"role": "system", "content": "Be terse."}, {"role": "user", "content": "Say hello"}],
            {"temperature": 0.1},
        )
    ]


def test_a_stopped_turn_keeps_the_partial_answer_and_stays_cancelled(store: ChatStore) -> None:
    backend = ScriptedBackend(pieces=["one ", "two ", "never"], hold=2)
    events: list[TurnEvent] = []

    async def scenario() -> None:
        streaming = asyncio.Event()

        async def read() -> None:
            async for event in chat_turn(
                store, backend, NewConversation(), Ask("n"), chunk_chars=4
            ):
                events.append(event)
                if sum(isinstance(seen, Delta) for seen in events) == 2:
                    streaming.set()

        turn = asyncio.ensure_future(read())
        await streaming.wait()
        turn.cancel()
        with pytest.raises(asyncio.CancelledError):
            await turn

    asyncio.run(scenario())
    assert _kinds(events) == ["Opened", "Saved", "Placeholder", "Delta", "Finished"]
    answer = _one(events, Finished).message
    assert (answer.status, answer.content) == (MessageStatus.CANCELLED, "one two ")
    assert store.message(answer.id) == answer
    assert backend.closed == 1  # the engine's stream was closed: its slot is free


def test_a_stop_during_the_first_writes_ends_the_answer_they_began(tmp_path: Path) -> None:
    backend = ScriptedBackend()
    events: list[TurnEvent] = []
    with HeldStore(tmp_path / "chat.sqlite3") as store:

        async def scenario() -> None:
            turn = asyncio.ensure_future(
                _collect(store, backend, NewConversation(), Ask("q"), events)
            )
            await asyncio.to_thread(store.writing.wait, 10)
            turn.cancel()
            await asyncio.sleep(0.01)
            store.go_on.set()
            with pytest.raises(asyncio.CancelledError):
                await turn

        asyncio.run(scenario())
        assert _kinds(events) == ["Opened", "Saved", "Placeholder", "Finished"]
        answer = _one(events, Finished).message
        assert answer.status is MessageStatus.CANCELLED
        assert store.mark_unfinished_interrupted() == 0  # nothing left streaming
    assert backend.requests == []  # the engine was never asked


def test_a_reader_that_leaves_early_leaves_nothing_streaming(store: ChatStore) -> None:
    backend = ScriptedBackend(pieces=["a", "b", "c"])

    async def scenario() -> None:
        turn = chat_turn(store, backend, NewConversation(), Ask("q"))
        async for event in turn:
            if isinstance(event, Delta):
                break
        await turn.aclose()

    asyncio.run(scenario())
    assert store.mark_unfinished_interrupted() == 0
    (conversation,) = store.list_conversations()
    assert [m.status for m in store.messages(conversation.id)] == [
        MessageStatus.COMPLETE,
        MessageStatus.CANCELLED,
    ]
    assert backend.closed == 1


@pytest.mark.parametrize(
    ("failure", "status", "code", "params", "caused"),
    [
        (
            ServerError(400, '{"error": "no"}'),
            MessageStatus.FAILED,
            "chat_server_refused",
            {},
            False,
        ),
        (
            ServerError(400, CONTEXT_REFUSAL),
            MessageStatus.FAILED,
            "chat_context_exceeded",
            {"prompt_tokens": 900, "context_tokens": 512},
            False,
        ),
        (httpx.ReadError("reset"), MessageStatus.INTERRUPTED, "chat_connection_lost", {}, False),
        (
            StudioError("stream_interrupted", "died", received=3, reason="ReadError"),
            MessageStatus.INTERRUPTED,
            "stream_interrupted",
            {"received": 3, "reason": "ReadError"},
            True,
        ),
        (
            ChatStoreError("chat_store_full", "disk full"),
            MessageStatus.FAILED,
            "chat_store_full",
            {},
            True,
        ),
    ],
)
def test_a_failure_is_kept_with_the_answer_and_said_as_a_code(
    store: ChatStore,
    failure: Exception,
    status: MessageStatus,
    code: str,
    params: Mapping[str, object],
    caused: bool,
) -> None:
    events = _run(store, ScriptedBackend(fail=failure), Ask("x"))
    assert _kinds(events) == ["Opened", "Saved", "Placeholder", "Finished", "Failed"]
    answer = _one(events, Finished).message
    assert (answer.status, answer.error_code) == (status, code)
    failed = _one(events, Failed)
    assert (failed.problem.code, dict(failed.problem.params)) == (code, params)
    assert failed.cause is (failure if caused else None)


def test_a_full_disk_before_the_turn_fails_it_with_nothing_saved(store: ChatStore) -> None:
    filler = store.create_conversation("filler")
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(ChatStoreError):
        for _ in range(1000):
            store.add_message(filler.id, Role.USER, "y" * 1000)
    backend = ScriptedBackend()
    events = _run(store, backend, Ask("hello " * 500))
    assert _kinds(events) == ["Failed"]
    assert _one(events, Failed).problem.code == "chat_store_full"
    assert [c.title for c in store.list_conversations()] == ["filler"]
    assert backend.requests == []


class _CountingBackend(ScriptedBackend):
    """Counts a prompt as 100 tokens a message, in a context of 350."""

    async def count_prompt_tokens(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> int:
        return 100 * len(messages)

    async def count_text_tokens(self, text: str) -> int:
        return 1

    async def context_size(self) -> int:
        return 350


def test_a_trimmed_request_is_said_before_the_answer_appears(store: ChatStore) -> None:
    settings = SamplingSettings(overflow_policy=OverflowPolicy.DROP_OLDEST, max_tokens=50)
    conversation = store.create_conversation("long", settings)
    for text in ("q1", "a1", "q2", "a2"):
        role = Role.USER if text.startswith("q") else Role.ASSISTANT
        store.add_message(conversation.id, role, text)
    backend = _CountingBackend(pieces=["fine"])
    events = _run(store, backend, Ask("q3"), conversation.id)
    assert _kinds(events) == ["Saved", "Trimmed", "Placeholder", "Delta", "Finished"]
    trimmed = _one(events, Trimmed).trimmed
    assert (trimmed.dropped, trimmed.used, trimmed.size) == (2, 300, 350)
    sent = [m["content"] for m in backend.requests[0][0]]
    assert sent == ["q2", "a2", "q3"]
    # The question is kept whole: only the request was trimmed.
    assert [m.content for m in store.messages(conversation.id)] == [
        "q1",
        "a1",
        "q2",
        "a2",
        "q3",
        "fine",
    ]


class _Counted:
    """The store's transactions and the turn's thread hops, as they happen."""

    def __init__(self, store: ChatStore, monkeypatch: pytest.MonkeyPatch) -> None:
        self.begins = 0
        self.hops = 0
        store._db.set_trace_callback(self._statement)
        to_thread = asyncio.to_thread

        async def counted(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
            self.hops += 1
            return await to_thread(function, *args, **kwargs)

        monkeypatch.setattr(asyncio, "to_thread", counted)

    def _statement(self, sql: str) -> None:
        self.begins += sql.startswith("BEGIN")

    def take(self) -> tuple[int, int]:
        counts = (self.begins, self.hops)
        self.begins = self.hops = 0
        return counts


class _WatchedBackend(ScriptedBackend):
    """Notes the counts when the engine is asked, and again before its last chunk."""

    def __init__(self, counted: _Counted) -> None:
        super().__init__(pieces=["a", "b"])
        self.counted = counted
        self.seen: list[tuple[int, int]] = []

    async def stream_chat(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> AsyncGenerator[ChatDelta, None]:
        self.seen.append(self.counted.take())
        async for delta in super().stream_chat(messages, options):
            yield delta
        self.seen.append(self.counted.take())


@pytest.mark.parametrize(
    ("ask", "existing"),
    [
        (Ask("new"), False),
        (Ask("more"), True),
        (Regenerate(), True),
        (Edit(0, "edited"), True),
    ],
)
def test_the_writes_before_the_first_token_are_one_transaction_in_one_hop(
    store: ChatStore, monkeypatch: pytest.MonkeyPatch, ask: TurnAsk, existing: bool
) -> None:
    where: int | NewConversation = NewConversation()
    if existing:
        conversation = store.create_conversation("c")
        question = store.add_message(conversation.id, Role.USER, "q")
        store.add_message(conversation.id, Role.ASSISTANT, "a")
        where = conversation.id
        if isinstance(ask, Edit):
            ask = Edit(question.id, ask.text)
    counted = _Counted(store, monkeypatch)
    backend = _WatchedBackend(counted)
    events = _run(store, backend, ask, where, chunk_chars=1000)
    before_first_token, streaming = backend.seen
    assert before_first_token == (1, 1)
    assert streaming == (0, 0)  # nothing was due: the text waits for the end
    assert counted.take() == (1, 1)  # the end: text, status and stats in one transaction
    assert _one(events, Finished).message.content == "ab"


def test_a_regenerate_is_a_new_version_shown_with_its_branch(store: ChatStore) -> None:
    conversation = store.create_conversation("c")
    store.add_message(conversation.id, Role.USER, "question")
    first = store.add_message(conversation.id, Role.ASSISTANT, "first")
    backend = ScriptedBackend(pieces=["second"])
    events = _run(store, backend, Regenerate(), conversation.id)
    assert _kinds(events) == ["Placeholder", "Delta", "Finished"]
    shown = _one(events, Placeholder).branch
    assert shown is not None
    assert [m.status for m in shown.messages] == [MessageStatus.COMPLETE, MessageStatus.STREAMING]
    assert (shown.versions[1].position, shown.versions[1].previous) == (2, first.id)
    assert backend.requests[0][0] == [{"role": "user", "content": "question"}]


def test_an_edit_shows_its_branch_before_the_answer(store: ChatStore) -> None:
    conversation = store.create_conversation("c")
    question = store.add_message(conversation.id, Role.USER, "q1")
    store.add_message(conversation.id, Role.ASSISTANT, "a1")
    events = _run(store, ScriptedBackend(pieces=["new"]), Edit(question.id, "q1!"), conversation.id)
    assert _kinds(events) == ["Saved", "Placeholder", "Delta", "Finished"]
    saved = _one(events, Saved)
    assert saved.branch is not None
    assert [m.content for m in saved.branch.messages] == ["q1!"]
    assert _one(events, Placeholder).branch is None  # it continues the branch just shown


def test_an_edit_of_an_answer_does_nothing(store: ChatStore) -> None:
    conversation = store.create_conversation("c")
    store.add_message(conversation.id, Role.USER, "q")
    answer = store.add_message(conversation.id, Role.ASSISTANT, "a")
    backend = ScriptedBackend()
    assert _run(store, backend, Edit(answer.id, "no"), conversation.id) == []
    assert [m.content for m in store.messages(conversation.id)] == ["q", "a"]
    assert backend.requests == []


def test_a_tool_result_waits_for_the_answers_other_calls(store: ChatStore) -> None:
    conversation = store.create_conversation("c", SamplingSettings(tools='[{"name": "f"}]'))
    store.add_message(conversation.id, Role.USER, "q")
    answer = store.add_message(conversation.id, Role.ASSISTANT, "")
    store.set_answer_parts(answer.id, (ToolCall("c1", "f", "{}"), ToolCall("c2", "f", "{}")))
    backend = ScriptedBackend(pieces=["done"])
    first = _run(store, backend, ToolResult(answer.id, "c1", "one"), conversation.id)
    assert _kinds(first) == ["Saved"] and backend.requests == []
    second = _run(store, backend, ToolResult(answer.id, "c2", "two"), conversation.id)
    assert _kinds(second) == ["Saved", "Placeholder", "Delta", "Finished"]
    assert [m["role"] for m in backend.requests[0][0]] == ["user", "assistant", "tool", "tool"]
