"""ChatService against the real llama-server and SmolLM2: stream, stop, and restart."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from PySide6.QtWidgets import QApplication

from studio.core.chat import ChatStore, Message, MessageStatus, Role, SamplingSettings
from studio.core.chat.backend import DirectServerBackend, TemplateCapabilities
from studio.core.engine import EngineLocation
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatService, ConversationOpened
from tests.services.chat_support import next_emission, qasync_event_loop
from tests.support.engine import running_server

pytestmark = pytest.mark.engine


@pytest.fixture(scope="module")
def server(engine_location: EngineLocation, smollm2: Path) -> Iterator[str]:
    with running_server(engine_location, smollm2, ["-c", "1024", "-np", "1"]) as base_url:
        yield base_url


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def test_template_capabilities_come_from_props(
    loop: asyncio.AbstractEventLoop, server: str
) -> None:
    capabilities = loop.run_until_complete(DirectServerBackend(server).template_capabilities())
    # SmolLM2's template has no thinking switch and accepts a system role.
    assert capabilities == TemplateCapabilities(supports_thinking=False, supports_system_role=True)


def test_stream_persist_and_reopen_after_restart(
    loop: asyncio.AbstractEventLoop, server: str, tmp_path: Path
) -> None:
    path = tmp_path / "chat.sqlite3"
    tasks = TaskOwner("test")
    store = ChatStore(path)
    service = ChatService(store, tasks, DirectServerBackend(server))
    service.set_settings(SamplingSettings(temperature=0.0, seed=42, max_tokens=24))
    deltas: list[str] = []
    service.answer_delta.connect(lambda delta: deltas.append(delta.content))

    async def turn(text: str) -> Message:
        finished = asyncio.ensure_future(next_emission(service.answer_finished, within=120))
        assert service.send(text) is not None
        (message,) = await finished
        return message

    first = loop.run_until_complete(turn("What is the capital of France?"))
    assert first.status is MessageStatus.COMPLETE, first.error_code
    assert first.content.strip()
    assert "".join(deltas) == first.content
    assert first.stats.completion_tokens is not None
    assert 0 < first.stats.completion_tokens <= 24
    assert first.stats.tokens_per_second is not None and first.stats.tokens_per_second > 0
    assert first.stats.ttft_ms is not None and first.stats.ttft_ms > 0
    second = loop.run_until_complete(turn("And of Italy?"))
    assert second.status is MessageStatus.COMPLETE
    assert service.conversation is not None
    conversation_id = service.conversation.id
    loop.run_until_complete(tasks.shutdown())
    store.close()

    # A new process would do exactly this: open the file, open the conversation.
    reopened_store = ChatStore(path)
    reopened = ChatService(reopened_store, TaskOwner("again"))
    opened: list[ConversationOpened] = []
    reopened.conversation_opened.connect(opened.append)

    async def reopen() -> None:
        await reopened.open(conversation_id)

    loop.run_until_complete(reopen())
    messages = opened[0].messages
    assert [(m.role, m.content) for m in messages] == [
        (Role.USER, "What is the capital of France?"),
        (Role.ASSISTANT, first.content),
        (Role.USER, "And of Italy?"),
        (Role.ASSISTANT, second.content),
    ]
    assert reopened.settings.max_tokens == 24
    reopened_store.close()


def test_stop_mid_answer_frees_the_server_slot(
    loop: asyncio.AbstractEventLoop, server: str, tmp_path: Path
) -> None:
    tasks = TaskOwner("test")
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        service = ChatService(store, tasks, DirectServerBackend(server))
        service.set_settings(SamplingSettings(max_tokens=900, temperature=1.0, seed=1))

        async def scenario() -> tuple[Message, bool]:
            finished = asyncio.ensure_future(next_emission(service.answer_finished, within=60))
            first = asyncio.ensure_future(next_emission(service.answer_delta, within=60))
            assert service.send("Write a very long story about a dragon.") is not None
            await first
            service.stop()
            (message,) = await finished
            # The slot is idle again within a second: the server saw the stream close.
            async with httpx.AsyncClient(base_url=server, trust_env=False) as client:
                for _ in range(20):
                    slots = (await client.get("/slots")).json()
                    if not any(slot["is_processing"] for slot in slots):
                        return message, True
                    await asyncio.sleep(0.05)
            return message, False

        message, freed = loop.run_until_complete(scenario())
        loop.run_until_complete(tasks.shutdown())
        assert message.status is MessageStatus.CANCELLED
        assert message.content  # the partial answer is kept
        assert message.stats.completion_tokens is None or message.stats.completion_tokens < 900
        assert freed
        assert store.message(message.id).status is MessageStatus.CANCELLED
