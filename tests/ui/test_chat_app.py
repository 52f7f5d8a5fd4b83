"""The chat page inside the real app: wired, recovers cut-off answers, quits cleanly."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.app import StudioApp
from studio.context import AppContext
from studio.core.chat import ChatStore, MessageStatus, Role
from studio.core.paths import AppPaths
from studio.ui.chat.chat_pane import ChatPane
from tests.services.chat_support import next_emission, qasync_event_loop


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def test_chat_page_lists_history_and_marks_answers_cut_off_by_a_crash(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    paths = AppPaths.default({"STUDIO_HOME": str(tmp_path)})
    # A previous session died while an answer streamed.
    with ChatStore.in_directory(paths.data_dir) as store:
        conversation = store.create_conversation("Before the crash")
        store.add_message(conversation.id, Role.USER, "hello")
        cut = store.add_message(conversation.id, Role.ASSISTANT, status=MessageStatus.STREAMING)
        store.append_to_message(cut.id, "half an ans")

    studio = StudioApp(AppContext.create(paths))
    qtbot.addWidget(studio.window)
    pane = studio.window.pages.widget(0)
    assert isinstance(pane, ChatPane)
    assert pane is studio.chat_pane

    async def scenario() -> None:
        listed = asyncio.ensure_future(next_emission(studio.chat.conversations_listed))
        probed = asyncio.ensure_future(next_emission(studio.engine.probed, within=60))
        studio.start()
        await listed
        # Quitting during the engine probe is the probe's own concern; wait it out.
        await probed
        opened = asyncio.ensure_future(next_emission(studio.chat.conversation_opened))
        items = pane.conversations.items
        items.itemClicked.emit(items.item(0))
        await opened

    loop.run_until_complete(scenario())
    assert pane.conversations.items.item(0).text() == "Before the crash"
    widget = pane.view.messages[cut.id]
    assert widget.content == "half an ans"
    assert "app closed" in widget.status_label.text()
    assert not pane.send_button.isEnabled()  # no model loaded

    studio.window.close()
    loop.run_until_complete(studio.shutdown())
    assert studio.tasks.running == 0
    assert [t for t in asyncio.all_tasks(loop) if not t.done()] == []
    assert psutil.Process().children(recursive=True) == []
    with ChatStore.in_directory(paths.data_dir) as store:
        assert store.message(cut.id).status is MessageStatus.INTERRUPTED
