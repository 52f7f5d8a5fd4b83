"""Images in the composer without an engine: what the drop and paste filter takes and lets
through, how images are converted and scaled, the chips, refusals in words, and the
request the service builds (content parts for a model that sees, notes for one that
does not). The real engine's side is in test_chat_images_engine.py."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QColor, QDropEvent, QGuiApplication, QImage, QKeyEvent
from PySide6.QtWidgets import QApplication, QToolButton
from pytestqt.qtbot import QtBot

from studio.core.chat import ChatStore, Message, Role
from studio.core.chat.attachments import MAX_IMAGES_PER_MESSAGE, MAX_SIDE_PX
from studio.core.chat.backend import TemplateCapabilities
from studio.core.chat.vision import VisionSupport
from studio.core.errors import Problem
from studio.core.tasks import TaskOwner
from studio.core.voice import ENGLISH
from studio.services.chat_service import ChatService
from studio.ui.chat.chat_pane import ChatPane
from studio.ui.chat.conversation_view import ConversationView
from studio.ui.chat.image_prepare import prepare_file
from studio.ui.common.theme import ThemeChoice, ThemeController
from tests.services.chat_support import ScriptedBackend, next_emission, qasync_event_loop
from tests.support.vision import painted_photo

SEEING = TemplateCapabilities(vision=VisionSupport.READY)


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ChatStore]:
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        yield store


@pytest.fixture
def pane(qtbot: QtBot, store: ChatStore) -> ChatPane:
    # No task owner for the pane: images are prepared at once, so tests need no waiting.
    pane = ChatPane(ChatService(store, TaskOwner("images-ui")))
    qtbot.addWidget(pane)
    pane.resize(1280, 800)
    pane.show()
    return pane


def picture(path: Path, width: int, height: int, alpha: bool = False) -> Path:
    kind = QImage.Format.Format_ARGB32 if alpha else QImage.Format.Format_RGB32
    image = QImage(width, height, kind)
    image.fill(QColor(200, 120, 40, 128 if alpha else 255))
    assert image.save(str(path))
    return path


def drop(pane: ChatPane, mime: QMimeData) -> bool:
    """Whether the composer's image filter took the drop."""
    event = QDropEvent(
        QPointF(5, 5),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    return pane.image_drops.eventFilter(pane.input.viewport(), event)


def files(*paths: Path) -> QMimeData:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    return mime


def test_image_drops_are_taken_and_other_drops_pass_through(pane: ChatPane, tmp_path: Path) -> None:
    photo = picture(tmp_path / "photo.png", 40, 30)
    notes = tmp_path / "notes.txt"
    notes.write_text("not an image")
    assert drop(pane, files(photo))
    assert [i.upload.name for i in pane.images.images] == ["photo.png"]
    assert not drop(pane, files(notes))  # the text-file filter (or the box) handles it
    assert not drop(pane, files(photo, notes))  # a mixed drop is not only images
    text = QMimeData()
    text.setText("some words")
    assert not drop(pane, text)
    assert len(pane.images.images) == 1
    assert pane.pending_images.isVisible() and len(pane.pending_images.chips) == 1


def test_a_pasted_screenshot_becomes_an_image_and_pasted_text_stays_text(
    pane: ChatPane, qtbot: QtBot
) -> None:
    clipboard = QGuiApplication.clipboard()
    screenshot = QImage(300, 200, QImage.Format.Format_RGB32)
    screenshot.fill(QColor("teal"))
    clipboard.setImage(screenshot)
    pane.input.setFocus()
    qtbot.keyClick(pane.input, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)  # type: ignore[no-untyped-call]
    assert [i.upload.mime for i in pane.images.images] == ["image/jpeg"]
    assert pane.input.toPlainText() == ""
    clipboard.setText("hello")
    qtbot.keyClick(pane.input, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)  # type: ignore[no-untyped-call]
    assert pane.input.toPlainText() == "hello" and len(pane.images.images) == 1
    key = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_A, Qt.KeyboardModifier.NoModifier, "a")
    assert not pane.image_drops.eventFilter(pane.input, key)  # typing is never ours


