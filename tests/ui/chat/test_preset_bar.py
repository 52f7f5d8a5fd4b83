"""The preset bar in the chat's inspector, with a scripted backend: save the chat as a
preset, apply one (the sampling fields and the next request follow), rename, delete,
import and export, a model's default preset, and a damaged presets file at start-up."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from studio.composition import StudioApp
from studio.context import AppContext
from studio.core.chat import ChatStore, Message, MessageStatus, SamplingSettings
from studio.core.chat.presets import Preset, PresetBook, PresetLibrary
from studio.core.paths import AppPaths
from studio.core.server.engine_events import EngineEvent
from studio.core.server.launch import LaunchSpec
from studio.core.server.states import ServerState, Snapshot
from studio.core.settings import AppSettings, SettingsStore
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatService
from studio.services.preset_service import PresetService
from studio.ui.chat.chat_pane import ChatPane
from studio.ui.chat.preset_bar import PresetBar, attach_presets
from tests.services.chat_support import ScriptedBackend, next_emission, qasync_event_loop

CODER = SamplingSettings(temperature=0.2, top_k=20, seed=7, system_prompt="You write Python.")
POET = SamplingSettings(temperature=1.1, top_p=0.9, max_tokens=64, system_prompt="Verse only.")
MODEL = "SmolLM2-135M-Instruct-Q8_0.gguf"


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


class Harness:
    def __init__(self, qtbot: QtBot, tmp_path: Path, presets: tuple[Preset, ...] = ()) -> None:
        self.tasks = TaskOwner("preset-test")
        self.store = ChatStore(tmp_path / "chat.sqlite3")
        self.backend = ScriptedBackend(["ok"])
        self.chat = ChatService(self.store, self.tasks, self.backend, chunk_chars=8)
        self.pane = ChatPane(self.chat, self.tasks)
        self.library = PresetLibrary(tmp_path / "presets.json")
        if presets:
            book = self.library.load()
            for preset in presets:
                book = book.with_preset(preset)
            self.library.save(book)
        self.presets = PresetService(self.library, self.tasks, self.chat)
        # As the app's start does, off the GUI thread.
        asyncio.get_event_loop().run_until_complete(self.presets.load())
        self.bar: PresetBar = attach_presets(self.pane, self.presets)
        qtbot.addWidget(self.pane)
        self.pane.resize(1280, 800)
        self.pane.show()

    async def send(self, text: str) -> Message:
        finished = asyncio.ensure_future(next_emission(self.chat.answer_finished))
        self.pane.input.setPlainText(text)
        self.pane.send_button.click()
        (message,) = await finished
        assert isinstance(message, Message)
        return message

    def choose(self, name: str) -> None:
        """What a user's pick in the combo box does."""
        index = self.bar.choose.findText(name)
        assert index >= 0, name
        self.bar.choose.setCurrentIndex(index)
        self.bar.choose.activated.emit(index)

    def menu_action(self, text_start: str) -> QAction:
        self.bar.menu.aboutToShow.emit()
        for action in self.bar.menu.actions():
            if action.text().startswith(text_start):
                return action
        raise AssertionError(f"no menu entry {text_start!r}")

    def saved(self) -> Any:
        return json.loads(self.library.path.read_text(encoding="utf-8"))

    def close(self, loop: asyncio.AbstractEventLoop) -> None:
        loop.run_until_complete(self.tasks.shutdown())
        self.store.close()


def next_tab(widget: QWidget) -> QWidget:
    """Where Tab goes from `widget` (skipping what cannot take the focus, or is hidden)."""
    following = widget.nextInFocusChain()
    while following is not None and (
        not following.focusPolicy() & Qt.FocusPolicy.TabFocus or not following.isVisible()
    ):
        following = following.nextInFocusChain()
    assert following is not None
    return following


async def settle() -> None:
    for _ in range(10):
        await asyncio.sleep(0.01)


