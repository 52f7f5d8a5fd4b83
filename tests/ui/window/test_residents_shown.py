"""Several loaded models as the window shows them, on the real engine with two copies of
SmolLM2: the picker marks both loaded and picking one talks to it; the Server page's memory
panel and the status bar show each resident per device, predicted beside allocated; the
status bar's menu unloads one, then all."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QStatusBar
from pytestqt.qtbot import QtBot

from studio.core.engine import EngineInfo, EngineLocation, EngineProber
from studio.core.residents.scheduler import ResidentView
from studio.core.server.states import ServerState
from studio.core.tasks import TaskOwner
from studio.services.allocation_service import AllocationService
from studio.services.memory_monitor import MemoryMonitor, MemorySample
from studio.ui.chat.model_picker import ModelPicker
from studio.ui.load.loaded_memory import LoadedMemoryPanel
from studio.ui.window.status_bar import ResidentsLabel
from tests.integration.test_manager_engine import engine_children
from tests.support.residents import two_models

pytestmark = pytest.mark.engine

SIZE = (1280, 800)


@pytest.fixture(scope="module")
def info(engine_location: EngineLocation, tmp_path_factory: pytest.TempPathFactory) -> EngineInfo:
    return EngineProber(tmp_path_factory.mktemp("probe") / "probe.json").probe(engine_location)


def shots(tmp_path: Path) -> Path:
    """Where the screenshots go (STUDIO_SHOTS_DIR to keep them)."""
    folder = Path(os.environ.get("STUDIO_SHOTS_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def picker_with_list(picker: ModelPicker) -> QPixmap:
    """The picker and its opened list, as one 1280x800 picture (the list is a popup)."""
    canvas = QPixmap(*SIZE)
    canvas.fill(picker.palette().window().color())
    painter = QPainter(canvas)
    painter.drawPixmap(0, 0, picker.grab())
    painter.drawPixmap(0, picker.height() + 4, picker.list.grab())
    painter.end()
    return canvas


@pytest.mark.qt_log_ignore("This plugin does not support")  # the popup on offscreen Qt
def test_the_picker_the_memory_panel_and_the_status_bar_show_every_resident(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    engine_location: EngineLocation,
    info: EngineInfo,
    smollm2: Path,
) -> None:
    tasks = TaskOwner("test")
    scene = two_models(tmp_path, engine_location, info, smollm2, tasks)
    service = scene.service
    picker = ModelPicker()
    picker.resize(SIZE[0], picker.sizeHint().height())
    picker.show_models(scene.library)
    service.views_changed.connect(picker.show_residents)
    service.chat_model_changed.connect(picker.show_chat_model)
    service.snapshot_changed.connect(picker.show_snapshot)
    picker.talk_requested.connect(service.talk_to)
    monitor = MemoryMonitor(lambda: MemorySample({}, {}), tasks)
    panel = LoadedMemoryPanel(monitor, AllocationService(tasks))
    service.views_changed.connect(panel.show_residents)
    label = ResidentsLabel()
    bar = QStatusBar()  # as the window's: the label on the right
    bar.addPermanentWidget(label)
    service.views_changed.connect(label.show_residents)
    label.unload_requested.connect(service.unload)
    label.unload_all_requested.connect(service.unload)
    for widget in (picker, panel, bar):
        qtbot.addWidget(widget)
    folder = shots(tmp_path)

    def loaded(views: tuple[ResidentView, ...]) -> bool:
        return all(v.snapshot.state is ServerState.READY for v in views) and all(
            d.allocated is not None for v in views for d in v.devices
        )

    async def views_until(count: int) -> tuple[ResidentView, ...]:
        while len(service.views) != count or not loaded(service.views):  # noqa: ASYNC110
            await asyncio.sleep(0.02)
        return service.views

    async def scenario() -> None:
        await scene.load(scene.first)
        await scene.load(scene.second)
        views = await asyncio.wait_for(views_until(2), 60)
        assert [v.model for v in views] == [scene.second, scene.first]  # most recent first

        # b. The picker: both marked loaded, first in its list; picking one talks to it.
        picker.show()
        picker.list.popup_under(picker.model_button)
        rows = [picker.list.items.item(row).text() for row in range(2)]
        assert rows[0].startswith("smol-b.gguf\n● Loaded")
        assert rows[1].startswith("smol.gguf\n● Loaded")
        assert picker.model_name.text() == "smol-b.gguf"
        assert "1 other model" in picker.state_label.text()  # "model(s)" until English plurals
        picker_with_list(picker).save(str(folder / "picker-two-loaded.png"))
        picker.list.items.itemClicked.emit(picker.list.items.item(1))
        assert service.chat_model == scene.first
        assert picker.model_name.text() == "smol.gguf"
        assert picker.state_label.text().startswith("Ready")
        assert len(service.residents.views()) == 2  # talking to it unloaded nothing

        # c. The memory panel: each resident on the host, predicted beside allocated.
        panel.resize(*SIZE)
        panel.show()
        await asyncio.sleep(0.05)  # laid out before it is drawn
        host = panel.residents.bars["host"]
        assert host.device is not None
        assert sorted(s.name for s in host.device.shares) == ["smol", "smol-b"]
        assert all(s.allocated for s in host.device.shares)
        details = host.details.text()
        assert "smol-b:" in details and "smol:" in details and "allocated" in details
        panel.grab().save(str(folder / "memory-panel-two-residents.png"))

        # c. The status bar: both per device; e. its menu unloads one, then all.
        assert not label.isHidden()
        assert label.text().startswith("2 model")
        # Per device, allocated of predicted; each model's rows in the tooltip.
        device = label.text().split(" · ")[1]
        assert device.startswith("System RAM ") and "/" in device and "…" not in device
        assert "Predicted" in label.toolTip() and "Allocated" in label.toolTip()
        assert "smol-b" in label.toolTip() and "smol" in label.toolTip()
        bar.resize(SIZE[0], bar.sizeHint().height())
        bar.show()
        await asyncio.sleep(0.05)
        bar.grab().save(str(folder / "status-bar-two-residents.png"))
        menu = label.build_menu()
        names = [a.text() for a in menu.actions() if a.text()]
        assert sorted(names) == ["Unload all", "Unload smol", "Unload smol-b"]
        next(a for a in menu.actions() if a.text() == "Unload smol-b").trigger()
        await asyncio.wait_for(views_until(1), 60)
        assert [v.name for v in service.views] == ["smol"]
        assert not picker.list.is_loaded(scene.second)
        label.build_menu().actions()[-1].trigger()  # Unload all
        await asyncio.wait_for(views_until(0), 60)
        assert label.isHidden()
        bar.hide()
        assert panel.residents.isHidden()

    try:
        qasync_loop.run_until_complete(asyncio.wait_for(scenario(), 300))
    finally:
        picker.list.hide()
        qasync_loop.run_until_complete(service.shutdown())
        qasync_loop.run_until_complete(tasks.shutdown())
    assert not engine_children(), "an engine outlived the residents"
