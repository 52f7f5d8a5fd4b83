"""The chat page inside the real app: wired, recovers cut-off answers, quits cleanly."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.composition import StudioApp
from studio.context import AppContext
from studio.core.chat import ChatStore, MessageStatus, Role
from studio.core.paths import AppPaths
from studio.core.server.engine_events import EngineEvent
from studio.core.server.states import ServerState
from studio.core.settings import AppSettings, AutoloadVerdict, SettingsStore
from studio.ui.chat.chat_pane import ChatPane
from tests.services.chat_support import ScriptedBackend, next_emission, qasync_event_loop
from tests.support.chat_damage import (
    CONVERSATIONS,
    damage_page,
    data_page_of_messages,
    filled_store,
)


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
    assert pane.view.entry(cut.id).content == "half an ans"
    assert "app closed" in pane.view.text_of(cut.id, "footer")
    assert not pane.send_button.isEnabled()  # no model loaded

    studio.window.close()
    loop.run_until_complete(studio.shutdown())
    assert studio.tasks.running == 0
    assert [t for t in asyncio.all_tasks(loop) if not t.done()] == []
    assert psutil.Process().children(recursive=True) == []
    with ChatStore.in_directory(paths.data_dir) as store:
        assert store.message(cut.id).status is MessageStatus.INTERRUPTED


@pytest.mark.engine
@pytest.mark.usefixtures("engine_location")  # an engine that runs here
def test_autoload_brings_back_the_last_model_and_quit_stops_the_engine(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path, smollm2: Path
) -> None:
    paths = AppPaths.default({"STUDIO_HOME": str(tmp_path)})
    SettingsStore.in_directory(paths.config_dir).save(AppSettings(last_model=str(smollm2)))
    studio = StudioApp(AppContext.create(paths))
    qtbot.addWidget(studio.window)
    assert studio.manager is not None

    async def scenario() -> None:
        ready = asyncio.ensure_future(
            next_emission(studio.manager.engine_event, lambda n: n.event is EngineEvent.READY, 120)
        )
        probed = asyncio.ensure_future(next_emission(studio.engine.probed, within=60))
        studio.start()
        await ready
        await probed
        await asyncio.sleep(0.1)  # the capabilities read

    loop.run_until_complete(scenario())
    assert studio.chat.has_backend
    assert studio.chat_pane.send_button.isEnabled()
    # Loading and ready are the picker's to show, not lines of the conversation.
    assert studio.chat_pane.view.notices == []
    assert studio.chat_pane.picker.state_label.text().startswith("Ready")
    assert studio.chat_pane.engine_line.text() == f"{smollm2.name} is ready."
    studio.window.close()
    loop.run_until_complete(studio.shutdown())
    assert psutil.Process().children(recursive=True) == []
    assert studio.tasks.running == 0
    saved = SettingsStore.in_directory(paths.config_dir).load()
    assert saved.load_in_progress is None and saved.last_model == str(smollm2)


@pytest.mark.usefixtures("engine_location")  # an engine that runs here
def test_autoload_is_refused_after_a_crash_during_the_last_load(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path, smollm2: Path
) -> None:
    paths = AppPaths.default({"STUDIO_HOME": str(tmp_path)})
    # What a session that died while loading leaves behind.
    SettingsStore.in_directory(paths.config_dir).save(
        AppSettings(last_model=str(smollm2), load_in_progress=str(smollm2))
    )
    studio = StudioApp(AppContext.create(paths))
    qtbot.addWidget(studio.window)
    assert studio.manager is not None

    async def scenario() -> None:
        probed = asyncio.ensure_future(next_emission(studio.engine.probed, within=60))
        studio.start()
        await probed
        await asyncio.sleep(0.2)

    loop.run_until_complete(scenario())
    assert studio.autoload.decision is not None
    assert studio.autoload.decision.verdict is AutoloadVerdict.PREVIOUS_LOAD_CRASHED
    assert studio.manager.snapshot.state is ServerState.IDLE
    assert psutil.Process().children(recursive=True) == []
    notice = studio.chat_pane.view.notices[-1]
    assert notice.kind == "previous_load_crashed"
    assert smollm2.name in notice.text
    assert "closed unexpectedly while loading it last time" in notice.text
    studio.window.close()
    loop.run_until_complete(studio.shutdown())


def test_a_damaged_conversation_file_is_left_alone_and_chat_still_works(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    paths = AppPaths.default({"STUDIO_HOME": str(tmp_path)})
    damaged = paths.data_dir / "conversations.sqlite3"
    damaged.parent.mkdir(parents=True)
    damaged.write_bytes(b"not a database at all" * 64)
    studio = StudioApp(AppContext.create(paths))
    qtbot.addWidget(studio.window)
    studio.window.show()
    assert studio.chat_pane.storage_line.isVisible()
    assert "damaged or not a database" in studio.chat_pane.storage_line.text()

    async def scenario() -> None:
        studio.chat.set_backend(ScriptedBackend(["still here"]), "m.gguf")
        finished = asyncio.ensure_future(next_emission(studio.chat.answer_finished))
        studio.chat_pane.input.setPlainText("hello?")
        studio.chat_pane.send_button.click()
        await finished

    loop.run_until_complete(scenario())
    assert [e.content for e in studio.chat_pane.view.messages.values()] == ["hello?", "still here"]
    studio.window.close()
    loop.run_until_complete(studio.shutdown())
    assert damaged.read_bytes() == b"not a database at all" * 64


def test_unreadable_settings_and_a_damaged_interior_are_told_once_and_the_app_starts(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    paths = AppPaths.default({"STUDIO_HOME": str(tmp_path)})
    settings = paths.config_dir / "settings.json"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_bytes(b'{"theme": "\xff\xfe"}')  # not UTF-8
    conversations = paths.data_dir / "conversations.sqlite3"
    conversations.parent.mkdir(parents=True, exist_ok=True)
    filled_store(conversations)
    damage_page(conversations, data_page_of_messages(conversations))

    studio = StudioApp(AppContext.create(paths))
    qtbot.addWidget(studio.window)
    studio.window.show()
    pane = studio.chat_pane
    assert pane.notice_line.isVisible()
    assert "Your settings could not be read, so the defaults apply" in pane.notice_line.text()
    assert "settings.json.damaged" in pane.notice_line.text()
    assert pane.conversations.notice.isVisible()
    assert "The conversations file was damaged" in pane.conversations.notice.text()
    assert not pane.storage_line.isVisible()  # the salvaged history is kept, not lost

    async def scenario() -> None:
        listed = asyncio.ensure_future(next_emission(studio.chat.conversations_listed))
        studio.chat_pane.start()
        await listed

    loop.run_until_complete(scenario())
    assert pane.conversations.items.count() == CONVERSATIONS
    studio.window.close()
    loop.run_until_complete(studio.shutdown())

    again = StudioApp(AppContext.create(paths))  # the next start has nothing to tell
    qtbot.addWidget(again.window)
    assert not again.chat_pane.notice_line.text()
    assert not again.chat_pane.conversations.notice.text()
    loop.run_until_complete(again.shutdown())
