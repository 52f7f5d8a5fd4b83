"""A user without a mouse: open the library, load a model, send a message, stop it,
regenerate the answer and switch pages, with key presses only, on the real engine.

Every key goes to the widget that has the focus, as a keyboard's would; an application-wide
filter fails the test if a single mouse event reaches any widget."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QTextBrowser, QWidget
from pytestqt.qtbot import QtBot

from studio.composition import StudioApp
from studio.context import AppContext
from studio.core.chat import Message, MessageStatus, Role
from studio.core.paths import AppPaths
from studio.core.server.states import ServerState
from studio.core.settings import AppSettings, SettingsStore
from tests.support.models import smollm2_path

pytestmark = pytest.mark.engine

_MOUSE = {
    QEvent.Type.MouseButtonPress,
    QEvent.Type.MouseButtonRelease,
    QEvent.Type.MouseButtonDblClick,
    QEvent.Type.Wheel,
}


class _MouseWatch(QObject):
    """Counts the mouse presses, releases, double clicks and wheel turns the app receives."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in _MOUSE:
            self.seen.append(f"{event.type().name} on {watched.objectName() or watched}")
        return False


@pytest.fixture
def studio(
    qasync_loop: asyncio.AbstractEventLoop, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[StudioApp]:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    folder = tmp_path / "models"
    folder.mkdir()
    shutil.copy(smollm2_path(), folder / smollm2_path().name)
    paths = AppPaths.default({"STUDIO_HOME": str(tmp_path / "home")})
    SettingsStore.in_directory(paths.config_dir).save(
        AppSettings(models_folders=(str(folder),), autoload_last_model=False)
    )
    app = StudioApp(AppContext.create(paths))
    yield app
    qasync_loop.run_until_complete(app.shutdown())


async def _until(
    condition: Callable[[], bool],
    within: float = 120.0,
    state: Callable[[], object] = lambda: "",
) -> None:
    deadline = asyncio.get_running_loop().time() + within
    while not condition():
        now = asyncio.get_running_loop().time()
        assert now < deadline, f"condition never held; {state()}"
        await asyncio.sleep(0.05)


def _focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing has the keyboard focus"
    return widget


def _press(key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(_focused(), key, modifier)


def _tab_to(target: QWidget, backwards: bool = False, presses: int = 40) -> None:
    """Tab (or Shift+Tab) through the focus chain until `target` has the focus."""
    for _ in range(presses):
        if _focused() is target:
            return
        _press(Qt.Key.Key_Backtab if backwards else Qt.Key.Key_Tab)
    assert _focused() is target, f"Tab never reached {target.objectName() or target}"


def _back_to_link(view: QTextBrowser, action: str, presses: int = 30) -> None:
    """Inside the transcript, Shift+Tab moves from link to link back from the newest (the
    links are keyboard-accessible; the newest answer's are last)."""
    for _ in range(presses):
        assert _focused() is view, "Shift+Tab left the transcript before the link"
        if action in _focused_link(view):
            return
        _press(Qt.Key.Key_Backtab)
    raise AssertionError(f"Shift+Tab never reached a {action} link in the transcript")


def _focused_link(view: QTextBrowser) -> str:
    """The link the keyboard focus is on: the browser selects it."""
    cursor = QTextCursor(view.textCursor())
    if not cursor.hasSelection():
        return ""
    cursor.setPosition(cursor.selectionStart() + 1)
    return cursor.charFormat().anchorHref()


def _last_message(studio: StudioApp) -> Message:
    messages = _messages(studio)
    assert messages, "no conversation was saved"
    return messages[-1]


def _is_streaming_words(message: Message) -> bool:
    return message.status is MessageStatus.STREAMING and bool(message.content.strip())


def _messages(studio: StudioApp) -> list[Message]:
    conversations = studio.chat_store.list_conversations()
    return studio.chat_store.messages(conversations[0].id) if conversations else []


def test_library_load_send_stop_regenerate_and_pages_without_a_mouse(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop, studio: StudioApp
) -> None:
    window = studio.window
    qtbot.addWidget(window)
    window.resize(1280, 800)
    watch = _MouseWatch()
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(watch)
    library = studio.hub_area.library_page
    pane = studio.chat_pane
    flow = studio.areas.load_flow
    manager = studio.manager
    assert flow is not None and manager is not None

    async def scenario() -> None:
        studio.start()
        window.activateWindow()
        await _until(lambda: studio.engine.info is not None and library.model.rowCount() == 1)

        _press(Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)  # Ctrl+3: the library
        assert window.area == "library"
        _tab_to(library.table)
        _press(Qt.Key.Key_Space)  # selects the model under the focus (the first)
        assert library.table.selectionModel().selectedRows()
        _tab_to(library.load_button)
        _press(Qt.Key.Key_Space)
        await _until(lambda: flow.dialog is not None and flow.dialog.isVisible(), 60)
        dialog = flow.dialog
        assert dialog is not None
        # A window manager activates a newly opened dialog; the offscreen platform has none.
        dialog.activateWindow()
        await _until(lambda: dialog.isAncestorOf(_focused()), 10)
        _press(Qt.Key.Key_Return)  # the dialog's default button: Load
        await _until(lambda: manager.snapshot.state is ServerState.READY)
        await _until(lambda: studio.chat.has_backend and window.area == "chat")
        # A window manager gives the focus back to the window once the dialog is gone.
        window.activateWindow()
        await _until(lambda: window.isAncestorOf(_focused()), 10)
        assert _focused() is pane.input  # the model is ready: the message box has the focus
        QTest.keyClicks(pane.input, "Write a long story about a lighthouse keeper.")
        _press(Qt.Key.Key_Return)
        # Stop once the answer is streaming (the first words are saved as they come).
        await _until(
            lambda: len(_messages(studio)) == 2 and _is_streaming_words(_last_message(studio))
        )
        assert studio.chat.busy
        _press(Qt.Key.Key_Escape)  # stops the answer
        await _until(lambda: not studio.chat.busy, 30)
        first = _last_message(studio)
        assert first.role is Role.ASSISTANT and first.status is MessageStatus.CANCELLED

        _tab_to(pane.view, backwards=True)  # from the message box, back into the transcript
        _back_to_link(pane.view, "regenerate/")
        _press(Qt.Key.Key_Return)
        # A new version of the answer replaces the stopped one on screen (which is kept, a
        # page away); once it streams, Escape stops it too (the whole story would take
        # minutes on a busy CPU).
        # (Once, in a full run on a busy machine, this never held: the state says why.)
        await _until(
            lambda: _is_streaming_words(_last_message(studio)),
            state=lambda: (
                [(m.id, m.role.value, m.status.value, m.content[:60]) for m in _messages(studio)],
                studio.chat.busy,
            ),
        )
        _press(Qt.Key.Key_Escape)
        await _until(lambda: not studio.chat.busy, 30)
        answer = _last_message(studio)
        assert [m.role for m in _messages(studio)] == [Role.USER, Role.ASSISTANT]
        assert answer.status is MessageStatus.CANCELLED
        # A new answer (the same words are likely, as the sampling is seeded); the stopped
        # one is kept as its first version.
        assert answer.content.strip() and answer.id != first.id
        assert studio.chat_store.message(first.id).content == first.content

        for key, area in (
            (Qt.Key.Key_4, "server"),
            (Qt.Key.Key_2, "discover"),
            (Qt.Key.Key_5, "settings"),
            (Qt.Key.Key_1, "chat"),
        ):
            _press(key, Qt.KeyboardModifier.ControlModifier)
            assert window.area == area

    try:
        qasync_loop.run_until_complete(scenario())
    finally:
        app.removeEventFilter(watch)
    assert watch.seen == []
