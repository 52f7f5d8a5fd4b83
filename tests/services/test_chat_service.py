"""ChatService with a scripted backend: persistence, batching, stop, regenerate, edit."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncGenerator, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from studio.core.chat import ChatStore, Message, MessageStatus, Role, SamplingSettings
from studio.core.chat.backend import TemplateCapabilities
from studio.core.chat.branches import Branch
from studio.core.chat.turn import title_from
from studio.core.errors import Problem
from studio.core.server.client import ChatDelta, ServerError
from studio.core.tasks import TaskOwner
from studio.services.chat_service import (
    AnswerDelta,
    ChatService,
    ConversationOpened,
    DeltaBatcher,
)
from tests.services.chat_support import ScriptedBackend, next_emission, qasync_event_loop
from tests.support.held_store import HeldStore


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ChatStore]:
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        yield store


def _service(store: ChatStore, backend: ScriptedBackend | None) -> tuple[ChatService, TaskOwner]:
    tasks = TaskOwner("test")
    service = ChatService(store, tasks, backend, chunk_chars=4, chunk_age_s=60)
    return service, tasks


def test_a_turn_is_persisted_and_streamed(
    loop: asyncio.AbstractEventLoop, store: ChatStore
) -> None:
    backend = ScriptedBackend(pieces=["Hel", "lo", "!"], reasoning=["hmm"])
    service, tasks = _service(store, backend)
    service.set_settings(SamplingSettings(temperature=0.1, system_prompt="Be terse."))
    added: list[Message] = []
    deltas: list[AnswerDelta] = []
    service.message_added.connect(added.append)
    service.answer_delta.connect(deltas.append)

    async def scenario() -> Message:
        finished = asyncio.ensure_future(next_emission(service.answer_finished))
        task = service.send("  Say hello  ")
        assert task is not None
        await task
        (message,) = await finished
        return message

    answer = loop.run_until_complete(scenario())
    assert answer.status is MessageStatus.COMPLETE
    assert answer.content == "Hello!"
    assert answer.reasoning == "hmm"
    assert answer.stats.tokens_per_second == 123.0
    assert answer.stats.ttft_ms is not None
    assert answer.stats.prompt_tokens == 7
    assert "".join(d.content for d in deltas) == "Hello!"
    assert [m.role for m in added] == [Role.USER, Role.ASSISTANT]
    assert added[1].status is MessageStatus.STREAMING  # the placeholder

    # What the server was sent: the system prompt first, sampling options set.
    messages, options = backend.requests[0]
    assert messages == [
        {"role": "system", "content": "Be terse."},
        {"role": "user", "content": "Say hello"},
    ]
    assert options == {"temperature": 0.1}

    assert service.conversation is not None
    conversation = store.conversation(service.conversation.id)
    assert conversation.title == "Say hello"
    assert conversation.settings.system_prompt == "Be terse."
    assert [m.content for m in store.messages(conversation.id)] == ["Say hello", "Hello!"]
    loop.run_until_complete(tasks.shutdown())


def test_ui_updates_are_batched_to_30_hz_at_200_tokens_per_second(
    loop: asyncio.AbstractEventLoop, store: ChatStore
) -> None:
    pieces = [f"w{i} " for i in range(200)]
    backend = ScriptedBackend(pieces=pieces, gap_s=0.005)  # ~200 tokens/s
    service, tasks = _service(store, backend)
    emitted_at: list[float] = []
    text: list[str] = []

    def on_delta(delta: AnswerDelta) -> None:
        emitted_at.append(loop.time())
        text.append(delta.content)

    service.answer_delta.connect(on_delta)

    async def scenario() -> float:
        start = loop.time()
        task = service.send("go")
        assert task is not None
        await task
        return loop.time() - start

    elapsed = loop.run_until_complete(scenario())
    assert "".join(text) == "".join(pieces)
    # At most one emission per 1/30 s window (Qt timers may fire a few ms early), plus the
    # final flush; the count bound follows from the same tolerance as the gaps.
    shortest_gap = 1 / 30 - 0.004
    assert len(emitted_at) <= elapsed / shortest_gap + 2
    gaps = [b - a for a, b in itertools.pairwise(emitted_at[:-1])]
    assert all(gap >= shortest_gap for gap in gaps), gaps
    loop.run_until_complete(tasks.shutdown())


def test_stop_keeps_the_partial_answer_and_closes_the_stream(
    loop: asyncio.AbstractEventLoop, store: ChatStore
) -> None:
    backend = ScriptedBackend(pieces=["one ", "two ", "never"], hold=2)
    service, tasks = _service(store, backend)
    busy: list[bool] = []
    service.busy_changed.connect(busy.append)

    async def scenario() -> Message:
        finished = asyncio.ensure_future(next_emission(service.answer_finished))
        first = asyncio.ensure_future(next_emission(service.answer_delta))
        assert service.send("count") is not None
        await first
        await asyncio.sleep(0.05)
        service.stop()
        (message,) = await finished
        return message

    answer = loop.run_until_complete(scenario())
    assert answer.status is MessageStatus.CANCELLED
    assert answer.content == "one two "
    assert backend.closed == 1
    assert busy == [True, False]
    assert not service.busy
    loop.run_until_complete(tasks.shutdown())


def test_regenerate_adds_a_version_and_keeps_the_earlier_answer(
    loop: asyncio.AbstractEventLoop, store: ChatStore
) -> None:
    backend = ScriptedBackend(pieces=["first"])
    service, tasks = _service(store, backend)
    branches: list[Branch] = []
    service.branch_shown.connect(branches.append)

    async def scenario() -> None:
        task = service.send("question")
        assert task is not None
        await task
        backend.pieces = ["second"]
        again = service.regenerate()
        assert again is not None
        await again

    loop.run_until_complete(scenario())
    assert service.conversation is not None
    history = store.messages(service.conversation.id)
    assert [(m.role, m.content) for m in history] == [
        (Role.USER, "question"),
        (Role.ASSISTANT, "second"),
    ]
    # The view was told the new branch before the answer streamed: the placeholder, 2/2.
    (shown,) = branches
    assert [m.status for m in shown.messages] == [MessageStatus.COMPLETE, MessageStatus.STREAMING]
    assert (shown.versions[1].position, shown.versions[1].count) == (2, 2)
    first = store.message(shown.versions[1].previous or 0)
    assert (first.content, first.status) == ("first", MessageStatus.COMPLETE)
    # The regenerated request did not include the earlier answer.
    assert backend.requests[1][0] == [{"role": "user", "content": "question"}]
    loop.run_until_complete(tasks.shutdown())


def test_edit_and_resend_branches_and_paging_back_restores_the_old_turns(
    loop: asyncio.AbstractEventLoop, store: ChatStore
) -> None:
    backend = ScriptedBackend(pieces=["a1"])
    service, tasks = _service(store, backend)
    branches: list[Branch] = []
    service.branch_shown.connect(branches.append)

    async def scenario() -> None:
        for text in ("q1", "q2"):
            task = service.send(text)
            assert task is not None
            await task
        assert service.conversation is not None
        first_question = store.messages(service.conversation.id)[0]
        backend.pieces = ["new answer"]
        task = service.edit_and_resend(first_question.id, "q1 edited")
        assert task is not None
        await task
        edited = store.messages(service.conversation.id)[0]
        switched = service.switch_version(edited.id, -1)
        assert switched is not None
        await switched
        nothing_older = service.switch_version(first_question.id, -1)
        assert nothing_older is not None
        await nothing_older
        back = service.switch_version(first_question.id, +1)
        assert back is not None
        await back

    loop.run_until_complete(scenario())
    assert service.conversation is not None
    assert [m.content for m in store.messages(service.conversation.id)] == [
        "q1 edited",
        "new answer",
    ]
    # The edit showed its branch (q1 edited, 2/2); paging showed the old one whole, then
    # the new one again; the edge of the versions showed nothing.
    assert [[m.content for m in b.messages] for b in branches] == [
        ["q1 edited"],
        ["q1", "a1", "q2", "a1"],
        ["q1 edited", "new answer"],
    ]
    assert [(v.position, v.count) for v in branches[1].versions] == [(1, 2), (1, 1), (1, 1), (1, 1)]
    # The edited question went to the engine without the turns of the old branch.
    assert backend.requests[2][0] == [{"role": "user", "content": "q1 edited"}]
    loop.run_until_complete(tasks.shutdown())


def test_paging_versions_is_refused_while_an_answer_streams(
    loop: asyncio.AbstractEventLoop, store: ChatStore
) -> None:
    backend = ScriptedBackend(pieces=["one"])
    service, tasks = _service(store, backend)

    async def scenario() -> None:
        task = service.send("q")
        assert task is not None
        await task
        backend.pieces, backend.hold = ["two ", "three"], 1
        started = asyncio.ensure_future(next_emission(service.answer_delta))
        assert service.regenerate() is not None
        await started
        assert service.conversation is not None
        answer = store.messages(service.conversation.id)[-1]
        assert service.busy
        assert service.switch_version(answer.id, -1) is None
        finished = asyncio.ensure_future(next_emission(service.answer_finished))
        service.stop()
        await finished

    loop.run_until_complete(scenario())
    assert service.conversation is not None
    assert [m.content for m in store.messages(service.conversation.id)] == ["q", "two "]
    loop.run_until_complete(tasks.shutdown())


def test_a_refusal_is_kept_as_a_failed_answer_and_reported(
    loop: asyncio.AbstractEventLoop, store: ChatStore
) -> None:
    backend = ScriptedBackend(fail=ServerError(400, '{"error":{"message":"too long"}}'))
    service, tasks = _service(store, backend)
    failures: list[Problem] = []
    service.failed.connect(failures.append)

    async def scenario() -> Message:
        finished = asyncio.ensure_future(next_emission(service.answer_finished))
        service.send("x")
        (message,) = await finished
        return message

    answer = loop.run_until_complete(scenario())
    assert answer.status is MessageStatus.FAILED
    assert answer.error_code == "chat_server_refused"
    assert failures and failures[0].code == "chat_server_refused"
    assert "400" in failures[0].detail
    loop.run_until_complete(tasks.shutdown())


def test_no_model_is_reported_not_raised(loop: asyncio.AbstractEventLoop, store: ChatStore) -> None:
    service, _ = _service(store, None)
    failures: list[str] = []
    service.failed.connect(lambda problem: failures.append(problem.code))
    assert service.send("hello") is None
    assert failures == ["chat_no_model"]
    assert store.list_conversations() == []


def test_list_search_rename_delete_and_export(
    loop: asyncio.AbstractEventLoop, store: ChatStore, tmp_path: Path
) -> None:
    service, tasks = _service(store, ScriptedBackend(pieces=["fine"]))
    listed: list[list[object]] = []
    service.conversations_listed.connect(listed.append)

    async def scenario() -> None:
        for text in ("about cats", "about dogs"):
            service.new_conversation()
            task = service.send(text)
            assert task is not None
            await task
        await service.refresh_list("cats")
        assert [s.title for s in listed[-1]] == ["about cats"]
        cat_id = listed[-1][0].id
        await service.rename(cat_id, "Felines")
        await service.export(cat_id, tmp_path / "out.md")
        await service.export(cat_id, tmp_path / "out.json")
        await service.refresh_list("")
        assert [s.title for s in listed[-1]] == ["about dogs", "Felines"]
        await service.delete(cat_id)
        assert [s.title for s in listed[-1]] == ["about dogs"]

    loop.run_until_complete(scenario())
    assert (tmp_path / "out.md").read_text().startswith("# Felines\n")
    assert '"title": "Felines"' in (tmp_path / "out.json").read_text()
    loop.run_until_complete(tasks.shutdown())


def test_capabilities_are_read_when_a_backend_arrives(
    loop: asyncio.AbstractEventLoop, store: ChatStore
) -> None:
    thinking = TemplateCapabilities(supports_thinking=True)
    service, tasks = _service(store, None)

    async def scenario() -> TemplateCapabilities:
        seen = asyncio.ensure_future(next_emission(service.capabilities_changed))
        service.set_backend(ScriptedBackend(capabilities=thinking), "m.gguf")
        (capabilities,) = await seen
        return capabilities

    assert loop.run_until_complete(scenario()) == thinking
    assert service.has_backend
    loop.run_until_complete(tasks.shutdown())


def test_batcher_emits_the_first_delta_at_once_and_coalesces_the_rest(
    loop: asyncio.AbstractEventLoop,
) -> None:
    emitted: list[tuple[int, str, str]] = []
    batcher = DeltaBatcher(lambda *args: emitted.append(args), rate=10)

    async def scenario() -> None:
        batcher.add(1, "a", "")
        await asyncio.sleep(0.01)
        assert emitted == [(1, "a", "")]
        batcher.add(1, "b", "")
        batcher.add(1, "c", "r")
        await asyncio.sleep(0.02)
        assert len(emitted) == 1  # within the 100 ms window
        await asyncio.sleep(0.12)
        assert emitted[1] == (1, "bc", "r")
        batcher.add(2, "x", "")
        batcher.flush()
        assert emitted[2] == (2, "x", "")

    loop.run_until_complete(scenario())


def test_titles_are_short_single_lines() -> None:
    assert title_from("a\nb   c") == "a b c"
    long = title_from("word " * 40)
    assert len(long) <= 48
    assert long.endswith("…")


def test_a_stream_the_manager_cancelled_is_kept_as_cancelled(
    loop: asyncio.AbstractEventLoop, store: ChatStore
) -> None:
    class ManagerCancelled(ScriptedBackend):
        async def stream_chat(
            self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
        ) -> AsyncGenerator[ChatDelta, None]:
            yield ChatDelta(content="partial")
            yield ChatDelta(finish_reason="cancelled")

    service, tasks = _service(store, ManagerCancelled())

    async def scenario() -> Message:
        finished = asyncio.ensure_future(next_emission(service.answer_finished))
        service.send("x")
        (message,) = await finished
        return message

    answer = loop.run_until_complete(scenario())
    assert answer.status is MessageStatus.CANCELLED
    assert answer.content == "partial"
    loop.run_until_complete(tasks.shutdown())


def test_an_edit_keeps_the_images_of_the_question_it_replaces(
    loop: asyncio.AbstractEventLoop, store: ChatStore
) -> None:
    """The edit changes the words; the pictures the question was about go with the new
    version, so the engine sees them again."""
    from tests.core.chat.test_chat_images import upload

    conversation = store.create_conversation("look")
    image = store.images.put(upload())
    question = store.add_message(conversation.id, Role.USER, "What is this?", attachments=[image])
    store.add_message(conversation.id, Role.ASSISTANT, "A dot.")
    service, tasks = _service(store, ScriptedBackend(pieces=["A pixel."]))

    async def scenario() -> None:
        await service.open(conversation.id)
        task = service.edit_and_resend(question.id, "What colour is this?")
        assert task is not None
        await task

    loop.run_until_complete(scenario())
    edited, _answer = store.messages(conversation.id)
    assert edited.id != question.id and edited.content == "What colour is this?"
    assert edited.attachments == (image,)
    loop.run_until_complete(tasks.shutdown())


def test_new_during_the_first_writes_keeps_the_stopped_turn_off_the_new_screen(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    """The turn's first writes land (a thread cannot be called back) and its answer ends as
    stopped, but nothing of it is added to the blank conversation now on screen."""
    with HeldStore(tmp_path / "held.sqlite3") as store:
        service, tasks = _service(store, ScriptedBackend())
        opened: list[ConversationOpened] = []
        added: list[Message] = []
        service.conversation_opened.connect(opened.append)
        service.message_added.connect(added.append)

        async def scenario() -> None:
            task = service.send("first")
            assert task is not None
            await asyncio.to_thread(store.writing.wait, 10)
            service.new_conversation()
            store.go_on.set()
            await asyncio.gather(task, return_exceptions=True)

        loop.run_until_complete(scenario())
        assert service.conversation is None
        assert [o.conversation for o in opened] == [None]
        assert added == []
        (stored,) = store.list_conversations()
        assert [m.status for m in store.messages(stored.id)] == [
            MessageStatus.COMPLETE,
            MessageStatus.CANCELLED,
        ]
        loop.run_until_complete(tasks.shutdown())
