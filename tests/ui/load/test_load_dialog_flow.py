"""The Server and Settings areas wired to the real engine service and settings file: open a
GGUF, load from the dialog, remember its settings, edit settings, shortcuts."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.errors import Problem
from studio.core.placement.setup import Machine
from studio.core.residents.beside import PlannedBeside
from studio.core.residents.scheduler import ResidentView
from studio.core.server.launch import LaunchSpec
from studio.core.server.recovery import SmallerPlan
from studio.core.server.states import ServerState, Snapshot
from studio.core.settings import SettingsStore
from studio.core.tasks import TaskOwner
from studio.core.voice import ENGLISH
from studio.services.allocation_service import AllocationService
from studio.services.device_service import DeviceService
from studio.services.dialog_loads import DialogLoads, Loader
from studio.services.engine_service import EngineService
from studio.services.hf_token import HfTokenService, HfTokenStore
from studio.services.log_tail import LogTail
from studio.services.memory_monitor import MemoryMonitor, read_live_memory
from studio.services.settings_service import SettingsService
from studio.ui.common.theme import ThemeController
from studio.ui.load.load_dialog import LoadDialog
from studio.ui.window.main_window import MainWindow
from studio.ui.window.studio_areas import StudioAreas
from tests.support.engine import selector_in
from tests.ui.load.load_dialog_support import TWO_GPUS, synthetic_model

# STUDIO_LLAMA_SERVER names an engine that runs on this CPU: the app's own choice finds it.
pytestmark = [pytest.mark.engine, pytest.mark.usefixtures("engine_location")]


@pytest.fixture(autouse=True)
def no_modal_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A real "load anyway?" box would wait for a click forever: fail instead."""

    def unexpected(_parent: object, problems: str) -> bool:
        raise AssertionError(f"the load-anyway question was not expected: {problems}")

    monkeypatch.setattr("studio.ui.load.load_dialog._ask_load_anyway", unexpected)


@pytest.fixture
def restore_palette(qapp: QApplication) -> Iterator[None]:
    palette, style = qapp.palette(), qapp.style().name()
    yield
    qapp.styleHints().unsetColorScheme()
    qapp.setStyle(style)
    qapp.setPalette(palette)


def _areas(
    qapp: QApplication,
    engine: EngineService,
    settings: SettingsService,
    tasks: TaskOwner,
    environ: dict[str, str],
    load: Loader = print,
    unload: Callable[[], None] = print,
    unload_all: Callable[[], None] | None = None,
) -> tuple[StudioAreas, DialogLoads]:
    """The areas with the services composition.py would give them, on `environ`'s devices,
    and the service that opens the load dialog."""
    machine = Machine.of(environ)
    loads = DialogLoads(engine, settings, machine, tasks, load)
    areas = StudioAreas(
        ThemeController(qapp),
        engine,
        settings,
        unload,
        monitor=MemoryMonitor(
            lambda: read_live_memory(machine.device_config, machine.environ), tasks
        ),
        log_tail=LogTail(tasks),
        tokens=HfTokenService(
            HfTokenStore(read=lambda: None, write=lambda _t: None, erase=lambda: None), tasks
        ),
        devices=DeviceService(machine, engine, tasks),
        loads=loads,
        allocations=AllocationService(tasks),
        unload_all=unload_all,
    )
    return areas, loads


