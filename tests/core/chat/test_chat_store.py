"""The SQLite conversation store: CRUD, search, WAL, schema versions and migrations."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from studio.core.chat import (
    AnswerStats,
    ChatStore,
    ChatStoreError,
    MessageStatus,
    Role,
    SamplingSettings,
)
from studio.core.chat.store import MIGRATIONS, _create_v1


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.fixture
def store(tmp_path: Path) -> ChatStore:
    return ChatStore(tmp_path / "chat.sqlite3", clock=FakeClock())


def test_new_database_uses_wal_and_current_schema(tmp_path: Path) -> None:
    path = tmp_path / "data" / "chat.sqlite3"
    with ChatStore(path) as store:
        assert store.schema_version == len(MIGRATIONS)
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    raw.close()


def test_conversations_and_messages_round_trip_across_reopen(tmp_path: Path) -> None:
    path = tmp_path / "chat.sqlite3"
    settings = SamplingSettings(temperature=0.2, top_k=5, seed=7, system_prompt="Be brief.")
    with ChatStore(path) as store:
        conversation = store.create_conversation("First", settings, model="smol.gguf")
        store.add_message(conversation.id, Role.USER, "Hello?")
        answer = store.add_message(conversation.id, Role.ASSISTANT, status=MessageStatus.STREAMING)
        store.append_to_message(answer.id, "Hi", "thinking…")
        store.append_to_message(answer.id, " there")
        store.finish_message(
            answer.id, MessageStatus.COMPLETE, AnswerStats(ttft_ms=12.5, tokens_per_second=40.0)
        )
    with ChatStore(path) as store:
        reopened = store.conversation(conversation.id)
        assert reopened.settings == settings
        assert reopened.model == "smol.gguf"
        messages = store.messages(conversation.id)
    assert [(m.role, m.content, m.reasoning, m.status) for m in messages] == [
        (Role.USER, "Hello?", "", MessageStatus.COMPLETE),
        (Role.ASSISTANT, "Hi there", "thinking…", MessageStatus.COMPLETE),
    ]
    assert messages[1].stats == AnswerStats(ttft_ms=12.5, tokens_per_second=40.0)


def test_list_is_most_recent_first_and_search_matches_title_and_text(store: ChatStore) -> None:
    alpha = store.create_conversation("Alpha plans")
    beta = store.create_conversation("Beta")
    store.add_message(beta.id, Role.USER, "Tell me about 100% pure_gold and rust")
    gamma = store.create_conversation("Gamma")
    assert [c.id for c in store.list_conversations()] == [gamma.id, beta.id, alpha.id]

    assert [c.id for c in store.list_conversations("ALPHA")] == [alpha.id]
    hits = store.list_conversations("rust")
    assert [c.id for c in hits] == [beta.id]
    assert "rust" in hits[0].snippet
    assert hits[0].message_count == 1
    # LIKE wildcards in the query are literal characters, not patterns.
    assert [c.id for c in store.list_conversations("100%")] == [beta.id]
    assert [c.id for c in store.list_conversations("B_ta")] == []  # "_" is not "any char"
    assert [c.id for c in store.list_conversations("pure_gold")] == [beta.id]


def test_rename_settings_and_delete(store: ChatStore) -> None:
    conversation = store.create_conversation("Old")
    store.add_message(conversation.id, Role.USER, "text")
    store.rename_conversation(conversation.id, "New")
    store.set_settings(conversation.id, SamplingSettings(max_tokens=64, thinking=False))
    again = store.conversation(conversation.id)
    assert again.title == "New"
    assert again.settings.max_tokens == 64
    assert again.settings.thinking is False
    store.delete_conversation(conversation.id)
    assert store.list_conversations() == []
    assert store.messages(conversation.id) == []  # cascaded
    with pytest.raises(ChatStoreError) as missing:
        store.rename_conversation(conversation.id, "x")
    assert missing.value.code == "chat_conversation_missing"
    with pytest.raises(ChatStoreError):
        store.add_message(conversation.id, Role.USER, "orphan")


def test_delete_from_truncates_the_rest_of_one_conversation_only(store: ChatStore) -> None:
    first = store.create_conversation("one")
    other = store.create_conversation("two")
    ids = [store.add_message(first.id, Role.USER, f"m{i}").id for i in range(4)]
    kept = store.add_message(other.id, Role.USER, "other")
    store.delete_from(ids[2])
    assert [m.content for m in store.messages(first.id)] == ["m0", "m1"]
    assert [m.id for m in store.messages(other.id)] == [kept.id]
    store.replace_content(ids[1], "edited")
    assert store.message(ids[1]).content == "edited"


def test_answers_left_streaming_are_marked_interrupted_at_start(store: ChatStore) -> None:
    conversation = store.create_conversation("c")
    answer = store.add_message(conversation.id, Role.ASSISTANT, status=MessageStatus.STREAMING)
    store.append_to_message(answer.id, "partial")
    assert store.mark_unfinished_interrupted() == 1
    recovered = store.message(answer.id)
    assert recovered.status is MessageStatus.INTERRUPTED
    assert recovered.content == "partial"
    assert recovered.error_code == "chat_app_stopped"
    assert store.mark_unfinished_interrupted() == 0


def test_migrations_run_in_order_once_and_newer_databases_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "chat.sqlite3"
    with ChatStore(path) as store:
        store.create_conversation("kept")

    applied: list[int] = []

    def add_pinned(db: sqlite3.Connection) -> None:
        applied.append(2)
        db.execute("ALTER TABLE conversations ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0")

    upgraded = (*MIGRATIONS, add_pinned)
    with ChatStore(path, migrations=upgraded) as store:
        assert store.schema_version == len(MIGRATIONS) + 1
        assert [c.title for c in store.list_conversations()] == ["kept"]
    with ChatStore(path, migrations=upgraded):
        pass
    assert applied == [2]  # not re-applied on the second open

    with pytest.raises(ChatStoreError) as too_new:
        ChatStore(path)  # this build knows fewer migrations than the file has
    assert too_new.value.code == "chat_store_too_new"
    assert too_new.value.params == {"version": len(upgraded), "supported": len(MIGRATIONS)}


def test_a_failing_migration_leaves_the_old_version(tmp_path: Path) -> None:
    path = tmp_path / "chat.sqlite3"
    ChatStore(path).close()

    def broken(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE half_done (x)")
        raise RuntimeError("bug in migration")

    with pytest.raises(RuntimeError):
        ChatStore(path, migrations=(*MIGRATIONS, broken))
    with ChatStore(path) as store:
        assert store.schema_version == len(MIGRATIONS)
    raw = sqlite3.connect(path)
    tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    raw.close()
    assert "half_done" not in tables


def test_a_file_that_is_not_sqlite_is_a_typed_error(tmp_path: Path) -> None:
    path = tmp_path / "chat.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(ChatStoreError) as error:
        ChatStore(path)
    assert error.value.code == "chat_store_unreadable"


def test_a_version_1_database_migrates_to_a_tree_without_losing_a_message(
    tmp_path: Path,
) -> None:
    """Rows as the previous schema wrote them (straight lines): every message keeps its text,
    status and stats; each one's parent is the message before it; the branch on screen is
    the whole conversation, so later turns continue it."""
    path = tmp_path / "chat.sqlite3"
    old = sqlite3.connect(path)
    _create_v1(old)
    old.executescript(
        """
        INSERT INTO conversations (id, title, created_at, updated_at, settings)
             VALUES (1, 'old', 1, 3, '{"system_prompt": "Be brief."}'),
                    (2, 'other', 4, 4, '{}'), (3, 'empty', 5, 5, '{}');
        INSERT INTO messages (id, conversation_id, role, content, reasoning, status, stats,
                              created_at)
             VALUES (1, 1, 'user', 'Capital of France?', '', 'complete', '{}', 2),
                    (2, 2, 'user', 'Hi', '', 'complete', '{}', 4),
                    (3, 1, 'assistant', 'Paris.', 'It is Paris.', 'complete',
                     '{"ttft_ms": 9.0}', 3);
        PRAGMA user_version = 1;
        """
    )
    old.close()

    with ChatStore(path) as store:
        assert store.schema_version == len(MIGRATIONS)
        first = store.messages(1)
        assert [(m.id, m.role, m.content, m.reasoning, m.status) for m in first] == [
            (1, Role.USER, "Capital of France?", "", MessageStatus.COMPLETE),
            (3, Role.ASSISTANT, "Paris.", "It is Paris.", MessageStatus.COMPLETE),
        ]
        assert first[1].stats == AnswerStats(ttft_ms=9.0)
        assert [m.parent_id for m in first] == [None, 1]
        assert store.message(2).parent_id is None
        assert store.conversation(1).settings.system_prompt == "Be brief."
        assert store.add_message(1, Role.USER, "And Spain?").parent_id == 3
        assert store.add_message(2, Role.ASSISTANT, "Hello").parent_id == 2
        assert store.add_message(3, Role.USER, "First").parent_id is None


def test_deleting_from_a_message_moves_the_branch_back_to_its_parent(store: ChatStore) -> None:
    conversation = store.create_conversation("c")
    ask = store.add_message(conversation.id, Role.USER, "Q")
    answer = store.add_message(conversation.id, Role.ASSISTANT, "A")
    store.delete_from(answer.id)
    assert store.add_message(conversation.id, Role.ASSISTANT, "A2").parent_id == ask.id
