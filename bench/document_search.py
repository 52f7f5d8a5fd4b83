"""What retrieval adds to a chat turn for a conversation with 1,000 passages.

The part of `DocumentPrompt.prepare` that grows with the documents, measured side by
side: reading the passages and their float32 vectors from SQLite, the exact numpy search,
and building the block of the best passages. The question's own embedding (one forward
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
from studio.core.documents.search import nearest, normalised

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
        index = DocumentIndex(Path(folder) / "documents.sqlite3")
        index.add(1, document, chunks, vectors, "bench")

        def read_vectors() -> object:
            return index.vectors(1, "bench")

        def read_passages() -> object:
            return index.passages(1)

        ids, matrix = index.vectors(1, "bench")

        def search() -> object:
            return nearest(query, ids, matrix, 6)

        passages = index.passages(1)

        def whole_turn() -> object:
            found_ids, found = index.vectors(1, "bench")
            hits = nearest(query, found_ids, found, 6)
            by_id = {p.id: p for p in index.passages(1)}
            return _chunked_text([by_id[hit.passage_id] for hit in hits])

        rows = [
            ("read vectors", read_vectors),
            ("read passages", read_passages),
            ("exact search", search),
            ("all of it", whole_turn),
        ]
        print(f"{args.passages} passages, {args.dimensions} dimensions, {len(passages)} read")
        for name, work in rows:
            median, p95 = _median_ms(work, args.rounds)
            print(f"{name:>14}: median {median:7.2f} ms, p95 {p95:7.2f} ms")
        median, _ = _median_ms(whole_turn, args.rounds)
        verdict = "within" if median <= TARGET_MS else "OVER"
        print(f"a turn's retrieval: {median:.2f} ms, {verdict} the {TARGET_MS:.0f} ms target")
        index.close()


if __name__ == "__main__":
    main()
