"""The chat pane with a scripted backend: streaming, blocks, stop, edit, list, restart."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.chat import ChatStore, Message, MessageStatus, SamplingSettings
from studio.core.chat.backend import TemplateCapabilities
from studio.core.server.engine_events import EngineEvent, EngineNotice
from studio.core.server.failures import Failure, FailureCode
from studio.core.server.recovery import RecoveryNote, RecoveryStep
from studio.core.tasks import TaskOwner
from studio.services.chat_service import AnswerDelta, ChatService
from studio.ui.chat.chat_pane import ChatPane
from tests.services.chat_support import ScriptedBackend, next_emission, qasync_event_loop


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


class Harness:
    def __init__(self, qtbot: QtBot, path: Path, backend: ScriptedBackend | None) -> None:
        self.tasks = TaskOwner("pane-test")
        self.store = ChatStore(path)
        self.service = ChatService(self.store, self.tasks, backend, chunk_chars=8)
        self.pane = ChatPane(self.service, self.tasks)
        qtbot.addWidget(self.pane)
        self.pane.resize(1100, 700)
        self.pane.show()

    async def send(self, text: str) -> Message:
        finished = asyncio.ensure_future(next_emission(self.service.answer_finished))
        self.pane.input.setPlainText(text)
        self.pane.send_button.click()
        (message,) = await finished
        return message

    async def until(self, condition: Callable[[], bool], within: float = 10.0) -> None:
        deadline = asyncio.get_running_loop().time() + within
        while not condition():
            assert asyncio.get_running_loop().time() < deadline, "condition never held"
            await asyncio.sleep(0.01)

    async def settle(self) -> None:
        for _ in range(5):
            await asyncio.sleep(0.01)

    def close(self, loop: asyncio.AbstractEventLoop) -> None:
        loop.run_until_complete(self.tasks.shutdown())
        self.store.close()


def test_an_answer_streams_with_highlighted_code_and_copy_links(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    pieces = ["Here ", "it is:\n\n", "```python\n", "print('hi')\n", "```\n", "Done."]
    harness = Harness(qtbot, tmp_path / "chat.sqlite3", ScriptedBackend(pieces, gap_s=0.01))
    view = harness.pane.view

    async def scenario() -> Message:
        answer = await harness.send("Show code")
        await harness.until(lambda: view.is_highlighted(answer.id))  # off the GUI thread
        return answer

    answer = loop.run_until_complete(scenario())
    assert view.text_of(answer.id).split("\n") == [
        "Here it is:",
        "python · Copy",
        "print('hi')",
        "Done.",
    ]
    entry = view.entry(answer.id)
    assert entry.code == ["print('hi')"]
    assert "color" in entry.highlighted[("python", "print('hi')")]
    view.activate(f"studio:copy-code/{answer.id}/0")
    assert QGuiApplication.clipboard().text() == "print('hi')"
    view.activate(f"studio:copy/{answer.id}")
    assert QGuiApplication.clipboard().text() == answer.content
    footer = view.text_of(answer.id, "footer")
    assert "tokens/s" in footer and "first token" in footer
    assert footer.endswith("Copy · Regenerate")
    question = min(view.messages)
    assert view.text_of(question, "footer") == "Copy · Edit"
    assert view.text_of(question, "header") == "You"
    assert harness.pane.title.text() == "<b>Show code</b>"
    assert harness.pane.input.toPlainText() == ""
    harness.close(loop)


def test_streaming_rerenders_only_the_tail(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    pieces = ["First paragraph.\n\n", *[f"word{i} " for i in range(60)]]
    harness = Harness(qtbot, tmp_path / "chat.sqlite3", ScriptedBackend(pieces, gap_s=0.004))
    view = harness.pane.view
    offsets: list[int] = []

    def on_delta(delta: AnswerDelta) -> None:
        offsets.append(view.entry(delta.message_id).tail_offset)

    harness.service.answer_delta.connect(on_delta)
    answer = loop.run_until_complete(harness.send("go"))
    entry = view.entry(answer.id)
    # Rendered in full once (when added), then only the tail per batched update.
    assert entry.body_renders == 1
    assert 1 < entry.tail_renders < 40  # batched: far fewer than the 61 deltas
    # Once the first paragraph was complete, the tail began after it and stayed there.
    assert offsets[-1] == len("First paragraph.")  # the separator belongs to the tail
    assert view.text_of(answer.id) == "First paragraph.\n" + "".join(pieces[1:]).strip()
    assert entry.content == "".join(pieces)
    harness.close(loop)


def test_a_code_block_is_highlighted_as_soon_as_it_closes(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    pieces = ["```rust\n", "fn main() {}\n", "```\n\n", *[f"after{i} " for i in range(40)]]
    harness = Harness(qtbot, tmp_path / "chat.sqlite3", ScriptedBackend(pieces, gap_s=0.01))
    view = harness.pane.view
    seen: list[bool] = []

    def on_delta(delta: AnswerDelta) -> None:
        seen.append(("rust", "fn main() {}") in view.entry(delta.message_id).highlighted)

    harness.service.answer_delta.connect(on_delta)
    answer = loop.run_until_complete(harness.send("code first"))
    entry = view.entry(answer.id)
    assert True in seen[:-1]  # highlighted while the answer was still streaming
    assert entry.body_renders == 1
    assert view.text_of(answer.id).startswith("rust · Copy\nfn main() {}\nafter0 after1")
    harness.close(loop)


def test_html_in_an_answer_is_shown_as_text(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    pieces = ["Try <b>bold</b> ", "and <img src='file:///etc/hostname'> **real**"]
    harness = Harness(qtbot, tmp_path / "chat.sqlite3", ScriptedBackend(pieces))
    answer = loop.run_until_complete(harness.send("html?"))
    assert harness.pane.view.text_of(answer.id) == (
        "Try <b>bold</b> and <img src='file:///etc/hostname'> real"
    )
    harness.close(loop)


def test_reasoning_is_apart_and_collapsed(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    backend = ScriptedBackend(["Answer."], reasoning=["Let me ", "think."])
    harness = Harness(qtbot, tmp_path / "chat.sqlite3", backend)
    view = harness.pane.view
    answer = loop.run_until_complete(harness.send("why?"))
    assert view.text_of(answer.id, "header") == "Assistant\n▸ Reasoning (13 characters)"
    assert view.text_of(answer.id) == "Answer."
    view.activate(f"studio:reasoning/{answer.id}")
    assert view.text_of(answer.id, "header") == (
        "Assistant\n▾ Reasoning (13 characters)\nLet me think."
    )
    view.activate(f"studio:reasoning/{answer.id}")
    assert "Let me" not in view.text_of(answer.id, "header")
    harness.close(loop)


def test_stop_keeps_the_partial_answer(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    backend = ScriptedBackend(["partial ", "answer ", "never"], hold=2)
    harness = Harness(qtbot, tmp_path / "chat.sqlite3", backend)

    async def scenario() -> Message:
        finished = asyncio.ensure_future(next_emission(harness.service.answer_finished))
        started = asyncio.ensure_future(next_emission(harness.service.answer_delta))
        harness.pane.input.setPlainText("talk")
        qtbot.keyClick(harness.pane.input, Qt.Key.Key_Return)  # Enter sends
        await started
        await asyncio.sleep(0.05)
        assert harness.pane.stop_button.isEnabled()
        assert not harness.pane.send_button.isEnabled()
        harness.pane.stop_button.click()
        (message,) = await finished
        await harness.settle()
        return message

    answer = loop.run_until_complete(scenario())
    view = harness.pane.view
    assert answer.status is MessageStatus.CANCELLED
    assert view.entry(answer.id).content == "partial answer "
    assert view.text_of(answer.id) == "partial answer"
    assert view.text_of(answer.id, "footer").startswith("Stopped.")
    assert not harness.pane.stop_button.isEnabled()
    assert harness.pane.send_button.isEnabled()
    harness.close(loop)


def test_edit_and_resend_and_regenerate(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    backend = ScriptedBackend(["one"])
    harness = Harness(qtbot, tmp_path / "chat.sqlite3", backend)

    async def scenario() -> None:
        await harness.send("first question")
        view = harness.pane.view
        question_id = min(view.messages)
        view.activate(f"studio:edit/{question_id}")
        assert harness.pane.input.toPlainText() == "first question"
        assert harness.pane.edit_banner.isVisible()
        assert harness.pane.send_button.text() == "Resend"
        backend.pieces = ["two"]
        await harness.send("better question")
        assert [w.content for w in view.messages.values()] == ["better question", "two"]
        assert not harness.pane.edit_banner.isVisible()
        backend.pieces = ["three"]
        finished = asyncio.ensure_future(next_emission(harness.service.answer_finished))
        view.activate(f"studio:regenerate/{max(view.messages)}")
        await finished
        assert [w.content for w in view.messages.values()] == ["better question", "three"]

    loop.run_until_complete(scenario())
    harness.close(loop)


def test_sampling_settings_reach_the_request_and_thinking_needs_support(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    backend = ScriptedBackend(["ok"], capabilities=TemplateCapabilities(supports_thinking=True))
    harness = Harness(qtbot, tmp_path / "chat.sqlite3", None)
    sampling = harness.pane.sampling
    assert not sampling.thinking.isEnabled()
    assert "Load a model" in sampling.thinking_reason.text()

    async def scenario() -> None:
        seen = asyncio.ensure_future(next_emission(harness.service.capabilities_changed))
        harness.service.set_backend(backend, "m.gguf")
        await seen
        assert sampling.thinking.isEnabled()
        sampling.temperature.setValue(0.3)
        sampling.top_k.setValue(20)
        sampling.max_tokens.setValue(64)
        sampling.thinking.setCurrentIndex(2)  # Off
        sampling.system_prompt.setPlainText("Answer in French.")
        await asyncio.sleep(0.5)  # the prompt is saved once typing pauses
        await harness.send("hello")
        harness.service.set_backend(ScriptedBackend(), "other.gguf")
        await asyncio.sleep(0.05)
        # Tuning under a model without the switch keeps the stored thinking choice.
        sampling.temperature.setValue(0.5)
        await asyncio.sleep(0.05)

    loop.run_until_complete(scenario())
    messages, options = backend.requests[0]
    assert messages[0] == {"role": "system", "content": "Answer in French."}
    assert options == {
        "temperature": 0.3,
        "top_k": 20,
        "max_tokens": 64,
        "chat_template_kwargs": {"enable_thinking": False},
    }
    assert not sampling.thinking.isEnabled()
    assert "no thinking switch" in sampling.thinking_reason.text()
    assert harness.service.conversation is not None
    stored = harness.store.conversation(harness.service.conversation.id).settings
    assert stored.max_tokens == 64 and stored.system_prompt == "Answer in French."
    assert stored.temperature == 0.5 and stored.thinking is False
    harness.close(loop)


def test_list_search_rename_delete_export_and_reopen_after_restart(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    path = tmp_path / "chat.sqlite3"
    harness = Harness(qtbot, path, ScriptedBackend(["sure"]))
    listing = harness.pane.conversations

    async def scenario() -> None:
        await harness.send("about cats")
        harness.pane.conversations.new_button.click()
        await harness.settle()
        assert harness.pane.view.messages == {}
        await harness.send("about dogs")
        await harness.settle()
        assert [listing.items.item(i).text() for i in range(listing.items.count())] == [
            "about dogs",
            "about cats",
        ]
        listing.search.setText("cats")
        await asyncio.sleep(0.35)
        assert listing.items.count() == 1
        listing.items.setCurrentRow(0)
        listing.ask_title = lambda current: "Felines"
        listing.rename_button.click()
        await harness.settle()
        assert listing.items.item(0).text() == "Felines"
        listing.ask_export_path = lambda title: tmp_path / "felines.md"
        listing.export_button.click()
        await harness.settle()
        listing.search.setText("")
        await asyncio.sleep(0.35)
        listing.items.setCurrentRow(0)  # "about dogs", the open one
        listing.confirm_delete = lambda title: True
        listing.delete_button.click()
        await harness.settle()

    loop.run_until_complete(scenario())
    assert (tmp_path / "felines.md").read_text().startswith("# Felines")
    assert [listing.items.item(i).text() for i in range(listing.items.count())] == ["Felines"]
    assert harness.pane.view.messages == {}  # the deleted conversation was the open one
    harness.close(loop)
    harness.pane.close()

    # Restart: a new store, service and pane over the same file.
    again = Harness(qtbot, path, None)

    async def reopen() -> None:
        again.pane.start()
        await again.settle()
        items = again.pane.conversations.items
        assert items.count() == 1
        opened = asyncio.ensure_future(next_emission(again.service.conversation_opened))
        items.itemClicked.emit(items.item(0))
        await opened
        await again.settle()

    loop.run_until_complete(reopen())
    assert [w.content for w in again.pane.view.messages.values()] == ["about cats", "sure"]
    assert again.pane.title.text() == "<b>Felines</b>"
    again.close(loop)


def test_engine_events_are_shown_in_the_conversation(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    harness = Harness(qtbot, tmp_path / "chat.sqlite3", None)
    pane = harness.pane
    pane.show_engine_event(EngineNotice(EngineEvent.LOADING, "smol.gguf"))
    pane.show_engine_event(EngineNotice(EngineEvent.RECOVERED, "smol.gguf"))
    note = RecoveryNote(RecoveryStep.FLASH_ATTN_OFF, Failure(FailureCode.CRASHED))
    pane.show_engine_event(EngineNotice(EngineEvent.RECOVERY_STEP, "big.gguf", note=note))
    oom = Failure(FailureCode.OOM_KV)
    pane.show_engine_event(EngineNotice(EngineEvent.FAILED, "big.gguf", failure=oom))
    pane.show_engine_event(EngineNotice(EngineEvent.PREVIOUS_LOAD_CRASHED, "big.gguf"))
    pane.show_engine_event(EngineNotice(EngineEvent.READY, "small.gguf"))
    pane.show_engine_event(EngineNotice(EngineEvent.UNLOADED, "small.gguf"))
    kinds = [n.kind for n in pane.view.notices]
    # Loading, ready and unloaded are the picker's: not lines of the conversation.
    assert kinds == ["recovered", "recovery_step", "failed", "previous_load_crashed"]
    assert pane.engine_line.text() == "small.gguf was unloaded."
    notice = pane.view.notices[0]
    assert "crashed and was restarted" in notice.text
    assert "flash attention off" in pane.view.notices[1].text
    assert "crashed and was restarted" in pane.view.toPlainText()
    assert pane.view.notices[2].text == (
        "big.gguf could not be loaded: Out of memory for the KV cache: lower the context."
    )
    assert not pane.send_button.isEnabled()
    assert pane.send_button.toolTip() == "Load a model to chat."
    harness.close(loop)


def test_settings_of_a_new_conversation_are_kept_when_it_is_created(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    harness = Harness(qtbot, tmp_path / "chat.sqlite3", ScriptedBackend(["x"]))
    harness.pane.sampling.seed.setValue(5)
    assert harness.service.settings == SamplingSettings(seed=5)
    loop.run_until_complete(harness.send("q"))
    assert harness.service.conversation is not None
    assert harness.store.conversation(harness.service.conversation.id).settings.seed == 5
    harness.close(loop)