def test_large_images_are_scaled_webp_converted_and_small_ones_kept(tmp_path: Path) -> None:
    big = prepare_file(picture(tmp_path / "big.png", 3000, 1000, alpha=True))
    assert (big.upload.width, big.upload.height) == (MAX_SIDE_PX, 1000 * MAX_SIDE_PX // 3000)
    assert big.upload.mime == "image/png"  # transparency kept
    webp = prepare_file(picture(tmp_path / "shot.webp", 50, 40))
    assert (webp.upload.mime, webp.upload.name) == ("image/jpeg", "shot.jpg")
    assert webp.upload.data.startswith(b"\xff\xd8\xff")
    small = tmp_path / "small.jpg"
    picture(small, 64, 48)
    kept = prepare_file(small)
    assert kept.upload.data == small.read_bytes()  # no second lossy encoding
    assert max(kept.thumbnail.width(), kept.thumbnail.height()) <= 56


def test_a_file_that_is_not_an_image_is_refused_in_words(pane: ChatPane, tmp_path: Path) -> None:
    fake = tmp_path / "fake.png"
    fake.write_bytes(b"this is text pretending")
    pane.images.add_files([fake])
    assert pane.error_line.text() == ENGLISH.code("chat_image_unreadable", {"name": "fake.png"})
    assert not pane.images.images


def test_chips_remove_and_too_many_is_said(pane: ChatPane, tmp_path: Path) -> None:
    photo = picture(tmp_path / "photo.png", 20, 20)
    pane.images.add_files([photo] * MAX_IMAGES_PER_MESSAGE)
    assert len(pane.pending_images.chips) == MAX_IMAGES_PER_MESSAGE
    pane.images.add_files([photo])
    assert pane.error_line.text() == ENGLISH.code(
        "chat_image_too_many", {"count": MAX_IMAGES_PER_MESSAGE}
    )
    first = pane.pending_images.chips[0]
    remove = first.findChild(QToolButton, "chat-pending-image-remove")
    assert remove is not None
    remove.click()
    assert len(pane.images.images) == MAX_IMAGES_PER_MESSAGE - 1


def test_the_service_sends_content_parts_and_notes_for_a_model_that_cannot_see(
    loop: asyncio.AbstractEventLoop, store: ChatStore, tmp_path: Path
) -> None:
    service = ChatService(store, TaskOwner("images-service"))
    seeing = ScriptedBackend(capabilities=SEEING)
    image = prepare_file(picture(tmp_path / "photo.png", 20, 20)).upload

    async def scenario() -> list[Message]:
        ready = asyncio.ensure_future(next_emission(service.capabilities_changed))
        service.set_backend(seeing, "seeing")
        await ready
        task = service.send("", [image])  # an image alone is a message too
        assert task is not None
        await task
        blind = ScriptedBackend()
        ready = asyncio.ensure_future(next_emission(service.capabilities_changed))
        service.set_backend(blind, "blind")
        await ready
        refused: list[Problem] = []
        service.failed.connect(refused.append)
        assert service.send("again", [image]) is None  # refused at once, nothing stored
        assert [problem.code for problem in refused] == ["chat_image_no_projector"]
        task = service.send("and now in words?")  # the history's image becomes a note
        assert task is not None
        await task
        assert blind.requests[0][0][0]["content"] == "[image: photo.png]"
        assert service.conversation is not None
        return store.messages(service.conversation.id)

    messages = loop.run_until_complete(scenario())
    (parts, _options) = seeing.requests[0]
    (part,) = parts[0]["content"]
    assert part["type"] == "image_url"
    assert part["image_url"]["url"].startswith("data:image/png;base64,")
    assert [m.role for m in messages] == [Role.USER, Role.ASSISTANT, Role.USER, Role.ASSISTANT]
    assert messages[0].attachments[0].name == "photo.png" and messages[0].content == ""


def test_screenshots_of_the_composer_and_the_transcript(
    qtbot: QtBot, qapp: QApplication, store: ChatStore, tmp_path: Path
) -> None:
    """The look, with the app's theme: saved for the README and for review."""
    shots = Path("/tmp/h/shots/images")
    shots.mkdir(parents=True, exist_ok=True)
    palette, style, sheet = qapp.palette(), qapp.style().name(), qapp.styleSheet()
    theme = ThemeController(qapp)
    theme.apply(ThemeChoice.LIGHT)
    try:
        pane = ChatPane(ChatService(store, TaskOwner("images-look")))
        qtbot.addWidget(pane)
        pane.resize(1280, 800)
        pane.show()
        photo = painted_photo(tmp_path / "sunset-over-the-harbour.jpg", 1600, 1000)
        pane.images.add_files([photo, picture(tmp_path / "diagram.png", 400, 400, alpha=True)])
        pane.input.setPlainText("What is in these pictures?")
        pane.grab().save(str(shots / "composer-themed.png"))
        attachment = store.images.put(pane.images.images[0].upload)
        view: ConversationView = pane.view
        view.add_message(
            Message(1, 1, Role.USER, "What is in this picture?", attachments=(attachment,))
        )
        view.add_message(Message(2, 1, Role.ASSISTANT, "A harbour at sunset.", model="tiny"))
        pane.grab().save(str(shots / "transcript-themed.png"))
        assert view.thumbnails.images[attachment.sha256] is not None
        assert pane.attach_button.isEnabled() and pane.attach_button.accessibleName()
    finally:
        qapp.styleHints().unsetColorScheme()
        qapp.setStyle(style)
        qapp.setPalette(palette)
        qapp.setStyleSheet(sheet)
        theme.deleteLater()


def test_the_cannot_see_refusal_goes_with_the_last_image(
    loop: asyncio.AbstractEventLoop, pane: ChatPane, tmp_path: Path
) -> None:
    async def blind_backend() -> None:
        ready = asyncio.ensure_future(next_emission(pane.service.capabilities_changed))
        pane.service.set_backend(ScriptedBackend(), "blind")
        await ready

    loop.run_until_complete(blind_backend())
    pane.images.add_files([picture(tmp_path / "photo.png", 20, 20)])
    assert pane.error_line.isVisibleTo(pane)
    assert pane.error_line.text() == ENGLISH.code("chat_image_no_projector", {})
    remove = pane.pending_images.chips[0].findChild(QToolButton, "chat-pending-image-remove")
    assert remove is not None
    remove.click()
    assert pane.images.images == [] and not pane.error_line.isVisibleTo(pane)
