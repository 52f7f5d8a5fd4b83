"""A chat backend that puts the conversation's documents into every request it streams.

Wrapping the backend rather than changing the turn keeps the documents out of the turn's
code and works for every way a turn streams (a question, a regenerate, an edit, each round
of the tool loop). The request is prepared where it is streamed, so its room is counted
after the turn fitted the history to the context. What the answer cites is handed to
`cited` before the first token; the documents service stores it with the answer once the
answer is stored.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from studio.core.chat.backend import ChatBackend, TemplateCapabilities
from studio.core.chat.context import TokenCounter
from studio.core.documents.index import Citation
from studio.core.documents.prompt import DocumentPrompt
from studio.core.server.client import ChatDelta


@dataclass(frozen=True)
class Cited:
    """The passages a request of `conversation_id` carried for its answer to cite."""

    conversation_id: int
    citations: tuple[Citation, ...]
    whole: bool


class DocumentsBackend:
    """`inner` with `prompt`'s documents of the conversation `conversation()` names (None:
    no conversation, nothing added). Awaited, so documents still on their way to a
    conversation its first question just stored land before the request is prepared."""

    def __init__(
        self,
        inner: ChatBackend,
        prompt: DocumentPrompt,
        conversation: Callable[[], Awaitable[int | None]],
        cited: Callable[[Cited], None],
    ) -> None:
        self.inner = inner
        self._prompt = prompt
        self._conversation = conversation
        self._cited = cited

    async def stream_chat(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> AsyncGenerator[ChatDelta, None]:
        conversation_id = await self._conversation()
        if conversation_id is not None:
            counter = self.inner if isinstance(self.inner, TokenCounter) else None
            prepared = await self._prompt.prepare(conversation_id, messages, options, counter)
            messages = prepared.messages
            if prepared.citations or prepared.whole:
                self._cited(Cited(conversation_id, prepared.citations, prepared.whole))
        stream = self.inner.stream_chat(messages, options)
        try:
            async for delta in stream:
                yield delta
        finally:
            await stream.aclose()  # closes the HTTP stream, freeing the slot

    async def template_capabilities(self) -> TemplateCapabilities:
        return await self.inner.template_capabilities()

    def __getattr__(self, name: str) -> Any:
        # What else the chat's backend offers (a resident's model name): the inner one's.
        if name == "inner":  # not set yet (a copy being built): never recurse
            raise AttributeError(name)
        return getattr(self.inner, name)


class CountingDocumentsBackend(DocumentsBackend):
    """The same over a backend that counts tokens, so the context meter keeps counting."""

    inner: Any

    async def count_prompt_tokens(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> int:
        return int(await self.inner.count_prompt_tokens(messages, options))

    async def count_text_tokens(self, text: str) -> int:
        return int(await self.inner.count_text_tokens(text))

    async def context_size(self) -> int:
        return int(await self.inner.context_size())


def with_documents(
    inner: ChatBackend,
    prompt: DocumentPrompt,
    conversation: Callable[[], Awaitable[int | None]],
    cited: Callable[[Cited], None],
) -> DocumentsBackend:
    """`inner` wrapped; a token counter stays one."""
    kind = CountingDocumentsBackend if isinstance(inner, TokenCounter) else DocumentsBackend
    return kind(inner, prompt, conversation, cited)
