"""ChatService over a store that cannot take every write or read every row: a disk that
fills mid-answer ends the answer as failed with what was saved, a full disk before the
turn is said, and a conversation with damaged rows opens with what can be read."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from studio.core.chat import ChatStore, ChatStoreError, Message, MessageStatus, Role
from studio.core.errors import Problem
from studio.core.server.client import ChatDelta
from studio.core.tasks import TaskOwner
from studio.core.voice import ENGLISH
from studio.services.chat_service import ChatService, ConversationOpened
from tests.services.chat_support import ScriptedBackend, next_emission, qasync_event_loop


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ChatStore]:
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        yield store


def fill_the_disk(store: ChatStore) -> None:
    """SQLITE_FULL for real: the database may not grow past the pages it has now."""
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")


class DiskFillingBackend(ScriptedBackend):
    """Streams long pieces; the disk fills once `fill_after` of them have been sent."""

    def __init__(self, store: ChatStore, fill_after: int) -> None:
        super().__init__(pieces=[f"{n:03d}" + "x" * 397 for n in range(200)])
        self.store = store
        self.fill_after = fill_after
        self.sent = 0

    async def stream_chat(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> AsyncGenerator[ChatDelta, None]:
        async for delta in super().stream_chat(messages, options):
            if self.sent == self.fill_after:
                fill_the_disk(self.store)
            self.sent += 1
            yield delta


def test_a_disk_that_fills_mid_answer_keeps_what_was_saved_and_fails_the_answer(
    loop: asyncio.AbstractEventLoop, store: ChatStore
) -> None:
    backend = DiskFillingBackend(store, fill_after=3)
    tasks = TaskOwner("test")
    service = ChatService(store, tasks, backend, chunk_chars=400, chunk_age_s=60)
    failures: list[Problem] = []
    service.failed.connect(failures.append)
    busy: list[bool] = []
    service.busy_changed.connect(busy.append)

    async def scenario() -> Message:
        finished = asyncio.ensure_future(next_emission(service.answer_finished))
        task = service.send("Write a lot")
        assert task is not None
        await asyncio.wait_for(task, 30)
        (message,) = await finished
        assert isinstance(message, Message)
        return message

    answer = loop.run_until_complete(scenario())
    assert answer.status is MessageStatus.FAILED
    assert answer.error_code == "chat_store_full"
    # What reached the file before the disk filled is kept, and is what is shown.
    assert answer.content.startswith("000" + "x" * 397 + "001")
    assert service.conversation is not None
    [_, stored] = store.messages(service.conversation.id)
    assert stored.content == answer.content
    assert stored.status is MessageStatus.FAILED and stored.error_code == "chat_store_full"
    # The turn stopped: the stream was closed long before its end.
    assert backend.closed == 1 and backend.sent < 20
    assert [p.code for p in failures] == ["chat_store_full"]
    assert ENGLISH.error(failures[0]) == (
        "The disk is full, so this answer stopped where it was last saved. Free some space "
        "to go on."
    )
    assert busy == [True, False]
    loop.run_until_complete(tasks.shutdown())


def test_a_full_disk_before_the_turn_is_said_and_nothing_is_left_streaming(
    loop: asyncio.AbstractEventLoop, store: ChatStore
) -> None:
    filler = store.create_conversation("filler")
    fill_the_disk(store)
    with pytest.raises(ChatStoreError):
        for _ in range(1000):
            store.add_message(filler.id, Role.USER, "y" * 1000)
    backend = ScriptedBackend()
    tasks = TaskOwner("test")
    service = ChatService(store, tasks, backend)

    async def scenario() -> tuple[Any, ...]:
        failed = asyncio.ensure_future(next_emission(service.failed))
        task = service.send("hello " * 500)
        assert task is not None
        await asyncio.wait_for(task, 30)  # ends; nothing escapes the turn
        return await failed

    (problem,) = loop.run_until_complete(scenario())
    assert problem.code == "chat_store_full"
    assert not service.busy
    assert backend.requests == []  # nothing was asked of the engine for an unsaved turn
    assert store.mark_unfinished_interrupted() == 0
    loop.run_until_complete(tasks.shutdown())


def test_a_conversation_with_a_loop_and_an_unknown_role_opens_and_says_so(
    loop: asyncio.AbstractEventLoop, store: ChatStore
) -> None:
    conversation = store.create_conversation("damaged")
    first = store.add_message(conversation.id, Role.USER, "one")
    odd = store.add_message(conversation.id, Role.ASSISTANT, "two")
    third = store.add_message(conversation.id, Role.USER, "three")
    store._db.execute("PRAGMA foreign_keys=OFF")
    store._db.execute("UPDATE messages SET parent_id = ? WHERE id = ?", (third.id, first.id))
    store._db.execute("UPDATE messages SET role = 'narrator' WHERE id = ?", (odd.id,))
    tasks = TaskOwner("test")
    service = ChatService(store, tasks, ScriptedBackend())
    failures: list[Problem] = []
    service.failed.connect(failures.append)

    async def scenario() -> ConversationOpened:
        opened = asyncio.ensure_future(next_emission(service.conversation_opened))
        try:
            await asyncio.wait_for(service.open(conversation.id), 10)
        except TimeoutError:
            store._db.interrupt()  # free the store's thread, so the test can end
            raise AssertionError("opening the conversation spun") from None
        (shown,) = await opened
        assert isinstance(shown, ConversationOpened)
        return shown

    shown = loop.run_until_complete(scenario())
    assert [m.content for m in shown.messages] == ["one", "three"]
    assert sorted(p.code for p in failures) == ["chat_branch_loops", "chat_messages_left_out"]
    loop.run_until_complete(tasks.shutdown())
