"""Nothing the user does in the transcript changes the geometry of the other panels: editing
an earlier message (a long banner, a long message) keeps the window, the sampling panel, the
memory dock and the status bar where they were."""

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
    window.resize(1200, 800)
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
            "sampling": _geometry(pane.sampling),
            "dock": _geometry(window.memory_dock),
            "status bar": _geometry(window.statusBar()),
        }
        pane.view.edit_requested.emit(user.message_id)
        assert pane.edit_banner.isVisible()
        loop.run_until_complete(asyncio.sleep(0.1))
        after = {
            "window": window.geometry(),
            "sampling": _geometry(pane.sampling),
            "dock": _geometry(window.memory_dock),
            "status bar": _geometry(window.statusBar()),
        }
        assert after == before
        assert window.minimumSizeHint().width() <= 1200
    finally:
        loop.run_until_complete(tasks.shutdown())
        store.close()
