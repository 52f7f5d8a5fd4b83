"""Rows the store cannot take at face value never cost a turn or the conversation: a full
disk is a typed error (and the answer's status still lands), parent links that loop are
walked once, rows with unknown roles or broken JSON are left out or repaired and said."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studio.core.chat import ChatStore, ChatStoreError, MessageStatus, Role
from studio.core.chat.models import SamplingSettings
from studio.core.chat.store import _create_v1
from studio.core.voice import ENGLISH


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ChatStore]:
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        yield store


def fill_the_disk(store: ChatStore) -> None:
    """SQLITE_FULL for real: the database may not grow past the pages it has now."""
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")


T = TypeVar("T")


def within(seconds: float, call: Callable[[], T], store: ChatStore | None = None) -> T:
    """`call()` in a thread; fails (instead of hanging the suite) when it does not end,
    interrupting the query `store` may be stuck in."""
    result: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            result.append(call())
        except BaseException as error:  # handed to the test
            errors.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive() and store is not None:
        store._db.interrupt()
    assert not thread.is_alive(), f"still running after {seconds} s"
    if errors:
        raise errors[0]
    return result[0]


# -- a full disk ---------------------------------------------------------------------------


def test_a_full_disk_is_a_typed_error_and_the_answer_can_still_be_marked_failed(
    store: ChatStore,
) -> None:
    conversation = store.create_conversation("c")
    store.add_message(conversation.id, Role.USER, "q")
    answer = store.add_message(conversation.id, Role.ASSISTANT, status=MessageStatus.STREAMING)
    store.append_to_message(answer.id, "kept ")
    fill_the_disk(store)
    with pytest.raises(ChatStoreError) as caught:
        for _ in range(1000):
            store.append_to_message(answer.id, "x" * 500)
    # SQLite rolled the transaction back itself; the store says why instead of failing on
    # its own rollback ("cannot rollback - no transaction is active").
    assert caught.value.code == "chat_store_full"
    assert ENGLISH.error(caught.value).startswith("The disk is full")
    store.finish_message(answer.id, MessageStatus.FAILED, error_code="chat_store_full")
    kept = store.message(answer.id)
    assert kept.status is MessageStatus.FAILED and kept.error_code == "chat_store_full"
    assert kept.content.startswith("kept ")
    store.append_to_message(answer.id, "")  # nothing to write: no error
    # The store goes on working for what still fits.
    assert store.message(answer.id).content == kept.content


# -- parent links that loop ------------------------------------------------------------------


def _looped(store: ChatStore) -> int:
    conversation = store.create_conversation("loop")
    first = store.add_message(conversation.id, Role.USER, "one")
    second = store.add_message(conversation.id, Role.ASSISTANT, "two")
    third = store.add_message(conversation.id, Role.USER, "three")
    store.add_message(conversation.id, Role.ASSISTANT, "four")
    # A damaged row: the first message now follows the third.
    store._db.execute("PRAGMA foreign_keys=OFF")
    store._db.execute("UPDATE messages SET parent_id = ? WHERE id = ?", (third.id, first.id))
    assert second.id
    return conversation.id


def test_a_loop_of_parent_links_opens_the_rest_and_says_so(store: ChatStore) -> None:
    conversation_id = _looped(store)
    branch = within(10, lambda: store.branch(conversation_id), store)
    assert [m.content for m in branch.messages] == ["one", "two", "three", "four"]
    [problem] = branch.problems
    assert problem.code == "chat_branch_loops"
    assert ENGLISH.code(problem.code, problem.params).startswith(
        "The messages of this conversation link back to each other in a loop"
    )
    # Everything that walks the links ends too.
    listed = within(10, store.list_conversations, store)
    assert [s.message_count for s in listed] == [4]
    messages = within(10, lambda: store.messages(conversation_id), store)
    within(10, lambda: store.show_version(messages[0].id))
    within(10, lambda: store.delete_from(messages[1].id), store)


# -- rows with values this app does not know ------------------------------------------------


def _version_1_with_damage(path: Path) -> None:
    old = sqlite3.connect(path)
    _create_v1(old)
    old.executescript(
        """
        INSERT INTO conversations (id, title, created_at, updated_at, settings)
             VALUES (1, 'old', 1, 3, '{"temperature": 0.5, broken');
        INSERT INTO messages (id, conversation_id, role, content, reasoning, status, stats,
                              created_at)
             VALUES (1, 1, 'user', 'Capital of France?', '', 'complete', '{}', 2),
                    (2, 1, 'narrator', 'Meanwhile…', '', 'complete', '{}', 3),
                    (3, 1, 'assistant', 'Paris.', '', 'pondering', '{}', 4),
                    (4, 1, 'user', 'And Spain?', '', 'complete', 'not json', 5),
                    (5, 1, 'assistant', 'Madrid.', '', 'complete',
                     '{"ttft_ms": "fast", "tokens_per_second": 12.5}', 6);
        PRAGMA user_version = 1;
        """
    )
    old.close()


def test_migrated_rows_with_unknown_roles_statuses_or_json_open_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "chat.sqlite3"
    _version_1_with_damage(path)
    with ChatStore(path) as store:
        branch = store.branch(1)
        assert [m.content for m in branch.messages] == [
            "Capital of France?",
            "And Spain?",
            "Madrid.",
        ]
        [problem] = branch.problems
        assert ENGLISH.code(problem.code, problem.params) == (
            "2 message(s) of this conversation could not be read and are left out; the rest "
            "is shown."
        )
        assert branch.messages[2].stats.tokens_per_second == 12.5
        assert branch.messages[2].stats.ttft_ms is None  # not a number: left out
        assert store.conversation(1).settings == SamplingSettings()  # broken JSON: defaults
        assert [s.title for s in store.list_conversations()] == ["old"]
        # A turn goes on from the branch as it opened.
        assert store.add_message(1, Role.USER, "And Italy?").parent_id == 5


def test_json_columns_nested_too_deep_read_as_empty(store: ChatStore) -> None:
    conversation = store.create_conversation("deep")
    message = store.add_message(conversation.id, Role.ASSISTANT, "text")
    deep = "[" * 100_000 + "]" * 100_000
    store._db.execute(
        "UPDATE messages SET attachments = ?, tool_calls = ?, token_probs = ?, stats = ?"
        " WHERE id = ?",
        (deep, deep, deep, "{" * 50_000, message.id),
    )
    store._db.execute("UPDATE conversations SET settings = ? WHERE id = ?", (deep, conversation.id))
    [read] = store.messages(conversation.id)
    assert read.content == "text" and read.tool_calls == () and read.attachments == ()
    assert store.conversation(conversation.id).settings == SamplingSettings()
    assert store.prune_images() == 0


# -- any row at all --------------------------------------------------------------------------

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
_ENUM_LIKE = st.sampled_from([*(r.value for r in Role), *(s.value for s in MessageStatus)])
# What a damaged or hand-edited column may hold: JSON text (valid or not), plain text,
# bytes that are not UTF-8, numbers, NULL where none belongs.
_COLUMN = st.one_of(
    _JSON.map(lambda value: json.dumps(value)),
    st.text(st.characters(codec="utf-8"), max_size=20),
    st.binary(max_size=12),
    st.integers(-(2**63), 2**63 - 1),  # what an SQLite INTEGER holds
    st.floats(allow_nan=True),
    st.none(),
    _ENUM_LIKE,
)


@st.composite
def damaged_rows(draw: st.DrawFn) -> list[dict[str, object]]:
    rows = []
    for message_id in range(1, draw(st.integers(1, 6)) + 1):
        rows.append(
            {
                "id": message_id,
                "role": draw(st.one_of(_ENUM_LIKE, _COLUMN)),
                "status": draw(st.one_of(_ENUM_LIKE, _COLUMN)),
                "content": draw(_COLUMN),
                "reasoning": draw(_COLUMN),
                "stats": draw(_COLUMN),
                "attachments": draw(_COLUMN),
                "tool_calls": draw(_COLUMN),
                "token_probs": draw(_COLUMN),
                "error_code": draw(_COLUMN),
                "model": draw(_COLUMN),
                "created_at": draw(_COLUMN),
                # Any earlier, later or missing message: loops included.
                "parent_id": draw(st.none() | st.integers(0, 7)),
            }
        )
    return rows


def _bind(value: object) -> object:
    # A NOT NULL column takes '' for NULL (SQLite stores NaN as NULL too): the rest of the
    # row is what is being tested.
    return "" if value is None or value != value else value


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(rows=damaged_rows(), settings_column=_COLUMN, leaf=st.none() | st.integers(0, 7))
def test_any_row_opens_or_is_left_out_never_raises_or_hangs(
    rows: list[dict[str, object]],
    settings_column: object,
    leaf: int | None,
) -> None:
    with ChatStore.in_memory() as store:
        conversation = store.create_conversation("any")
        store._db.execute("PRAGMA foreign_keys=OFF")
        for row in rows:
            columns = {**row, "conversation_id": conversation.id}
            store._db.execute(
                f"INSERT INTO messages ({', '.join(columns)})"
                f" VALUES ({', '.join('?' for _ in columns)})",
                [
                    _bind(v) if k not in ("parent_id", "error_code", "model") else v
                    for k, v in columns.items()
                ],
            )
        store._db.execute(
            "UPDATE conversations SET settings = ?, leaf_id = ? WHERE id = ?",
            (_bind(settings_column), leaf, conversation.id),
        )

        branch = within(5, lambda: store.branch(conversation.id), store)
        readable = {
            row["id"]
            for row in rows
            if row["role"] in {r.value for r in Role}
            and row["status"] in {s.value for s in MessageStatus}
        }
        shown = {m.id for m in branch.messages}
        assert shown <= readable
        for message in branch.messages:
            assert isinstance(message.content, str) and isinstance(message.reasoning, str)
            assert isinstance(message.created_at, float)
        for problem in branch.problems:
            sentence = ENGLISH.code(problem.code, problem.params)
            assert sentence and "{" not in sentence
        within(5, lambda: store.conversation(conversation.id), store)
        summaries = within(5, store.list_conversations, store)
        assert all(isinstance(s.title, str) for s in summaries)
        within(10, store.prune_images)
        within(10, store.mark_unfinished_interrupted)
        for message_id in [m.id for m in branch.messages]:
            within(10, partial(store.message, message_id))
            within(10, partial(store.show_version, message_id))
