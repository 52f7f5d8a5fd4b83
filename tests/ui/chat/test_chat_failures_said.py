"""Every code the core can report reaches the chat as its one sentence, through the same
signals the app wires: the chat service's `failed`, the residents' `engine_event`, and a
stored answer that ended early."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.chat import ChatStore, MessageStatus
from studio.core.errors import Problem, StudioError
from studio.core.placement.load_plan import OwnEngines, PlannedLoad
from studio.core.server.failures import Failure, FailureCode
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.server.states import ServerState, Snapshot
from studio.core.tasks import TaskOwner
from studio.core.voice import ENGLISH
from studio.core.voice.templates import CODES as TEMPLATES
from studio.core.voice.templates import COUNTED
from studio.services.chat_service import ChatService
from studio.services.residents_service import ResidentsService
from studio.ui.chat.chat_pane import ChatPane
from studio.ui.common.plain_text import plain_tip
from tests.services.chat_support import ScriptedBackend, next_emission, qasync_event_loop
from tests.support.codes import core_codes, template_fields
from tests.support.engine_wrappers import fake_engine

CODES = sorted(core_codes())


def sample_params(code: str) -> dict[str, object]:
    counted = COUNTED.get(code)
    if counted is not None:
        return {counted[0]: 3}
    return {name: 7 for name in template_fields(TEMPLATES.get(code, ""))}


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


@pytest.fixture
def pane(qtbot: QtBot, tmp_path: Path) -> Iterator[ChatPane]:
    store = ChatStore(tmp_path / "chat.sqlite3")
    pane = ChatPane(ChatService(store, TaskOwner("said-test")))
    qtbot.addWidget(pane)
    yield pane
    store.close()


def test_every_code_the_chat_service_reports_is_its_sentence(pane: ChatPane) -> None:
    for code in CODES:
        params = sample_params(code)
        pane.service.failed.emit(Problem(code, "technical detail", params))
        shown = pane.error_line.text()
        assert shown == ENGLISH.code(code, params), code
        assert "went wrong" not in shown and "{" not in shown
        assert not ({"_", "."} & set(code)) or code not in shown  # never the bare code
        assert pane.error_line.toolTip() == plain_tip("technical detail")


def test_every_engine_failure_reaches_the_conversation_in_words(
    pane: ChatPane, tmp_path: Path, loop: asyncio.AbstractEventLoop
) -> None:
    """Through the residents service's own snapshot handling, as the app connects it: each
    failure is a resident's own (a failed resident's manager is never used again)."""
    tasks = TaskOwner("said-manager")
    service = ResidentsService(fake_engine(tmp_path), tmp_path / "logs", tasks, no_plan, no_name)
    service.engine_event.connect(pane.show_engine_event)
    spec = LaunchSpec(model=Path("/models/big.gguf"), label="big.gguf")
    starting = Snapshot(state=ServerState.STARTING, requested=spec, spec=spec)
    managers: list[ServerManager] = []
    for code in FailureCode:
        failure = Failure(code, {"steps": 3, "ctx": 4096}, exit_code=3, signal_name="SIGBUS")
        manager = ServerManager(fake_engine(tmp_path), tmp_path / "logs")
        managers.append(manager)
        service._on_snapshot(manager, starting)
        service._on_snapshot(manager, starting.but(state=ServerState.FAILED, failure=failure))
        assert pane.engine_line.text() == (
            f"big.gguf could not be loaded: {ENGLISH.failure(failure)}"
        )
        assert pane.view.notices[-1].text == pane.engine_line.text()
        assert "?" not in pane.engine_line.text(), pane.engine_line.text()
        assert "_" not in code.value or code.value not in pane.engine_line.text()
    loop.run_until_complete(service.shutdown())
    for manager in managers:
        loop.run_until_complete(manager.shutdown())
    loop.run_until_complete(tasks.shutdown())


async def no_plan(path: Path, _own: OwnEngines) -> PlannedLoad:
    raise AssertionError(f"nothing loads {path} here")


async def no_name(_name: str) -> Path | None:
    return None


@pytest.mark.parametrize(
    "code", ["stream_interrupted", "oom_kv", "no_model", "chat_conversation_missing"]
)
def test_an_answer_cut_short_by_the_engine_says_why_in_words(
    qtbot: QtBot, tmp_path: Path, loop: asyncio.AbstractEventLoop, code: str
) -> None:
    """The four codes the pane used to show as "Something went wrong (code)"."""
    store = ChatStore(tmp_path / "chat.sqlite3")
    tasks = TaskOwner("said-stream")
    backend = ScriptedBackend(fail=StudioError(code, "technical detail"))
    pane = ChatPane(ChatService(store, tasks, backend), tasks)
    qtbot.addWidget(pane)

    async def scenario() -> None:
        finished = asyncio.ensure_future(next_emission(pane.service.answer_finished))
        pane.input.setPlainText("hello")
        pane.send_button.click()
        (message,) = await finished
        assert message.status is MessageStatus.INTERRUPTED and message.error_code == code

    loop.run_until_complete(scenario())
    sentence = ENGLISH.code(code)
    assert pane.error_line.text() == sentence
    assert sentence in pane.view.toPlainText()  # the answer's own footer
    assert "went wrong" not in pane.view.toPlainText()
    loop.run_until_complete(tasks.shutdown())
    store.close()
