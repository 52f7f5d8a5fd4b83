"""The passage search in SQLite (sqlite-vec) ranks as the numpy search does, and the index
searches in numpy, saying why, when sqlite-vec cannot load."""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
import pytest

from studio.core.documents import vec_search
from studio.core.documents.chunks import Chunk
from studio.core.documents.extract import DocumentKind, Extracted, Page
from studio.core.documents.index import DocumentIndex
from studio.core.documents.search import Vectors, nearest, normalised

pytest.importorskip("apsw")
pytest.importorskip("sqlite_vec")

DIMENSIONS = 384


def _add(index: DocumentIndex, conversation: int, vectors: Vectors, model: str) -> None:
    chunks = [Chunk(i, i + 1, f"passage {i}") for i in range(len(vectors))]
    pages = tuple(Page(c.page, c.text) for c in chunks)
    index.add(conversation, Extracted("doc.pdf", DocumentKind.PDF, pages), chunks, vectors, model)


def test_sqlite_vec_and_numpy_rank_the_same(tmp_path: Path) -> None:
    rng = np.random.default_rng(28)
    with DocumentIndex(tmp_path / "documents.sqlite3") as index:
        assert index.searches_in == "sqlite-vec"
        _add(index, 1, normalised(rng.standard_normal((1000, DIMENSIONS))), "m")
        # Passages another conversation has, or another model embedded, are never found.
        _add(index, 2, normalised(rng.standard_normal((200, DIMENSIONS))), "m")
        _add(index, 1, normalised(rng.standard_normal((200, DIMENSIONS))), "other")
        ids, matrix = index.vectors(1, "m")
        assert len(ids) == 1000
        for _ in range(5):
            query = normalised(rng.standard_normal(DIMENSIONS))[0]
            in_sqlite = index.nearest(1, "m", query, 10)
            in_numpy = nearest(query, ids, matrix, 10)
            assert len(in_sqlite) == 10
            assert [h.passage_id for h in in_sqlite] == [h.passage_id for h in in_numpy]
            scores = [(a.score, b.score) for a, b in zip(in_sqlite, in_numpy, strict=True)]
            assert all(a == pytest.approx(b, abs=1e-5) for a, b in scores)
        # A question of another size (another embedding model) finds nothing.
        assert index.nearest(1, "m", normalised(rng.standard_normal(64))[0], 10) == []


def test_numpy_searches_when_sqlite_vec_cannot_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    missing = tmp_path / "no-such-vec0"
    monkeypatch.setattr(vec_search, "loadable_path", lambda: str(missing))
    rng = np.random.default_rng(3)
    vectors = normalised(rng.standard_normal((100, DIMENSIONS)))
    with caplog.at_level(logging.INFO, logger=vec_search.__name__):
        index = DocumentIndex(tmp_path / "documents.sqlite3")
    with index:
        assert index.searches_in == "numpy"
        reasons = [r.getMessage() for r in caplog.records if r.name == vec_search.__name__]
        assert len(reasons) == 1 and "sqlite-vec did not load" in reasons[0]
        _add(index, 1, vectors, "m")
        hits = index.nearest(1, "m", vectors[42], 3)
        assert hits[0].passage_id == index.vectors(1, "m")[0][42]
        assert hits[0].score == pytest.approx(1.0, abs=1e-5)
