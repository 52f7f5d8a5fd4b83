"""The passages nearest a question, searched inside SQLite with sqlite-vec.

Python's own `sqlite3` module often cannot load extensions (it is built without
`enable_load_extension` in many Pythons: macOS's system Python, python.org's older macOS
builds, several distributions'), so the search opens a second, read-only connection to the
same `documents.sqlite3` through `apsw`, which brings its own SQLite that can. It computes
`vec_distance_cosine` over the stored float32 BLOBs of the conversation's passages made by
the embedding model, nearest first; the index still writes through `sqlite3`.

`SqliteVecSearch.open` is the one place that decides: it returns None (and logs why, once
per index) when apsw or sqlite-vec is missing or will not load, and the index then searches
in numpy (`search.nearest`), which ranks the same.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import numpy as np

from studio.core.documents.search import Hit, Vectors

log = logging.getLogger(__name__)

# The conversation's passages the model made vectors of, of the question's size (vectors
# of another size would make vec_distance_cosine fail), most similar first. A zero vector's
# cosine is NULL; it scores 0, as its dot product does in numpy.
_NEAREST = """
    SELECT c.id, COALESCE(1.0 - vec_distance_cosine(c.vector, ?1), 0.0) AS score
    FROM chunks c JOIN documents d ON d.id = c.document_id
    WHERE d.conversation_id = ?2 AND c.model = ?3 AND length(c.vector) = ?4
    ORDER BY score DESC, c.id
    LIMIT ?5
"""


def loadable_path() -> str:
    """Where the sqlite-vec extension's library is (ImportError: it is not installed)."""
    import sqlite_vec

    path: str = sqlite_vec.loadable_path()
    return path


class SqliteVecSearch:
    """Nearest-passage queries on a read-only apsw connection with sqlite-vec loaded."""

    def __init__(self, connection: Any) -> None:
        self._db = connection

    @classmethod
    def open(cls, path: Path) -> SqliteVecSearch | None:
        """A search on the index at `path`, or None (logged) when sqlite-vec cannot run."""
        if str(path) == ":memory:":
            return None  # a second connection cannot see an in-memory database
        try:
            import apsw
        except ImportError:
            log.info("Searching documents in numpy: apsw is not installed.")
            return None
        try:
            connection = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READONLY)
        except apsw.Error as error:
            log.info("Searching documents in numpy: %s cannot be opened (%s).", path, error)
            return None
        try:
            connection.set_busy_timeout(5000)
            connection.enable_load_extension(True)
            connection.load_extension(loadable_path())
            connection.enable_load_extension(False)
        except (ImportError, OSError, apsw.Error) as error:
            connection.close()
            log.info("Searching documents in numpy: sqlite-vec did not load (%s).", error)
            return None
        return cls(connection)

    def nearest(self, conversation_id: int, model: str, query: Vectors, k: int) -> list[Hit] | None:
        """The `k` passages nearest `query` (normalised), best first; None (logged) when
        the query failed, and the caller searches in numpy from then on."""
        import apsw

        if k <= 0:
            return []
        blob = np.ascontiguousarray(query, dtype=np.float32).reshape(-1).tobytes()
        try:
            rows = self._db.execute(_NEAREST, (blob, conversation_id, model, len(blob), k))
            return [Hit(int(passage_id), float(score)) for passage_id, score in rows]
        except apsw.Error as error:
            log.info("Searching documents in numpy: sqlite-vec failed (%s).", error)
            return None

    def close(self) -> None:
        self._db.close()
