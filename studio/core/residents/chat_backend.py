"""The chat of one model among the residents: the app's chat talks to a conversation's
model through this backend, so every answer holds its model while it streams (an idle
eviction can never take it mid-answer) and a model that is not resident is loaded beside
the others first, as a request to `studio serve` naming it would be."""

from __future__ import annotations

from collections.abc import AsyncGenerator, Mapping, Sequence
from typing import Any

import httpx

from studio.core.chat.backend import ManagerChatBackend, TemplateCapabilities
from studio.core.errors import StudioError
from studio.core.residents.scheduler import Residents
from studio.core.server.client import ChatDelta
from studio.core.server.manager import ServerManager
from studio.core.server.switcher import NAME_SAID

# A conversation's model the library no longer has: the chat says what to do instead.
CHAT_MODEL_MISSING = "chat_model_missing"


class ResidentChatBackend:
    """`ChatBackend` of the model `model` (a name `Residents.use` takes: a file's path, its
    stem or its file name)."""

    def __init__(self, residents: Residents, model: str) -> None:
        self._residents = residents
        self.model = model

    async def stream_chat(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> AsyncGenerator[ChatDelta, None]:
        try:
            async with self._residents.use(self.model) as held:
                stream = ManagerChatBackend(held.manager).stream_chat(messages, options)
                try:
                    async for delta in stream:
                        yield delta
                finally:
                    await stream.aclose()  # closes the HTTP stream, freeing the slot
        except StudioError as error:
            if error.code != "model_not_found":
                raise
            said = self.model.rsplit("/", 1)[-1][:NAME_SAID]
            raise StudioError(
                CHAT_MODEL_MISSING, f"{self.model} is not in the library", model=said
            ) from error

    def _manager(self) -> ServerManager | None:
        return self._residents.manager_of(self.model)

    async def template_capabilities(self) -> TemplateCapabilities:
        manager = self._manager()
        if manager is None:  # read again once it has loaded (the service hands a new one)
            return TemplateCapabilities()
        return await ManagerChatBackend(manager).template_capabilities()

    async def count_prompt_tokens(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> int:
        return await self._loaded().count_prompt_tokens(messages, options)

    async def count_text_tokens(self, text: str) -> int:
        return await self._loaded().count_text_tokens(text)

    async def context_size(self) -> int:
        manager = self._manager()
        return await ManagerChatBackend(manager).context_size() if manager is not None else 0

    def _loaded(self) -> ManagerChatBackend:
        """Counting needs no guarantee and never loads: a lost count is redone at the
        next keystroke."""
        manager = self._manager()
        if manager is None:
            raise httpx.ConnectError("the conversation's model is not loaded")
        return ManagerChatBackend(manager)
