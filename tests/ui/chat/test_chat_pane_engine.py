"""The chat pane streaming from the real llama-server with SmolLM2, and Stop."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.chat import ChatStore, Message, MessageStatus
from studio.core.chat.backend import DirectServerBackend
from studio.core.engine import EngineLocation
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatService
from studio.ui.chat.chat_pane import ChatPane
from tests.services.chat_support import next_emission, qasync_event_loop
from tests.support.engine import running_server

pytestmark = pytest.mark.engine


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def test_pane_streams_from_the_real_engine_and_stops(
    qtbot: QtBot,
    loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    engine_location: EngineLocation,
    smollm2: Path,
) -> None:
    tasks = TaskOwner("pane-engine")
    with (
        running_server(engine_location, smollm2, ["-c", "1024", "-np", "1"]) as base_url,
        ChatStore(tmp_path / "chat.sqlite3") as store,
    ):
        service = ChatService(store, tasks)
        pane = ChatPane(service, tasks)
        qtbot.addWidget(pane)
        pane.show()
        pane.sampling.max_tokens.setValue(20)
        pane.sampling.seed.setValue(3)
        pane.sampling.temperature.setValue(0.0)

        async def turn(text: str, stop_early: bool) -> Message:
            finished = asyncio.ensure_future(next_emission(service.answer_finished, within=120))
            first = asyncio.ensure_future(next_emission(service.answer_delta, within=120))
            pane.input.setPlainText(text)
            pane.send_button.click()
            if stop_early:
                await first
                pane.stop_button.click()
            (message,) = await finished
            return message

        async def scenario() -> tuple[Message, Message]:
            ready = asyncio.ensure_future(next_emission(service.capabilities_changed))
            service.set_backend(DirectServerBackend(base_url), smollm2.name)
            await ready
            answer = await turn("Name three colours.", stop_early=False)
            pane.sampling.max_tokens.setValue(1000)
            stopped = await turn("Now write a long poem about them.", stop_early=True)
            return answer, stopped

        answer, stopped = loop.run_until_complete(scenario())
        loop.run_until_complete(tasks.shutdown())

    view = pane.view
    assert answer.status is MessageStatus.COMPLETE
    assert view.entry(answer.id).content == answer.content and answer.content.strip()
    assert view.text_of(answer.id, "header") == f"Assistant ({smollm2.name})"
    assert "tokens/s" in view.text_of(answer.id, "footer")
    assert stopped.status is MessageStatus.CANCELLED
    assert view.text_of(stopped.id, "footer").startswith("Stopped.")
    assert not pane.sampling.thinking.isEnabled()  # SmolLM2 has no thinking switch
    assert "no thinking switch" in pane.sampling.thinking_reason.text()
