"""The tool loop end to end: llama-server with SmolLM2 and a ChatML template that does
tools (tests/support/templates/chatml_tools.jinja), the real MCP test server
(tests/support/mcp_servers.py) through the real registry, and the chat pane's approval
prompt pressed as a person would.

With "Must call a tool" llama-server constrains every answer to a call (a 135M model
writes no call by itself), so the model calls again after each result: one round is
allowed, and the loop stops at the second call and says so. The first call's result,
computed by the server, is what the model was sent.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.chat import ChatStore, Message, MessageStatus, Role
from studio.core.chat.backend import DirectServerBackend
from studio.core.chat.tool_loop import ToolOutcome, ToolRunner
from studio.core.engine import EngineLocation
from studio.core.server.client import ChatDelta
from studio.core.tasks import TaskOwner
from studio.core.voice import ENGLISH
from studio.services.chat_service import ChatService
from studio.services.tool_approvals import ApprovalAsked
from studio.ui.chat.chat_pane import ChatPane
from tests.core.chat.tool_loop_support import real_servers
from tests.services.chat_support import next_emission, qasync_event_loop
from tests.support.engine import running_server
from tests.ui.chat.test_chat_tools_engine import TEMPLATE, RecordingBackend

pytestmark = pytest.mark.engine

ASK = 'Reply with this JSON and nothing else: {"name": "add", "arguments": {"a": 2, "b": 3}}'


class Only:
    """The registry's `names` only: a tiny model told "must call" might pick `crash`."""

    def __init__(self, runner: ToolRunner, *names: str) -> None:
        self._runner = runner
        self._names = names

    def definitions(self) -> list[dict[str, Any]]:
        return [d for d in self._runner.definitions() if d["function"]["name"] in self._names]

    def server_of(self, name: str) -> str | None:
        return self._runner.server_of(name) if name in self._names else None

    async def call(self, name: str, arguments: Mapping[str, Any]) -> ToolOutcome:
        return await self._runner.call(name, arguments)


class OneCallARound(RecordingBackend):
    """Asks the engine for one call an answer. Under "must call", how many times a 135M
    model repeats its call before the token limit cuts it off depends on the CPU's kernels
    (two with AMX, more without); this test is about the loop, not about that."""

    def stream_chat(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> AsyncGenerator[ChatDelta, None]:
        self.requests.append((list(messages), dict(options)))
        return self.inner.stream_chat(messages, {**options, "parallel_tool_calls": False})


@pytest.fixture(scope="module")
def server(engine_location: EngineLocation, smollm2: Path) -> Iterator[str]:
    extra = ["-c", "2048", "-np", "1", "--jinja", "--chat-template-file", str(TEMPLATE)]
    with running_server(engine_location, smollm2, extra) as base_url:
        yield base_url


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def test_the_model_calls_an_mcp_tool_the_person_allows_it_and_gets_its_result(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, server: str, tmp_path: Path
) -> None:
    tasks = TaskOwner("tool-loop-engine")
    backend = OneCallARound(DirectServerBackend(server))
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        service = ChatService(store, tasks)
        pane = ChatPane(service, tasks)
        qtbot.addWidget(pane)
        pane.resize(1280, 800)
        pane.show()
        pane.sampling.temperature.setValue(0.0)
        pane.sampling.seed.setValue(7)
        pane.sampling.max_tokens.setValue(100)
        panel = pane.tools_panel
        asked: list[ApprovalAsked] = []
        service.approvals.asked.connect(asked.append)

        async def scenario() -> tuple[Message, str]:
            async with real_servers("tools") as registry:
                service.set_tool_runner(Only(registry, "add"))
                panel.mcp_tools.setChecked(True)
                panel.tool_rounds.setValue(1)
                panel.choice.setCurrentIndex(1)  # must call a tool
                ready = asyncio.ensure_future(next_emission(service.capabilities_changed))
                service.set_backend(backend, "SmolLM2")
                await ready
                stopped = asyncio.ensure_future(
                    next_emission(
                        service.failed, lambda p: p.code == "chat_tool_rounds_exhausted", 300
                    )
                )
                idle = asyncio.ensure_future(
                    next_emission(service.busy_changed, lambda busy: not busy, 300)
                )
                question = asyncio.ensure_future(next_emission(service.approvals.asked, within=180))
                pane.input.setPlainText(ASK)
                pane.send_button.click()
                await question
                await asyncio.sleep(0)
                prompt = pane.tool_approval
                assert prompt.isVisible()
                assert prompt.heading.text() == "Run the tool add of the MCP server tools?"
                prompt.allow_once.click()
                await stopped
                await idle
                assert not prompt.isVisible()
                answer = store.messages(service.conversation.id if service.conversation else 0)
                return answer[1], pane.error_line.text()

        calling, said = loop.run_until_complete(scenario())
        loop.run_until_complete(tasks.shutdown())
        conversation_id = calling.conversation_id
        stored = store.messages(conversation_id)

    (call,) = calling.tool_calls
    assert call.name == "add" and calling.status is MessageStatus.COMPLETE
    arguments = json.loads(call.arguments)
    assert len(asked) == 1 and asked[0].request.call == call
    # Offered from the server, with the conversation's "must call".
    first_options = backend.requests[0][1]
    assert [t["function"]["name"] for t in first_options["tools"]] == ["add"]
    assert first_options["tool_choice"] == "required"
    # The server's own answer went back to the model, as the call's result.
    expected = str(arguments["a"] + arguments["b"])
    sent = backend.requests[1][0]
    assert sent[-1] == {"role": "tool", "content": expected, "tool_call_id": call.id}
    assert [m.role for m in stored] == [Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT]
    assert stored[2].content == expected and stored[3].tool_calls  # asked again: not run
    assert said == ENGLISH.code("chat_tool_rounds_exhausted", {"rounds": 1})
