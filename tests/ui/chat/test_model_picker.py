"""The model picker at the top of the chat: the model's state as the manager reports it,
the library's models with their fit badges in a searchable list, Load and Eject; and the
chat-first behaviour around it: a load that becomes ready brings the chat forward, a
failure is shown where the user is looking with the action that helps."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from studio.core.chat import ChatStore
from studio.core.hub.fit import FitAssessment, FitKind
from studio.core.hub.library import LocalModel, Source
from studio.core.server.failures import Failure, FailureCode
from studio.core.server.launch import LaunchSpec
from studio.core.server.states import ReadyInfo, ServerState, Snapshot, StartPhase
from studio.core.settings import SettingsStore
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatService
from studio.services.engine_service import EngineService
from studio.services.settings_service import SettingsService
from studio.ui.chat.chat_pane import ChatPane
from studio.ui.chat.model_picker import ModelPicker
from studio.ui.window.chat_first import ChatFirst
from studio.ui.window.main_window import MainWindow
from tests.support.engine import selector_in

SMOL = Path("/models/SmolLM2-135M-Instruct-Q8_0.gguf")
GEMMA = Path("/models/gemma-3-270m-it-Q4_K_M.gguf")


def _model(path: Path) -> LocalModel:
    return LocalModel(
        path=path,
        files=(path,),
        size=140_000_000,
        source=Source.FOLDER,
        repo_id="",
        architecture="llama",
        name=path.stem,
        parameters=135_000_000,
        quant="Q8_0",
        context_length=8192,
        is_projector=False,
    )


def _spec(path: Path) -> LaunchSpec:
    return LaunchSpec(model=path, label=path.name)


@pytest.fixture
def picker(qtbot: QtBot) -> ModelPicker:
    widget = ModelPicker()
    qtbot.addWidget(widget)
    widget.resize(700, 90)
    widget.show()
    return widget


def test_the_state_follows_the_manager(picker: ModelPicker) -> None:
    assert "No model loaded" in picker.state_label.text()
    assert not picker.eject_button.isEnabled()

    starting = Snapshot(
        state=ServerState.STARTING, requested=_spec(SMOL), phase=StartPhase.CREATING_CONTEXT
    )
    picker.show_snapshot(starting)
    assert picker.model_name.text() == SMOL.name
    assert picker.progress.isVisible() and picker.progress.value() == 70
    assert "creating the context" in picker.state_label.text()
    assert not picker.load_button.isEnabled()
    assert picker.eject_button.isEnabled()  # a load can be stopped

    picker.show_snapshot(
        starting.but(state=ServerState.READY, spec=_spec(SMOL), ready=ReadyInfo("smol", 8192, 1))
    )
    assert not picker.progress.isVisible()
    assert picker.state_label.text() == "Ready · 8k context"
    assert not picker.retry_button.isVisible()


def test_a_failure_says_why_and_offers_other_settings(qtbot: QtBot, picker: ModelPicker) -> None:
    failure = Failure(FailureCode.OOM_WEIGHTS)
    picker.show_snapshot(
        Snapshot(state=ServerState.FAILED, requested=_spec(GEMMA), failure=failure)
    )
    text = picker.state_label.text()
    assert text.startswith("Could not load: ") and len(text) > len("Could not load: ") + 5
    assert "oom_weights" not in text  # a sentence, not a code
    assert picker.retry_button.isVisible()
    with qtbot.waitSignal(picker.load_requested) as asked:
        picker.retry_button.click()
    assert asked.args == [GEMMA]


# The offscreen platform cannot raise a popup or grab the keyboard for it; a display can.
@pytest.mark.qt_log_ignore("This plugin does not support")
def test_the_library_list_is_searchable_with_fit_badges(qtbot: QtBot, picker: ModelPicker) -> None:
    picker.show_models([_model(SMOL), _model(GEMMA)])
    picker.show_fit(SMOL, FitAssessment(FitKind.FULL_GPU, max_context=8192))
    picker.show_fit(GEMMA, FitAssessment(FitKind.CPU_ONLY, max_context=32768))
    items = picker.list.items
    texts = [items.item(row).text() for row in range(items.count())]
    assert texts == [
        f"{SMOL.name}\nFits on GPU · 8k context",
        f"{GEMMA.name}\nCPU only · 32k context",
    ]

    picker.model_button.click()
    assert picker.list.isVisible()
    qtbot.keyClicks(picker.list.search.filter_widget, "gemma")
    shown = [row for row in range(items.count()) if not items.item(row).isHidden()]
    assert [picker.list.path_at(row) for row in shown] == [GEMMA]

    # Choosing a model does not load it: Load opens its load dialog.
    qtbot.mouseClick(
        items.viewport(),
        Qt.MouseButton.LeftButton,
        pos=items.visualRect(items.model().index(1, 0)).center(),
    )
    assert not picker.list.isVisible()
    assert picker.model_name.text() == GEMMA.name
    with qtbot.waitSignal(picker.load_requested) as asked:
        picker.load_button.click()
    assert asked.args == [GEMMA]
    with qtbot.waitSignal(picker.eject_requested, timeout=200, raising=False) as ejected:
        picker.eject_button.click()
    assert not ejected.signal_triggered  # nothing loaded: Eject is off


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[tuple[MainWindow, ChatFirst, list[Path]]]:
    tasks = TaskOwner("picker-test")
    store = ChatStore(tmp_path / "chat.sqlite3")
    pane = ChatPane(ChatService(store, tasks), tasks)
    main = MainWindow(EngineService(selector_in(tmp_path), tasks), pages={"chat": pane})
    qtbot.addWidget(main)
    opened: list[Path] = []
    ejected: list[bool] = []
    first = ChatFirst(main, pane, opened.append, lambda: ejected.append(True))
    main.show()
    qtbot.waitExposed(main)
    yield main, first, opened
    store.close()


def test_a_load_from_the_library_brings_the_chat_forward_once_ready(
    window: tuple[MainWindow, ChatFirst, list[Path]],
) -> None:
    main, first, _ = window
    main.show_area("library")
    first.expect_load()  # the load dialog's Load
    first.show_snapshot(Snapshot(state=ServerState.STARTING, requested=_spec(SMOL)))
    assert main.area == "library"  # still loading: the user stays where they are
    first.show_snapshot(Snapshot(state=ServerState.READY, requested=_spec(SMOL), spec=_spec(SMOL)))
    assert main.area == "chat"
    focus = main.focusWidget()  # the message box waits for the first words
    assert focus is not None and focus.objectName() == "chat-input"
    # A restart after a crash is not a load the user asked for: no page changes.
    main.show_area("server")
    first.show_snapshot(Snapshot(state=ServerState.RESPAWNING, spec=_spec(SMOL)))
    first.show_snapshot(Snapshot(state=ServerState.READY, spec=_spec(SMOL)))
    assert main.area == "server"
    # Nor is a load a program asked the local API for while the user watches its log.
    first.show_snapshot(Snapshot(state=ServerState.STARTING, requested=_spec(GEMMA)))
    first.show_snapshot(Snapshot(state=ServerState.READY, spec=_spec(GEMMA)))
    assert main.area == "server"


def test_a_failed_load_is_shown_on_the_page_the_user_is_on(
    window: tuple[MainWindow, ChatFirst, list[Path]],
) -> None:
    main, first, opened = window
    main.show_area("discover")
    first.expect_load()
    first.show_snapshot(Snapshot(state=ServerState.STARTING, requested=_spec(GEMMA)))
    failure = Failure(FailureCode.OOM_WEIGHTS)
    first.show_snapshot(Snapshot(state=ServerState.FAILED, requested=_spec(GEMMA), failure=failure))
    assert main.area == "discover"
    assert main.alert.isVisible()
    assert main.alert.message.text().startswith(f"{GEMMA.name} could not be loaded: ")
    main.alert.action_button.click()  # "Change load settings…": the load dialog again
    assert opened == [GEMMA]
    assert not main.alert.isVisible()

    # On the chat the picker itself says it, with the same action.
    main.show_area("chat")
    first.expect_load()
    first.show_snapshot(Snapshot(state=ServerState.STARTING, requested=_spec(GEMMA)))
    first.show_snapshot(Snapshot(state=ServerState.FAILED, requested=_spec(GEMMA), failure=failure))
    assert not main.alert.isVisible()
    assert main.chat is not None and main.chat.picker.retry_button.isVisible()


def test_the_side_panels_come_back_as_the_user_left_them(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    tasks = TaskOwner("panels-test")
    store = SettingsStore(tmp_path / "settings.json")

    def open_window() -> tuple[MainWindow, ChatPane, ChatStore, SettingsService]:
        settings = SettingsService(store, tasks)
        chats = ChatStore(tmp_path / "chat.sqlite3")
        pane = ChatPane(ChatService(chats, tasks), tasks)
        main = MainWindow(EngineService(selector_in(tmp_path), tasks), pages={"chat": pane})
        qtbot.addWidget(main)
        ChatFirst(main, pane, lambda _: None, lambda: None, main).remember_panels(settings)
        return main, pane, chats, settings

    main, pane, chats, settings = open_window()
    assert pane.inspector_open and main.sidebar.expanded  # the defaults

    async def fold_both() -> None:  # as clicks arrive: with the event loop running
        pane.inspector_button.click()
        main.sidebar.toggle_button.click()
        # Saving once more waits behind the saves the clicks started (one writer at a time).
        assert await settings.update_now(lambda current: current)

    qasync_loop.run_until_complete(fold_both())
    assert not pane.inspector_open and not main.sidebar.expanded
    chats.close()

    main, pane, chats, _ = open_window()
    assert not pane.inspector_open and not main.sidebar.expanded
    assert main.sidebar.width() < 80  # a rail of icons
    chats.close()
