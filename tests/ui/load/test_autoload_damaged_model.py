"""The autoload reads the last model's header to plan its load; when that read finds the
file damaged, the engine is not started on it, and the conversation says why."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.settings import AppSettings, SettingsStore
from studio.core.tasks import TaskOwner
from studio.core.voice import ENGLISH
from studio.services.autoload_service import AutoloadService
from studio.services.engine_service import EngineService
from studio.services.manager_service import EngineEvent, EngineNotice, create_manager_service
from studio.services.settings_service import SettingsService
from studio.ui.window.main_window import MainWindow
from tests.support.engine import selector_in
from tests.support.engine_wrappers import fake_engine
from tests.ui.load.load_dialog_support import synthetic_model
from tests.ui.load.test_load_dialog_flow import _areas

# The autoload plans with the engine the app's own choice finds here.
pytestmark = [pytest.mark.engine, pytest.mark.usefixtures("engine_location")]


def test_the_autoload_never_starts_the_engine_on_a_model_it_found_damaged(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop, qapp: QApplication, tmp_path: Path
) -> None:
    whole = synthetic_model("tiny-llama").read_bytes()
    model = tmp_path / "damaged.gguf"
    model.write_bytes(whole[: len(whole) // 2])  # a download cut off half way
    store = SettingsStore.in_directory(tmp_path / "config")
    store.save(AppSettings(last_model=str(model)))
    tasks = TaskOwner("test")
    settings = SettingsService(store, tasks)
    engine = EngineService(selector_in(tmp_path), tasks)
    areas = _areas(qapp, engine, settings, tasks, {"STUDIO_FAKE_DEVICES": "GPU0:8GiB,HOST:32GiB"})
    window = MainWindow(engine, pages=areas.pages)
    qtbot.addWidget(window)
    areas.attach(window)
    autoload = AutoloadService(settings, tasks)
    service = create_manager_service(
        fake_engine(tmp_path), tmp_path / "logs", tasks, os.environ, autoload
    )
    assert service is not None
    events: list[EngineNotice] = []
    service.engine_event.connect(events.append)

    async def scenario() -> None:
        engine.probe()  # in flight: the autoload waits for it, as at start-up
        decision = service.autoload_last_model(areas.remembered_spec)
        assert decision is not None and decision.should_load
        deadline = asyncio.get_running_loop().time() + 60
        while not events:
            assert asyncio.get_running_loop().time() < deadline, "the autoload hung"
            await asyncio.sleep(0.05)
        await service.shutdown()
        await tasks.shutdown()

    qasync_loop.run_until_complete(scenario())
    [notice] = events
    assert notice.event is EngineEvent.FAILED and notice.model == model.name
    assert notice.problem is not None and notice.problem.code == "gguf.truncated"
    assert ENGLISH.error(notice.problem) == (
        f"{model} is incomplete: it ends after 4.0 MiB of at least 8.0 MiB."
    )
    assert service.snapshot.spawn_count == 0  # the engine never started on it
    assert store.load().load_in_progress is None
