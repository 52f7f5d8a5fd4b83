"""Salvaging a conversations database whose interior is damaged.

A damaged page deep inside the file leaves the header intact, so SQLite opens the file
and then quietly returns fewer rows (or fails on some queries). Left alone, the history
looks empty and new conversations are written into the damaged file. Instead the store
checks the file when it opens (`PRAGMA quick_check`) and, on damage:

1. moves the damaged file (with its WAL) aside, bit for bit, as the user's copy;
2. reads what it still can from a scratch copy, table by table and row by row, stepping
   over rowids that sit in unreadable pages;
3. writes the rows into a fresh database, which then takes the file's place.

Pure Python (the `sqlite3` shell's `.recover` is not installed everywhere).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from studio.core.chat.models import MessageStatus, Role

# Sidecar files of a WAL database: committed data may live in "-wal" until a checkpoint.
_SIDECARS = ("-wal", "-shm")
# Without a readable largest rowid, give up after this many unreadable rowids in a row.
_MAX_MISSES = 100_000
# SQLite's primary result code for a damaged file.
SQLITE_CORRUPT = 11

Prepare = Callable[[sqlite3.Connection], None]


CHAT_STORE_RECOVERED = "chat_store_recovered"


@dataclass(frozen=True)
class ChatStoreRecovery:
    """What `recover` did: where the damaged file went and what came back from it."""

    backup: Path
    conversations: int
    messages: int
    damage: str  # SQLite's first complaint, for the log

    @property
    def code(self) -> str:
        return CHAT_STORE_RECOVERED

    @property
    def params(self) -> dict[str, object]:
        return {
            "backup": str(self.backup),
            "conversations": self.conversations,
            "messages": self.messages,
        }


def damage_of(db: sqlite3.Connection) -> str | None:
    """None for a healthy database, else SQLite's first complaint. A file that is not a
    database at all raises `sqlite3.DatabaseError` (nothing to salvage there)."""
    try:
        rows = db.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as error:
        if getattr(error, "sqlite_errorcode", None) == SQLITE_CORRUPT:
            return str(error)
        raise
    complaints = [str(row[0]) for row in rows if row[0] != "ok"]
    return complaints[0] if complaints else None


def recover(path: Path, damage: str, prepare: Prepare, now: datetime) -> ChatStoreRecovery:
    """Move the damaged database at `path` aside and put a fresh one with every readable
    row in its place. `prepare` creates the current schema in an empty database."""
    backup = _free_name(path.with_name(f"{path.name}.damaged-{now:%Y%m%d-%H%M%S}"))
    for suffix in ("", *_SIDECARS):
        source = Path(f"{path}{suffix}")
        if source.exists():
            source.replace(f"{backup}{suffix}")
    scratch = Path(tempfile.mkdtemp(prefix=".recovering-", dir=path.parent))
    try:
        fresh = scratch / "fresh.sqlite3"
        counts = _salvage(_scratch_copy(backup, scratch), fresh, prepare)
        fresh.replace(path)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return ChatStoreRecovery(backup, counts["conversations"], counts["messages"], damage)


def _free_name(wanted: Path) -> Path:
    candidate, number = wanted, 1
    while candidate.exists():
        number += 1
        candidate = wanted.with_name(f"{wanted.name}-{number}")
    return candidate


def _scratch_copy(backup: Path, scratch: Path) -> Path:
    """Read from a copy: opening a WAL database may write to it, and the backup stays
    exactly as it was found."""
    copy = scratch / "damaged.sqlite3"
    for suffix in ("", "-wal"):
        if Path(f"{backup}{suffix}").exists():
            shutil.copyfile(f"{backup}{suffix}", f"{copy}{suffix}")
    return copy


def _salvage(damaged: Path, fresh: Path, prepare: Prepare) -> dict[str, int]:
    source = sqlite3.connect(damaged, isolation_level=None)
    # Text with broken UTF-8 comes back with replacement characters instead of failing.
    source.text_factory = lambda raw: raw.decode("utf-8", "replace")
    target = sqlite3.connect(fresh, isolation_level=None)
    try:
        target.execute("PRAGMA foreign_keys=ON")  # a message without its conversation goes
        prepare(target)
        target.execute("BEGIN")
        counts = {
            table: _copy_table(source, target, table) for table in ("conversations", "messages")
        }
        _mend_leaves(target)
        target.execute("COMMIT")
        return counts
    finally:
        source.close()
        target.close()


def _copy_table(source: sqlite3.Connection, target: sqlite3.Connection, table: str) -> int:
    columns = [str(row[1]) for row in target.execute(f"PRAGMA table_info({table})")]
    try:
        have = {str(row[1]) for row in source.execute(f"PRAGMA table_info({table})")}
    except sqlite3.DatabaseError:
        return 0  # the schema itself is unreadable: nothing to copy from this table
    shared = [c for c in columns if c in have]
    if "id" not in shared:
        return 0
    insert = (
        f"INSERT OR IGNORE INTO {table} ({', '.join(shared)})"
        f" VALUES ({', '.join('?' for _ in shared)})"
    )
    copied = 0
    for row in _readable_rows(source, table, shared):
        values = _cleaned(table, dict(zip(shared, row, strict=True)))
        if values is None:
            continue
        if table == "messages" and values.get("parent_id") is not None:
            values["parent_id"] = _surviving_parent(target, values)
        try:
            copied += target.execute(insert, [values[c] for c in shared]).rowcount
        except sqlite3.Error:
            continue  # a row the schema refuses (a NULL where none may be, an orphan)
    return copied


def _surviving_parent(target: sqlite3.Connection, message: dict[str, object]) -> object:
    """The message's parent, or when that one was lost, the message copied last before it
    in its conversation: a lost message must not cut the turns after it off their
    conversation. Rows come in id order and parents are older, so a surviving parent is
    already copied."""
    parent = message["parent_id"]
    if target.execute("SELECT 1 FROM messages WHERE id = ?", (parent,)).fetchone():
        return parent
    row = target.execute(
        "SELECT MAX(id) FROM messages WHERE conversation_id = ? AND id < ?",
        (message.get("conversation_id"), message.get("id")),
    ).fetchone()
    return row[0] if row else None


def _mend_leaves(target: sqlite3.Connection) -> None:
    """A conversation whose shown leaf was lost shows its newest surviving message."""
    if "leaf_id" not in {str(row[1]) for row in target.execute("PRAGMA table_info(conversations)")}:
        return
    target.execute(
        """
        UPDATE conversations SET leaf_id = (
            SELECT MAX(m.id) FROM messages m WHERE m.conversation_id = conversations.id)
         WHERE leaf_id IS NULL
            OR leaf_id NOT IN (SELECT id FROM messages WHERE conversation_id = conversations.id)"""
    )


def _readable_rows(
    source: sqlite3.Connection, table: str, columns: list[str]
) -> Iterator[tuple[object, ...]]:
    """Every row that can still be read, in rowid order. A read that fails means the
    next rowid sits in a damaged page: step over it and seek again past it."""
    high = _largest_rowid(source, table)
    query = f"SELECT rowid, {', '.join(columns)} FROM {table} WHERE rowid > ? ORDER BY rowid"
    after, misses = 0, 0
    while misses < _MAX_MISSES:
        try:
            for row in source.execute(query, (after,)):
                after, misses = int(row[0]), 0
                yield tuple(row[1:])
            return
        except sqlite3.DatabaseError:
            after, misses = after + 1, misses + 1
            if high is not None and after >= high:
                return


def _largest_rowid(source: sqlite3.Connection, table: str) -> int | None:
    try:
        row = source.execute(f"SELECT max(rowid) FROM {table}").fetchone()
    except sqlite3.DatabaseError:
        return None
    return int(row[0]) if row and row[0] is not None else 0


def _cleaned(table: str, values: dict[str, object]) -> dict[str, object] | None:
    """The row as the app can read it back, or None to skip it."""
    for column in ("settings", "stats"):
        if column in values and not _is_json_object(values[column]):
            values[column] = "{}"
    if table == "messages":
        if values.get("role") not in {r.value for r in Role}:
            return None
        if values.get("status") not in {s.value for s in MessageStatus}:
            return None
    return values


def _is_json_object(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        return isinstance(json.loads(value), dict)
    except (ValueError, RecursionError):
        return False