def test_the_bar_sits_above_the_system_prompt(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    harness = Harness(qtbot, tmp_path)
    bar, prompt = harness.bar, harness.pane.sampling.prompt_section
    assert bar.isVisible() and bar.choose.isVisible()
    top_of_prompt = prompt.mapTo(harness.pane.inspector, prompt.rect().topLeft()).y()
    assert bar.mapTo(harness.pane.inspector, bar.rect().bottomLeft()).y() < top_of_prompt
    assert not bar.choose.isEnabled()  # nothing to choose yet, and the caption says why
    # Tab goes from the bar's title to its choice, its actions, then the system prompt.
    assert next_tab(bar.toggleButton()) is bar.choose
    assert next_tab(bar.choose) is bar.menu_button
    assert next_tab(bar.menu_button) is prompt.toggleButton()
    assert "as a preset to reuse them" in bar.caption.text()
    harness.close(loop)


def test_save_the_chat_as_a_preset_then_apply_another_and_back(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    harness = Harness(qtbot, tmp_path, (Preset.of("Poet", POET),))
    pane, bar = harness.pane, harness.bar

    async def scenario() -> None:
        pane.sampling.show_settings(CODER)
        pane.sampling.settings_changed.emit(pane.sampling.settings())  # as an edit does
        bar.ask_name = lambda title, current: "Coder"
        harness.menu_action("Save as a new preset").trigger()
        await settle()
        assert [p["name"] for p in harness.saved()["presets"]] == ["Poet", "Coder"]
        assert bar.choose.currentText() == "Coder"
        # Apply the other preset: the fields show it, and the next request sends it.
        harness.choose("Poet")
        assert pane.sampling.settings() == POET
        assert pane.sampling.system_prompt.toPlainText() == "Verse only."
        await harness.send("A haiku, please")
        messages, options = harness.backend.requests[-1]
        assert messages[0] == {"role": "system", "content": "Verse only."}
        assert options == {"temperature": 1.1, "top_p": 0.9, "max_tokens": 64}
        # Stored with the conversation, so reopening it keeps the preset's settings.
        assert harness.chat.conversation is not None
        assert harness.store.conversation(harness.chat.conversation.id).settings == POET
        # And back: the same conversation's next turn asks with the coder's settings.
        harness.choose("Coder")
        await harness.send("Now code")
        messages, options = harness.backend.requests[-1]
        assert messages[0] == {"role": "system", "content": "You write Python."}
        assert options == {"temperature": 0.2, "top_k": 20, "seed": 7}

    loop.run_until_complete(scenario())
    harness.close(loop)


def test_an_edit_after_applying_is_shown_and_can_be_saved_over(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    harness = Harness(qtbot, tmp_path, (Preset.of("Coder", CODER), Preset.of("Poet", POET)))
    pane, bar = harness.pane, harness.bar

    async def scenario() -> None:
        harness.choose("Coder")
        pane.sampling.temperature.setValue(0.6)  # the user turns it up
        assert bar.caption.text() == "Changed since “Coder” was applied."
        assert bar.choose.currentText() == "Coder"
        harness.menu_action("Save changes to “Coder”").trigger()
        assert not bar.caption.text()
        await settle()
        stored = harness.saved()["presets"][0]
        assert stored["settings"]["temperature"] == 0.6
        # Edited by hand into another preset's settings, that preset is the current one.
        pane.sampling.show_settings(POET)
        pane.sampling.settings_changed.emit(pane.sampling.settings())
        assert bar.choose.currentText() == "Poet" and not bar.caption.text()

    loop.run_until_complete(scenario())
    harness.close(loop)


def test_rename_and_delete_from_the_menu(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    harness = Harness(qtbot, tmp_path, (Preset.of("Coder", CODER), Preset.of("Poet", POET)))
    bar = harness.bar

    async def scenario() -> None:
        harness.choose("Coder")
        rename_and_delete()
        await settle()
        assert [p["name"] for p in harness.saved()["presets"]] == ["Poet"]

    def rename_and_delete() -> None:
        bar.ask_name = lambda title, current: "poet"  # taken, whatever the case
        harness.menu_action("Rename “Coder”").trigger()
        assert bar.message.isVisible()
        assert bar.message.text() == "A preset named “poet” already exists."
        bar.ask_name = lambda title, current: "  Python helper "
        harness.menu_action("Rename “Coder”").trigger()
        assert not bar.message.isVisible()
        assert [bar.choose.itemText(i) for i in range(bar.choose.count())] == [
            "No preset",
            "Python helper",
            "Poet",
        ]
        assert bar.choose.currentText() == "Python helper"
        asked: list[str] = []
        bar.confirm_delete = lambda name: asked.append(name) or True  # type: ignore[func-returns-value]
        harness.menu_action("Delete “Python helper”").trigger()
        assert asked == ["Python helper"]
        assert [bar.choose.itemText(i) for i in range(bar.choose.count())] == [
            "No preset",
            "Poet",
        ]
        assert bar.choose.currentIndex() == 0
        # The conversation keeps the settings it had; only the preset is gone.
        assert harness.chat.settings == CODER
        # "No preset" takes the conversation back to the engine's defaults.
        harness.choose("Poet")
        assert harness.chat.settings != SamplingSettings()
        harness.choose("No preset")
        assert harness.chat.settings == SamplingSettings()
        assert bar.choose.currentText() == "No preset"

    loop.run_until_complete(scenario())
    harness.close(loop)


def test_export_import_a_clash_and_a_bad_file(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    harness = Harness(qtbot, tmp_path, (Preset.of("Coder", CODER),))
    bar = harness.bar
    target = tmp_path / "exports" / "coder.json"
    target.parent.mkdir()

    async def scenario() -> None:
        harness.choose("Coder")
        bar.ask_export_path = lambda name: target
        exported = asyncio.ensure_future(next_emission(harness.presets.exported))
        harness.menu_action("Export “Coder”").trigger()
        await exported
        assert bar.message.text() == f"Exported to {target}."
        assert json.loads(target.read_text())["settings"] == CODER.to_dict()
        # Importing it back clashes with the one it came from: it gets its own name.
        bar.ask_import_path = lambda: target
        imported = asyncio.ensure_future(next_emission(harness.presets.imported))
        harness.menu_action("Import a preset").trigger()
        await imported
        assert bar.message.text() == (
            "Imported as “Coder (2)”: a preset named “Coder” already existed."
        )
        assert [bar.choose.itemText(i) for i in range(bar.choose.count())] == [
            "No preset",
            "Coder",
            "Coder (2)",
        ]
        harness.choose("Coder (2)")
        assert harness.chat.settings == CODER
        # A file that is not a preset is refused in one sentence; nothing is added.
        bad = tmp_path / "notes.json"
        bad.write_text('{"title": "my notes"}', encoding="utf-8")
        bar.ask_import_path = lambda: bad
        failed = asyncio.ensure_future(next_emission(harness.presets.failed))
        harness.menu_action("Import a preset").trigger()
        await failed
        assert bar.message.text() == (
            f"{bad} is not a GGUF Studio preset: a preset has a name and its settings."
        )
        assert bar.choose.count() == 3  # "No preset", Coder, Coder (2)

    loop.run_until_complete(scenario())
    harness.close(loop)


def test_a_models_default_preset_starts_its_new_conversations(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    harness = Harness(qtbot, tmp_path, (Preset.of("Coder", CODER), Preset.of("Poet", POET)))
    bar, pane, chat, presets = harness.bar, harness.pane, harness.chat, harness.presets
    ready = Snapshot(state=ServerState.READY, spec=LaunchSpec(model=tmp_path / MODEL))

    def set_default_from_the_menu() -> None:
        assert not harness.menu_action("Load a model to give it").isEnabled()
        presets.show_snapshot(ready)
        harness.choose("Poet")
        harness.menu_action(f"Default for {MODEL}").trigger()
        assert bar.caption.text() == f"New chats with {MODEL} start from “Poet”."
        assert bar.choose.itemIcon(bar.choose.findText("Poet")).isNull() is False
        harness.choose("Coder")  # this chat goes on with other settings

    async def scenario() -> None:
        set_default_from_the_menu()
        await harness.send("first chat")
        assert harness.backend.requests[-1][1]["temperature"] == 0.2
        chat.new_conversation()  # Ctrl+N: the model's default, not the last chat's settings
        assert chat.settings == POET
        assert pane.sampling.settings() == POET
        assert bar.choose.currentText() == "Poet"
        await harness.send("second chat")
        messages, options = harness.backend.requests[-1]
        assert messages[0] == {"role": "system", "content": "Verse only."}
        assert options == POET.request_options()
        await settle()
        assert harness.saved()["defaults"] == {MODEL: "Poet"}
        # Another model has no default: a new chat carries the last chat's settings on.
        presets.use_model("other.gguf")
        harness.choose("Coder")
        chat.new_conversation()
        assert chat.settings == CODER
        # Unloaded, nothing applies; loaded again, a blank new chat takes its default.
        presets.show_snapshot(Snapshot())
        assert presets.model is None
        presets.show_snapshot(ready)
        assert chat.conversation is None and chat.settings == POET
        assert pane.sampling.settings() == POET
        # Cleared from the menu: new chats with it start as the last one was.
        harness.menu_action(f"Default for {MODEL}").trigger()
        assert "New chats with" not in bar.caption.text()
        harness.choose("Coder")
        await harness.send("third chat")
        chat.new_conversation()
        assert chat.settings == CODER
        await settle()
        assert harness.saved()["defaults"] == {}

    loop.run_until_complete(scenario())
    harness.close(loop)


def test_a_damaged_presets_file_is_told_and_the_chats_are_untouched(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    paths = AppPaths.default({"STUDIO_HOME": str(tmp_path)})
    with ChatStore.in_directory(paths.data_dir) as store:
        store.create_conversation("Kept", CODER)
    damaged = paths.data_dir / "presets.json"
    damaged.write_text('{"format": "gguf-studio-presets", "presets": [{"na', encoding="utf-8")

    studio = StudioApp(AppContext.create(paths))
    qtbot.addWidget(studio.window)
    studio.window.show()
    pane = studio.chat_pane
    loop.run_until_complete(studio.presets.load())  # what `start` runs once the loop runs
    assert pane.notice_line.isVisible()
    assert pane.notice_line.text() == (
        "Your presets could not be read, so the list starts empty. The unreadable file was "
        f"kept as {damaged}.damaged."
    )
    assert (paths.data_dir / "presets.json.damaged").exists()
    bar = pane.inspector.findChild(PresetBar)
    assert bar is not None and bar.choose.count() == 0

    async def scenario() -> None:
        listed = asyncio.ensure_future(next_emission(studio.chat.conversations_listed))
        studio.chat_pane.start()
        (summaries,) = await listed
        assert [s.title for s in summaries] == ["Kept"]
        # Presets work again: the next save writes a new, good file.
        bar.ask_name = lambda title, current: "Fresh"
        bar.save_new()
        await settle()

    loop.run_until_complete(scenario())
    assert [p.name for p in PresetLibrary(damaged).load().presets] == ["Fresh"]
    studio.window.close()
    loop.run_until_complete(studio.shutdown())


@pytest.mark.engine
@pytest.mark.usefixtures("engine_location")  # an engine that runs here
def test_the_app_starts_a_chat_from_the_loaded_models_default_preset(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path, smollm2: Path
) -> None:
    paths = AppPaths.default({"STUDIO_HOME": str(tmp_path)})
    SettingsStore.in_directory(paths.config_dir).save(AppSettings(last_model=str(smollm2)))
    pirate = replace(POET, max_tokens=8, seed=3, system_prompt="You are a pirate.")
    library = PresetLibrary.in_directory(paths.data_dir)
    library.save(
        PresetBook()
        .with_preset(Preset.of("Coder", CODER))
        .with_preset(Preset.of("Pirate", pirate))
        .with_default(smollm2.name, "Pirate")
    )
    studio = StudioApp(AppContext.create(paths))
    qtbot.addWidget(studio.window)
    manager = studio.manager
    assert manager is not None
    pane = studio.chat_pane
    bar = pane.inspector.findChild(PresetBar)
    assert bar is not None and bar.choose.currentIndex() == -1  # no model yet, no default

    async def scenario() -> Message:
        ready = asyncio.ensure_future(
            next_emission(manager.engine_event, lambda n: n.event is EngineEvent.READY, 120)
        )
        probed = asyncio.ensure_future(next_emission(studio.engine.probed, within=60))
        studio.start()
        await ready
        await probed
        # The manager's snapshot named the model: the blank chat took its default.
        assert studio.presets.model == smollm2.name
        assert pane.sampling.settings() == pirate
        assert bar.choose.currentText() == "Pirate"
        finished = asyncio.ensure_future(next_emission(studio.chat.answer_finished, within=120))
        pane.input.setPlainText("Who are you?")
        pane.send_button.click()
        (answer,) = await finished
        assert isinstance(answer, Message)
        return answer

    answer = loop.run_until_complete(scenario())
    assert answer.status is MessageStatus.COMPLETE, answer.error_code
    assert answer.stats.completion_tokens is not None and answer.stats.completion_tokens <= 8
    assert studio.chat.conversation is not None
    with ChatStore.in_directory(paths.data_dir) as store:
        assert store.conversation(studio.chat.conversation.id).settings == pirate
    studio.window.close()
    loop.run_until_complete(studio.shutdown())
