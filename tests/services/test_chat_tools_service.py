"""ChatService with tool calls: two calls streamed in pieces, results given one by one, the
model going on only once every call has its result; a stopped call is not sent back."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator, Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from studio.core.chat import ChatStore, Message, MessageStatus, Role, SamplingSettings
from studio.core.chat.backend import TemplateCapabilities
from studio.core.chat.tools import ToolCall
from studio.core.server.client import ChatDelta, parse_chunk
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatService
from studio.services.tool_call_relay import ToolCallsDelta
from tests.services.chat_support import next_emission, qasync_event_loop

TOOLS = json.dumps([{"name": "get_weather"}, {"name": "get_time"}])


def _piece(
    index: int, arguments: str, call_id: str | None = None, name: str | None = None
) -> ChatDelta:
    call: dict[str, Any] = {"index": index, "function": {"arguments": arguments}}
    if call_id:
        call["id"] = call_id
        call["function"]["name"] = name
    return parse_chunk({"choices": [{"delta": {"tool_calls": [call]}}]})


class CallingBackend:
    """First answer: two calls, streamed in interleaved pieces; then plain text."""

    def __init__(self) -> None:
        self.requests: list[tuple[list[Mapping[str, Any]], dict[str, Any]]] = []

    async def stream_chat(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> AsyncGenerator[ChatDelta, None]:
        self.requests.append((list(messages), dict(options)))
        if messages[-1]["role"] == "user":
            yield _piece(0, '{"city": ', "w1", "get_weather")
            yield _piece(1, "{", "t1", "get_time")
            await asyncio.sleep(0.05)
            yield _piece(0, '"Paris"}')
            yield _piece(1, "}")
            yield ChatDelta(finish_reason="tool_calls")
        else:
            yield ChatDelta(content="Sunny, at noon.")
            yield ChatDelta(finish_reason="stop")

    async def template_capabilities(self) -> TemplateCapabilities:
        return TemplateCapabilities(supports_tools=True)


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def test_results_one_by_one_then_the_model_goes_on(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    backend = CallingBackend()
    tasks = TaskOwner("tools-service")
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        service = ChatService(store, tasks, backend)
        service.set_settings(SamplingSettings(tools=TOOLS))
        streamed: list[ToolCallsDelta] = []
        service.tool_calls_changed.connect(streamed.append)
        added: list[Message] = []
        service.message_added.connect(added.append)

        async def scenario() -> tuple[Message, Message]:
            finished = asyncio.ensure_future(next_emission(service.answer_finished))
            service.send("Weather and time in Paris?")
            (answer,) = await finished
            first = service.give_tool_result(answer.id, "w1", '{"sky": "sunny"}')
            assert first is not None
            await first
            assert len(backend.requests) == 1  # one call still has no result
            follow = asyncio.ensure_future(next_emission(service.answer_finished))
            second = service.give_tool_result(answer.id, "t1", "12:00")
            assert second is not None
            (after,) = await follow
            return answer, after

        answer, after = loop.run_until_complete(scenario())
        loop.run_until_complete(tasks.shutdown())

    assert [c.name for c in answer.tool_calls] == ["get_weather", "get_time"]
    assert json.loads(answer.tool_calls[0].arguments) == {"city": "Paris"}
    assert streamed[0].message_id == answer.id and len(streamed) >= 2
    assert streamed[0].calls[0].arguments == '{"city": '  # shown before it was whole
    assert backend.requests[0][1]["tools"][0]["function"]["name"] == "get_weather"
    assert "logprobs" not in backend.requests[0][1]
    sent = backend.requests[1][0]
    assert [m["role"] for m in sent] == ["user", "assistant", "tool", "tool"]
    assert [m.get("tool_call_id") for m in sent[2:]] == ["w1", "t1"]
    assert after.content == "Sunny, at noon." and after.status is MessageStatus.COMPLETE
    results = [m for m in added if m.role is Role.TOOL]
    assert [m.tool_call_id for m in results] == ["w1", "t1"]


def test_a_stopped_answer_does_not_send_its_half_written_call() -> None:
    call = ToolCall("w1", "get_weather", '{"city": "Pa')
    stopped = Message(
        1, 1, Role.ASSISTANT, "Let me", status=MessageStatus.CANCELLED, tool_calls=(call,)
    )
    assert stopped.for_request() == {"role": "assistant", "content": "Let me"}
    whole = replace(stopped, status=MessageStatus.COMPLETE)
    assert whole.for_request()["tool_calls"][0]["function"]["arguments"] == '{"city": "Pa'
