"""The main window opens with its areas, shows the probed engine, and quits cleanly."""

from __future__ import annotations

import asyncio
from pathlib import Path

import psutil
import pytest
from pytestqt.qtbot import QtBot

from studio.composition import StudioApp
from studio.context import AppContext
from studio.core.engine import EngineSelector
from studio.core.errors import Problem
from studio.core.paths import AppPaths


def _context(tmp_path: Path) -> AppContext:
    return AppContext.create(AppPaths.default({"STUDIO_HOME": str(tmp_path)}))


@pytest.mark.engine
@pytest.mark.usefixtures("engine_location")  # an engine that runs on this CPU is chosen
def test_window_opens_probes_engine_and_quits_cleanly(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    studio = StudioApp(_context(tmp_path))
    qtbot.addWidget(studio.window)
    window = studio.window

    async def scenario() -> None:
        probed: asyncio.Future[object] = qasync_loop.create_future()
        studio.engine.probed.connect(lambda info: probed.done() or probed.set_result(info))
        studio.start()
        await asyncio.wait_for(probed, timeout=60)

    qasync_loop.run_until_complete(scenario())
    assert window.isVisible()
    assert [window.navigation.item(i).text() for i in range(window.navigation.count())] == [
        "Chat",
        "Discover",
        "Library",
        "Server",
        "Settings",
    ]
    window.show_area("library")
    assert window.pages.currentWidget().objectName() == "page-library"
    assert "llama-server" in window.engine_status.text()
    window.show_area("chat")
    assert window.device_memory.isVisible()  # in the chat's inspector
    assert "CPU" in window.device_memory.label.text()  # no GPU on the test machine

    window.close()
    qasync_loop.run_until_complete(studio.shutdown())
    assert studio.tasks.running == 0
    assert [t for t in asyncio.all_tasks(qasync_loop) if not t.done()] == []
    assert psutil.Process().children(recursive=True) == []


def test_missing_engine_is_shown_not_raised(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The setting names a binary that is gone and there is no other candidate at all.
    monkeypatch.delenv("STUDIO_LLAMA_SERVER", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    context = _context(tmp_path)
    selector = EngineSelector(
        context.selector.prober, context.selector.tester, None, bundled=lambda: None
    )
    studio = StudioApp(
        AppContext(context.paths, selector, engine_override=tmp_path / "no-such-binary")
    )
    qtbot.addWidget(studio.window)

    async def scenario() -> Problem:
        failed: asyncio.Future[Problem] = qasync_loop.create_future()
        studio.engine.failed.connect(failed.set_result)
        studio.start()
        return await asyncio.wait_for(failed, timeout=10)

    problem = qasync_loop.run_until_complete(scenario())
    assert problem.code == "engine_missing"
    assert studio.window.engine_status.text() == "Engine unavailable"
    assert "no-such-binary" in studio.window.device_memory.label.text()
    studio.window.close()
    qasync_loop.run_until_complete(studio.shutdown())
