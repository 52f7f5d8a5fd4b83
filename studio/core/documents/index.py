"""Documents, their passages and vectors, and the citations answers made, in SQLite beside
the chat database (`documents.sqlite3`).

Beside it, not in it: the chat database's schema and migrations stay the chat's, and this
file can be deleted (losing attachments and citations, never a conversation). A citation
keeps its own copy of the document's name, page and passage, so it opens after the
document was removed from the conversation, and after a restart.

Vectors are normalised float32 BLOBs. `nearest` searches them in SQLite with sqlite-vec
(`vec_search.py`, through a read-only apsw connection, since Python's `sqlite3` often
cannot load extensions), or exactly in numpy (`search.py`) where sqlite-vec cannot load or
the index is in memory; both rank the same. Conversation 0 holds documents attached before
the conversation's first message stored it (`move` gives them to it then).

One connection (and the search's read-only one) shared by the worker threads that call in,
serialised by a lock, as the chat store does: each call takes a few milliseconds at most.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from studio.core.documents.chunks import Chunk
from studio.core.documents.errors import DocumentError
from studio.core.documents.extract import DocumentKind, Extracted
from studio.core.documents.search import Hit, nearest
from studio.core.documents.vec_search import SqliteVecSearch

DATABASE_NAME: Final = "documents.sqlite3"
DRAFT: Final = 0  # the conversation not stored yet
_SCHEMA_VERSION: Final = 1

Vectors = npt.NDArray[np.float32]


def _create(db: sqlite3.Connection) -> None:
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS documents (
            id INTEGER PRIMARY KEY,
            conversation_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,
            pages INTEGER NOT NULL,
            chars INTEGER NOT NULL,
            added_at REAL NOT NULL
        )"""
    )
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS chunks (
            id INTEGER PRIMARY KEY,
            document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL,
            page INTEGER,
            text TEXT NOT NULL,
            vector BLOB,
            model TEXT NOT NULL DEFAULT ''
        )"""
    )
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS citations (
            message_id INTEGER NOT NULL,
            ordinal INTEGER NOT NULL,
            document TEXT NOT NULL,
            page INTEGER,
            text TEXT NOT NULL,
            score REAL NOT NULL,
            PRIMARY KEY (message_id, ordinal)
        )"""
    )
    db.execute("CREATE INDEX IF NOT EXISTS documents_by_conversation ON documents(conversation_id)")
    db.execute("CREATE INDEX IF NOT EXISTS chunks_by_document ON chunks(document_id, ordinal)")


@dataclass(frozen=True)
class DocumentInfo:
    id: int
    conversation_id: int
    name: str
    kind: DocumentKind
    pages: int
    chars: int
    chunks: int


@dataclass(frozen=True)
class Passage:
    """One indexed passage of a conversation's documents."""

    id: int
    document_id: int
    document: str  # the document's name
    page: int | None
    text: str


@dataclass(frozen=True)
class Citation:
    """A passage an answer was given, as stored with the answer."""

    document: str
    page: int | None
    text: str
    score: float


