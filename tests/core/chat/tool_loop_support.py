"""What the tool loop's tests share: a backend that answers with scripted calls, a runner
that records its calls, an approver that answers as told, and the real MCP test servers
run through the real registry."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator, AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from studio.core.chat.backend import TemplateCapabilities
from studio.core.chat.tool_loop import Approval, ApprovalRequest
from studio.core.mcp.registry import McpRegistry
from studio.core.server.client import ChatDelta, parse_chunk
from tests.core.mcp.helpers import START_S, stdio_server

# One scripted answer: the calls it makes (name, arguments as JSON text), or its text.
Answer = Sequence[tuple[str, str]] | str


def call_pieces(calls: Sequence[tuple[str, str]], round_number: int) -> list[ChatDelta]:
    """The calls as llama-server streams them: the name first, the arguments after."""
    deltas = []
    for index, (name, arguments) in enumerate(calls):
        call_id = f"r{round_number}c{index}"
        head = {"index": index, "id": call_id, "function": {"name": name, "arguments": ""}}
        tail = {"index": index, "function": {"arguments": arguments}}
        deltas.append(parse_chunk({"choices": [{"delta": {"tool_calls": [head]}}]}))
        deltas.append(parse_chunk({"choices": [{"delta": {"tool_calls": [tail]}}]}))
    deltas.append(ChatDelta(finish_reason="tool_calls"))
    return deltas


class ScriptedCalls:
    """Answers each request with the next of `answers`; past the last, `then` again and
    again (a model that never stops calling)."""

    def __init__(self, answers: Sequence[Answer], then: Answer = "Done.") -> None:
        self.answers = list(answers)
        self.then = then
        self.requests: list[tuple[list[Mapping[str, Any]], dict[str, Any]]] = []

    async def stream_chat(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> AsyncGenerator[ChatDelta, None]:
        self.requests.append((list(messages), dict(options)))
        answer = self.answers.pop(0) if self.answers else self.then
        if isinstance(answer, str):
            yield ChatDelta(content=answer)
            yield ChatDelta(finish_reason="stop")
            return
        for delta in call_pieces(answer, len(self.requests)):
            yield delta

    async def template_capabilities(self) -> TemplateCapabilities:
        return TemplateCapabilities(supports_tools=True)

    def tool_messages(self, request: int) -> list[Mapping[str, Any]]:
        """The tool results request number `request` (from 0) carried."""
        return [m for m in self.requests[request][0] if m["role"] == "tool"]


@dataclass(frozen=True)
class Outcome:
    text: str
    is_error: bool = False


class RecordingRunner:
    """Offers `names` and answers each call with its arguments as JSON."""

    def __init__(self, *names: str, server: str = "local") -> None:
        self.names = names
        self.server = server
        self.calls: list[tuple[str, Mapping[str, Any]]] = []

    def definitions(self) -> list[dict[str, Any]]:
        return [{"type": "function", "function": {"name": name}} for name in self.names]

    def server_of(self, name: str) -> str | None:
        return self.server if name in self.names else None

    async def call(self, name: str, arguments: Mapping[str, Any]) -> Outcome:
        self.calls.append((name, arguments))
        return Outcome(json.dumps(dict(arguments)))


class Approver:
    """Answers every request with the next of `answers` (the last one again after that),
    keeping what it was asked."""

    def __init__(self, *answers: Approval) -> None:
        self.answers = list(answers) or [Approval.ONCE]
        self.asked: list[ApprovalRequest] = []

    async def __call__(self, request: ApprovalRequest) -> Approval:
        self.asked.append(request)
        await asyncio.sleep(0)  # a person answers later, never within the call
        return self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]


@asynccontextmanager
async def real_servers(*kinds: str) -> AsyncIterator[McpRegistry]:
    """The registry of the real test servers `kinds` (tests/support/mcp_servers.py),
    started and ready; every server stopped afterwards."""
    configs = [stdio_server(kind, kind) for kind in kinds]
    registry = McpRegistry(configs, start_timeout=START_S, call_timeout=START_S)
    registry.start()
    try:
        await registry.settled()
        yield registry
    finally:
        await registry.close()
