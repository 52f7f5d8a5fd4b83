"""A conversations database with many messages, and real damage inside it (header kept)."""

from __future__ import annotations

from pathlib import Path

from studio.core.chat import ChatStore, Role

CONVERSATIONS = 40
MESSAGES_EACH = 50
PAGE_SIZE = 4096


def filled_store(path: Path) -> None:
    with ChatStore(path) as store:
        for number in range(CONVERSATIONS):
            conversation = store.create_conversation(f"conversation {number}")
            for turn in range(MESSAGES_EACH):
                role = Role.USER if turn % 2 == 0 else Role.ASSISTANT
                store.add_message(conversation.id, role, f"message {number}/{turn} " * 20)
    # A clean close checkpoints the WAL: everything now lives in the main file.
    assert not Path(f"{path}-wal").exists()


def data_page_of_messages(path: Path) -> int:
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


def damage_page(path: Path, page: int) -> bytes:
    with path.open("r+b") as handle:
        handle.seek(page * PAGE_SIZE)
        handle.write(b"\xa5" * PAGE_SIZE)  # page header and cells, overwritten
    return path.read_bytes()
