"""Pages cut into passages for the index: each passage lies on one page (so its citation
names that page) and holds whole paragraphs, else whole sentences, up to `TARGET_CHARS`.

About 200 tokens a passage: small enough that a handful fit beside a question in a small
context and that one embedding says what it is about, large enough to be read on its own.
Embedding models read a passage in one micro-batch (512 tokens by default), which this
stays well under.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from studio.core.documents.extract import Page

TARGET_CHARS: Final = 900
_PARAGRAPHS = re.compile(r"\n\s*\n")
_SENTENCE_ENDS = re.compile(r"(?<=[.!?…])\s+")


@dataclass(frozen=True)
class Chunk:
    ordinal: int  # its place in the document, from 0
    page: int | None
    text: str


def chunk_pages(pages: Iterable[Page], target: int = TARGET_CHARS) -> list[Chunk]:
    chunks: list[Chunk] = []
    for page in pages:
        for text in _pack(_pieces(page.text, target), target):
            chunks.append(Chunk(len(chunks), page.number, text))
    return chunks


def _pieces(text: str, target: int) -> Iterator[str]:
    """Paragraphs; one longer than `target` as its sentences, a sentence longer than that
    in `target`-sized slices."""
    for paragraph in _PARAGRAPHS.split(text):
        paragraph = paragraph.strip()
        if not paragraph:
            continue
        if len(paragraph) <= target:
            yield paragraph
            continue
        for sentence in _SENTENCE_ENDS.split(paragraph):
            for start in range(0, len(sentence), target):
                yield sentence[start : start + target]


def _pack(pieces: Iterable[str], target: int) -> Iterator[str]:
    """Neighbouring pieces joined while they stay within `target`."""
    held: list[str] = []
    size = 0
    for piece in pieces:
        if held and size + len(piece) + 1 > target:
            yield "\n".join(held)
            held, size = [], 0
        held.append(piece)
        size += len(piece) + 1
    if held:
        yield "\n".join(held)