def test_open_load_remember_and_settings(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    qapp: QApplication,
    tmp_path: Path,
    restore_palette: None,
) -> None:
    tasks = TaskOwner("test")
    engine = EngineService(selector_in(tmp_path), tasks)
    store = SettingsStore.in_directory(tmp_path / "config")
    settings = SettingsService(store, tasks)
    loads: list[LaunchSpec] = []
    step_downs: list[SmallerPlan | None] = []
    unloads: list[bool] = []

    def load(planned: PlannedBeside) -> None:
        loads.append(planned.load.spec)
        step_downs.append(planned.load.step_down)

    every: list[bool] = []
    areas, _ = _areas(
        qapp,
        engine,
        settings,
        tasks,
        {"STUDIO_FAKE_DEVICES": TWO_GPUS},
        load,
        lambda: unloads.append(True),
        lambda: every.append(True),
    )
    window = MainWindow(engine, pages=areas.pages)
    qtbot.addWidget(window)
    areas.attach(window)
    model = synthetic_model("qwen3-30b-a3b-shape")

    async def scenario() -> LoadDialog:
        probed: asyncio.Future[object] = qasync_loop.create_future()
        engine.probed.connect(lambda info: probed.done() or probed.set_result(info))
        window.show()
        engine.probe()
        await asyncio.wait_for(probed, 60)
        assert areas.load_flow is not None
        await asyncio.wait_for(areas.load_flow.open(model), 60)
        dialog = areas.load_flow.dialog
        assert dialog is not None
        return dialog

    dialog = qasync_loop.run_until_complete(scenario())
    assert "llama-server" in areas.server_page.engine_version.text()
    assert "llama-server" in areas.settings_page.engine_status.text()
    assert dialog.isVisible()
    assert [k for k in dialog.panel.keys if k != "host"] == [
        d.key for d in dialog.plan.devices
    ]  # the two fake GPUs

    async def load_and_edit() -> None:
        # Inside the running loop, as every click in the app is.
        dialog.ctx_spin.setValue(8192)
        dialog.ctx_spin.editingFinished.emit()
        dialog.load_button.click()
        areas.settings_page.theme.setCurrentIndex(areas.settings_page.theme.findData("dark"))
        areas.settings_action.trigger()
        # What the manager reports once the requested model starts: Unload applies to it.
        areas.show_snapshot(Snapshot(state=ServerState.STARTING, requested=loads[0]))
        areas.unload_action.trigger()
        # Two models loaded: Unload All applies to both; with none it is off.
        assert not areas.unload_all_action.isEnabled()
        resident = ResidentView(
            "c", loads[0].model, Snapshot(state=ServerState.READY), (), False, None, 0.0, 0
        )
        areas.show_residents((resident, replace(resident, name="d")))
        assert areas.unload_all_action.isEnabled()
        assert areas.residents_status.text().startswith("2 model")
        areas.unload_all_action.trigger()
        areas.show_residents(())
        assert not areas.unload_all_action.isEnabled()
        assert await settings.update_now(lambda current: current)  # the file holds it all
        await tasks.shutdown()

    qasync_loop.run_until_complete(load_and_edit())
    assert len(loads) == 1
    spec = loads[0]
    assert spec.model == model and spec.ctx_size == 8192
    assert spec.extra_args[-2:] == ("-lv", "4")
    assert step_downs[0] is not None  # the dialog's plan steps down after out-of-memory
    assert settings.current.remembered_load(str(model))["ctx"] == 8192
    assert areas.loaded_memory.plan is not None
    assert areas.loaded_memory.panel.keys[-1] == "host"
    assert areas.theme.dark
    assert settings.current.theme == "dark"
    assert window.pages.currentWidget() is areas.settings_page
    assert unloads == [True] and every == [True]
    assert areas.open_action.shortcut().toString() == "Ctrl+O"
    saved = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert saved["theme"] == "dark"
    assert saved["model_load_settings"][str(model)]["ctx"] == 8192


