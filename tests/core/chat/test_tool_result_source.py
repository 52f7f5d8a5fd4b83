"""Whose result a tool call has is stored with its `tool` message: the MCP server the tool
loop ran it on (or refused it for), or none when the person typed it; rows stored before
servers ran tools read as typed, and reopening the store keeps each."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from studio.core.chat import ChatStore, Role, SamplingSettings
from studio.core.chat.tool_loop import AlwaysAllowed, Approval, ToolLoop
from studio.core.chat.tools import ResultSource
from studio.core.chat.turn import Ask, NewConversation, Opened, ToolResult, chat_turn
from tests.core.chat.tool_loop_support import Approver, RecordingRunner, ScriptedCalls


async def test_the_loop_stores_the_server_a_result_came_from(tmp_path: Path) -> None:
    backend = ScriptedCalls([[("echo", '{"text": "a"}'), ("echo", '{"text": "b"}')], "Done."])
    loop = ToolLoop(
        RecordingRunner("echo", server="helper"),
        Approver(Approval.ONCE, Approval.DENY),
        AlwaysAllowed(),
    )
    path = tmp_path / "chat.sqlite3"
    with ChatStore(path) as store:
        where = NewConversation(SamplingSettings(mcp_tools=True))
        events = [event async for event in loop.turn(store, backend, where, Ask("Echo twice"))]
        conversation = next(e for e in events if isinstance(e, Opened)).conversation.id
    with ChatStore(path) as reopened:  # as after a restart
        results = [m for m in reopened.messages(conversation) if m.role is Role.TOOL]
    assert [m.tool_source for m in results] == [
        ResultSource("helper", ran=True),
        ResultSource("helper", ran=False),  # denied: answered by the loop, not run
    ]


async def test_a_typed_result_and_an_old_row_have_no_server(tmp_path: Path) -> None:
    backend = ScriptedCalls([[("get_weather", "{}"), ("get_time", "{}")], "Done."])
    path = tmp_path / "chat.sqlite3"
    with ChatStore(path) as store:
        events = [
            event
            async for event in chat_turn(
                store, backend, NewConversation(SamplingSettings()), Ask("Weather and time?")
            )
        ]
        conversation = next(e for e in events if isinstance(e, Opened)).conversation.id
        answer = store.messages(conversation)[-1]
        first, second = answer.tool_calls
        for call in (first, second):
            typed = ToolResult(answer.id, call.id, '{"temp_c": 21}')
            async for _ in chat_turn(store, backend, conversation, typed):
                pass
    # The second result as a row written before servers ran tools: the call's id alone.
    with sqlite3.connect(path) as db:
        db.execute(
            "UPDATE messages SET tool_calls = ?"
            " WHERE id = (SELECT MAX(id) FROM messages WHERE role = 'tool')",
            (f'[{{"id": "{second.id}"}}]',),
        )
    db.close()
    with ChatStore(path) as reopened:
        results = [m for m in reopened.messages(conversation) if m.role is Role.TOOL]
    assert [(m.tool_call_id, m.tool_source) for m in results] == [
        (first.id, None),
        (second.id, None),
    ]
