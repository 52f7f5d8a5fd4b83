"""Images in the chat against the real llama-server: a tiny text model with a random-weight
LLaVA projector (tests/support/vision.py). An image attached in the composer reaches the
engine (the prompt grows by the projector's image tokens), shows as a thumbnail, comes back
when the conversation is reopened and is exported; a model without a projector, or whose
projector the recovery ladder dropped, says why instead of sending."""

from __future__ import annotations

import asyncio
import base64
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QImage, QTextImageFormat
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.chat import ChatStore, Message, MessageStatus
from studio.core.chat.backend import DirectServerBackend, ManagerChatBackend
from studio.core.chat.vision import VisionSupport
from studio.core.engine import EngineLocation
from studio.core.engine_knobs import FlashAttn
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.server.recovery import RecoveryStep
from studio.core.tasks import TaskOwner
from studio.core.voice import ENGLISH
from studio.services.chat_service import ChatService
from studio.ui.chat.chat_pane import ChatPane
from studio.ui.chat.conversation_view import ConversationView
from studio.ui.common.theme import ThemeChoice, ThemeController
from tests.services.chat_support import next_emission, qasync_event_loop
from tests.support.engine import running_server
from tests.support.vision import (
    IMAGE_TOKENS,
    ProjectorSpec,
    cached_projector,
    painted_photo,
    tiny_vision_model,
)

pytestmark = pytest.mark.engine

SHOTS = Path(os.environ.get("STUDIO_SHOTS", "/tmp/h/shots/images"))


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


@pytest.fixture
def themed(qapp: QApplication) -> Iterator[None]:
    """The app's light theme, so the screenshots look as the app does."""
    palette, style, sheet = qapp.palette(), qapp.style().name(), qapp.styleSheet()
    controller = ThemeController(qapp)
    controller.apply(ThemeChoice.LIGHT)
    try:
        yield
    finally:
        qapp.styleHints().unsetColorScheme()
        qapp.setStyle(style)
        qapp.setPalette(palette)
        qapp.setStyleSheet(sheet)
        controller.deleteLater()


def thumbnails_in(view: ConversationView, message_id: int) -> list[str]:
    """The image resources the message's header shows."""
    frame = view.entry(message_id).header
    names = []
    block = view.document().findBlock(frame.firstPosition())
    while block.isValid() and block.position() < frame.lastPosition():
        iterator = block.begin()
        while not iterator.atEnd():
            fmt = iterator.fragment().charFormat()
            if fmt.isImageFormat():
                names.append(QTextImageFormat(fmt).name())
            iterator += 1
        block = block.next()
    return names


