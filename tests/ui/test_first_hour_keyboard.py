"""The first hour, without a mouse and from an empty library: open a GGUF file from the
ways in the chat offers, load it, ask, stop, regenerate, page between the answer's
versions, start a new conversation, add a folder with another model and switch to it.

Only the two file dialogs are answered by the test (the offscreen platform has no native
dialog to type into); everything else is a key press sent to the focused widget, and an
application-wide filter fails the test if any mouse event reaches a widget."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.composition import StudioApp
from studio.context import AppContext
from studio.core.chat import MessageStatus
from studio.core.paths import AppPaths
from studio.core.server.states import ServerState
from studio.core.settings import AppSettings, SettingsStore
from tests.support.models import smollm2_path
from tests.ui.test_keyboard_only import (
    _back_to_link,
    _focused,
    _is_streaming_words,
    _last_message,
    _messages,
    _MouseWatch,
    _press,
    _tab_to,
    _until,
)

pytestmark = pytest.mark.engine


@pytest.fixture
def studio(
    qasync_loop: asyncio.AbstractEventLoop, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[StudioApp]:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    paths = AppPaths.default({"STUDIO_HOME": str(tmp_path / "home")})
    SettingsStore.in_directory(paths.config_dir).save(AppSettings(autoload_last_model=False))
    app = StudioApp(AppContext.create(paths))
    yield app
    qasync_loop.run_until_complete(app.shutdown())


def _answer_streams(studio: StudioApp) -> bool:
    """Whether the newest conversation's last message is an answer streaming words."""
    messages = _messages(studio)
    return bool(messages) and _is_streaming_words(messages[-1])


# The picker's drop-down is a popup: the offscreen platform cannot raise it or grab keys.
@pytest.mark.qt_log_ignore("This plugin does not support")
def test_from_an_empty_library_to_a_second_model_without_a_mouse(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop, studio: StudioApp, tmp_path: Path
) -> None:
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    first_file = downloads / smollm2_path().name
    shutil.copy(smollm2_path(), first_file)
    folder = tmp_path / "more-models"
    folder.mkdir()
    second_file = folder / "second-model.gguf"
    shutil.copy(smollm2_path(), second_file)
    studio.chat_first.choose_file = lambda: first_file  # type: ignore[method-assign]
    studio.hub_area.library_page.choose_folder = lambda: folder  # type: ignore[method-assign]

    window, pane = studio.window, studio.chat_pane
    picker = pane.picker
    flow, manager = studio.areas.load_flow, studio.manager
    assert flow is not None and manager is not None
    qtbot.addWidget(window)
    watch = _MouseWatch()
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(watch)

    async def load_opened_dialog(model: Path) -> None:
        await _until(lambda: flow.dialog is not None and flow.dialog.isVisible(), 60)
        dialog = flow.dialog
        assert dialog is not None and dialog.setup.model_path == model
        dialog.activateWindow()  # as a window manager would; the offscreen platform has none
        await _until(lambda: dialog.isAncestorOf(_focused()), 10)
        _press(Qt.Key.Key_Return)  # the dialog's default button: Load
        await _until(
            lambda: (
                manager.snapshot.state is ServerState.READY
                and manager.snapshot.spec is not None
                and manager.snapshot.spec.model == model
            )
        )
        await _until(lambda: studio.chat.has_backend and window.area == "chat")
        window.activateWindow()
        await _until(lambda: window.isAncestorOf(_focused()), 10)

    async def ask_and_stop(question: str) -> None:
        QTest.keyClicks(pane.input, question)
        _press(Qt.Key.Key_Return)
        await _until(lambda: _answer_streams(studio))
        _press(Qt.Key.Key_Escape)
        await _until(lambda: not studio.chat.busy, 30)

    async def scenario() -> None:
        studio.start()
        window.activateWindow()
        await _until(lambda: studio.engine.info is not None)
        await _until(lambda: pane.ways_in.isVisible(), 30)  # an empty library: the ways in

        _tab_to(pane.ways_in.open_file)
        _press(Qt.Key.Key_Return)  # Enter on a focused button presses it
        await load_opened_dialog(first_file)
        assert _focused() is pane.input
        await _until(lambda: len(studio.library.models) == 1, 30)  # imported, too

        await ask_and_stop("Write a long story about a lighthouse keeper.")
        _tab_to(pane.view, backwards=True)
        _back_to_link(pane.view, "regenerate/")
        _press(Qt.Key.Key_Return)
        await _until(lambda: _answer_streams(studio))
        _press(Qt.Key.Key_Escape)
        await _until(lambda: not studio.chat.busy, 30)
        newest = _last_message(studio)
        assert newest.status is MessageStatus.CANCELLED

        # The pager's older arrow shows the first, stopped answer again.
        _tab_to(pane.view, backwards=True)
        _back_to_link(pane.view, "older/")
        _press(Qt.Key.Key_Return)
        await _until(lambda: _last_message(studio).id != newest.id, 10)

        _press(Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
        await _until(lambda: _focused() is pane.input, 10)  # a new conversation: type
        assert pane.view.messages == {}

        # Add a folder on the Library page, then pick its model by typing its name.
        _press(Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
        library = studio.hub_area.library_page
        _tab_to(library.add_folder_button)
        _press(Qt.Key.Key_Return)
        await _until(lambda: len(studio.library.models) == 2, 30)
        _press(Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)

        window.activateWindow()
        await _until(lambda: window.isAncestorOf(_focused()), 10)
        _tab_to(picker.model_button, backwards=True)
        _press(Qt.Key.Key_Space)
        await _until(lambda: picker.list.isVisible(), 10)
        picker.list.activateWindow()
        await _until(lambda: _focused() is picker.list.search.filter_widget, 10)
        QTest.keyClicks(picker.list.search.filter_widget, "second")
        _press(Qt.Key.Key_Return)  # the highlighted match
        assert picker.chosen == second_file
        # The pick shows at once, while the first model stays loaded until Load….
        assert picker.model_name.text() == "second-model.gguf"
        assert "stays loaded" in picker.state_label.text()
        window.activateWindow()
        await _until(lambda: _focused() is picker.load_button, 10)
        _press(Qt.Key.Key_Return)
        await load_opened_dialog(second_file)
        await ask_and_stop("Write a long story about a sailor and the sea.")
        assert _messages(studio)[-1].content.strip()

    try:
        qasync_loop.run_until_complete(scenario())
    finally:
        app.removeEventFilter(watch)
    assert watch.seen == []
