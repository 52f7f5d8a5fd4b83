"""A conversations file damaged inside (header intact): detected, kept, salvaged, replaced."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from studio.core.chat import ChatStore, Role

CONVERSATIONS = 40
MESSAGES_EACH = 50
PAGE_SIZE = 4096


def _filled(path: Path) -> None:
    with ChatStore(path) as store:
        for number in range(CONVERSATIONS):
            conversation = store.create_conversation(f"conversation {number}")
            for turn in range(MESSAGES_EACH):
                role = Role.USER if turn % 2 == 0 else Role.ASSISTANT
                store.add_message(conversation.id, role, f"message {number}/{turn} " * 20)
    # A clean close checkpoints the WAL: everything now lives in the main file.
    assert not Path(f"{path}-wal").exists()


def _data_page_of_messages(path: Path) -> int:
    """A leaf page of the messages table well inside the file (SQLite's dbstat is not
    always compiled in, so find one by its content)."""
    data = path.read_bytes()
    assert len(data) // PAGE_SIZE > 20
    needle = b"message 20/"
    for page in range(len(data) // PAGE_SIZE // 2, len(data) // PAGE_SIZE):
        body = data[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
        if body[0] == 0x0D and needle in body:  # 0x0D: a table b-tree leaf page
            return page
    raise AssertionError("no messages page found")


def _damage(path: Path, page: int) -> bytes:
    with path.open("r+b") as handle:
        handle.seek(page * PAGE_SIZE)
        handle.write(b"\xa5" * PAGE_SIZE)  # page header and cells, overwritten
    return path.read_bytes()


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
    _filled(path)
    damaged_bytes = _damage(path, _data_page_of_messages(path))
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
    _filled(path)
    with ChatStore(path) as store:
        assert store.recovery is None
    assert [p.name for p in tmp_path.iterdir()] == ["conversations.sqlite3"]
