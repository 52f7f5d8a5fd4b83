"""One document attached to a conversation: read, cut into passages (each one the
embedding model reads whole), embedded in steps (so progress can be told and a Cancel
lands between steps) and indexed in one write."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np

from studio.core.documents.chunks import Chunk, chunk_pages, fitted
from studio.core.documents.embedder import Embedder, PassageRoom
from studio.core.documents.extract import Extracted, extract
from studio.core.documents.index import DocumentIndex, DocumentInfo

STEP: Final = 16  # passages embedded between two progress reports


@dataclass(frozen=True)
class IndexProgress:
    """`done` of `total` passages of `name` embedded (total 0: still being read)."""

    name: str
    done: int
    total: int


def _read_and_cut(path: Path) -> tuple[Extracted, list[Chunk]]:
    document = extract(path)
    return document, chunk_pages(document.pages)


async def index_document(
    index: DocumentIndex,
    embedder: Embedder,
    conversation_id: int,
    path: Path,
    progress: Callable[[IndexProgress], None],
) -> DocumentInfo:
    """Add `path` to the conversation's documents; `DocumentError` when it cannot be read
    or embedded, and nothing is stored then (nor when the task is cancelled)."""
    progress(IndexProgress(path.name, 0, 0))
    # Cut in the worker too: a thousand pages of regular expressions would stall the GUI.
    document, chunks = await asyncio.to_thread(_read_and_cut, path)
    if isinstance(embedder, PassageRoom):
        chunks = await fitted(chunks, embedder.too_long)
    progress(IndexProgress(document.name, 0, len(chunks)))
    rows = []
    for start in range(0, len(chunks), STEP):
        step = chunks[start : start + STEP]
        rows.append(await embedder.embed([chunk.text for chunk in step]))
        progress(IndexProgress(document.name, start + len(step), len(chunks)))
        # One step per turn of the event loop (the GUI's, in the app): an embedder that
        # answers without waiting (vectors it already has) would run every step in one.
        await asyncio.sleep(0)
    vectors = np.concatenate(rows) if rows else np.zeros((0, 0), dtype=np.float32)
    return await asyncio.to_thread(
        index.add, conversation_id, document, chunks, vectors, embedder.name
    )
