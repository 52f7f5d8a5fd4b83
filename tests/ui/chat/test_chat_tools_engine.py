"""Tool calls and token probabilities in the chat pane, against llama-server and SmolLM2.

SmolLM2's own template knows no tools, so the server gets a ChatML template that does
(tests/support/templates/chatml_tools.jinja). With `tool_choice: "required"` llama-server
constrains the answer with a grammar that must end in a call, so a 135M model calls the
tool, deterministically at temperature 0.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.chat import ChatStore, Message, MessageStatus, Role
from studio.core.chat.backend import DirectServerBackend, TemplateCapabilities
from studio.core.engine import EngineLocation
from studio.core.server.client import ChatDelta
from studio.core.tasks import TaskOwner
from studio.services.chat_service import AnswerDelta, ChatService
from studio.services.tool_call_relay import ToolCallsDelta
from studio.ui.chat.chat_pane import ChatPane
from studio.ui.chat.token_tint import TOKEN_PROPERTY, tint_color, tooltip_html
from tests.services.chat_support import next_emission, qasync_event_loop
from tests.support.engine import running_server

pytestmark = pytest.mark.engine

TEMPLATE = Path(__file__).parents[2] / "support" / "templates" / "chatml_tools.jinja"
WEATHER = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "Weather for a city",
            "parameters": {
                "type": "object",
                "properties": {"city": {"type": "string"}},
                "required": ["city"],
            },
        },
    }
]
ASK = (
    'Reply with this JSON and nothing else: {"name": "get_weather", "arguments": {"city": "Paris"}}'
)


class RecordingBackend:
    """The real server, with each request's messages and options kept for the test."""

    def __init__(self, inner: DirectServerBackend) -> None:
        self.inner = inner
        self.requests: list[tuple[list[Mapping[str, Any]], dict[str, Any]]] = []

    def stream_chat(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> AsyncGenerator[ChatDelta, None]:
        self.requests.append((list(messages), dict(options)))
        return self.inner.stream_chat(messages, options)

    async def template_capabilities(self) -> TemplateCapabilities:
        return await self.inner.template_capabilities()


@pytest.fixture(scope="module")
def server(engine_location: EngineLocation, smollm2: Path) -> Iterator[str]:
    extra = ["-c", "2048", "-np", "1", "--chat-template-file", str(TEMPLATE)]
    with running_server(engine_location, smollm2, extra) as base_url:
        yield base_url


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def _pane(qtbot: QtBot, store: ChatStore, tasks: TaskOwner) -> tuple[ChatService, ChatPane]:
    service = ChatService(store, tasks)
    pane = ChatPane(service, tasks)
    qtbot.addWidget(pane)
    pane.resize(1280, 800)
    pane.show()
    pane.sampling.temperature.setValue(0.0)
    pane.sampling.seed.setValue(7)
    return service, pane


async def _connect(service: ChatService, backend: RecordingBackend) -> None:
    ready = asyncio.ensure_future(next_emission(service.capabilities_changed))
    service.set_backend(backend, "SmolLM2")
    await ready


async def _send(service: ChatService, pane: ChatPane, text: str) -> Message:
    finished = asyncio.ensure_future(next_emission(service.answer_finished, within=180))
    pane.input.setPlainText(text)
    pane.send_button.click()
    (message,) = await finished
    assert isinstance(message, Message)
    return message


def test_a_tool_call_streams_into_a_block_takes_a_result_and_the_model_goes_on(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, server: str, tmp_path: Path
) -> None:
    tasks = TaskOwner("tools-engine")
    backend = RecordingBackend(DirectServerBackend(server))
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        service, pane = _pane(qtbot, store, tasks)
        pane.sampling.max_tokens.setValue(60)
        panel = pane.tools_panel
        panel.editor.setPlainText(json.dumps(WEATHER))
        assert panel.check()
        panel.choice.setCurrentIndex(1)  # must call a tool
        streamed: list[ToolCallsDelta] = []
        service.tool_calls_changed.connect(streamed.append)
        blocks = pane.view.tool_blocks
        # What the block said as each streamed state arrived (after the pane drew it).
        drawn: list[str] = []
        service.tool_calls_changed.connect(lambda d: drawn.append(blocks.text_of(d.message_id)))

        async def scenario() -> tuple[Message, Message]:
            await _connect(service, backend)
            assert pane.tools_panel.note.isHidden()  # this template describes tools
            answer = await _send(service, pane, ASK)
            # The user gives the result through the block's editor; the model goes on.
            panel.choice.setCurrentIndex(0)
            dialog = blocks.ask_result(answer.id, 0)
            dialog.editor.setPlainText('{"temp_c": 21, "sky": "sunny"}')
            follow = asyncio.ensure_future(next_emission(service.answer_finished, within=180))
            dialog.accept()
            (after,) = await follow
            return answer, after

        answer, after = loop.run_until_complete(scenario())
        loop.run_until_complete(tasks.shutdown())
        conversation_id = service.conversation.id if service.conversation else 0
        stored = store.messages(conversation_id)

    (call,) = answer.tool_calls
    assert answer.status is MessageStatus.COMPLETE
    assert call.name == "get_weather" and json.loads(call.arguments) == {"city": "Paris"}
    assert call.id
    # Streamed: the block saw the call before its arguments were complete.
    assert streamed and streamed[0].message_id == answer.id
    assert any(d.calls and d.calls[0].arguments != call.arguments for d in streamed)
    assert drawn and all("get_weather" in text and "being written" in text for text in drawn)
    assert backend.requests[0][1]["tool_choice"] == "required"
    assert backend.requests[0][1]["tools"] == WEATHER
    # The result went back as a `tool` message with the call's id, after the call.
    sent = backend.requests[1][0]
    assert sent[-2]["role"] == "assistant" and sent[-2]["tool_calls"][0]["id"] == call.id
    assert sent[-1] == {
        "role": "tool",
        "content": '{"temp_c": 21, "sky": "sunny"}',
        "tool_call_id": call.id,
    }
    assert after.status is MessageStatus.COMPLETE and (after.content or after.tool_calls)
    assert [m.role for m in stored] == [Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT]
    assert stored[1].tool_calls == (call,) and stored[2].tool_call_id == call.id

    # Folded: the tool's name and that it has its result; unfolded: arguments and result.
    view = pane.view
    text = blocks.text_of(answer.id)
    assert "Tool call get_weather" in text and "result typed by you" in text
    assert "Paris" not in text
    view.activate(f"studio-tool:fold/{answer.id}/0")
    text = blocks.text_of(answer.id)
    assert '"city": "Paris"' in text and '"temp_c": 21' in text
    assert '"city": "Paris"' in text.split("Result")[0]  # the arguments, indented
    # The result is in the call's block, not a turn of its own.
    assert stored[2].id not in view.messages

    # Reopened (as after a restart), the block and its result are back.
    with ChatStore(tmp_path / "chat.sqlite3") as again:
        tasks2 = TaskOwner("tools-reopen")
        service2, pane2 = _pane(qtbot, again, tasks2)

        async def reopen() -> None:
            await service2.open(conversation_id)

        loop.run_until_complete(reopen())
        loop.run_until_complete(tasks2.shutdown())
    assert pane2.view.tool_blocks.calls[answer.id] == (call,)
    assert "result typed by you" in pane2.view.toPlainText()


def _tinted(pane: ChatPane, message_id: int) -> list[tuple[int, int]]:
    """(position, token index) of every tinted character of an answer's body."""
    view = pane.view
    body = view.entry(message_id).body
    cursor = QTextCursor(view.document())
    found = []
    for position in range(body.firstPosition() + 1, body.lastPosition() + 1):
        cursor.setPosition(position)
        token = cursor.charFormat().property(TOKEN_PROPERTY)
        if isinstance(token, int):
            found.append((position - 1, token))
    return found


def test_token_probabilities_tint_the_answer_while_it_streams_and_cost_nothing_when_off(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, server: str, tmp_path: Path
) -> None:
    tasks = TaskOwner("probs-engine")
    backend = RecordingBackend(DirectServerBackend(server))
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        service, pane = _pane(qtbot, store, tasks)
        pane.sampling.max_tokens.setValue(16)
        pane.tools_panel.token_probs.setChecked(True)
        tinted_while_streaming: list[int] = []

        def on_delta(delta: AnswerDelta) -> None:
            # Runs after the pane rendered this delta (connected after it).
            entry = pane.view.messages.get(delta.message_id)
            if entry is not None and entry.streaming and delta.token_probs:
                tinted_while_streaming.append(len(_tinted(pane, delta.message_id)))

        service.answer_delta.connect(on_delta)

        async def scenario() -> tuple[Message, Message]:
            await _connect(service, backend)
            on = await _send(service, pane, "Name three colours.")
            pane.tools_panel.token_probs.setChecked(False)
            off = await _send(service, pane, "And three fruits?")
            return on, off

        on, off = loop.run_until_complete(scenario())
        loop.run_until_complete(tasks.shutdown())

        # On: every token carries a probability in [0, 1] and its alternatives; the
        # tokens spell the answer.
        assert backend.requests[0][1]["logprobs"] == 5
        assert on.status is MessageStatus.COMPLETE and on.content.strip()
        tokens = on.token_probs
        # Every generated token but the end-of-text one, which is not part of the text.
        assert on.stats.completion_tokens is not None
        assert on.stats.completion_tokens - 1 <= len(tokens) <= on.stats.completion_tokens
        assert "".join(t.text for t in tokens) == on.content
        assert all(0.0 <= t.prob <= 1.0 for t in tokens)
        assert all(t.top and all(0.0 <= p <= 1.0 for _, p in t.top) for t in tokens)
        assert tinted_while_streaming and tinted_while_streaming[0] > 0

        # Off: no logprobs asked, none stored, nothing tinted.
        assert "logprobs" not in backend.requests[1][1]
        assert off.token_probs == ()
        assert _tinted(pane, on.id) == [] and _tinted(pane, off.id) == []

        # On again: the stored probabilities tint the answer; the tint and the hover text
        # come from them.
        async def toggle_on() -> None:
            pane.tools_panel.token_probs.setChecked(True)
            await asyncio.sleep(0.05)  # the setting stored

        loop.run_until_complete(toggle_on())
        loop.run_until_complete(tasks.shutdown())
        tinted = _tinted(pane, on.id)
        # Every word is tinted (a list's numbers are drawn by the layout, not as text).
        words = {i for i, t in enumerate(tokens) if t.text.strip().isalpha()}
        assert words and {index for _, index in tinted} >= words
        view = pane.view
        position, index = tinted[len(tinted) // 2]
        cursor = QTextCursor(view.document())
        cursor.setPosition(position + 1)
        dark = view.palette().base().color().lightness() < 128
        assert cursor.charFormat().background().color() == tint_color(tokens[index].prob, dark)
        cursor.setPosition(position)
        point = view.cursorRect(cursor).center()
        point.setX(point.x() + 2)
        hovered = view.tint.token_at(point)
        assert hovered is tokens[index]
        hover = tooltip_html(hovered)
        assert f"{tokens[index].prob * 100:.1f}%" in hover
        assert all(f"{p * 100:.1f}%" in hover for _, p in tokens[index].top)
