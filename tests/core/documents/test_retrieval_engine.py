"""Retrieval with the real engine: the real small model embeds (llama-server
`--embeddings --pooling mean` through the manager), counts and answers."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from studio.core.chat.backend import ManagerChatBackend
from studio.core.documents.backend import Cited, with_documents
from studio.core.documents.chunks import chunk_pages
from studio.core.documents.embedder import ServerEmbedder
from studio.core.documents.extract import extract
from studio.core.documents.index import Citation, DocumentIndex
from studio.core.documents.prompt import OVERHEAD_TOKENS, DocumentPrompt
from studio.core.engine import EngineLocation
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from tests.core.documents.files import pdf_bytes

T = TypeVar("T")

# One theme per page, two paragraphs each; the known sentence is on page 3 of 5.
THEMES = [
    ("The recipe calls for flour, butter and two eggs, baked for twenty minutes.",
     "Bakers knead the dough, let it rise, and dust the loaves with flour before baking."),
    ("Quarterly revenue grew by four percent, driven by office furniture sales in Europe.",
     "The finance team expects margins to improve as shipping costs fall next quarter."),
    ("The lighthouse keeper on Varno Island feeds seventeen cats every morning at dawn.",
     "Storms often cut the island off, so the keeper stores food for the cats for weeks."),
    ("Football fans gathered in the stadium to watch the final match of the season.",
     "The home team scored twice in extra time and lifted the championship trophy."),
    ("The software update fixes a memory leak in the network driver and saves battery.",
     "Engineers traced the leak to a buffer that was never freed after a reconnect."),
]  # fmt: skip


async def _first() -> int:
    return 1


QUESTION = "How many cats does the lighthouse keeper on Varno Island feed?"


def _page(first: str, second: str) -> list[str]:
    """About 2,200 characters (450 tokens): the theme's sentence, its paragraph said over."""
    lines = [first, ""]
    lines += [second] * 25
    return lines


def _report(tmp_path: Path, themes: list[tuple[str, str]] = THEMES) -> Path:
    path = tmp_path / "report.pdf"
    path.write_bytes(pdf_bytes([_page(*theme) for theme in themes]))
    return path


def _run(
    engine: EngineLocation,
    model: Path,
    logs: Path,
    scenario: Callable[[ServerEmbedder, ChatSide], Awaitable[T]],
) -> T:
    async def main() -> T:
        manager = ServerManager(engine, logs, health_timeout_s=120)
        embedder = ServerEmbedder(manager, LaunchSpec(model=model, threads=2, label="SmolLM2"))
        try:
            return await scenario(embedder, ChatSide(manager))
        finally:
            await embedder.close()

    return asyncio.run(main())


class ChatSide:
    """The chat side of the test: the embedding server answers chat too (the engine keeps
    chat working with `--embeddings`), so one child serves both."""

    def __init__(self, manager: ServerManager) -> None:
        self.backend = ManagerChatBackend(manager)


async def _index(embedder: ServerEmbedder, index: DocumentIndex, path: Path) -> None:
    document = extract(path)
    chunks = chunk_pages(document.pages)
    vectors = await embedder.embed([chunk.text for chunk in chunks])
    index.add(1, document, chunks, vectors, embedder.name)


def test_a_pdf_larger_than_the_context_is_cited_at_the_right_page(
    tmp_path: Path, engine_location: EngineLocation, smollm2: Path
) -> None:
    cited: list[Cited] = []
    index = DocumentIndex(tmp_path / "documents.sqlite3")

    async def scenario(embedder: ServerEmbedder, chat: ChatSide) -> dict[str, Any]:
        await _index(embedder, index, _report(tmp_path))
        backend = with_documents(
            chat.backend, DocumentPrompt(index, embedder), _first, cited.append
        )
        size = await chat.backend.context_size()
        whole = "\n".join(p.text for p in index.passages(1))
        assert await chat.backend.count_text_tokens(whole) > size  # larger than the context
        sent: list[Any] = []
        original = chat.backend.stream_chat

        def recording(messages: Any, options: Any) -> Any:
            sent.append(messages)
            return original(messages, options)

        chat.backend.stream_chat = recording  # type: ignore[method-assign]
        answer = ""
        async for delta in backend.stream_chat(
            [{"role": "user", "content": QUESTION}], {"max_tokens": 16, "temperature": 0.0}
        ):
            answer += delta.content
        return {"sent": sent[0], "answer": answer}

    try:
        result = _run(engine_location, smollm2, tmp_path / "logs", scenario)
    finally:
        index.close()
    assert len(cited) == 1 and not cited[0].whole
    best = cited[0].citations[0]
    assert (best.document, best.page) == ("report.pdf", 3)
    assert "seventeen cats" in best.text
    question = result["sent"][-1]["content"]
    assert "[report.pdf, page 3]" in question and "seventeen cats" in question
    assert question.endswith(QUESTION)
    assert result["answer"]  # the engine answered the request the documents went with


def test_whole_or_chunked_is_decided_by_the_engines_count(
    tmp_path: Path, engine_location: EngineLocation, smollm2: Path
) -> None:
    """The same document and question, with the answer's room one token either side of
    what the engine counts the document at: whole on one side, passages on the other."""
    index = DocumentIndex.in_memory()
    themes = THEMES[:4]
    messages = [{"role": "user", "content": QUESTION}]

    async def scenario(embedder: ServerEmbedder, chat: ChatSide) -> list[bool]:
        await _index(embedder, index, _report(tmp_path, themes))
        prompt = DocumentPrompt(index, embedder)
        backend = chat.backend
        size = await backend.context_size()
        used = await backend.count_prompt_tokens(messages, {})
        # What the prompt counts: the block of the whole documents, as it is sent.
        whole = await prompt.prepare(1, messages, {"max_tokens": 1}, backend)
        assert whole.whole
        block = str(whole.messages[-1]["content"]).removesuffix(f"\nQuestion: {QUESTION}")
        tokens = await backend.count_text_tokens(block)
        exact_room = size - used - OVERHEAD_TOKENS - tokens  # max_tokens that leaves `tokens`
        assert 0 < exact_room <= size // 4, "the document must be sized for this test"
        decided = []
        for max_tokens in (exact_room, exact_room + 1):
            prepared = await prompt.prepare(1, messages, {"max_tokens": max_tokens}, backend)
            decided.append(prepared.whole)
            assert prepared.citations[0].page == 3
        return decided

    try:
        decided = _run(engine_location, smollm2, tmp_path / "logs", scenario)
    finally:
        index.close()
    assert decided == [True, False]


def test_citations_survive_reopening_the_index(tmp_path: Path) -> None:
    path = tmp_path / "documents.sqlite3"
    cited = (
        Citation("report.pdf", 3, "The lighthouse keeper…", 0.89),
        Citation("a.md", None, "x", 0.5),
    )
    with DocumentIndex(path) as index:
        index.save_citations(41, cited)
    with DocumentIndex(path) as index:
        assert index.citations([41, 42]) == {41: cited}
