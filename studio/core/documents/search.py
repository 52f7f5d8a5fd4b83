"""The passages nearest a question: an exact search over float32 vectors in numpy.

The index searches in SQLite with sqlite-vec where it loads (`vec_search.py`); this is the
search where it cannot (apsw or sqlite-vec missing or refused, an in-memory index), and
ranks the same. Exact search is fast enough either way: a conversation's documents are
hundreds to a few thousand passages, and one matrix-vector product over 1,000 vectors of
1,024 floats takes well under a millisecond (`bench/document_search.py` measures a whole
turn's search both ways). An approximate index would only pay off at hundreds of thousands
of passages.

Vectors are normalised when stored and asked for, so the dot product is the cosine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Vectors = npt.NDArray[np.float32]


def normalised(vectors: Vectors | Sequence[Sequence[float]]) -> Vectors:
    """Each row at unit length (a zero row stays zero)."""
    matrix = np.asarray(vectors, dtype=np.float32)
    if matrix.ndim == 1:
        matrix = matrix.reshape(1, -1)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    unit: Vectors = np.divide(matrix, norms, out=np.zeros_like(matrix), where=norms > 0)
    return unit


@dataclass(frozen=True)
class Hit:
    passage_id: int
    score: float  # the cosine similarity, -1..1


def nearest(query: Vectors, ids: npt.NDArray[np.int64], matrix: Vectors, k: int) -> list[Hit]:
    """The `k` passages whose vectors are nearest `query` (best first). Vectors of another
    size (an index made by another embedding model) find nothing."""
    if k <= 0 or len(ids) == 0 or matrix.shape[1] != query.shape[-1]:
        return []
    scores = matrix @ query.reshape(-1)
    k = min(k, len(ids))
    best = np.argpartition(-scores, k - 1)[:k]
    best = best[np.argsort(-scores[best], kind="stable")]
    return [Hit(int(ids[i]), float(scores[i])) for i in best]
