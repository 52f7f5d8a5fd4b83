"""What a turn sends of a conversation's documents: all of them when they fit the room
the context has left, else the passages nearest the question; and which passages the
answer cites.

The room is counted by the engine, as the context meter and text files count: the prompt
tokens of the request as it stands (`count_prompt_tokens`), the documents' own tokens
(`count_text_tokens`), and the answer's room kept free (`context.answer_room`). The block
goes at the head of the question being answered, not into the system prompt: the earlier
turns stay the same from one turn to the next, so the engine's prompt cache keeps them.

The citations are the passages nearest the question either way (with whole documents the
model read them all, and these are the ones the question is about), each with its page.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import httpx

from studio.core.chat.context import TokenCounter, answer_room
from studio.core.documents.embedder import Embedder
from studio.core.documents.index import Citation, DocumentIndex, Passage
from studio.core.documents.search import Hit
from studio.core.server.client import ServerError

log = logging.getLogger(__name__)

TOP_K: Final = 6  # passages sent when the documents do not fit whole
CITED: Final = 3  # passages an answer cites
# Tokens for the block's own words and the template's wrapping of it.
OVERHEAD_TOKENS: Final = 64
# No tokenizer turns fewer than one character into a token on average, beyond a few
# odd scripts: text this many times longer than the room is not counted to be refused.
_CHARS_PER_TOKEN_AT_MOST: Final = 8

_CHUNKED_HEAD: Final = (
    "Passages from the documents attached to this conversation, nearest the question. "
    "Answer from them, and say which document and page you used.\n\n"
)
_WHOLE_HEAD: Final = (
    "The documents attached to this conversation. Answer from them, and say which "
    "document and page you used.\n\n"
)


@dataclass(frozen=True)
class Prepared:
    """The request with the documents in it, whether they went whole, and the passages
    the answer cites."""

    messages: tuple[Mapping[str, Any], ...]
    whole: bool
    citations: tuple[Citation, ...] = ()


class DocumentPrompt:
    """Puts a conversation's documents into its requests (one per chat backend use)."""

    def __init__(
        self, index: DocumentIndex, embedder: Embedder, top_k: int = TOP_K, cited: int = CITED
    ) -> None:
        self._index = index
        self._embedder = embedder
        self._top_k = top_k
        self._cited = cited

    async def prepare(
        self,
        conversation_id: int,
        messages: Sequence[Mapping[str, Any]],
        options: Mapping[str, Any],
        counter: TokenCounter | None,
    ) -> Prepared:
        """`messages` with the documents in their last user message (the question this
        turn, and each round of its tool calls, answers); unchanged (and no citations)
        when the conversation has none or nothing is asked."""
        asked = _last_question(messages)
        question = _text_of(messages[asked]) if asked is not None else None
        if asked is None or question is None:
            return Prepared(tuple(messages), whole=False)
        passages = await asyncio.to_thread(self._index.passages, conversation_id)
        if not passages:
            return Prepared(tuple(messages), whole=False)
        hits = await self.search(conversation_id, question)
        by_id = {passage.id: passage for passage in passages}
        nearest_first = [by_id[hit.passage_id] for hit in hits if hit.passage_id in by_id]
        scores = {hit.passage_id: hit.score for hit in hits}
        room = await _room(messages, options, counter)
        whole_block = _whole_block(passages)
        whole = await _fits(whole_block, room, counter)
        if whole:
            block = whole_block
        else:
            block = await _chunked_block(nearest_first[: self._top_k], room, counter)
        cited = tuple(
            Citation(p.document, p.page, p.text, scores[p.id]) for p in nearest_first[: self._cited]
        )
        return Prepared(_with_block(messages, asked, block), whole, cited)

    async def search(self, conversation_id: int, question: str) -> list[Hit]:
        """The conversation's passages nearest `question`, best first (passages another
        model embedded are embedded again first)."""
        model = self._embedder.name
        stale = await asyncio.to_thread(self._index.stale, conversation_id, model)
        if stale:
            vectors = await self._embedder.embed([passage.text for passage in stale])
            stale_ids = [passage.id for passage in stale]
            await asyncio.to_thread(self._index.set_vectors, stale_ids, vectors, model)
        query = await self._embedder.embed([question])
        k = max(self._top_k, self._cited)
        return await asyncio.to_thread(self._index.nearest, conversation_id, model, query[0], k)