def grab(pane: ChatPane, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pane.grab().save(str(SHOTS / name))


def test_an_image_reaches_the_engine_shows_reopens_and_exports(
    themed: None,
    qtbot: QtBot,
    loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    engine_location: EngineLocation,
) -> None:
    model, projector = tiny_vision_model()
    picture = painted_photo(tmp_path / "garden.jpg", 2000, 1500)
    tasks = TaskOwner("images-engine")
    extra = ["-c", "1024", "-np", "1", "-t", "1", "--mmproj", str(projector)]
    with (
        running_server(engine_location, model, extra) as base_url,
        ChatStore(tmp_path / "chat.sqlite3") as store,
    ):
        service = ChatService(store, tasks)
        pane = ChatPane(service, tasks)
        qtbot.addWidget(pane)
        pane.resize(1280, 800)
        pane.show()
        pane.sampling.max_tokens.setValue(4)
        pane.sampling.temperature.setValue(0.0)

        async def turn(text: str) -> Message:
            finished = asyncio.ensure_future(next_emission(service.answer_finished, within=120))
            pane.input.setPlainText(text)
            pane.send_button.click()
            (message,) = await finished
            assert isinstance(message, Message)
            return message

        async def attach(*paths: Path) -> None:
            for path in paths:  # what the attach button's file dialog does
                added = asyncio.ensure_future(next_emission(pane.images.changed))
                pane.images.add_files([path])
                await added

        async def scenario() -> tuple[Message, Message, Message, int]:
            ready = asyncio.ensure_future(next_emission(service.capabilities_changed))
            service.set_backend(DirectServerBackend(base_url), model.name)
            await ready
            assert service.capabilities.vision is VisionSupport.READY
            text_only = await turn("Describe it.")
            service.new_conversation()
            await attach(picture, picture)
            two_images = await turn("Describe it.")
            service.new_conversation()
            await attach(picture)
            grab(pane, "composer-pending-image.png")
            one_image = await turn("Describe it.")
            assert service.conversation is not None
            return text_only, two_images, one_image, service.conversation.id

        text_only, two_images, one_image, conversation_id = loop.run_until_complete(scenario())

        # The images reached the engine: each adds the projector's tokens to the prompt (the
        # first also changes how the text after it is split into tokens).
        assert one_image.status is MessageStatus.COMPLETE
        assert one_image.stats.prompt_tokens is not None
        assert two_images.stats.prompt_tokens == one_image.stats.prompt_tokens + IMAGE_TOKENS
        assert text_only.stats.prompt_tokens is not None
        assert one_image.stats.prompt_tokens >= text_only.stats.prompt_tokens + IMAGE_TOKENS
        # Scaled down before it was stored and sent, kept as a JPEG.
        user = store.messages(conversation_id)[0]
        (attachment,) = user.attachments
        assert (attachment.width, attachment.height, attachment.mime) == (1280, 960, "image/jpeg")
        assert attachment.path is not None and attachment.path.parent == tmp_path / "chat-images"
        assert not pane.pending_images.isVisible() and not pane.images.images

        async def reopened() -> None:
            opened = asyncio.ensure_future(next_emission(service.conversation_opened))
            service.open(conversation_id)
            await opened
            for _ in range(250):  # the thumbnail is loaded off the GUI thread
                if thumbnails_in(pane.view, user.id):
                    break
                await asyncio.sleep(0.02)

        loop.run_until_complete(reopened())
        assert thumbnails_in(pane.view, user.id) == [f"studio-image:{attachment.sha256}"]
        grab(pane, "transcript-thumbnail.png")

        async def export() -> None:
            await service.export(conversation_id, tmp_path / "chat.md")
            await service.export(conversation_id, tmp_path / "chat.json")

        loop.run_until_complete(export())
        loop.run_until_complete(tasks.shutdown())

    stored = base64.b64encode(attachment.path.read_bytes()).decode()
    markdown = (tmp_path / "chat.md").read_text(encoding="utf-8")
    assert f"![garden.jpg](data:image/jpeg;base64,{stored})" in markdown
    document = json.loads((tmp_path / "chat.json").read_text(encoding="utf-8"))
    (exported,) = document["messages"][0]["attachments"]
    assert exported["data"] == stored and exported["sha256"] == attachment.sha256


def test_a_model_without_a_projector_says_so_instead_of_sending(
    themed: None,
    qtbot: QtBot,
    loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    engine_location: EngineLocation,
) -> None:
    model, _ = tiny_vision_model()
    picture = painted_photo(tmp_path / "garden.jpg", 320, 240)
    tasks = TaskOwner("images-no-projector")
    with (
        running_server(engine_location, model, ["-c", "512", "-np", "1", "-t", "1"]) as base_url,
        ChatStore(tmp_path / "chat.sqlite3") as store,
    ):
        service = ChatService(store, tasks)
        pane = ChatPane(service, tasks)
        qtbot.addWidget(pane)
        pane.resize(1280, 800)
        pane.show()
        sent: list[Message] = []
        service.message_added.connect(sent.append)

        async def scenario() -> None:
            ready = asyncio.ensure_future(next_emission(service.capabilities_changed))
            service.set_backend(DirectServerBackend(base_url), model.name)
            await ready
            added = asyncio.ensure_future(next_emission(pane.images.changed))
            pane.images.add_files([picture])
            await added
            pane.input.setPlainText("What is in the picture?")
            pane.send_button.click()
            await asyncio.sleep(0.1)
            grab(pane, "no-projector-said.png")

        loop.run_until_complete(scenario())
        loop.run_until_complete(tasks.shutdown())

    assert service.capabilities.vision is VisionSupport.NO_PROJECTOR
    assert pane.error_line.text() == ENGLISH.code("chat_image_no_projector")
    assert not sent  # nothing was stored or sent
    assert len(pane.images.images) == 1 and pane.input.toPlainText()  # kept to retry


def test_a_projector_the_ladder_dropped_is_told_apart(
    qtbot: QtBot,
    loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    engine_location: EngineLocation,
) -> None:
    """A projector whose width does not match the text model: the real engine refuses it
    (mtmd: "mismatch between text model and mmproj"), the ladder tries it on the CPU, then
    loads the model text-only, and the chat says so."""
    model, _ = tiny_vision_model()
    wrong = cached_projector(tmp_path, ProjectorSpec(text_n_embd=128))
    tasks = TaskOwner("images-dropped")
    manager = ServerManager(engine_location, tmp_path / "logs", health_timeout_s=60)
    spec = LaunchSpec(model=model, ctx_size=512, parallel=1, mmproj=wrong, flash_attn=FlashAttn.OFF)
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        service = ChatService(store, tasks)
        pane = ChatPane(service, tasks)
        qtbot.addWidget(pane)

        async def scenario() -> None:
            await manager.load(spec)
            ready = asyncio.ensure_future(next_emission(service.capabilities_changed))
            service.set_backend(ManagerChatBackend(manager), model.name)
            await ready
            added = asyncio.ensure_future(next_emission(pane.images.changed))
            pane.images.add_image(QImage(64, 64, QImage.Format.Format_ARGB32), "pasted image")
            await added

        try:
            loop.run_until_complete(scenario())
            steps = [note.step for note in manager.snapshot.recovery]
        finally:
            loop.run_until_complete(manager.shutdown())
            loop.run_until_complete(tasks.shutdown())

    assert steps[-1] is RecoveryStep.TEXT_ONLY
    assert service.capabilities.vision is VisionSupport.PROJECTOR_DROPPED
    assert pane.error_line.text() == ENGLISH.code("chat_image_projector_dropped")
