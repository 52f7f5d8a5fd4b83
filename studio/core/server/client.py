"""A loopback HTTP client for llama-server's OpenAI-compatible chat endpoint.

`trust_env=False` everywhere: a user's HTTP(S)_PROXY or ALL_PROXY must never capture
traffic to 127.0.0.1, and a system .netrc must never add credentials to it.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx

# Prefill of a long prompt on a CPU can take minutes before the first byte; only the
# connection itself should fail fast.
STREAM_TIMEOUT = httpx.Timeout(connect=5.0, read=None, write=30.0, pool=5.0)


@dataclass(frozen=True)
class ToolCallDelta:
    index: int
    id: str | None
    name: str | None
    arguments: str


@dataclass(frozen=True)
class ChatDelta:
    """One streamed chunk, reduced to what the app renders."""

    content: str = ""
    reasoning: str = ""
    tool_calls: tuple[ToolCallDelta, ...] = ()
    finish_reason: str | None = None
    timings: Mapping[str, float] = field(default_factory=dict)
    usage: Mapping[str, Any] = field(default_factory=dict)


def loopback_client(base_url: str, api_key: str | None) -> httpx.AsyncClient:
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    # verify=False: the loopback server speaks plain HTTP, and building the default TLS
    # context (loading the CA bundle) costs 50-300 ms per client, paid on every spawn.
    return httpx.AsyncClient(
        base_url=base_url,
        headers=headers,
        timeout=STREAM_TIMEOUT,
        trust_env=False,
        verify=False,
    )


def parse_chunk(payload: Mapping[str, Any]) -> ChatDelta:
    """Turn one `data:` JSON object of a chat completion stream into a `ChatDelta`."""
    choices = payload.get("choices") or []
    choice: Mapping[str, Any] = choices[0] if choices else {}
    delta: Mapping[str, Any] = choice.get("delta") or {}
    tool_calls = tuple(
        ToolCallDelta(
            index=int(call.get("index", 0)),
            id=call.get("id"),
            name=(call.get("function") or {}).get("name"),
            arguments=(call.get("function") or {}).get("arguments") or "",
        )
        for call in delta.get("tool_calls") or ()
    )
    return ChatDelta(
        content=delta.get("content") or "",
        reasoning=delta.get("reasoning_content") or "",
        tool_calls=tool_calls,
        finish_reason=choice.get("finish_reason"),
        timings=payload.get("timings") or {},
        usage=payload.get("usage") or {},
    )


class ServerError(Exception):
    """llama-server answered with an HTTP error; `status` and `body` say which."""

    def __init__(self, status: int, body: str) -> None:
        super().__init__(f"HTTP {status}: {body[:500]}")
        self.status = status
        self.body = body


async def stream_chat(
    client: httpx.AsyncClient,
    messages: Sequence[Mapping[str, Any]],
    **options: Any,
) -> AsyncIterator[ChatDelta]:
    """Stream a chat completion. Closing the generator closes the HTTP stream, which frees
    the server's slot even while it is still processing the prompt."""
    body = {"messages": list(messages), "stream": True, **options}
    async with client.stream("POST", "/v1/chat/completions", json=body) as response:
        if response.status_code != 200:
            raise ServerError(
                response.status_code, (await response.aread()).decode("utf-8", "replace")
            )
        async for line in response.aiter_lines():
            if not line.startswith("data:"):
                continue
            data = line[5:].strip()
            if data == "[DONE]":
                return
            yield parse_chunk(json.loads(data))
