"""Passages cut to what the embedding model reads whole, and the launch that embeds: only
knobs no plan prices change, so a resident relaunched with it keeps its plan."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

from studio.core.documents.chunks import MIN_CHARS, Chunk, TooLong, chunk_pages, fitted
from studio.core.documents.embedder import embedding_launch
from studio.core.documents.extract import Page
from studio.core.residents.scheduler import _only_kept
from studio.core.server.launch import LaunchSpec

SENTENCE = "The keeper feeds seventeen cats at dawn."


def _over(limit: int) -> tuple[list[int], TooLong]:
    calls: list[int] = []

    async def too_long(texts: Sequence[str]) -> list[bool]:
        calls.append(len(texts))
        return [len(text) > limit for text in texts]

    return calls, too_long


def test_passages_that_fit_are_kept_as_they_are() -> None:
    chunks = chunk_pages([Page(1, "\n\n".join([SENTENCE] * 30))])
    calls, too_long = _over(10_000)
    assert asyncio.run(fitted(chunks, too_long)) == chunks
    assert calls == [len(chunks)]  # one question for them all


def test_a_passage_too_long_is_cut_on_its_page_and_numbered_again() -> None:
    pages = [Page(1, " ".join([SENTENCE] * 20)), Page(2, "Short page.")]
    chunks = chunk_pages(pages)
    _, too_long = _over(200)
    cut = asyncio.run(fitted(chunks, too_long))
    assert len(cut) > len(chunks) and all(len(c.text) <= 200 for c in cut)
    assert [c.ordinal for c in cut] == list(range(len(cut)))
    assert cut[-1] == Chunk(len(cut) - 1, 2, "Short page.")
    assert {c.page for c in cut[:-1]} == {1}
    # Nothing lost: the sentences are all there, in order.
    assert " ".join(c.text for c in cut[:-1]).split() == pages[0].text.split()


def test_cutting_stops_at_the_floor() -> None:
    chunks = [Chunk(0, None, "x" * 300)]
    _, too_long = _over(0)  # nothing ever fits: the engine will say so
    cut = asyncio.run(fitted(chunks, too_long))
    assert "".join(c.text for c in cut) == "x" * 300
    assert all(len(c.text) <= MIN_CHARS for c in cut)


def test_the_embedding_launch_changes_only_kept_knobs() -> None:
    spec = LaunchSpec(model=Path("m.gguf"), ctx_size=4096, ubatch=256, n_gpu_layers=99)
    embedding = embedding_launch(spec)
    assert (embedding.embeddings, embedding.pooling) == (True, "mean")
    assert embedding_launch(embedding) == embedding  # asked again: nothing to relaunch
    assert embedding_launch(spec, own_pooling=True).pooling is None  # the model's own
    assert embedding_launch(spec.with_changes(pooling="last")).pooling == "last"
    assert _only_kept(spec, embedding)
    assert not _only_kept(spec, embedding.with_changes(ubatch=2048))
    assert not _only_kept(spec, spec.with_changes(model=Path("other.gguf")))
