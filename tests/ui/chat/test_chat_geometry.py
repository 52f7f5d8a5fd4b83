"""The chat-first layout: nothing the user does in the transcript changes the geometry of the
other panels (editing an earlier message keeps the window, the sidebar, the inspector and
the status bar where they were); the transcript takes most of a laptop window once the
inspector is folded away; the text stands in a centred column that grows with the window."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from studio.core.chat import ChatStore, Role
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatService
from studio.services.engine_service import EngineService
from studio.ui.chat.chat_pane import ChatPane
from studio.ui.chat.conversation_view import MessageEntry
from studio.ui.window.main_window import MainWindow
from tests.services.chat_support import ScriptedBackend, next_emission, qasync_event_loop
from tests.support.engine import selector_in


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def _geometry(widget: QWidget) -> QRect:
    return QRect(widget.mapTo(widget.window(), widget.rect().topLeft()), widget.size())


def test_editing_an_earlier_message_moves_no_other_panel(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    tasks = TaskOwner("geometry-test")
    store = ChatStore(tmp_path / "chat.sqlite3")
    service = ChatService(store, tasks, ScriptedBackend(["Fine, thanks."]), chunk_chars=8)
    pane = ChatPane(service, tasks)
    window = MainWindow(EngineService(selector_in(tmp_path), tasks), pages={"chat": pane})
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)

    long_line = "A question with a very long line that has no break in it at all " * 6

    async def scenario() -> MessageEntry:
        finished = asyncio.ensure_future(next_emission(service.answer_finished))
        pane.input.setPlainText(long_line)
        pane.send_button.click()
        await finished
        for _ in range(5):
            await asyncio.sleep(0.02)
        return next(m for m in pane.view.messages.values() if m.role is Role.USER)

    try:
        user = loop.run_until_complete(scenario())
        before = {
            "window": window.geometry(),
            "sidebar": _geometry(window.sidebar),
            "picker": _geometry(pane.picker),
            "inspector": _geometry(pane.inspector),
            "memory": _geometry(window.device_memory),
            "status bar": _geometry(window.statusBar()),
        }
        pane.view.edit_requested.emit(user.message_id)
        assert pane.edit_banner.isVisible()
        loop.run_until_complete(asyncio.sleep(0.1))
        after = {
            "window": window.geometry(),
            "sidebar": _geometry(window.sidebar),
            "picker": _geometry(pane.picker),
            "inspector": _geometry(pane.inspector),
            "memory": _geometry(window.device_memory),
            "status bar": _geometry(window.statusBar()),
        }
        assert after == before
        assert window.minimumSizeHint().width() <= 1280
    finally:
        loop.run_until_complete(tasks.shutdown())
        store.close()


def _window(qtbot: QtBot, tmp_path: Path, size: tuple[int, int]) -> tuple[MainWindow, ChatPane]:
    tasks = TaskOwner("geometry-test")
    store = ChatStore(tmp_path / "chat.sqlite3")
    pane = ChatPane(ChatService(store, tasks), tasks)
    window = MainWindow(EngineService(selector_in(tmp_path), tasks), pages={"chat": pane})
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    qtbot.addWidget(pane)
    store.close()
    return window, pane


def test_the_transcript_takes_most_of_a_laptop_window_with_the_inspector_closed(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window, pane = _window(qtbot, tmp_path, (1280, 800))
    with_inspector = pane.view.width()
    pane.inspector_button.click()
    qtbot.waitUntil(lambda: pane.view.width() > with_inspector)
    assert not pane.inspector.isVisible()
    assert pane.view.width() >= 0.6 * window.width()
    # Folding the sidebar too gives the transcript nearly all of it.
    window.sidebar.toggle_button.click()
    qtbot.waitUntil(lambda: pane.view.width() >= 0.85 * window.width())


def test_the_reading_column_is_centred_and_grows_with_the_window(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window, pane = _window(qtbot, tmp_path, (1280, 800))
    pane.set_inspector_open(False)
    columns = []
    for width in (1280, 1920, 2560):
        window.resize(width, 800)

        def resized(w: int = width) -> bool:
            return window.width() == w

        qtbot.waitUntil(resized)
        QApplication.processEvents()
        frame = pane.view.document().rootFrame().frameFormat()
        left, right = frame.leftMargin(), frame.rightMargin()
        assert left == right > 0  # centred
        columns.append(pane.view.width() - left - right)
    assert columns[0] >= 700
    assert columns[0] < columns[1] < columns[2]  # grows with the window...
    assert columns[2] < 0.6 * 2560  # ...but stays readable
