"""The Server page: manager snapshots in words, the probed engine, and a live log tail."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from studio.core.engine import EngineInfo, EngineLocation, EngineProber
from studio.core.server.failures import Failure, FailureCode
from studio.core.server.launch import LaunchSpec
from studio.core.server.recovery import RecoveryNote, RecoveryStep
from studio.core.server.states import ReadyInfo, ServerState, Snapshot, StartPhase
from studio.core.tasks import TaskOwner
from studio.core.voice import ENGLISH
from studio.services.log_tail import INITIAL_TAIL_BYTES, LogTail, _Cursor, read_new_lines
from studio.ui.common.plain_text import plain_tip
from studio.ui.server.server_page import ServerPage
from studio.ui.window.status_bar import ServerStatusLabel


def _page(qtbot: QtBot, tasks: TaskOwner, interval_s: float = 0.01) -> ServerPage:
    page = ServerPage(LogTail(tasks, interval_s=interval_s))
    qtbot.addWidget(page)
    return page


def test_read_new_lines_returns_whole_lines_only(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    log.write_bytes(b"first\nsecond\npart")
    cursor = _Cursor(log)
    assert read_new_lines(cursor) == ["first", "second"]
    with log.open("ab") as handle:
        handle.write(b"ial\r\n\xff bad byte\n")
    assert read_new_lines(cursor) == ["partial", "\ufffd bad byte"]
    assert read_new_lines(cursor) == []
    log.write_bytes(b"new file\n")  # replaced by a shorter file: start over
    assert read_new_lines(cursor) == ["new file"]
    assert read_new_lines(_Cursor(tmp_path / "missing.log")) == []


def test_a_long_log_opens_at_its_tail(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    lines = [f"line {i:06d}" for i in range(20000)]
    log.write_text("\n".join(lines) + "\n")
    shown = read_new_lines(_Cursor(log))
    assert shown[-1] == "line 019999"
    assert len("\n".join(shown)) <= INITIAL_TAIL_BYTES
    assert shown[0] in lines  # the cut partial first line was dropped


def test_snapshots_are_shown_in_words(qtbot: QtBot) -> None:
    page = _page(qtbot, TaskOwner("test"))
    assert page.state.text() == "No model loaded"
    assert not page.unload.isEnabled()
    spec = LaunchSpec(model=Path("/models/tiny.gguf"))
    page.show_snapshot(
        Snapshot(state=ServerState.STARTING, spec=spec, phase=StartPhase.LOADING_MODEL, pid=42)
    )
    assert page.state.text() == "Loading — loading the weights"
    assert page.unload.isEnabled()
    with qtbot.waitSignal(page.unload_requested):
        page.unload.click()
    page.show_snapshot(
        Snapshot(
            state=ServerState.READY,
            spec=spec,
            ready=ReadyInfo(model_alias="tiny", n_ctx=2048, total_slots=1),
            base_url="http://127.0.0.1:43210",
            pid=42,
            command="llama-server -m /models/tiny.gguf -c 2048",
            spawn_count=2,
            respawn_count=1,
            recovery=(
                RecoveryNote(
                    RecoveryStep.FLASH_ATTN_OFF,
                    Failure(FailureCode.CRASHED, signal_name="SIGSEGV"),
                ),
            ),
        )
    )
    assert page.state.text() == "Ready"
    assert page.model.text() == "/models/tiny.gguf"
    assert page.context.text() == "2048 tokens, 1 slot(s)"
    assert page.address.text() == "http://127.0.0.1:43210"
    assert page.command.text().endswith("-c 2048")
    assert page.process.text() == "pid 42; 2 start(s), 1 after a crash"
    assert page.recovery.text() == (
        "Retried with flash attention off, after: The engine crashed (SIGSEGV)."
    )
    page.show_snapshot(
        Snapshot(state=ServerState.FAILED, failure=Failure(FailureCode.OOM_KV), spec=spec)
    )
    assert page.state.text() == "Failed\nOut of memory for the KV cache: lower the context."
    assert not page.unload.isEnabled()  # a failed load left nothing running to unload


def test_status_bar_names_the_model_and_the_state(qtbot: QtBot) -> None:
    label = ServerStatusLabel()
    qtbot.addWidget(label)
    assert label.text() == "No model loaded"
    spec = LaunchSpec(model=Path("/models/tiny.gguf"))
    label.show_snapshot(
        Snapshot(state=ServerState.STARTING, spec=spec, phase=StartPhase.WARMING_UP)
    )
    assert label.text() == "tiny.gguf — Loading: warming up"
    label.show_snapshot(
        Snapshot(state=ServerState.FAILED, spec=spec, failure=Failure(FailureCode.KILLED))
    )
    assert label.text().startswith("tiny.gguf — Failed: The engine was killed")
    assert label.toolTip() == plain_tip("/models/tiny.gguf")  # a path is never markup


@pytest.mark.parametrize("code", list(FailureCode))
def test_every_failure_reads_as_its_sentence_on_the_page_and_the_status_bar(
    qtbot: QtBot, code: FailureCode
) -> None:
    page = _page(qtbot, TaskOwner("test"))
    label = ServerStatusLabel()
    qtbot.addWidget(label)
    failure = Failure(code, exit_code=3, signal_name="SIGBUS")
    snapshot = Snapshot(
        state=ServerState.FAILED, spec=LaunchSpec(model=Path("/m/tiny.gguf")), failure=failure
    )
    page.show_snapshot(snapshot)
    label.show_snapshot(snapshot)
    sentence = ENGLISH.failure(failure)
    assert page.state.text() == "Failed\n" + sentence
    assert label.text() == "tiny.gguf — Failed: " + sentence
    assert "{" not in sentence and "went wrong" not in sentence


def test_log_is_tailed_only_while_visible(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    tasks = TaskOwner("test")
    page = _page(qtbot, tasks)
    log = tmp_path / "llama-server.log"
    log.write_text("main: loading model\n")

    async def shown_lines(count: int) -> None:
        while page.log.blockCount() < count or not page.log.toPlainText():  # noqa: ASYNC110
            await asyncio.sleep(0.01)

    async def scenario() -> None:
        page.show_snapshot(Snapshot(state=ServerState.STARTING, log_path=log, pid=7))
        assert page.log_file.text() == str(log)
        page.show()
        assert page._log_tail.polling
        await asyncio.wait_for(shown_lines(1), 10)
        with log.open("a") as handle:
            handle.write("main: model loaded\nmain: server is listening\n")
        await asyncio.wait_for(shown_lines(3), 10)
        page.hide()
        assert not page._log_tail.polling
        with log.open("a") as handle:
            handle.write("not shown while hidden\n")
        await asyncio.sleep(0.1)
        assert "hidden" not in page.log.toPlainText()
        page.show()  # catches up
        while "hidden" not in page.log.toPlainText():  # noqa: ASYNC110
            await asyncio.sleep(0.01)
        page.hide()
        await tasks.shutdown()

    qasync_loop.run_until_complete(asyncio.wait_for(scenario(), 20))
    assert page.log.toPlainText().splitlines() == [
        "main: loading model",
        "main: model loaded",
        "main: server is listening",
        "not shown while hidden",
    ]
    page.show_snapshot(Snapshot())  # unloaded: the old log is cleared
    assert page.log.toPlainText() == ""


@pytest.mark.engine
def test_the_real_engine_is_described(
    qtbot: QtBot, engine_location: EngineLocation, tmp_path: Path
) -> None:
    info: EngineInfo = EngineProber(tmp_path / "probe.json").probe(engine_location)
    page = _page(qtbot, TaskOwner("test"))
    page.show_engine(info)
    assert "llama-server" in page.engine_version.text()
    assert page.engine_path.text() == str(info.path)
    assert "KV cache types" in page.engine_features.text()
    assert "q8_0" in page.engine_features.text()


def test_every_control_has_an_accessible_name(qtbot: QtBot) -> None:
    from tests.ui.load.load_dialog_support import unnamed_controls

    page = _page(qtbot, TaskOwner("test"))
    page.show_snapshot(Snapshot(state=ServerState.READY, pid=1))
    assert unnamed_controls(page) == []