class DocumentIndex:
    def __init__(self, path: Path, clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self._clock = clock
        self._lock = threading.Lock()
        try:
            if str(path) != ":memory:":
                path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            self._db.text_factory = lambda raw: raw.decode("utf-8", "replace")
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("PRAGMA busy_timeout=5000")
            version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
            if version > _SCHEMA_VERSION:
                raise DocumentError(
                    "document_index_unreadable", f"{path}: schema {version}", path=str(path)
                )
            _create(self._db)
            self._db.execute(f"PRAGMA user_version = {_SCHEMA_VERSION:d}")
        except (sqlite3.Error, OSError) as error:
            raise DocumentError(
                "document_index_unreadable", f"{path}: {error}", path=str(path)
            ) from error
        # After the schema exists: the search's connection is read-only.
        self._vec = SqliteVecSearch.open(path)

    @classmethod
    def in_directory(cls, data_dir: Path) -> DocumentIndex:
        return cls(data_dir / DATABASE_NAME)

    @classmethod
    def in_memory(cls) -> DocumentIndex:
        return cls(Path(":memory:"))

    @property
    def searches_in(self) -> str:
        """What `nearest` searches with: "sqlite-vec" or "numpy"."""
        return "numpy" if self._vec is None else "sqlite-vec"

    def close(self) -> None:
        with self._lock:
            if self._vec is not None:
                self._vec.close()
                self._vec = None
            self._db.close()

    def __enter__(self) -> DocumentIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self, work: Callable[[sqlite3.Connection], Any], write: bool = False) -> Any:
        with self._lock:
            try:
                if not write:
                    return work(self._db)
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    result = work(self._db)
                    self._db.execute("COMMIT")
                    return result
                finally:
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
            except sqlite3.Error as error:
                raise DocumentError(
                    "document_index_write_failed",
                    f"{self.path}: {error}",
                    path=str(self.path),
                    reason=str(error),
                ) from error

    # -- documents -----------------------------------------------------------------------

    def add(
        self,
        conversation_id: int,
        document: Extracted,
        chunks: Sequence[Chunk],
        vectors: Vectors,
        model: str = "",
    ) -> DocumentInfo:
        """The document, its passages and their vectors (one row of `vectors` each, made
        by the embedding model `model`), as one write."""
        if len(vectors) != len(chunks):
            raise ValueError(f"{len(chunks)} passages, {len(vectors)} vectors")
        rows = np.ascontiguousarray(vectors, dtype=np.float32)

        def write(db: sqlite3.Connection) -> int:
            cursor = db.execute(
                "INSERT INTO documents (conversation_id, name, kind, pages, chars, added_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    conversation_id,
                    document.name,
                    document.kind.value,
                    len(document.pages),
                    document.chars,
                    self._clock(),
                ),
            )
            document_id = int(cursor.lastrowid or 0)
            db.executemany(
                "INSERT INTO chunks (document_id, ordinal, page, text, vector, model)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    (document_id, chunk.ordinal, chunk.page, chunk.text, rows[i].tobytes(), model)
                    for i, chunk in enumerate(chunks)
                ),
            )
            return document_id

        document_id = self._run(write, write=True)
        return DocumentInfo(
            document_id,
            conversation_id,
            document.name,
            document.kind,
            len(document.pages),
            document.chars,
            len(chunks),
        )

    def documents(self, conversation_id: int) -> list[DocumentInfo]:
        rows = self._run(
            lambda db: db.execute(
                "SELECT d.id, d.conversation_id, d.name, d.kind, d.pages, d.chars,"
                " (SELECT COUNT(*) FROM chunks c WHERE c.document_id = d.id)"
                " FROM documents d WHERE d.conversation_id = ? ORDER BY d.id",
                (conversation_id,),
            ).fetchall()
        )
        return [
            DocumentInfo(row[0], row[1], row[2], _kind(row[3]), row[4], row[5], row[6])
            for row in rows
        ]

    def remove(self, document_id: int) -> None:
        self._run(lambda db: db.execute("DELETE FROM documents WHERE id = ?", (document_id,)), True)

    def move(self, from_conversation: int, to_conversation: int) -> int:
        """Give `from_conversation`'s documents to `to_conversation` (the draft's, once its
        first message stored it); how many moved."""
        cursor = self._run(
            lambda db: db.execute(
                "UPDATE documents SET conversation_id = ? WHERE conversation_id = ?",
                (to_conversation, from_conversation),
            ),
            True,
        )
        return int(cursor.rowcount)

    def forget_except(self, conversation_ids: Iterable[int]) -> int:
        """Remove the documents of conversations not in `conversation_ids` (deleted ones)."""
        kept = sorted({DRAFT, *conversation_ids})
        marks = ",".join("?" * len(kept))
        cursor = self._run(
            lambda db: db.execute(
                f"DELETE FROM documents WHERE conversation_id NOT IN ({marks})", kept
            ),
            True,
        )
        return int(cursor.rowcount)

    # -- passages ------------------------------------------------------------------------

    def passages(self, conversation_id: int) -> list[Passage]:
        """Every passage of the conversation's documents, in document order."""
        rows = self._run(
            lambda db: db.execute(
                "SELECT c.id, d.id, d.name, c.page, c.text FROM chunks c"
                " JOIN documents d ON d.id = c.document_id"
                " WHERE d.conversation_id = ? ORDER BY d.id, c.ordinal",
                (conversation_id,),
            ).fetchall()
        )
        return [Passage(*row) for row in rows]

    def vectors(
        self, conversation_id: int, model: str = ""
    ) -> tuple[npt.NDArray[np.int64], Vectors]:
        """The ids of the conversation's passages the embedding model `model` made
        vectors of, and those vectors, one row each."""
        rows = self._run(
            lambda db: db.execute(
                "SELECT c.id, c.vector FROM chunks c JOIN documents d ON d.id = c.document_id"
                " WHERE d.conversation_id = ? AND c.vector IS NOT NULL AND c.model = ?"
                " ORDER BY c.id",
                (conversation_id, model),
            ).fetchall()
        )
        if not rows:
            return np.zeros(0, dtype=np.int64), np.zeros((0, 0), dtype=np.float32)
        ids = np.fromiter((row[0] for row in rows), dtype=np.int64, count=len(rows))
        matrix = np.frombuffer(b"".join(row[1] for row in rows), dtype=np.float32)
        return ids, matrix.reshape(len(rows), -1)

    def nearest(self, conversation_id: int, model: str, query: Vectors, k: int) -> list[Hit]:
        """The `k` passages of the conversation nearest `query` (normalised) among those the
        embedding model `model` made vectors of, best first."""
        with self._lock:
            if self._vec is not None:
                hits = self._vec.nearest(conversation_id, model, query, k)
                if hits is not None:
                    return hits
                self._vec.close()  # it failed (and said why): numpy from now on
                self._vec = None
        ids, matrix = self.vectors(conversation_id, model)
        return nearest(query, ids, matrix, k)

    def stale(self, conversation_id: int, model: str) -> list[Passage]:
        """The conversation's passages whose vectors another embedding model made (the
        chat's model changed since they were indexed): they are embedded again."""
        rows = self._run(
            lambda db: db.execute(
                "SELECT c.id, d.id, d.name, c.page, c.text FROM chunks c"
                " JOIN documents d ON d.id = c.document_id"
                " WHERE d.conversation_id = ? AND c.model != ? ORDER BY c.id",
                (conversation_id, model),
            ).fetchall()
        )
        return [Passage(*row) for row in rows]

    def set_vectors(self, passage_ids: Sequence[int], vectors: Vectors, model: str) -> None:
        rows = np.ascontiguousarray(vectors, dtype=np.float32)
        self._run(
            lambda db: db.executemany(
                "UPDATE chunks SET vector = ?, model = ? WHERE id = ?",
                ((rows[i].tobytes(), model, pid) for i, pid in enumerate(passage_ids)),
            ),
            True,
        )

    # -- citations -----------------------------------------------------------------------

    def save_citations(self, message_id: int, citations: Sequence[Citation]) -> None:
        def write(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM citations WHERE message_id = ?", (message_id,))
            db.executemany(
                "INSERT INTO citations (message_id, ordinal, document, page, text, score)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    (message_id, i, c.document, c.page, c.text, c.score)
                    for i, c in enumerate(citations)
                ),
            )

        self._run(write, write=True)

    def citations(self, message_ids: Iterable[int]) -> Mapping[int, tuple[Citation, ...]]:
        """The citations of each of `message_ids` that has any."""
        wanted = sorted(set(message_ids))
        if not wanted:
            return {}
        marks = ",".join("?" * len(wanted))
        rows = self._run(
            lambda db: db.execute(
                "SELECT message_id, document, page, text, score FROM citations"
                f" WHERE message_id IN ({marks}) ORDER BY message_id, ordinal",
                wanted,
            ).fetchall()
        )
        found: dict[int, list[Citation]] = {}
        for message_id, document, page, text, score in rows:
            found.setdefault(message_id, []).append(Citation(document, page, text, score))
        return {message_id: tuple(citations) for message_id, citations in found.items()}


def _kind(value: str) -> DocumentKind:
    try:
        return DocumentKind(value)
    except ValueError:
        return DocumentKind.TEXT
