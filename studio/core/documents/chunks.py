"""Pages cut into passages for the index: each passage lies on one page (so its citation
names that page) and holds whole paragraphs, else whole sentences, up to `TARGET_CHARS`.

About 200 tokens a passage: small enough that a handful fit beside a question in a small
context and that one embedding says what it is about, large enough to be read on its own.
Embedding models read a passage in one micro-batch (512 tokens by default), which this
stays well under for prose; a passage the embedding model cannot read whole (a dense
script, a resident launched with a small micro-batch) is cut smaller (`fitted`) rather
than the model relaunched with another plan.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from studio.core.documents.extract import Page

TARGET_CHARS: Final = 900
# Below this a passage is not cut further (an embedding model with a micro-batch this
# small is refused by the engine itself, said as the embedder's failure).
MIN_CHARS: Final = 64
# For each text, whether the embedding model cannot read it whole (`PassageRoom`).
TooLong = Callable[[Sequence[str]], Awaitable[list[bool]]]
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


async def fitted(chunks: Sequence[Chunk], too_long: TooLong) -> list[Chunk]:
    """`chunks` with each one that `too_long` says the embedding model cannot read whole
    cut in halves (sentences, else slices) until each can, numbered again in order."""
    flags = await too_long([chunk.text for chunk in chunks]) if chunks else []
    if not any(flags):
        return list(chunks)
    texts: list[tuple[int | None, str]] = []
    for chunk, long in zip(chunks, flags, strict=True):
        parts = await _halved(chunk.text, too_long) if long else [chunk.text]
        texts.extend((chunk.page, part) for part in parts)
    return [Chunk(ordinal, page, text) for ordinal, (page, text) in enumerate(texts)]


async def _halved(text: str, too_long: TooLong) -> list[str]:
    if len(text) <= MIN_CHARS:
        return [text]
    target = max(MIN_CHARS, len(text) // 2)
    parts = [p for p in _pack(_pieces(text, target), target) if p.strip()]
    if len(parts) < 2:
        parts = [text[:target], text[target:]]
    flags = await too_long(parts)
    result: list[str] = []
    for part, long in zip(parts, flags, strict=True):
        result.extend(await _halved(part, too_long) if long else [part])
    return result