def test_an_unreadable_file_is_reported_not_raised(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    qapp: QApplication,
    tmp_path: Path,
    restore_palette: None,
) -> None:
    tasks = TaskOwner("test")
    engine = EngineService(selector_in(tmp_path), tasks)
    settings = SettingsService(SettingsStore.in_directory(tmp_path / "config"), tasks)
    areas, loads = _areas(qapp, engine, settings, tasks, {})
    window = MainWindow(engine, pages=areas.pages)
    qtbot.addWidget(window)
    areas.attach(window)
    bad = tmp_path / "not-a-model.gguf"
    bad.write_bytes(b"this is not a gguf file at all")

    async def scenario() -> Problem:
        failed: asyncio.Future[Problem] = qasync_loop.create_future()
        assert areas.load_flow is not None
        loads.failed.connect(lambda p: failed.done() or failed.set_result(p))
        # Before the engine is probed the dialog cannot know what the engine supports.
        await areas.load_flow.open(bad)
        assert (await failed).code == "engine_not_ready"
        assert areas.load_flow.message is not None
        assert areas.load_flow.message.text() == (
            "The engine is not ready yet; see the Server page."
        )
        probed: asyncio.Future[object] = qasync_loop.create_future()
        engine.probed.connect(lambda info: probed.done() or probed.set_result(info))
        engine.probe()
        await asyncio.wait_for(probed, 60)
        failed = qasync_loop.create_future()
        await areas.load_flow.open(bad)
        result = await failed
        await tasks.shutdown()
        return result

    problem = qasync_loop.run_until_complete(asyncio.wait_for(scenario(), 60))
    assert problem.code != "engine_not_ready" and "not-a-model.gguf" in problem.detail
    assert areas.load_flow is not None and areas.load_flow.message is not None
    # The box says the problem's one sentence, with the file named in it.
    assert areas.load_flow.message.text() == ENGLISH.error(problem)
    assert "not-a-model.gguf" in areas.load_flow.message.text()
    assert areas.load_flow.dialog is None


def test_the_app_loads_through_the_dialog_and_shows_the_engine(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    restore_palette: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The real app, the real engine, a tiny synthetic model on this machine's CPU: open,
    load, see the state, the log and the engine's allocation, unload, quit."""
    from studio.composition import StudioApp
    from studio.context import AppContext
    from studio.core.paths import AppPaths
    from studio.core.server.states import ServerState

    monkeypatch.delenv("STUDIO_FAKE_DEVICES", raising=False)
    studio = StudioApp(AppContext.create(AppPaths.default({"STUDIO_HOME": str(tmp_path)})))
    qtbot.addWidget(studio.window)
    areas = studio.areas
    assert studio.manager is not None
    model = synthetic_model("tiny-llama")

    async def wait_state(state: ServerState) -> None:
        # The chat's model's state, as the residents tell the app.
        while studio.manager is None or studio.manager.snapshot.state is not state:  # noqa: ASYNC110
            await asyncio.sleep(0.02)

    async def scenario() -> None:
        probed: asyncio.Future[object] = qasync_loop.create_future()
        studio.engine.probed.connect(lambda info: probed.done() or probed.set_result(info))
        studio.start()
        await asyncio.wait_for(probed, 60)
        assert areas.load_flow is not None
        opened: asyncio.Future[LoadDialog] = qasync_loop.create_future()
        areas.load_flow.opened.connect(lambda d: opened.done() or opened.set_result(d))
        studio.hub_area.library_page.load_requested.emit(model)  # the Library's Load…
        dialog = await asyncio.wait_for(opened, 60)
        dialog.ctx_spin.setValue(1024)
        dialog.ctx_spin.editingFinished.emit()
        dialog.load_button.click()
        await wait_state(ServerState.READY)
        studio.window.show_area("server")
        bar = areas.loaded_memory.panel.bar("host")
        while bar.device is None or bar.device.actual is None:  # noqa: ASYNC110
            await asyncio.sleep(0.02)
        while "listening on" not in areas.server_page.log.toPlainText():  # noqa: ASYNC110
            await asyncio.sleep(0.02)
        assert areas.server_page.state.text() == "Ready"
        assert areas.server_page.context.text() == "1024 tokens, 1 slot(s)"
        assert areas.server_page.address.text().startswith("http://127.0.0.1:")
        assert "-lv 4" in areas.server_page.command.text()
        assert areas.status.text() == f"{model.stem} — Ready"
        areas.unload_action.trigger()
        await wait_state(ServerState.IDLE)
        assert areas.loaded_memory.panel.keys == []

    qasync_loop.run_until_complete(asyncio.wait_for(scenario(), 180))
    studio.window.close()
    qasync_loop.run_until_complete(studio.shutdown())
    assert studio.tasks.running == 0
