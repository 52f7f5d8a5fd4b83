"""Where a chat turn's answer comes from.

`ChatBackend` is the small surface the chat service needs: stream one answer, and say what
the model's chat template can do. `DirectServerBackend` talks to a running llama-server;
`ManagerChatBackend` goes through the manager, which adds crash recovery and replay.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import httpx

from studio.core.chat import context
from studio.core.chat.vision import VisionSupport, vision_from_props
from studio.core.server.client import ChatDelta, loopback_client, stream_chat
from studio.core.server.manager import ServerManager

# Template variables and markers that mean the template can switch thinking on and off.
_THINKING_MARKERS = ("enable_thinking", "reasoning_effort", "thinking")


@dataclass(frozen=True)
class TemplateCapabilities:
    """From GET /props: what the loaded model's chat template supports."""

    supports_thinking: bool = False
    supports_system_role: bool = True
    # Not the template's but the model's: whether images can be sent (the projector).
    vision: VisionSupport = VisionSupport.NO_PROJECTOR
    # The template lists tools and writes calls (so `tools` in a request can work).
    supports_tools: bool = False

    @classmethod
    def from_props(
        cls, props: Mapping[str, Any], projector_dropped: bool = False
    ) -> TemplateCapabilities:
        caps: Mapping[str, Any] = props.get("chat_template_caps") or {}
        template = str(props.get("chat_template") or "")
        thinking = bool(caps.get("supports_reasoning_effort")) or any(
            marker in template for marker in _THINKING_MARKERS
        )
        return cls(
            supports_thinking=thinking,
            supports_system_role=bool(caps.get("supports_system_role", True)),
            vision=vision_from_props(props, projector_dropped),
            supports_tools=bool(caps.get("supports_tool_calls")),
        )


class ChatBackend(Protocol):
    def stream_chat(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> AsyncGenerator[ChatDelta, None]: ...

    async def template_capabilities(self) -> TemplateCapabilities: ...


class DirectServerBackend:
    """A llama-server already running at `base_url`; no recovery. One HTTP client per call,
    so nothing outlives a request and there is nothing to close."""

    def __init__(self, base_url: str, api_key: str | None = None) -> None:
        self.base_url = base_url
        self._api_key = api_key

    async def stream_chat(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> AsyncGenerator[ChatDelta, None]:
        async with loopback_client(self.base_url, self._api_key) as client:
            # Usage gives token counts; timings ride on the last chunk either way.
            stream = stream_chat(
                client, messages, stream_options={"include_usage": True}, **options
            )
            try:
                async for delta in stream:
                    yield delta
            finally:
                # Close the HTTP stream now, on cancel too: that frees the server's slot.
                await stream.aclose()

    async def template_capabilities(self) -> TemplateCapabilities:
        async with loopback_client(self.base_url, self._api_key) as client:
            response = await client.get("/props")
            response.raise_for_status()
            props = response.json()
        return TemplateCapabilities.from_props(props if isinstance(props, dict) else {})

    async def count_prompt_tokens(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> int:
        async with loopback_client(self.base_url, self._api_key) as client:
            return await context.count_prompt_tokens(client, messages, options)

    async def count_text_tokens(self, text: str) -> int:
        async with loopback_client(self.base_url, self._api_key) as client:
            return await context.count_text_tokens(client, text)

    async def context_size(self) -> int:
        async with loopback_client(self.base_url, self._api_key) as client:
            response = await client.get("/props")
            response.raise_for_status()
            return context.slot_context(response.json())


class ManagerChatBackend:
    """The chat through the server manager, so crash recovery and replay apply to it."""

    def __init__(self, manager: ServerManager) -> None:
        self._manager = manager

    async def stream_chat(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> AsyncGenerator[ChatDelta, None]:
        stream = self._manager.stream_chat(
            messages, stream_options={"include_usage": True}, **options
        )
        try:
            async for delta in stream:
                yield delta
        finally:
            await stream.aclose()  # closes the HTTP stream, freeing the slot

    async def template_capabilities(self) -> TemplateCapabilities:
        snapshot = self._manager.snapshot
        ready = snapshot.ready
        # The recovery ladder's text-only rung ran the model without the projector asked for.
        dropped = (
            snapshot.requested is not None
            and snapshot.requested.mmproj is not None
            and (snapshot.spec is None or snapshot.spec.mmproj is None)
        )
        return TemplateCapabilities.from_props(ready.props if ready is not None else {}, dropped)

    async def count_prompt_tokens(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> int:
        return await context.count_prompt_tokens(self._client(), messages, options)

    async def count_text_tokens(self, text: str) -> int:
        return await context.count_text_tokens(self._client(), text)

    async def context_size(self) -> int:
        ready = self._manager.snapshot.ready
        return ready.n_ctx if ready is not None else 0

    def _client(self) -> httpx.AsyncClient:
        """The current child's client (counting needs no recovery: a lost count is redone
        at the next keystroke)."""
        process = self._manager.current_process()
        if process is None or self._manager.snapshot.ready is None:
            raise httpx.ConnectError("no model is ready")
        return process.client
