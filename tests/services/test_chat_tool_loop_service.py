"""ChatService running the tool loop: only for a conversation with "tools from MCP servers"
on; Stop during a call on the real hanging test server cancels it there and ends the turn
with what was stored."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from studio.core.chat import ChatStore, MessageStatus, Role, SamplingSettings
from studio.core.chat.tool_loop import Approval, ToolRunning
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatService
from studio.services.tool_approvals import ApprovalAsked
from tests.core.chat.tool_loop_support import RecordingRunner, ScriptedCalls, real_servers
from tests.services.chat_support import next_emission, qasync_event_loop


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def test_a_conversation_without_mcp_tools_runs_none(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    backend = ScriptedCalls([[("echo", '{"text": "hi"}')]])
    runner = RecordingRunner("echo")
    tasks = TaskOwner("tool-loop-off")
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        service = ChatService(store, tasks, backend)
        service.set_tool_runner(runner)
        asked: list[ApprovalAsked] = []
        service.approvals.asked.connect(asked.append)

        async def scenario() -> None:
            turn = service.send("Echo hi")
            assert turn is not None
            await turn

        loop.run_until_complete(scenario())
        loop.run_until_complete(tasks.shutdown())
    assert "tools" not in backend.requests[0][1]  # nothing offered, nothing run
    assert asked == [] and runner.calls == [] and len(backend.requests) == 1


def test_stop_during_a_call_cancels_it_on_the_server_and_ends_the_turn(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    backend = ScriptedCalls([[("hang", "{}")], "never"])
    tasks = TaskOwner("tool-loop-stop")
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        service = ChatService(store, tasks, backend)
        service.set_settings(SamplingSettings(mcp_tools=True))
        service.approvals.asked.connect(
            lambda asked: service.approvals.answer(asked.ticket, Approval.ONCE)
        )
        running: list[ToolRunning] = []
        service.tool_running.connect(running.append)

        async def scenario() -> str:
            async with real_servers("tools") as registry:
                service.set_tool_runner(registry)
                turn = service.send("Wait for me")
                assert turn is not None
                assert (await registry.call("is_hanging", {})).text == "hanging"
                idle = asyncio.ensure_future(
                    next_emission(service.busy_changed, lambda busy: not busy)
                )
                service.stop()
                await idle
                return (await registry.call("was_cancelled", {})).text

        seen = loop.run_until_complete(scenario())
        loop.run_until_complete(tasks.shutdown())
        assert service.conversation is not None
        stored = store.messages(service.conversation.id)

    assert seen == "cancelled"  # the server saw its call cancelled
    assert [r.call.name for r in running] == ["hang"] and running[0].server == "tools"
    assert [m.role for m in stored] == [Role.USER, Role.ASSISTANT]
    assert stored[1].status is MessageStatus.COMPLETE and stored[1].tool_calls[0].name == "hang"
    assert not service.busy and service.approvals.waiting == ()
