"""Every interactive control a user can reach has a name a screen reader can say: its
accessible name, a label whose buddy it is, or a button's own text. Walks every area of
the main window and every dialog the app opens."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from studio.composition import StudioApp
from studio.context import AppContext
from studio.core.engine.info import EngineFeatures, EngineInfo, EngineVersion
from studio.core.engine.locate import EngineSource
from studio.core.paths import AppPaths
from studio.core.placement.setup import Machine
from studio.services.plan_service import PlanService
from studio.ui.load.load_dialog import LoadDialog
from studio.ui.window.main_window import MainWindow
from tests.ui.layout_checks import unnamed
from tests.ui.load.load_dialog_support import synthetic_model

ENGINE = EngineInfo(
    path=Path("/opt/llama-server"),
    source=EngineSource.BUNDLED,
    version=EngineVersion("b6000", 6000, "abc", "gcc"),
    devices=(),
    features=EngineFeatures(frozenset()),
)


@pytest.fixture
def studio(
    qasync_loop: asyncio.AbstractEventLoop, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[StudioApp]:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", "GPU0:24GiB,HOST:64GiB")
    app = StudioApp(AppContext.create(AppPaths.default({"STUDIO_HOME": str(tmp_path)})))
    yield app
    qasync_loop.run_until_complete(app.shutdown())


def test_every_control_of_every_area_and_dialog_is_named(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop, studio: StudioApp
) -> None:
    window = studio.window
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)

    async def visit() -> dict[str, list[str]]:
        found = {}
        for area in MainWindow.AREAS:
            window.show_area(area)
            await asyncio.sleep(0.02)
            found[area] = unnamed(window)
        return found

    found = qasync_loop.run_until_complete(visit())

    setup = Machine.of({"STUDIO_FAKE_DEVICES": "GPU0:12GiB,GPU1:8GiB,HOST:64GiB"}).setup(
        synthetic_model("qwen3-30b-a3b-shape"), ENGINE
    )
    dialog = LoadDialog(setup, PlanService(setup.planner))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    found["load dialog"] = unnamed(dialog)
    dialog.close()

    studio.engine.info = ENGINE
    about = studio.areas.help_menu.show_about()
    qtbot.waitExposed(about)
    found["about"] = unnamed(about)
    about.close()

    assert {where: names for where, names in found.items() if names} == {}
