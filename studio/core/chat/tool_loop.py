"""The tool loop: a turn whose answer calls tools runs them, gives the results back and
lets the model go on, until it answers without calls or the rounds run out.

The tools come from a `ToolRunner` (the app's MCP servers, `core/mcp/registry.py`): their
definitions go with every request beside the conversation's hand-written ones. A call of
a tool no runner offers keeps the chat's old way: the person types its result, and the
turn goes on from there (`turn.ToolResult`). Each call a runner offers is approved first
(`approve`: once, always for that tool in this conversation, or denied, which the model
is told so it can go on), then run; its result, or what went wrong, is stored as the
call's `tool` message through the same `turn.ToolResult` a typed result takes, so calls
and results are kept, exported and answered exactly as before. The last result of an
answer starts the model's next answer.

Stopping (cancelling the task that reads the loop) cancels a running call (the MCP SDK
tells the server) or a waiting approval, and ends the loop: what was stored stays, and
a call left without a result can still be given one by hand.
"""

from __future__ import annotations

import contextlib
import enum
import json
from collections.abc import AsyncGenerator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from studio.core.chat.backend import ChatBackend, TemplateCapabilities
from studio.core.chat.context import TokenCounter
from studio.core.chat.models import DEFAULT_TOOL_ROUNDS, Message, MessageStatus
from studio.core.chat.store import ChatStore
from studio.core.chat.tools import TOOL_CHOICES, ResultSource, ToolCall
from studio.core.chat.turn import (
    Finished,
    NewConversation,
    Opened,
    ToolResult,
    TurnAsk,
    TurnEvent,
    chat_turn,
)
from studio.core.errors import Problem, StudioError
from studio.core.server.client import ChatDelta
from studio.core.voice import Voice

# What the model reads in place of a result. Fixed English: the model reads them, and they
# are kept in the conversation as the call's result (as `core/mcp/results.py` does).
DENIED: Final = "The person did not allow this call of {name}; it was not run."
ERROR: Final = "Error: {text}"
BAD_ARGUMENTS: Final = "The arguments of {name} are not a JSON object; it was not run."


class ToolOutcome(Protocol):
    """A tool's result as the model reads it (`core.mcp.results.ToolResult`)."""

    @property
    def text(self) -> str: ...

    @property
    def is_error(self) -> bool: ...


class ToolRunner(Protocol):
    """Tools that run without the person (the app's MCP servers, `McpRegistry`)."""

    def definitions(self) -> list[dict[str, Any]]: ...

    def server_of(self, name: str) -> str | None: ...

    async def call(self, name: str, arguments: Mapping[str, Any]) -> ToolOutcome: ...


class Approval(enum.StrEnum):
    """The person's answer to one call: run it once, run this tool from now on without
    asking (in this conversation), or do not run it."""

    ONCE = "once"
    ALWAYS = "always"
    DENY = "deny"


@dataclass(frozen=True)
class ApprovalRequest:
    """A call waiting for the person's word: the tool, the server it runs on, and the
    arguments (`call.pretty_arguments()`)."""

    conversation_id: int
    answer_id: int
    call: ToolCall
    server: str


Approve = Callable[[ApprovalRequest], Awaitable[Approval]]


@dataclass
class AlwaysAllowed:
    """The tools the person allowed for good, per conversation; kept by the front end for
    as long as it runs (the app: until it quits), never stored."""

    names: dict[int, set[str]] = field(default_factory=dict)

    def allows(self, conversation_id: int, tool: str) -> bool:
        return tool in self.names.get(conversation_id, ())

    def allow(self, conversation_id: int, tool: str) -> None:
        self.names.setdefault(conversation_id, set()).add(tool)


@dataclass(frozen=True)
class ToolRunning:
    """A call of the answer `answer_id` was approved and runs now on `server`."""

    answer_id: int
    call: ToolCall
    server: str


@dataclass(frozen=True)
class LoopStopped:
    """The answer's calls are left unrun, and why: the rounds ran out
    (`chat_tool_rounds_exhausted`), or a call's arguments are not JSON at all
    (`chat_tool_call_broken`: cut off by the token limit, which the engine would refuse to
    read back). The person may still give their results by hand."""

    problem: Problem


LoopEvent = TurnEvent | ToolRunning | LoopStopped


