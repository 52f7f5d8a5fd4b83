"""Windows fit the screen they open on and come back where the person left them: the main
window's place and size, the Discover splitters, and the load dialog's size."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSize
from pytestqt.qtbot import QtBot

from studio.composition import StudioApp
from studio.context import AppContext
from studio.core.engine import EngineSelector
from studio.core.paths import AppPaths
from studio.ui.common.window_place import available_area, fitted, room_in

MINIMUM = QSize(1024, 700)
DEFAULT = QSize(1280, 800)


def test_the_first_window_on_a_screen_its_own_size_keeps_its_status_bar_on_screen() -> None:
    screen = QRect(0, 0, 1280, 800)
    placed = fitted(None, screen, DEFAULT, MINIMUM)
    # Its frame (title bar above, border below) lies within the screen too.
    assert placed.top() >= 40 and placed.bottom() + 8 < 800
    assert placed.left() >= 8 and placed.right() + 8 < 1280


def test_the_first_window_on_a_large_screen_is_its_default_size_centred() -> None:
    placed = fitted(None, QRect(0, 0, 2560, 1440), DEFAULT, MINIMUM)
    assert placed.size() == DEFAULT
    assert abs(placed.center().x() - 1280) <= 1


def test_a_place_left_on_a_monitor_that_is_gone_comes_back_onto_this_screen() -> None:
    placed = fitted(QRect(3000, 1500, 1100, 750), QRect(0, 0, 1920, 1080), DEFAULT, MINIMUM)
    assert placed.size() == QSize(1100, 750)
    assert room_in(QRect(0, 0, 1920, 1080)).contains(placed)


def test_a_window_remembered_larger_than_this_screen_shrinks_to_it() -> None:
    screen = QRect(0, 0, 1366, 768)
    placed = fitted(QRect(0, 0, 2500, 1400), screen, DEFAULT, MINIMUM)
    assert room_in(screen).contains(placed)
    assert placed.size() == room_in(screen).size()


def _context(tmp_path: Path) -> AppContext:
    # No engine at all: this test is about the window, and must not wait for a probe.
    context = AppContext.create(AppPaths.default({"STUDIO_HOME": str(tmp_path)}))
    selector = EngineSelector(
        context.selector.prober, context.selector.tester, None, bundled=lambda: None
    )
    return AppContext(context.paths, selector, engine_override=tmp_path / "no-engine")


def _run_and_close(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path, change: object = None
) -> StudioApp:
    studio = StudioApp(_context(tmp_path))
    qtbot.addWidget(studio.window)

    async def scenario() -> None:
        failed: asyncio.Future[object] = loop.create_future()
        studio.engine.failed.connect(lambda problem: failed.done() or failed.set_result(problem))
        studio.start()
        await asyncio.wait_for(failed, timeout=10)  # no engine here: settled once it says so
        if callable(change):
            change(studio)

    loop.run_until_complete(scenario())
    studio.window.close()
    loop.run_until_complete(studio.shutdown())
    return studio


@pytest.mark.usefixtures("qapp")
def test_the_window_and_splitters_come_back_as_left_and_fit_the_screen(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("STUDIO_LLAMA_SERVER", raising=False)
    rooms: list[QRect] = []

    def fits_the_screen(studio: StudioApp) -> None:
        rooms.append(room_in(available_area(studio.window)))
        # The first window fits the screen, even one smaller than its usual minimum.
        assert rooms[0].contains(studio.window.geometry())

    _run_and_close(qtbot, qasync_loop, tmp_path, fits_the_screen)
    room = rooms[0]

    # As wide as the test screen allows (its minimum width), a little lower and shorter.
    left_at = QRect(room.left(), room.top() + 3, room.width(), room.height() - 30)

    def move_and_resize(studio: StudioApp) -> None:
        studio.window.setGeometry(left_at)
        studio.hub_area.discover_page.splitters["discover-browse"].setSizes([300, 500])

    _run_and_close(qtbot, qasync_loop, tmp_path, move_and_resize)
    saved = json.loads((tmp_path / "config" / "settings.json").read_text("utf-8"))
    assert saved["window_layout"]["main"] == [
        left_at.left(),
        left_at.top(),
        left_at.width(),
        left_at.height(),
    ]

    def check(studio: StudioApp) -> None:
        assert studio.window.geometry() == left_at
        browse = studio.hub_area.discover_page.splitters["discover-browse"]
        assert browse.sizes() == saved["window_layout"]["discover-browse"]

    _run_and_close(qtbot, qasync_loop, tmp_path, check)

    # A place on a monitor that is no longer there: the window comes back on this screen.
    saved["window_layout"]["main"] = [5000, 4000, 3000, 2000]
    (tmp_path / "config" / "settings.json").write_text(json.dumps(saved), "utf-8")

    def on_screen(studio: StudioApp) -> None:
        assert room.contains(studio.window.geometry())

    _run_and_close(qtbot, qasync_loop, tmp_path, on_screen)
