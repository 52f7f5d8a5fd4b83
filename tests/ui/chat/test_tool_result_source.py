"""A call's block says whose its result is, from what the store keeps: run on an MCP
server, refused for one (not run), or typed by the person."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.chat import ChatStore, Role
from studio.core.chat.tools import ResultSource, ToolCall
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatService
from studio.ui.chat.chat_pane import ChatPane
from tests.services.chat_support import qasync_event_loop

CALLS = (
    ToolCall("c0", "add", '{"a": 2, "b": 3}'),
    ToolCall("c1", "delete_files", '{"path": "/"}'),
    ToolCall("c2", "get_weather", '{"city": "Paris"}'),
)


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def _conversation(store: ChatStore) -> tuple[int, int]:
    conversation = store.create_conversation("Tools")
    store.add_message(conversation.id, Role.USER, "Add, delete, weather")
    answer = store.add_message(conversation.id, Role.ASSISTANT, "")
    store.set_answer_parts(answer.id, CALLS)
    sources = (ResultSource("calculator"), ResultSource("files", ran=False), None)
    for call, source, text in zip(CALLS, sources, ("5", "not allowed", "21 C"), strict=True):
        store.add_message(
            conversation.id, Role.TOOL, text, tool_call_id=call.id, tool_source=source
        )
    return conversation.id, answer.id


def test_each_block_says_whose_result_it_has_after_a_restart(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    path = tmp_path / "chat.sqlite3"
    with ChatStore(path) as store:
        conversation_id, answer_id = _conversation(store)
    tasks = TaskOwner("tool-result-source")
    with ChatStore(path) as store:  # reopened, as after a restart
        service = ChatService(store, tasks)
        pane = ChatPane(service, tasks)
        qtbot.addWidget(pane)
        pane.resize(1280, 800)
        pane.show()

        async def reopen() -> None:
            await service.open(conversation_id)

        loop.run_until_complete(reopen())
        loop.run_until_complete(tasks.shutdown())
        text = pane.view.tool_blocks.text_of(answer_id)
        if os.environ.get("STUDIO_SHOT"):
            pane.grab().save(os.environ["STUDIO_SHOT"])
    lines = [line for line in text.splitlines() if "Tool call" in line]
    assert len(lines) == 3
    assert "add" in lines[0] and "ran on calculator" in lines[0]
    assert "delete_files" in lines[1] and "not run on files" in lines[1]
    assert "get_weather" in lines[2] and "result typed by you" in lines[2]
    assert "Give result" not in text  # every call has its result
