"""The main window as a user meets it: Quit and Help in the menus, the memory dock and the
status bar naming the GPUs the planner sees (fake ones here, through the NVML code path)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from types import MappingProxyType

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from studio import __version__
from studio.composition import StudioApp
from studio.context import AppContext
from studio.core.devices import HOST_KEY
from studio.core.engine.info import EngineFeatures, EngineInfo, EngineVersion
from studio.core.engine.locate import EngineSource
from studio.core.errors import Problem
from studio.core.hardware import GIB
from studio.core.paths import AppPaths
from studio.services.memory_monitor import MemorySample

ENGINE = EngineInfo(
    path=Path("/opt/llama-server"),
    source=EngineSource.BUNDLED,
    version=EngineVersion("b6000", 6000, "abc", "gcc"),
    devices=(),  # a CPU-only engine build: the GPUs come from NVML (here, fake)
    features=EngineFeatures(frozenset()),
)


@pytest.fixture
def fake_devices() -> str:
    return "GPU0:24GiB,HOST:64GiB"


@pytest.fixture
def studio(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    fake_devices: str,
) -> Iterator[StudioApp]:
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", fake_devices)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    app = StudioApp(AppContext.create(AppPaths.default({"STUDIO_HOME": str(tmp_path)})))
    qtbot.addWidget(app.window)
    try:
        yield app
    finally:
        qasync_loop.run_until_complete(app.shutdown())


def _dock_text(studio: StudioApp) -> str:
    return studio.window.device_memory.label.text()


def _probed(studio: StudioApp, loop: asyncio.AbstractEventLoop) -> None:
    """As if the engine probe had answered: the window and the areas hear it."""

    async def scenario() -> None:
        found: asyncio.Future[object] = loop.create_future()
        studio.devices.found.connect(lambda inventory: found.set_result(inventory))
        studio.engine.probed.emit(ENGINE)
        await asyncio.wait_for(found, 10)

    loop.run_until_complete(scenario())


def test_the_dock_and_status_bar_name_the_fake_gpus(
    studio: StudioApp, qasync_loop: asyncio.AbstractEventLoop
) -> None:
    _probed(studio, qasync_loop)
    dock_text = _dock_text(studio)
    assert "No GPU" not in dock_text
    assert dock_text == "Fake GPU 0: 24.0 GiB of 24.0 GiB free"

    uuid = "GPU-fa4e0000-0000-0000-0000-000000000000"
    sample = MemorySample(
        MappingProxyType({uuid: 4 * GIB, HOST_KEY: 8 * GIB}),
        MappingProxyType({uuid: 24 * GIB, HOST_KEY: 64 * GIB}),
    )
    studio.areas.monitor.sampled.emit(sample)
    assert studio.areas.memory_status.text().startswith("Fake GPU 0 4.0 GiB/24.0 GiB")
    assert _dock_text(studio) == "Fake GPU 0: 20.0 GiB of 24.0 GiB free"


@pytest.mark.parametrize("fake_devices", ["HOST:64GiB"])
def test_without_any_gpu_the_dock_says_so(
    studio: StudioApp,
    qasync_loop: asyncio.AbstractEventLoop,
) -> None:
    _probed(studio, qasync_loop)
    assert _dock_text(studio) == "No GPU found: models run on the CPU."


def test_model_menu_quits_with_ctrl_q_and_help_menu_opens_help_and_about(
    studio: StudioApp, qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop
) -> None:
    window = studio.window
    menus = [action.text() for action in window.menuBar().actions()]
    assert menus == ["&Model", "&Help"]
    quit_action = studio.areas.quit_action
    assert quit_action.shortcut() == QKeySequence("Ctrl+Q")
    model_menu = window.menuBar().actions()[0].menu()
    assert isinstance(model_menu, QMenu) and quit_action in model_menu.actions()

    opened: list[QUrl | str] = []

    def open_url(url: QUrl | str) -> bool:  # instead of a browser or an editor
        opened.append(url)
        return True

    help_menu = studio.areas.help_menu
    help_menu._open_url = open_url
    help_menu.help_action.trigger()
    (url,) = opened
    assert isinstance(url, QUrl) and url.isLocalFile() and Path(url.toLocalFile()).is_file()

    studio.engine.info = ENGINE
    help_menu.about_action.trigger()
    box = help_menu.about_box
    assert box is not None and box.isVisible()
    assert __version__ in box.text()
    assert "llama-server b6000" in box.text()
    assert "MIT" in box.text()
    box.close()

    window.show()
    qtbot.waitExposed(window)
    quit_action.trigger()
    assert not window.isVisible()


def test_without_an_engine_the_dock_still_names_the_gpus(
    studio: StudioApp, qasync_loop: asyncio.AbstractEventLoop
) -> None:
    async def scenario() -> None:
        found: asyncio.Future[object] = qasync_loop.create_future()
        studio.devices.found.connect(lambda inventory: found.set_result(inventory))
        problem = Problem("engine_cpu_unsupported", "SIGILL")
        studio.engine.failed.emit(problem)
        await asyncio.wait_for(found, 10)

    qasync_loop.run_until_complete(scenario())
    lines = _dock_text(studio).splitlines()
    assert lines[0] == "Fake GPU 0: 24.0 GiB of 24.0 GiB free"
    assert "The engine could not be started:" in lines
