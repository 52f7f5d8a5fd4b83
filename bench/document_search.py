"""What retrieval adds to a chat turn for a conversation with 1,000 passages.

The part of `DocumentPrompt.prepare` that grows with the documents, with the nearest
passages searched both ways side by side: in SQLite with sqlite-vec (what the index does
where it loads) and in numpy (reading every float32 vector out of SQLite, then one
matrix-vector product: the fallback), plus reading the passages and building the block of
the best ones. The question's own embedding (one forward
pass of a few dozen tokens) and the engine's counts are the same for 10 passages or
10,000 and are left out. Target (issue 28): at most 50 ms for 1,000 passages.

Run: `python bench/document_search.py [--passages 1000] [--dimensions 1024] [--rounds 50]`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np

from studio.core.documents.chunks import Chunk
from studio.core.documents.extract import DocumentKind, Extracted, Page
from studio.core.documents.index import DocumentIndex
from studio.core.documents.prompt import _chunked_text
from studio.core.documents.search import Hit, nearest, normalised
from studio.core.documents.vec_search import SqliteVecSearch

TARGET_MS = 50.0


def _median_ms(work: Callable[[], object], rounds: int) -> tuple[float, float]:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000.0)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--passages", type=int, default=1000)
    parser.add_argument("--dimensions", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=50)
    args = parser.parse_args()
    rng = np.random.default_rng(7)
    text = "A passage of about nine hundred characters, as the chunker makes them. " * 12
    chunks = [Chunk(i, i // 3 + 1, text) for i in range(args.passages)]
    pages = tuple(Page(c.page, c.text) for c in chunks)
    document = Extracted("bench.pdf", DocumentKind.PDF, pages)
    vectors = normalised(rng.standard_normal((args.passages, args.dimensions)))
    query = normalised(rng.standard_normal(args.dimensions))[0]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "documents.sqlite3"
        index = DocumentIndex(path)
        index.add(1, document, chunks, vectors, "bench")
        in_sqlite = SqliteVecSearch.open(path)
        if in_sqlite is None:
            sys.exit("sqlite-vec did not load here (see the log): nothing to compare")

        def sqlite_vec_search() -> list[Hit]:
            return in_sqlite.nearest(1, "bench", query, 6) or []

        def numpy_search() -> list[Hit]:
            ids, matrix = index.vectors(1, "bench")
            return nearest(query, ids, matrix, 6)

        def turn(search: Callable[[], list[Hit]]) -> Callable[[], object]:
            def whole_turn() -> object:
                hits = search()
                by_id = {p.id: p for p in index.passages(1)}
                return _chunked_text([by_id[hit.passage_id] for hit in hits])

            return whole_turn

        same = [h.passage_id for h in sqlite_vec_search()] == [h.passage_id for h in numpy_search()]
        print(f"{args.passages} passages, {args.dimensions} dimensions, same top 6: {same}")
        rows = [
            ("search", sqlite_vec_search, numpy_search),
            ("read passages", lambda: index.passages(1), lambda: index.passages(1)),
            ("a turn", turn(sqlite_vec_search), turn(numpy_search)),
        ]
        print(f"{'':>14}  {'sqlite-vec (median / p95)':>26}  {'numpy (median / p95)':>26}")
        for name, with_vec, with_numpy in rows:
            vec_median, vec_p95 = _median_ms(with_vec, args.rounds)
            np_median, np_p95 = _median_ms(with_numpy, args.rounds)
            print(
                f"{name:>14}  {vec_median:10.2f} / {vec_p95:7.2f} ms  "
                f"{np_median:10.2f} / {np_p95:7.2f} ms"
            )
        for name, search in (("sqlite-vec", sqlite_vec_search), ("numpy", numpy_search)):
            median, _ = _median_ms(turn(search), args.rounds)
            verdict = "within" if median <= TARGET_MS else "OVER"
            print(f"a turn's retrieval, {name}: {median:.2f} ms, {verdict} the {TARGET_MS:.0f} ms")
        in_sqlite.close()
        index.close()


if __name__ == "__main__":
    main()