def _last_question(messages: Sequence[Mapping[str, Any]]) -> int | None:
    """Where the last user message is (None: there is none)."""
    for at in range(len(messages) - 1, -1, -1):
        if messages[at].get("role") == "user":
            return at
    return None


def _text_of(message: Mapping[str, Any]) -> str | None:
    content = message.get("content")
    if isinstance(content, str):
        return content.strip() or None
    if isinstance(content, list):
        texts = [p.get("text", "") for p in content if isinstance(p, dict) and "text" in p]
        return " ".join(t for t in texts if isinstance(t, str)).strip() or None
    return None


async def _room(
    messages: Sequence[Mapping[str, Any]],
    options: Mapping[str, Any],
    counter: TokenCounter | None,
) -> int | None:
    """Tokens the documents may take (None: the engine cannot say)."""
    if counter is None:
        return None
    try:
        size = await counter.context_size()
        if size <= 0:
            return None
        used = await counter.count_prompt_tokens(messages, options)
    except (httpx.HTTPError, ServerError, ValueError, KeyError) as error:
        log.warning("could not count the request for its documents: %s", error)
        return None
    max_tokens = options.get("max_tokens")
    answer = answer_room(max_tokens if isinstance(max_tokens, int) else None, size)
    return max(0, size - used - answer - OVERHEAD_TOKENS)


async def _fits(block: str, room: int | None, counter: TokenCounter | None) -> bool:
    if room is None or counter is None or len(block) > room * _CHARS_PER_TOKEN_AT_MOST:
        return False
    try:
        return await counter.count_text_tokens(block) <= room
    except (httpx.HTTPError, ServerError, ValueError, KeyError) as error:
        log.warning("could not count the documents' tokens: %s", error)
        return False


def _heading(passage: Passage) -> str:
    return passage.document if passage.page is None else f"{passage.document}, page {passage.page}"


def _whole_block(passages: Sequence[Passage]) -> str:
    parts = [_WHOLE_HEAD]
    shown: tuple[int, int | None] | None = None
    for passage in passages:
        if (passage.document_id, passage.page) != shown:
            shown = (passage.document_id, passage.page)
            parts.append(f"\n[{_heading(passage)}]\n")
        parts.append(passage.text + "\n")
    return "".join(parts)


def _chunked_text(passages: Sequence[Passage]) -> str:
    return _CHUNKED_HEAD + "".join(f"[{_heading(p)}]\n{p.text}\n\n" for p in passages)


async def _chunked_block(
    passages: Sequence[Passage], room: int | None, counter: TokenCounter | None
) -> str:
    """The nearest passages, as many as the room holds (always the nearest one: the
    engine's refusal then says by how much when even that does not fit)."""
    chosen = list(passages)
    while len(chosen) > 1 and not await _fits_or_unknown(_chunked_text(chosen), room, counter):
        chosen.pop()
    return _chunked_text(chosen)


async def _fits_or_unknown(block: str, room: int | None, counter: TokenCounter | None) -> bool:
    if room is None or counter is None:
        return True
    return await _fits(block, room, counter)


def _with_block(
    messages: Sequence[Mapping[str, Any]], at: int, block: str
) -> tuple[Mapping[str, Any], ...]:
    """`messages` with `block` at the head of the user message at `at`."""
    question = dict(messages[at])
    content = question.get("content")
    if isinstance(content, list):
        question["content"] = [{"type": "text", "text": block}, *content]
    else:
        question["content"] = f"{block}\nQuestion: {content or ''}"
    return (*messages[:at], question, *messages[at + 1 :])
