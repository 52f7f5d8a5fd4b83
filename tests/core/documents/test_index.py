"""The documents' index: conversations own documents, deleted ones go, and vectors of
another embedding model are never compared with the question's (they are made again)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import numpy as np

from studio.core.documents.chunks import Chunk
from studio.core.documents.extract import DocumentKind, Extracted, Page
from studio.core.documents.index import DRAFT, DocumentIndex
from studio.core.documents.prompt import DocumentPrompt
from studio.core.documents.search import Vectors, normalised


def _document(name: str, *texts: str) -> tuple[Extracted, list[Chunk]]:
    pages = tuple(Page(i + 1, text) for i, text in enumerate(texts))
    return Extracted(name, DocumentKind.PDF, pages), [
        Chunk(i, page.number, page.text) for i, page in enumerate(pages)
    ]


class LetterEmbedder:
    """A vector per text that counts its letters a-z: texts sharing words are near."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.embedded: list[str] = []

    async def embed(self, texts: Sequence[str]) -> Vectors:
        self.embedded.extend(texts)
        rows = [[text.lower().count(chr(c)) for c in range(97, 123)] for text in texts]
        return normalised(np.asarray(rows, dtype=np.float32))


def test_documents_belong_to_conversations() -> None:
    with DocumentIndex.in_memory() as index:
        for conversation in (DRAFT, 1, 2):
            document, chunks = _document(f"c{conversation}.pdf", "text")
            index.add(conversation, document, chunks, np.ones((1, 3), np.float32), "m")
        assert index.move(DRAFT, 3) == 1
        assert [d.name for d in index.documents(3)] == ["c0.pdf"]
        assert index.forget_except([1, 3]) == 1  # conversation 2 was deleted
        assert [d.name for c in (1, 2, 3) for d in index.documents(c)] == ["c1.pdf", "c0.pdf"]
        (kept,) = index.documents(1)
        index.remove(kept.id)
        assert index.documents(1) == [] and index.passages(1) == []


def test_vectors_of_another_model_are_made_again() -> None:
    old, new = LetterEmbedder("old.gguf"), LetterEmbedder("new.gguf")
    with DocumentIndex.in_memory() as index:
        document, chunks = _document("zoo.pdf", "zebras and yaks", "cats purr softly")
        vectors = asyncio.run(old.embed([c.text for c in chunks]))
        index.add(1, document, chunks, vectors, old.name)
        assert len(index.vectors(1, new.name)[0]) == 0  # never compared across models
        hits = asyncio.run(DocumentPrompt(index, new).search(1, "purring cats"))
        assert new.embedded == ["zebras and yaks", "cats purr softly", "purring cats"]
        assert index.stale(1, new.name) == []
        by_id = {p.id: p for p in index.passages(1)}
        assert by_id[hits[0].passage_id].page == 2


def test_each_round_of_tool_calls_keeps_the_documents() -> None:
    """After a tool call the last message is its result: the passages stay at the head of
    the question the rounds answer, and the messages after it are unchanged."""
    embedder = LetterEmbedder("m")
    with DocumentIndex.in_memory() as index:
        document, chunks = _document("zoo.pdf", "zebras and yaks", "cats purr softly")
        index.add(1, document, chunks, asyncio.run(embedder.embed(["a", "b"])), "m")
        messages = [
            {"role": "user", "content": "Do cats purr?"},
            {"role": "assistant", "content": "", "tool_calls": [{"id": "c1"}]},
            {"role": "tool", "tool_call_id": "c1", "content": "42"},
        ]
        prepared = asyncio.run(DocumentPrompt(index, embedder).prepare(1, messages, {}, None))
    question = str(prepared.messages[0]["content"])
    assert "[zoo.pdf, page 2]\ncats purr softly" in question
    assert question.endswith("Question: Do cats purr?")
    assert list(prepared.messages[1:]) == messages[1:]
    assert not prepared.whole  # nothing counted it, so only passages go
