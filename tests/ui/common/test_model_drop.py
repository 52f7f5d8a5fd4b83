"""A .gguf dropped on the message box or anywhere on the window is a model to load: it is
offered for loading, never refused as an attachment too large for a message."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from studio.core.chat import ChatStore
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatService
from studio.services.engine_service import EngineService
from studio.ui.chat.chat_pane import ChatPane
from studio.ui.window.main_window import MainWindow
from tests.support.engine import selector_in


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    tasks = TaskOwner("drop-test")
    store = ChatStore(tmp_path / "chat.sqlite3")
    pane = ChatPane(ChatService(store, tasks), tasks)
    main = MainWindow(EngineService(selector_in(tmp_path), tasks), pages={"chat": pane})
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    yield main
    store.close()


def _drop(target: QWidget, path: Path) -> None:
    """Drag `path` over `target` and drop it, as a file manager would."""
    mime = QMimeData()  # kept alive here: the events do not own it
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    copy, left, none = (
        Qt.DropAction.CopyAction,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    enter = QDragEnterEvent(QPoint(5, 5), copy, mime, left, none)
    QApplication.sendEvent(target, enter)
    assert enter.isAccepted(), "the drag of a model was not taken"
    QApplication.sendEvent(target, QDropEvent(QPointF(5, 5), copy, mime, left, none))


def test_a_gguf_dropped_on_the_message_box_is_offered_for_loading(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    pane = window.chat
    assert pane is not None
    model = tmp_path / "big-model.Q4_K_M.gguf"
    model.write_bytes(b"GGUF" + b"\0" * 64)
    refused: list[object] = []
    pane.images.refused.connect(refused.append)
    with qtbot.waitSignal(pane.model_dropped, timeout=1000) as dropped:
        _drop(pane.input.viewport(), model)
    assert dropped.args == [model]
    assert refused == [] and pane.error_line.isHidden()


def test_a_gguf_dropped_on_the_window_is_offered_for_loading(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    model = tmp_path / "model.gguf"
    model.write_bytes(b"GGUF")
    with qtbot.waitSignal(window.model_dropped, timeout=1000) as dropped:
        _drop(window, model)
    assert dropped.args == [model]
