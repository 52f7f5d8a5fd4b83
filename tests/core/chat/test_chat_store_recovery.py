"""A conversations file damaged inside (header intact): detected, kept, salvaged, replaced."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from studio.core.chat import ChatStore, Role
from tests.support.chat_damage import (
    CONVERSATIONS,
    MESSAGES_EACH,
    damage_page,
    data_page_of_messages,
    filled_store,
)


def _damaged(path: Path) -> bool:
    raw = sqlite3.connect(path)
    try:
        return bool(raw.execute("PRAGMA quick_check").fetchall() != [("ok",)])
    except sqlite3.DatabaseError:
        return True
    finally:
        raw.close()


def _all_messages(store: ChatStore) -> int:
    return sum(summary.message_count for summary in store.list_conversations(limit=10_000))


def test_interior_damage_is_detected_kept_salvaged_and_never_written_into(
    tmp_path: Path,
) -> None:
    path = tmp_path / "conversations.sqlite3"
    filled_store(path)
    damaged_bytes = damage_page(path, data_page_of_messages(path))
    assert _damaged(path)

    with ChatStore(path) as store:
        recovery = store.recovery
        assert recovery is not None
        # The user's copy is the damaged file exactly as it was found.
        assert recovery.backup.parent == tmp_path
        assert recovery.backup.read_bytes() == damaged_bytes
        # Everything outside the one damaged page came back.
        assert recovery.conversations == CONVERSATIONS
        assert recovery.messages > CONVERSATIONS * MESSAGES_EACH - 100
        assert recovery.messages < CONVERSATIONS * MESSAGES_EACH
        assert _all_messages(store) == recovery.messages
        assert len(store.list_conversations()) == CONVERSATIONS
        first = store.list_conversations()[-1]
        assert store.messages(first.id)[0].content.startswith("message 0/0 ")
        new = store.create_conversation("after the repair")
        store.add_message(new.id, Role.USER, "kept")

    assert recovery.backup.read_bytes() == damaged_bytes  # nothing was written into it
    assert not _damaged(path)
    with ChatStore(path) as reopened:  # the fresh file is healthy: no second recovery
        assert reopened.recovery is None
        assert reopened.list_conversations()[0].title == "after the repair"


def test_a_healthy_file_is_not_touched(tmp_path: Path) -> None:
    path = tmp_path / "conversations.sqlite3"
    filled_store(path)
    with ChatStore(path) as store:
        assert store.recovery is None
    assert [p.name for p in tmp_path.iterdir()] == ["conversations.sqlite3"]