@dataclass(frozen=True)
class ToolLoop:
    """What a turn with tools needs besides a plain one. `rounds`: how many answers in a
    row may have their calls run for one question."""

    runner: ToolRunner
    approve: Approve
    allowed: AlwaysAllowed
    rounds: int = DEFAULT_TOOL_ROUNDS
    # The conversation's "Calls" choice (auto, required, none), for the offered tools too.
    tool_choice: str = "auto"
    voice: Voice = field(default_factory=Voice)  # says a failed call to the model, in English

    async def turn(
        self,
        store: ChatStore,
        backend: ChatBackend,
        conversation: int | NewConversation,
        ask: TurnAsk,
        **options: Any,
    ) -> AsyncGenerator[LoopEvent, None]:
        """`chat_turn` (same arguments), with the runner's tools offered and run."""
        offering = self.offering(backend)
        where, next_ask = conversation, ask
        rounds = 0
        while True:
            answer: Message | None = None
            async with contextlib.aclosing(
                chat_turn(store, offering, where, next_ask, **options)
            ) as events:
                async for event in events:
                    if isinstance(event, Opened):
                        where = event.conversation.id
                    elif isinstance(event, Finished):
                        answer = event.message
                    yield event
            calls = self._runnable(answer)
            if answer is None or not calls:
                return  # answered, stopped, failed, or waiting for results typed by hand
            broken = next((call for call in calls if not _is_json(call.arguments)), None)
            if broken is not None:
                detail = f"{broken.name}: {broken.arguments[:200]!r}"
                yield LoopStopped(
                    Problem.of(StudioError("chat_tool_call_broken", detail, tool=broken.name))
                )
                return
            if rounds == self.rounds:
                detail = f"{len(calls)} call(s) left after {rounds} rounds"
                yield LoopStopped(
                    Problem.of(StudioError("chat_tool_rounds_exhausted", detail, rounds=rounds))
                )
                return
            rounds += 1
            where = answer.conversation_id
            for index, call in enumerate(calls):
                server = self.runner.server_of(call.name) or ""
                text = await self._refusal(answer, call, server)
                ran = text is None
                if text is None:
                    yield ToolRunning(answer.id, call, server)
                    text = await self._run(call)
                # Stored with the server, so the call's block says it ran there, not typed.
                result = ToolResult(answer.id, call.id, text, ResultSource(server, ran))
                if index == len(calls) - 1:
                    next_ask = result  # stores it, then the model goes on (if all are in)
                    break
                async with contextlib.aclosing(
                    chat_turn(store, offering, where, result, **options)
                ) as saved:
                    async for event in saved:  # stores the result, answers nothing yet
                        yield event

    def offering(self, backend: ChatBackend) -> ChatBackend:
        """`backend` as this loop's turns send through it: the runner's tools offered in
        every request, and counted in it (the context meter counts what is sent)."""
        return with_tools(backend, self.runner, self.tool_choice)

    def _runnable(self, answer: Message | None) -> list[ToolCall]:
        """The calls of a whole answer that the runner offers (in the answer's order)."""
        if answer is None or answer.status is not MessageStatus.COMPLETE:
            return []
        return [call for call in answer.tool_calls if self.runner.server_of(call.name)]

    async def _refusal(self, answer: Message, call: ToolCall, server: str) -> str | None:
        """Why `call` is not run, as the model reads it; None once it may run (the person
        is asked unless they allowed the tool for good)."""
        if _arguments(call) is None:
            return BAD_ARGUMENTS.format(name=call.name)
        conversation_id = answer.conversation_id
        if not self.allowed.allows(conversation_id, call.name):
            approval = await self.approve(ApprovalRequest(conversation_id, answer.id, call, server))
            if approval is Approval.DENY:
                return DENIED.format(name=call.name)
            if approval is Approval.ALWAYS:
                self.allowed.allow(conversation_id, call.name)
        return None

    async def _run(self, call: ToolCall) -> str:
        """What the model reads as the result of `call`, or what went wrong."""
        try:
            outcome = await self.runner.call(call.name, _arguments(call) or {})
        except StudioError as error:  # timed out, crashed, refused: the model hears why
            return ERROR.format(text=self.voice.error(error))
        if outcome.is_error and not outcome.text.lower().startswith("error"):
            return ERROR.format(text=outcome.text)  # the SDK's own errors say so already
        return outcome.text


def _is_json(text: str) -> bool:
    """Whether `text` is JSON (or empty: no arguments)."""
    if not text.strip():
        return True
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _arguments(call: ToolCall) -> dict[str, Any] | None:
    """The call's arguments as an object (none written: no arguments); None when they are
    not a JSON object."""
    if not call.arguments.strip():
        return {}
    try:
        value = json.loads(call.arguments)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def merged_tools(
    options: Mapping[str, Any], offered: Sequence[Mapping[str, Any]], tool_choice: str = "auto"
) -> dict[str, Any]:
    """`options` with the `offered` definitions after the conversation's own (a name the
    conversation defines keeps its definition) and `tool_choice` unless they carry one; no
    logprobs, which the engine refuses beside tools."""
    merged = dict(options)
    tools = list(merged.get("tools") or [])
    names = {tool.get("function", {}).get("name") for tool in tools}
    tools += [tool for tool in offered if tool.get("function", {}).get("name") not in names]
    if tools:
        merged["tools"] = tools
        merged.setdefault("tool_choice", tool_choice if tool_choice in TOOL_CHOICES else "auto")
        merged.pop("logprobs", None)
    return merged


class _WithTools:
    """A backend whose every request also offers the runner's tools."""

    def __init__(self, inner: ChatBackend, runner: ToolRunner, tool_choice: str) -> None:
        self._inner = inner
        self._runner = runner
        self._tool_choice = tool_choice

    def _options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return merged_tools(options, self._runner.definitions(), self._tool_choice)

    def stream_chat(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> AsyncGenerator[ChatDelta, None]:
        return self._inner.stream_chat(messages, self._options(options))

    async def template_capabilities(self) -> TemplateCapabilities:
        return await self._inner.template_capabilities()


class _CountingWithTools(_WithTools):
    """The same, for a backend that counts tokens (the request is counted with the tools
    it will carry)."""

    def __init__(
        self, inner: ChatBackend, runner: ToolRunner, tool_choice: str, counter: TokenCounter
    ) -> None:
        super().__init__(inner, runner, tool_choice)
        self._counter = counter

    async def count_prompt_tokens(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> int:
        return await self._counter.count_prompt_tokens(messages, self._options(options))

    async def count_text_tokens(self, text: str) -> int:
        return await self._counter.count_text_tokens(text)

    async def context_size(self) -> int:
        return await self._counter.context_size()


def with_tools(backend: ChatBackend, runner: ToolRunner, tool_choice: str = "auto") -> ChatBackend:
    """`backend`, its requests offering `runner`'s tools too."""
    if isinstance(backend, TokenCounter):
        return _CountingWithTools(backend, runner, tool_choice, backend)
    return _WithTools(backend, runner, tool_choice)
