"""The tool loop (`studio/core/chat/tool_loop.py`) over a scripted model: calls approved,
always allowed or denied, run on the real MCP test servers (tests/support/mcp_servers.py)
or a recording runner, their results given back until the model answers; the round
limit; a stop during a hanging call; errors told to the model; what is stored, reopened
and exported."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import psutil
import pytest

from studio.core.chat import ChatStore, MessageStatus, Role, SamplingSettings, to_json, to_markdown
from studio.core.chat.tool_loop import (
    BAD_ARGUMENTS,
    DENIED,
    AlwaysAllowed,
    Approval,
    LoopEvent,
    LoopStopped,
    ToolLoop,
    ToolRunner,
    ToolRunning,
    merged_tools,
)
from studio.core.chat.turn import Ask, Finished, NewConversation, Opened, Saved, ToolResult
from studio.core.voice import Voice
from tests.core.chat.tool_loop_support import Approver, RecordingRunner, ScriptedCalls, real_servers
from tests.support.mcp_servers import FAIL_MESSAGE

ASK = Ask("What is 2 + 3?")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ChatStore]:
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        yield store


@pytest.fixture(autouse=True)
def no_orphans() -> Iterator[None]:
    """Every MCP server a test started is gone when it ends."""
    yield
    left = psutil.Process().children(recursive=True)
    for child in left:
        child.kill()
    assert not left, f"processes left behind: {[c.cmdline() for c in left]}"


async def _loop(
    store: ChatStore,
    backend: ScriptedCalls,
    loop: ToolLoop,
    ask: Ask | ToolResult = ASK,
    where: int | NewConversation | None = None,
) -> list[LoopEvent]:
    where = NewConversation(SamplingSettings(mcp_tools=True)) if where is None else where
    return [event async for event in loop.turn(store, backend, where, ask)]


def _of(events: Sequence[LoopEvent], kind: type[Any]) -> list[Any]:
    return [event for event in events if isinstance(event, kind)]


async def test_an_approved_call_runs_on_the_server_and_the_model_goes_on(
    store: ChatStore,
) -> None:
    backend = ScriptedCalls([[("add", '{"a": 2, "b": 3}')], "It is 5."])
    approver = Approver(Approval.ONCE)
    async with real_servers("tools") as registry:
        loop = ToolLoop(registry, approver, AlwaysAllowed())
        events = await _loop(store, backend, loop)

    (asked,) = approver.asked
    assert (asked.call.name, asked.server, json.loads(asked.call.arguments)) == (
        "add",
        "tools",
        {"a": 2, "b": 3},
    )
    (running,) = _of(events, ToolRunning)
    assert running.call == asked.call and running.server == "tools"
    offered = [tool["function"]["name"] for tool in backend.requests[0][1]["tools"]]
    assert {"add", "echo", "hang"} <= set(offered)  # the server's tools went with the question
    assert backend.requests[0][1]["tool_choice"] == "auto"
    assert [m["content"] for m in backend.tool_messages(1)] == ["5"]
    first, last = [event.message for event in _of(events, Finished)]
    assert last.content == "It is 5." and last.status is MessageStatus.COMPLETE
    conversation = _of(events, Opened)[0].conversation.id
    stored = store.messages(conversation)
    assert [m.role for m in stored] == [Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT]
    assert stored[1].tool_calls == first.tool_calls and stored[2].content == "5"
    assert stored[2].tool_call_id == first.tool_calls[0].id


async def test_always_is_remembered_for_the_tool_in_that_conversation_only(
    store: ChatStore,
) -> None:
    runner = RecordingRunner("echo", "shout")
    approver = Approver(Approval.ALWAYS, Approval.ONCE)
    allowed = AlwaysAllowed()
    loop = ToolLoop(runner, approver, allowed)
    backend = ScriptedCalls(
        [[("echo", '{"text": "a"}')], [("echo", '{"text": "b"}'), ("shout", "{}")], "Done."]
    )
    events = await _loop(store, backend, loop)
    conversation = _of(events, Opened)[0].conversation.id

    # echo asked once (then always allowed), shout asked (once): three calls, two asks.
    assert [request.call.name for request in approver.asked] == ["echo", "shout"]
    assert [name for name, _ in runner.calls] == ["echo", "echo", "shout"]
    assert allowed.allows(conversation, "echo") and not allowed.allows(conversation, "shout")
    # Two results in one answer: stored in order, sent back together.
    assert [m["content"] for m in backend.tool_messages(2)] == [
        '{"text": "a"}',
        '{"text": "b"}',
        "{}",
    ]

    other = ScriptedCalls([[("echo", '{"text": "c"}')], "Done."])
    await _loop(store, other, loop)  # a new conversation asks again
    assert [request.call.name for request in approver.asked] == ["echo", "shout", "echo"]


async def test_a_denied_call_is_not_run_and_the_model_is_told(store: ChatStore) -> None:
    runner = RecordingRunner("echo")
    backend = ScriptedCalls([[("echo", '{"text": "secret"}')], "I may not."])
    events = await _loop(store, backend, ToolLoop(runner, Approver(Approval.DENY), AlwaysAllowed()))

    assert runner.calls == [] and _of(events, ToolRunning) == []
    (result,) = backend.tool_messages(1)
    assert result["content"] == DENIED.format(name="echo")
    assert _of(events, Finished)[-1].message.content == "I may not."


async def test_arguments_that_are_not_an_object_are_refused_without_asking(
    store: ChatStore,
) -> None:
    runner = RecordingRunner("echo")
    approver = Approver()
    backend = ScriptedCalls([[("echo", '["not", "an", "object"]')], "Sorry."])
    await _loop(store, backend, ToolLoop(runner, approver, AlwaysAllowed()))

    assert approver.asked == [] and runner.calls == []
    assert backend.tool_messages(1)[0]["content"] == BAD_ARGUMENTS.format(name="echo")


async def test_a_call_cut_off_mid_arguments_is_not_run_nor_sent_back(store: ChatStore) -> None:
    runner = RecordingRunner("echo")
    approver = Approver()
    backend = ScriptedCalls([[("echo", '{"text": "cut')]])  # the token limit struck
    events = await _loop(store, backend, ToolLoop(runner, approver, AlwaysAllowed()))

    assert approver.asked == [] and runner.calls == [] and len(backend.requests) == 1
    (stopped,) = _of(events, LoopStopped)
    assert Voice().error(stopped.problem) == (
        "The model's call of echo was cut off or is not valid JSON, so it was not run; "
        "a larger answer limit may help."
    )
    answer = _of(events, Finished)[0].message
    assert [m.role for m in store.messages(answer.conversation_id)] == [Role.USER, Role.ASSISTANT]


async def test_the_rounds_stop_at_the_limit_and_say_so(store: ChatStore) -> None:
    runner = RecordingRunner("echo")
    backend = ScriptedCalls([], then=[("echo", '{"text": "again"}')])  # never stops calling
    loop = ToolLoop(runner, Approver(Approval.ALWAYS), AlwaysAllowed(), rounds=2)
    events = await _loop(store, backend, loop)

    assert len(runner.calls) == 2 and len(backend.requests) == 3
    (stopped,) = _of(events, LoopStopped)
    assert Voice().error(stopped.problem) == (
        "The model asked for tools 2 rounds in a row, the most one question may take, "
        "so its last calls were not run."
    )
    last = _of(events, Finished)[-1].message
    conversation = last.conversation_id
    results = [m for m in store.messages(conversation) if m.role is Role.TOOL]
    assert last.tool_calls[0].id not in {m.tool_call_id for m in results}  # left unrun


async def test_calls_no_server_offers_wait_for_the_person(store: ChatStore) -> None:
    runner = RecordingRunner("echo")
    backend = ScriptedCalls(
        [[("echo", '{"text": "hi"}'), ("get_weather", '{"city": "Paris"}')], "Sunny."]
    )
    loop = ToolLoop(runner, Approver(), AlwaysAllowed())
    events = await _loop(store, backend, loop)

    assert len(backend.requests) == 1  # the model waits for the hand-written result
    answer = _of(events, Finished)[0].message
    saved = [event.message for event in _of(events, Saved) if event.message.role is Role.TOOL]
    assert [m.tool_call_id for m in saved] == [answer.tool_calls[0].id]

    weather = answer.tool_calls[1]
    typed = ToolResult(answer.id, weather.id, '{"sky": "sunny"}')
    more = await _loop(store, backend, loop, typed, answer.conversation_id)
    assert [m["content"] for m in backend.tool_messages(1)] == [
        '{"text": "hi"}',
        '{"sky": "sunny"}',
    ]
    assert _of(more, Finished)[-1].message.content == "Sunny."


async def test_a_tool_error_goes_back_to_the_model_as_error_text(store: ChatStore) -> None:
    backend = ScriptedCalls([[("fail", "{}"), ("refuse", "{}"), ("missing", "{}")], "Oh."])
    async with real_servers("tools") as registry:
        # `missing` was offered by a server that no longer has it when it is called.
        allowed = AlwaysAllowed()
        loop = ToolLoop(_Offering(registry, "missing"), Approver(Approval.ONCE), allowed)
        await _loop(store, backend, loop)

    fail, refuse, missing = (m["content"] for m in backend.tool_messages(1))
    assert fail.startswith("Error") and fail.endswith(FAIL_MESSAGE) and "Error: Error" not in fail
    assert refuse.startswith("Error: ") and "tools" in refuse  # the server's failure, said
    assert missing == "Error: " + Voice().code("mcp_tool_unknown", {"tool": "missing"})


async def test_stop_during_a_hanging_call_cancels_it_on_the_server(store: ChatStore) -> None:
    backend = ScriptedCalls([[("hang", "{}")], "never reached"])
    events: list[LoopEvent] = []
    async with real_servers("tools") as registry:
        loop = ToolLoop(registry, Approver(Approval.ONCE), AlwaysAllowed())

        async def read() -> None:
            where = NewConversation(SamplingSettings(mcp_tools=True))
            async for event in loop.turn(store, backend, where, Ask("Wait for me")):
                events.append(event)

        turn = asyncio.ensure_future(read())
        assert (await registry.call("is_hanging", {})).text == "hanging"
        turn.cancel()
        with pytest.raises(asyncio.CancelledError):
            await turn
        # The server saw the call cancelled, and the server still answers.
        assert (await registry.call("was_cancelled", {})).text == "cancelled"

    assert len(_of(events, ToolRunning)) == 1 and len(backend.requests) == 1
    answer = _of(events, Finished)[0].message
    stored = store.messages(answer.conversation_id)
    assert [m.role for m in stored] == [Role.USER, Role.ASSISTANT]  # kept, no result made up
    assert stored[1].tool_calls == answer.tool_calls
    assert store.mark_unfinished_interrupted() == 0


async def test_calls_and_results_survive_a_reopen_and_are_exported(tmp_path: Path) -> None:
    path = tmp_path / "chat.sqlite3"
    backend = ScriptedCalls([[("echo", '{"text": "kept"}')], "It said kept."])
    with ChatStore(path) as store:
        events = await _loop(
            store, backend, ToolLoop(RecordingRunner("echo"), Approver(), AlwaysAllowed())
        )
    conversation_id = _of(events, Opened)[0].conversation.id

    with ChatStore(path) as reopened:
        conversation = reopened.conversation(conversation_id)
        messages = reopened.messages(conversation_id)
    _, calling, result, _ = messages
    (call,) = calling.tool_calls
    assert (call.name, json.loads(call.arguments)) == ("echo", {"text": "kept"})
    assert (result.role, result.tool_call_id, result.content) == (
        Role.TOOL,
        call.id,
        '{"text": "kept"}',
    )
    assert conversation.settings.mcp_tools is True
    markdown = to_markdown(conversation, messages)
    assert "Tool call: echo" in markdown and f"Result of call `{call.id}`" in markdown
    exported = json.loads(to_json(conversation, messages))
    rows = exported["messages"]
    assert rows[1]["tool_calls"][0]["function"]["name"] == "echo"
    assert rows[2]["tool_call_id"] == call.id and rows[2]["content"] == '{"text": "kept"}'


def test_offered_tools_go_after_the_conversations_own() -> None:
    own = {"type": "function", "function": {"name": "echo", "description": "mine"}}
    offered = [
        {"type": "function", "function": {"name": "echo", "description": "the server's"}},
        {"type": "function", "function": {"name": "add"}},
    ]
    merged = merged_tools({"tools": [own], "tool_choice": "required", "logprobs": 5}, offered)
    assert [t["function"].get("description") for t in merged["tools"]] == ["mine", None]
    assert merged["tool_choice"] == "required" and "logprobs" not in merged
    assert merged_tools({"logprobs": 5}, []) == {"logprobs": 5}  # no tools: left as it was


class _Offering:
    """`runner` with `extra` offered too (a tool a server dropped after it was offered)."""

    def __init__(self, runner: ToolRunner, extra: str) -> None:
        self._runner = runner
        self._extra = extra

    def definitions(self) -> list[dict[str, Any]]:
        return self._runner.definitions()

    def server_of(self, name: str) -> str | None:
        return "gone" if name == self._extra else self._runner.server_of(name)

    async def call(self, name: str, arguments: Any) -> Any:
        return await self._runner.call(name, arguments)
