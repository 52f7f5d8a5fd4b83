"""The composer's context meter, the thinking budget control and text-file drops, with the
real llama-server and SmolLM2 (512-token context, a template that thinks)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import httpx
import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.chat import ChatStore
from studio.core.chat.backend import DirectServerBackend
from studio.core.chat.context import ContextLevel
from studio.core.engine import EngineLocation
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatService
from studio.services.context_service import ContextMeasured, ContextService
from studio.ui.chat.chat_pane import ChatPane
from tests.services.chat_support import next_emission, qasync_event_loop
from tests.support.engine import running_server

pytestmark = pytest.mark.engine

THINK_TEMPLATE = Path(__file__).parents[2] / "support" / "templates" / "think.jinja"
CONTEXT = 512


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def _files(*paths: Path) -> QMimeData:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path)) for path in paths])
    return mime


def _claimed(pane: ChatPane, *paths: Path) -> bool:
    """Whether the text-file filter takes a drag of `paths` for itself."""
    mime = _files(*paths)  # kept alive here: the event does not own it
    enter = QDragEnterEvent(
        QPoint(10, 10),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier(0),
    )
    return pane.text_drops.eventFilter(pane.input.viewport(), enter)


def _drop(pane: ChatPane, *paths: Path) -> bool:
    """Drag `paths` over the composer and drop them; whether the drag was accepted."""
    viewport = pane.input.viewport()
    mime = _files(*paths)
    actions = Qt.DropAction.CopyAction
    enter = QDragEnterEvent(
        QPoint(10, 10), actions, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier(0)
    )
    QApplication.sendEvent(viewport, enter)
    if not enter.isAccepted():
        return False
    drop = QDropEvent(
        QPointF(10, 10), actions, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier(0)
    )
    QApplication.sendEvent(viewport, drop)
    return drop.isAccepted()


def test_meter_warns_before_overflow_and_text_files_drop_with_their_count(
    qtbot: QtBot,
    loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    engine_location: EngineLocation,
    smollm2: Path,
) -> None:
    small = tmp_path / "hello.py"
    small.write_text('def hello():\n    print("hello, ```world```")\n', encoding="utf-8")
    big = tmp_path / "notes.txt"
    big.write_text(" ".join(f"note{i}" for i in range(800)), encoding="utf-8")
    binary = tmp_path / "data.txt"  # its name says text; its bytes do not
    binary.write_bytes(bytes(range(256)) * 4)
    image = tmp_path / "photo.png"
    image.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(64))
    argv = ["-c", str(CONTEXT), "-np", "1", "-t", "2", "--chat-template-file", str(THINK_TEMPLATE)]
    tasks = TaskOwner("pane-context")
    with (
        running_server(engine_location, smollm2, argv) as base_url,
        ChatStore(tmp_path / "chat.sqlite3") as store,
    ):
        service = ChatService(store, tasks)
        context = ContextService(service, tasks, pause_ms=20)
        pane = ChatPane(service, tasks, context=context)
        qtbot.addWidget(pane)
        pane.resize(1280, 800)
        pane.show()
        budget = pane.sampling.context.budget
        offered_before_a_model = budget.isEnabled()

        async def typed(text: str) -> ContextMeasured:
            measured = asyncio.ensure_future(
                next_emission(context.measured, lambda m: m.use is not None, within=60)
            )
            pane.input.setPlainText(text)
            (event,) = await measured
            assert isinstance(event, ContextMeasured)
            return event

        async def scenario() -> dict[str, object]:
            seen: dict[str, object] = {}
            ready = asyncio.ensure_future(next_emission(service.capabilities_changed))
            service.set_backend(DirectServerBackend(base_url), smollm2.name)
            await ready
            seen["budget offered"] = budget.isEnabled()
            budget.setValue(256)
            seen["budget stored"] = service.settings.thinking_budget

            seen["short"] = await typed("Hello there")
            seen["short text"] = pane.context_meter.count.text()
            seen["short warning"] = pane.context_meter.warning.isVisibleTo(pane)
            short_use = seen["short"].use  # type: ignore[attr-defined]
            longer = asyncio.ensure_future(
                next_emission(
                    context.measured,
                    lambda m: m.use is not None and m.use.used > short_use.used,
                    within=60,
                )
            )
            pane.sampling.system_prompt.setPlainText("You are a pirate. Always answer as one.")
            await longer  # a new system prompt counts without a keystroke in the composer
            seen["near"] = await typed("word " * 440)
            seen["near warning"] = pane.context_meter.warning.text()
            seen["near role"] = pane.context_meter.warning.property("role")
            seen["over"] = await typed("word " * 600)
            seen["over warning"] = pane.context_meter.warning.text()
            seen["over role"] = pane.context_meter.warning.property("role")
            # Send with the refusal on screen: nothing goes out, and nothing is said twice.
            pane.send_button.click()
            await asyncio.sleep(0.2)
            seen["over sent"] = (service.busy, store.list_conversations())
            seen["over error line"] = pane.error_line.isVisibleTo(pane)

            pane.input.setPlainText("Explain this:")
            pane.input.moveCursor(pane.input.textCursor().MoveOperation.End)
            attached = asyncio.ensure_future(next_emission(context.text_attached, within=60))
            seen["small accepted"] = _drop(pane, small)
            await attached
            async with httpx.AsyncClient(base_url=base_url, trust_env=False) as client:
                response = await client.post("/tokenize", json={"content": small.read_text()})
            seen["small tokens"] = len(response.json()["tokens"])
            seen["after small"] = pane.input.toPlainText()

            for name, path in (("big", big), ("binary", binary)):
                refused = asyncio.ensure_future(next_emission(context.attach_refused, within=60))
                seen[f"{name} accepted"] = _drop(pane, path)
                await refused
                seen[f"{name} said"] = pane.error_line.text()
            # Images (alone or with text files) are left to the image handler.
            seen["image claimed"] = _claimed(pane, image)
            seen["mixed claimed"] = _claimed(pane, small, image)
            return seen

        seen = loop.run_until_complete(scenario())
        context.close()
        loop.run_until_complete(tasks.shutdown())

    assert not offered_before_a_model and seen["budget offered"]
    assert seen["budget stored"] == 256

    short, near, over = seen["short"], seen["near"], seen["over"]
    assert isinstance(short, ContextMeasured) and short.use is not None
    assert short.use.level is ContextLevel.ROOMY and not seen["short warning"]
    assert seen["short text"] == f"{short.use.used} / {CONTEXT} tokens"
    assert isinstance(near, ContextMeasured) and near.use is not None
    assert near.use.level is ContextLevel.NEAR_FULL
    assert "nearly full" in str(seen["near warning"]) and seen["near role"] == "warning"
    assert f"{near.use.left} tokens are left" in str(seen["near warning"])
    assert isinstance(over, ContextMeasured) and over.use is not None
    assert over.use.level is ContextLevel.OVER and seen["over role"] == "error"
    assert f"Sending now needs {over.use.used} tokens" in str(seen["over warning"])
    assert seen["over sent"] == (False, []) and not seen["over error line"]

    assert seen["small accepted"]
    tokens = seen["small tokens"]
    assert isinstance(tokens, int) and tokens > 5
    assert seen["after small"] == (
        f"Explain this:\n\n**hello.py** ({tokens} tokens)\n"
        '````python\ndef hello():\n    print("hello, ```world```")\n````\n'
    )
    assert seen["big accepted"] and "notes.txt takes" in str(seen["big said"])
    assert "so it was not added" in str(seen["big said"])
    assert seen["binary accepted"]
    assert (
        seen["binary said"] == "data.txt is not a text file, so it cannot be added to the message."
    )
    assert not seen["image claimed"] and not seen["mixed claimed"]


def test_the_meter_follows_an_answer_while_it_streams(
    qtbot: QtBot,
    loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    engine_location: EngineLocation,
    smollm2: Path,
) -> None:
    argv = ["-c", str(CONTEXT), "-np", "1", "-t", "2"]
    tasks = TaskOwner("pane-context-streaming")
    with (
        running_server(engine_location, smollm2, argv) as base_url,
        ChatStore(tmp_path / "chat.sqlite3") as store,
    ):
        service = ChatService(store, tasks)
        context = ContextService(service, tasks, pause_ms=20, recount_ms=100)
        pane = ChatPane(service, tasks, context=context)
        qtbot.addWidget(pane)
        counted: list[tuple[bool, int]] = []
        context.measured.connect(
            lambda m: m.use is not None and counted.append((service.busy, m.use.used))
        )

        async def scenario() -> None:
            ready = asyncio.ensure_future(next_emission(service.capabilities_changed))
            service.set_backend(DirectServerBackend(base_url), smollm2.name)
            await ready
            service.set_settings(replace(service.settings, max_tokens=300))
            pane.input.setPlainText("Write a long story about a lighthouse keeper.")
            finished = asyncio.ensure_future(next_emission(service.answer_finished, within=120))
            pane.send_button.click()
            await finished

        loop.run_until_complete(scenario())
        context.close()
        loop.run_until_complete(tasks.shutdown())

    while_streaming = [used for busy, used in counted if busy]
    # Counted again as the answer grew, not only once it was done.
    assert len(while_streaming) >= 2, counted
    assert while_streaming == sorted(while_streaming) and while_streaming[-1] > while_streaming[0]
