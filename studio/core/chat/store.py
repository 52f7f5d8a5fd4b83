"""Conversations and messages in SQLite.

Why these choices:
- WAL journal with synchronous=NORMAL: every committed append reaches the WAL file before the
  call returns, so killing the app loses nothing committed; only a power loss can drop the
  last commits, and the database never corrupts.
- `PRAGMA user_version` holds the schema version; `MIGRATIONS[i]` upgrades version i to i+1,
  each in one transaction. A database from a newer app is refused, never downgraded.
- One connection shared by the threads that call in (the service calls from
  `asyncio.to_thread`), serialised by a lock: SQLite calls here take well under a
  millisecond, so contention is not a concern, and ordering stays simple.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from studio.core.chat.attachments import ImageAttachment, ImageStore, attachments_from_json
from studio.core.chat.branches import Branch, MessageTree, path_to, walk_up
from studio.core.chat.json_column import json_list, json_object
from studio.core.chat.models import (
    AnswerStats,
    Conversation,
    ConversationSummary,
    Message,
    MessageStatus,
    Role,
    SamplingSettings,
)
from studio.core.chat.recovery import ChatStoreRecovery, damage_of, recover
from studio.core.chat.token_probs import TokenProb, probs_from_json, probs_to_json
from studio.core.chat.tools import (
    ResultSource,
    ToolCall,
    answered_call_from_json,
    answered_call_to_json,
    calls_from_json,
    calls_to_json,
    result_source_from_json,
)
from studio.core.errors import Problem, StudioError

DATABASE_NAME = "conversations.sqlite3"
# SQLite's primary result code for "database or disk is full".
SQLITE_FULL = 13
CHAT_STORE_FULL = "chat_store_full"
CHAT_STORE_WRITE_FAILED = "chat_store_write_failed"
CHAT_MESSAGES_LEFT_OUT = "chat_messages_left_out"
CHAT_BRANCH_LOOPS = "chat_branch_loops"

Migration = Callable[[sqlite3.Connection], None]


def _create_v1(db: sqlite3.Connection) -> None:
    db.execute(
        """
        CREATE TABLE conversations (
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            settings TEXT NOT NULL DEFAULT '{}',
            model TEXT
        )"""
    )
    db.execute(
        """
        CREATE TABLE messages (
            id INTEGER PRIMARY KEY,
            conversation_id INTEGER NOT NULL
                REFERENCES conversations(id) ON DELETE CASCADE,
            role TEXT NOT NULL,
            content TEXT NOT NULL DEFAULT '',
            reasoning TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL,
            error_code TEXT,
            stats TEXT NOT NULL DEFAULT '{}',
            model TEXT,
            created_at REAL NOT NULL
        )"""
    )
    db.execute("CREATE INDEX messages_by_conversation ON messages(conversation_id, id)")
    db.execute("CREATE INDEX conversations_by_recency ON conversations(updated_at DESC)")


def _tree_and_parts_v2(db: sqlite3.Connection) -> None:
    """Schema 2: messages form a tree and carry the parts beyond text.

    - `parent_id`: the message this one answers or follows; siblings are the versions a
      regenerate or an edit made. `conversations.leaf_id` is the last message of the branch
      on screen, so the conversation is the path from the root to it.
    - `attachments`, `tool_calls`, `token_probs`: JSON lists (images and files sent with a
      turn, the calls an answer made, each token's probability and alternatives).
    A version-1 conversation was one straight line: each message's parent is the one before
    it, and its leaf is its last message."""
    db.execute("ALTER TABLE messages ADD COLUMN parent_id INTEGER REFERENCES messages(id)")
    for column in ("attachments", "tool_calls", "token_probs"):
        db.execute(f"ALTER TABLE messages ADD COLUMN {column} TEXT NOT NULL DEFAULT '[]'")
    db.execute("ALTER TABLE conversations ADD COLUMN leaf_id INTEGER")
    db.execute(
        """
        UPDATE messages SET parent_id = (
            SELECT MAX(p.id) FROM messages p
             WHERE p.conversation_id = messages.conversation_id AND p.id < messages.id)"""
    )
    db.execute(
        """
        UPDATE conversations SET leaf_id = (
            SELECT MAX(m.id) FROM messages m WHERE m.conversation_id = conversations.id)"""
    )
    db.execute("CREATE INDEX messages_by_parent ON messages(parent_id)")


MIGRATIONS: tuple[Migration, ...] = (_create_v1, _tree_and_parts_v2)


class ChatStoreError(StudioError):
    """Codes: `chat_store_too_new` (version, supported), `chat_store_unreadable`,
    `chat_conversation_missing` (conversation_id), `chat_message_missing` (message_id),
    `chat_store_full` and `chat_store_write_failed` (path, reason): a write that did not
    reach the file."""


def _write_failed(path: Path, error: sqlite3.Error) -> ChatStoreError:
    # A full disk says what to do about it; anything else (an I/O error, a read-only
    # folder, a lock held too long) gives SQLite's own words as the reason.
    full = getattr(error, "sqlite_errorcode", None) == SQLITE_FULL
    return ChatStoreError(
        CHAT_STORE_FULL if full else CHAT_STORE_WRITE_FAILED,
        f"{path}: {error}",
        path=str(path),
        reason=str(error),
    )


def _text(value: object) -> str:
    """A text column as text, whatever a damaged or hand-edited row put in it."""
    if isinstance(value, str):
        return value
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return "" if value is None else str(value)


def _number(value: object) -> float:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0


def _stats(text: object) -> AnswerStats:
    """The stats column: numbers only, so a damaged row cannot break the footer's format."""
    data = json_object(_text(text))
    known = {
        key: value
        for key, value in data.items()
        if isinstance(value, int | float) and not isinstance(value, bool)
    }
    return AnswerStats.from_dict(known)


def _settings(text: object) -> SamplingSettings:
    return SamplingSettings.from_dict(json_object(_text(text)))


_ROLES = frozenset(r.value for r in Role)
_STATUSES = frozenset(s.value for s in MessageStatus)


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _snippet(content: str, needle: str, width: int = 80) -> str:
    """A one-line excerpt of `content` around the first case-insensitive `needle`."""
    flat = " ".join(content.split())
    at = flat.lower().find(needle.lower()) if needle else 0
    start = max(0, at - width // 3) if at >= 0 else 0
    excerpt = flat[start : start + width]
    return ("…" if start else "") + excerpt + ("…" if start + width < len(flat) else "")


def _refuse_newer(db: sqlite3.Connection, path: Path, migrations: Sequence[Migration]) -> None:
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version > len(migrations):
        raise ChatStoreError(
            "chat_store_too_new",
            f"{path} has schema {version}; this app knows up to {len(migrations)}",
            version=version,
            supported=len(migrations),
        )


def _migrate(db: sqlite3.Connection, path: Path, migrations: Sequence[Migration]) -> None:
    _refuse_newer(db, path, migrations)
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    for target, migration in enumerate(migrations[version:], start=version + 1):
        db.execute("BEGIN IMMEDIATE")
        try:
            migration(db)
            # PRAGMA does not take parameters; `target` is an int we computed.
            db.execute(f"PRAGMA user_version = {target:d}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")


class ChatStore:
    def __init__(
        self,
        path: Path,
        migrations: Sequence[Migration] = MIGRATIONS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.path = path
        self._clock = clock
        # Reentrant: the writes of one `transaction()` call the store's own methods.
        self._lock = threading.RLock()
        self._depth = 0  # transactions open on the thread holding the lock
        # Set when the file was found damaged and salvaged into a fresh one; the UI says so.
        self.recovery: ChatStoreRecovery | None = None
        path.parent.mkdir(parents=True, exist_ok=True)
        self.images = ImageStore.beside(path)
        try:
            self._db = self._open(path, migrations)
        except (sqlite3.DatabaseError, OSError) as error:  # OSError: moving a damaged file
            raise ChatStoreError(
                "chat_store_unreadable", f"{path}: {error}", path=str(path)
            ) from error

    def _open(self, path: Path, migrations: Sequence[Migration]) -> sqlite3.Connection:
        db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        try:
            # Before anything writes: a damaged file is never written into.
            damage = None if str(path) == ":memory:" else damage_of(db)
            if damage is not None:
                _refuse_newer(db, path, migrations)
                db.close()
                self.recovery = recover(
                    path, damage, lambda fresh: _migrate(fresh, path, migrations), self._now()
                )
                db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            # Text with broken UTF-8 (a damaged page, another program's write) reads with
            # replacement characters instead of failing the whole query.
            db.text_factory = lambda raw: raw.decode("utf-8", "replace")
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA busy_timeout=5000")
            _migrate(db, path, migrations)
        except BaseException:
            db.close()
            raise
        return db

    def _now(self) -> datetime:
        return datetime.fromtimestamp(self._clock())

    @classmethod
    def in_directory(cls, data_dir: Path) -> ChatStore:
        return cls(data_dir / DATABASE_NAME)

    @classmethod
    def in_memory(cls) -> ChatStore:
        """A store that keeps nothing after it closes: the app's fallback when the file
        cannot be opened, so chatting still works and the file is left untouched."""
        return cls(Path(":memory:"))

    @property
    def schema_version(self) -> int:
        with self._lock:
            return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()
        self.images.close()

    def __enter__(self) -> ChatStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """The store's calls inside it as one write, all or nothing, with one commit
        (a chat turn's writes before its first token). Other threads wait for it."""
        with self._transaction():
            yield

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write, all or nothing; inside an open one, part of it. A write SQLite
        refuses (a full disk, an I/O error) raises `ChatStoreError`; SQLite may already
        have rolled the transaction back itself (it does on SQLITE_FULL), so the rollback
        here only runs while one is open."""
        with self._lock:
            if self._depth:
                yield self._db
                return
            try:
                self._db.execute("BEGIN IMMEDIATE")
                self._depth = 1
                try:
                    yield self._db
                    self._db.execute("COMMIT")
                finally:
                    self._depth = 0
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
            except sqlite3.Error as error:
                raise _write_failed(self.path, error) from error

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            try:
                cursor = self._db.execute(sql, params)
                cursor.row_factory = sqlite3.Row
                return list(cursor.fetchall())
            except sqlite3.Error as error:
                raise ChatStoreError(
                    "chat_store_unreadable", f"{self.path}: {error}", path=str(self.path)
                ) from error

    # -- conversations -------------------------------------------------------------------

    def create_conversation(
        self,
        title: str,
        settings: SamplingSettings | None = None,
        model: str | None = None,
    ) -> Conversation:
        now = self._clock()
        settings = settings or SamplingSettings()
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO conversations (title, created_at, updated_at, settings, model)"
                " VALUES (?, ?, ?, ?, ?)",
                (title, now, now, json.dumps(settings.to_dict()), model),
            )
            new_id = int(cursor.lastrowid or 0)
        return Conversation(new_id, title, now, now, settings, model)

    def conversation(self, conversation_id: int) -> Conversation:
        rows = self._query("SELECT * FROM conversations WHERE id = ?", (conversation_id,))
        if not rows:
            raise ChatStoreError(
                "chat_conversation_missing",
                f"no conversation {conversation_id}",
                conversation_id=conversation_id,
            )
        row = rows[0]
        return Conversation(
            id=row["id"],
            title=_text(row["title"]),
            created_at=_number(row["created_at"]),
            updated_at=_number(row["updated_at"]),
            settings=_settings(row["settings"]),
            model=row["model"] if isinstance(row["model"], str) else None,
        )

    def list_conversations(self, search: str = "", limit: int = 500) -> list[ConversationSummary]:
        """Most recent first. `search` matches titles and the text of the branch on screen
        (not versions paged away from), case-insensitively for ASCII (SQLite's LIKE); the
        counts and snippets are of that branch too."""
        needle = search.strip()
        pattern = f"%{_escape_like(needle)}%"
        with self._lock:
            # Sequential scans, and the branches walked here: walking them up in SQL reads
            # rows out of order (measured 4x slower with long answers).
            parents = dict(self._db.execute("SELECT id, parent_id FROM messages").fetchall())
            matching = {
                row[0]
                for row in self._db.execute(
                    "SELECT id FROM messages WHERE ? != '' AND content LIKE ? ESCAPE '\\'",
                    (needle, pattern),
                )
            }
            conversations = self._db.execute(
                "SELECT id, title, updated_at, leaf_id, ? = '' OR title LIKE ? ESCAPE '\\'"
                " FROM conversations ORDER BY updated_at DESC, id DESC",
                (needle, pattern),
            ).fetchall()
        listed: list[tuple[int, str, float, int, int | None]] = []
        for conversation_id, title, updated_at, leaf_id, titled in conversations:
            path = path_to(parents, leaf_id)
            title, updated_at = _text(title), _number(updated_at)
            shown = [i for i in path if i in matching] if needle else path[:1]
            if titled or shown:
                hit = shown[0] if shown else None
                listed.append((conversation_id, title, updated_at, len(path), hit))
            if len(listed) == limit:
                break
        hits = [row[4] for row in listed if row[4] is not None]
        texts: dict[int, str] = {
            row["id"]: row["content"]
            for row in self._query(
                "SELECT id, content FROM messages WHERE id IN (SELECT value FROM json_each(?))",
                (json.dumps(hits),),
            )
        }
        return [
            ConversationSummary(
                id=conversation_id,
                title=title,
                updated_at=updated_at,
                message_count=count,
                snippet=_snippet(_text(texts.get(hit, "")) if hit is not None else "", needle),
            )
            for conversation_id, title, updated_at, count, hit in listed
        ]

    def rename_conversation(self, conversation_id: int, title: str) -> None:
        self._update_conversation(conversation_id, "title = ?", (title,))

    def set_settings(self, conversation_id: int, settings: SamplingSettings) -> None:
        self._update_conversation(
            conversation_id, "settings = ?", (json.dumps(settings.to_dict()),)
        )

    def _update_conversation(
        self, conversation_id: int, assignment: str, params: tuple[Any, ...]
    ) -> None:
        with self._transaction() as db:
            cursor = db.execute(
                # Renaming or retuning does not make a conversation "recent"; messages do.
                f"UPDATE conversations SET {assignment} WHERE id = ?",
                (*params, conversation_id),
            )
            if cursor.rowcount == 0:
                raise ChatStoreError(
                    "chat_conversation_missing",
                    f"no conversation {conversation_id}",
                    conversation_id=conversation_id,
                )

    def delete_conversation(self, conversation_id: int) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM conversations WHERE id = ?", (conversation_id,))

    # -- messages ------------------------------------------------------------------------

    def messages(self, conversation_id: int) -> list[Message]:
        """The branch on screen: the path from the first message to the conversation's
        leaf. Versions paged away from are not in it (see `branch` and `tree`). Rows that
        cannot be read are left out (`branch` says so)."""
        return self._branch_messages(conversation_id)[0]

    def _branch_messages(self, conversation_id: int) -> tuple[list[Message], list[Problem]]:
        """The branch on screen and what was wrong with it: rows left out, or parent links
        that loop (walked in Python, with every id seen once, so a loop cannot spin)."""
        with self._lock:
            try:
                leaf = self._db.execute(
                    "SELECT leaf_id FROM conversations WHERE id = ?", (conversation_id,)
                ).fetchone()
                links = self._db.execute(
                    "SELECT id, parent_id FROM messages WHERE conversation_id = ?",
                    (conversation_id,),
                ).fetchall()
            except sqlite3.Error as error:
                raise ChatStoreError(
                    "chat_store_unreadable", f"{self.path}: {error}", path=str(self.path)
                ) from error
        path, looped = walk_up(dict(links), leaf[0] if leaf else None)
        rows = self._query(
            "SELECT * FROM messages WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id",
            (json.dumps(path),),
        )
        decoded = [self._message_or_none(row) for row in rows]
        messages = [m for m in decoded if m is not None]
        problems: list[Problem] = []
        if len(messages) < len(rows):
            left_out = len(rows) - len(messages)
            problems.append(
                Problem(
                    CHAT_MESSAGES_LEFT_OUT,
                    f"conversation {conversation_id}: {left_out} unreadable row(s)",
                    {"count": left_out},
                )
            )
        if looped:
            problems.append(
                Problem(CHAT_BRANCH_LOOPS, f"conversation {conversation_id}: parent links loop")
            )
        return messages, problems

    def prune_images(self) -> int:
        """Delete the image files no message refers to any more (their conversations were
        deleted); call at start-up. Returns how many went."""
        rows = self._query("SELECT attachments FROM messages WHERE attachments != '[]'")
        keep = {a.sha256 for row in rows for a in attachments_from_json(json_list(_text(row[0])))}
        return self.images.prune(keep)

    def tree(self, conversation_id: int) -> MessageTree:
        """How every message of the conversation links to the one it follows."""
        rows = self._query(
            "SELECT id, parent_id FROM messages WHERE conversation_id = ?", (conversation_id,)
        )
        return MessageTree((row["id"], row["parent_id"]) for row in rows)

    def branch(self, conversation_id: int) -> Branch:
        """The branch on screen with each message's versions (for the pagers), and what
        could not be read of it."""
        messages, problems = self._branch_messages(conversation_id)
        tree = self.tree(conversation_id)
        return Branch(
            tuple(messages), tuple(tree.versions(m.id) for m in messages), tuple(problems)
        )

    def show_version(self, message_id: int) -> None:
        """Put `message_id` on screen with the newest turns that followed it: the
        conversation's leaf moves to the newest message under it, so paging back to a
        version brings back the conversation that went on from it."""
        with self._transaction() as db:
            row = db.execute(
                "SELECT conversation_id FROM messages WHERE id = ?", (message_id,)
            ).fetchone()
            if row is None:
                raise ChatStoreError(
                    "chat_message_missing", f"no message {message_id}", message_id=message_id
                )
            links = db.execute(
                "SELECT id, parent_id FROM messages WHERE conversation_id = ?", (row[0],)
            ).fetchall()
            leaf = MessageTree(links).newest_leaf(message_id)
            db.execute("UPDATE conversations SET leaf_id = ? WHERE id = ?", (leaf, row[0]))

    def message(self, message_id: int) -> Message:
        rows = self._query("SELECT * FROM messages WHERE id = ?", (message_id,))
        message = self._message_or_none(rows[0]) if rows else None
        if message is None:
            raise ChatStoreError(
                "chat_message_missing", f"no message {message_id}", message_id=message_id
            )
        return message

    def _message_or_none(self, row: sqlite3.Row) -> Message | None:
        """The row as a message, or None when it cannot be one: a role or status this app
        does not know (a hand edit, a damaged or migrated row). Every other column is
        repaired: text as text, a broken JSON column as empty."""
        role, status = row["role"], row["status"]
        if role not in _ROLES or status not in _STATUSES:
            return None
        # A tool result's `tool_calls` column holds the one call it answers.
        is_result = role == Role.TOOL.value
        calls = _text(row["tool_calls"])
        parent = row["parent_id"]
        return Message(
            id=row["id"],
            conversation_id=row["conversation_id"],
            role=Role(role),
            content=_text(row["content"]),
            reasoning=_text(row["reasoning"]),
            status=MessageStatus(status),
            error_code=row["error_code"] if isinstance(row["error_code"], str) else None,
            stats=_stats(row["stats"]),
            model=row["model"] if isinstance(row["model"], str) else None,
            created_at=_number(row["created_at"]),
            parent_id=parent if isinstance(parent, int) else None,
            attachments=self.images.resolve(
                attachments_from_json(json_list(_text(row["attachments"])))
            ),
            tool_calls=() if is_result else calls_from_json(calls),
            tool_call_id=answered_call_from_json(calls) if is_result else None,
            tool_source=result_source_from_json(calls) if is_result else None,
            token_probs=probs_from_json(_text(row["token_probs"])),
        )

    def add_message(
        self,
        conversation_id: int,
        role: Role,
        content: str = "",
        *,
        status: MessageStatus = MessageStatus.COMPLETE,
        model: str | None = None,
        attachments: Sequence[ImageAttachment] = (),
        version_of: int | None = None,
        tool_call_id: str | None = None,
        tool_source: ResultSource | None = None,
    ) -> Message:
        """Continue the branch on screen, or with `version_of`, add a new version of that
        message (a sibling: same parent) and show it. Either way the new message becomes
        the conversation's leaf. `tool_call_id`: the call a TOOL message answers;
        `tool_source`: the MCP server that gave its result (None: the person did)."""
        now = self._clock()
        with self._transaction() as db:
            exists = db.execute(
                "UPDATE conversations SET updated_at = ? WHERE id = ?", (now, conversation_id)
            ).rowcount
            if not exists:
                raise ChatStoreError(
                    "chat_conversation_missing",
                    f"no conversation {conversation_id}",
                    conversation_id=conversation_id,
                )
            # A new message continues the branch on screen; a new version starts beside one.
            parent_id = db.execute(
                "SELECT leaf_id FROM conversations WHERE id = ?", (conversation_id,)
            ).fetchone()[0]
            if version_of is not None:
                sibling = db.execute(
                    "SELECT parent_id FROM messages WHERE id = ? AND conversation_id = ?",
                    (version_of, conversation_id),
                ).fetchone()
                if sibling is None:
                    raise ChatStoreError(
                        "chat_message_missing", f"no message {version_of}", message_id=version_of
                    )
                parent_id = sibling[0]
            calls = (
                answered_call_to_json(tool_call_id, tool_source)
                if tool_call_id is not None
                else "[]"
            )
            cursor = db.execute(
                "INSERT INTO messages (conversation_id, parent_id, role, content, status,"
                " model, created_at, attachments, tool_calls)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    conversation_id,
                    parent_id,
                    role.value,
                    content,
                    status.value,
                    model,
                    now,
                    json.dumps([a.to_dict() for a in attachments]),
                    calls,
                ),
            )
            new_id = int(cursor.lastrowid or 0)
            db.execute(
                "UPDATE conversations SET leaf_id = ? WHERE id = ?", (new_id, conversation_id)
            )
        return Message(
            new_id,
            conversation_id,
            role,
            content,
            status=status,
            model=model,
            created_at=now,
            parent_id=parent_id,
            attachments=self.images.resolve(attachments),
            tool_call_id=tool_call_id,
            tool_source=tool_source if tool_call_id is not None else None,
        )

    def append_to_message(self, message_id: int, content: str, reasoning: str = "") -> None:
        """Append one chunk of a streaming answer, committed before returning."""
        if not content and not reasoning:
            return
        with self._transaction() as db:
            db.execute(
                "UPDATE messages SET content = content || ?, reasoning = reasoning || ?"
                " WHERE id = ?",
                (content, reasoning, message_id),
            )

    def finish_message(
        self,
        message_id: int,
        status: MessageStatus,
        stats: AnswerStats | None = None,
        error_code: str | None = None,
    ) -> None:
        with self._transaction() as db:
            db.execute(
                "UPDATE messages SET status = ?, stats = ?, error_code = ? WHERE id = ?",
                (
                    status.value,
                    json.dumps((stats or AnswerStats()).to_dict()),
                    error_code,
                    message_id,
                ),
            )

    def set_answer_parts(
        self,
        message_id: int,
        tool_calls: Sequence[ToolCall] = (),
        token_probs: Sequence[TokenProb] = (),
    ) -> None:
        """The calls an answer made and its tokens' probabilities, once it has ended."""
        with self._transaction() as db:
            db.execute(
                "UPDATE messages SET tool_calls = ?, token_probs = ? WHERE id = ?",
                (calls_to_json(tool_calls), probs_to_json(token_probs), message_id),
            )

    def replace_content(self, message_id: int, content: str) -> None:
        with self._transaction() as db:
            db.execute("UPDATE messages SET content = ? WHERE id = ?", (content, message_id))

    def delete_from(self, message_id: int) -> None:
        """Delete a message and everything that followed it, in every branch under it;
        its other versions stay."""
        with self._transaction() as db:
            row = db.execute(
                "SELECT conversation_id, parent_id FROM messages WHERE id = ?", (message_id,)
            ).fetchone()
            if row is None:
                return
            conversation_id, parent_id = row
            db.execute(
                "UPDATE conversations SET leaf_id = ? WHERE id = ?", (parent_id, conversation_id)
            )
            # One statement: the parent links inside the subtree are checked at its end.
            # UNION, not UNION ALL: links that loop (a damaged row) end the walk.
            db.execute(
                """
                WITH RECURSIVE under(id) AS (
                    SELECT ? UNION
                    SELECT m.id FROM messages m JOIN under ON m.parent_id = under.id)
                DELETE FROM messages WHERE id IN (SELECT id FROM under)""",
                (message_id,),
            )

    def mark_unfinished_interrupted(self) -> int:
        """Answers still marked as streaming were cut off by an app crash or kill; say so.
        Call once at start-up, before anything streams. Returns how many were found."""
        with self._transaction() as db:
            cursor = db.execute(
                "UPDATE messages SET status = ?, error_code = ? WHERE status = ?",
                (
                    MessageStatus.INTERRUPTED.value,
                    "chat_app_stopped",
                    MessageStatus.STREAMING.value,
                ),
            )
            return cursor.rowcount
