"""Settings service and the guarded autoload: the marker is on disk for the whole load."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from studio.core.placement.load_plan import OwnEngines, PlannedLoad
from studio.core.residents.scheduler import ResidentPlanner
from studio.core.server.engine_events import EngineEvent, EngineNotice
from studio.core.settings import AppSettings, AutoloadVerdict, SettingsStore
from studio.core.tasks import TaskOwner
from studio.core.voice import ENGLISH
from studio.services.autoload_service import AutoloadService
from studio.services.residents_service import ResidentsService, create_residents_service
from studio.services.settings_service import SettingsService
from tests.services.chat_support import qasync_event_loop
from tests.support.engine_wrappers import fake_engine


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


async def unplanned(path: Path, _own: OwnEngines) -> PlannedLoad:
    return PlannedLoad.unplanned(path)


async def nothing_named(_name: str) -> Path | None:
    return None


def residents(
    tmp_path: Path, tasks: TaskOwner, autoload: AutoloadService, plan: ResidentPlanner
) -> ResidentsService:
    """The app's residents over the fake engine, as `composition.py` builds them."""
    service = create_residents_service(
        fake_engine(tmp_path),
        tmp_path / "logs",
        tasks,
        os.environ,
        plan,
        nothing_named,
        autoload=autoload,
    )
    assert service is not None
    return service


def _model(tmp_path: Path) -> str:
    model = tmp_path / "smol.gguf"
    model.write_bytes(b"GGUF")
    return str(model)


def test_settings_changes_apply_at_once_and_reach_the_file(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    tasks = TaskOwner("test")
    service = SettingsService(store, tasks)
    seen: list[AppSettings] = []
    service.changed.connect(seen.append)

    async def scenario() -> None:
        first = service.update(lambda s: AppSettings(theme="dark", language=s.language))
        assert service.current.theme == "dark"  # before the write finished
        second = service.update(lambda s: AppSettings(theme="dark", language="de"))
        assert await first and await second

    loop.run_until_complete(scenario())
    assert [s.language for s in seen] == ["system", "de"]
    assert store.load() == AppSettings(theme="dark", language="de")
    loop.run_until_complete(tasks.shutdown())


def test_a_token_in_settings_is_reported_not_saved(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    service = SettingsService(store, TaskOwner("test"))
    failures: list[str] = []
    service.failed.connect(lambda problem: failures.append(problem.code))
    token = "hf_" + "Q" * 34
    saved = loop.run_until_complete(service.update_now(lambda s: AppSettings(hf_proxy=token)))
    assert not saved
    assert failures == ["settings_secret_refused"]
    assert not (tmp_path / "settings.json").exists()


def test_autoload_loads_the_last_model_with_the_marker_on_disk_meanwhile(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    model = _model(tmp_path)
    store = SettingsStore(tmp_path / "settings.json")
    store.save(AppSettings(last_model=model))
    tasks = TaskOwner("test")
    settings = SettingsService(store, tasks)
    autoload = AutoloadService(settings, tasks)
    markers_on_disk: list[str | None] = []

    async def load(path: str) -> bool:
        # What a crash at this moment would leave behind:
        markers_on_disk.append(store.load().load_in_progress)
        await asyncio.sleep(0.01)
        return True

    async def scenario() -> None:
        decision = autoload.start(load)
        assert decision.should_load
        await asyncio.sleep(0.2)

    loop.run_until_complete(scenario())
    assert markers_on_disk == [model]
    after = store.load()
    assert after.load_in_progress is None
    assert after.last_model == model
    loop.run_until_complete(tasks.shutdown())


def test_a_crash_during_the_load_blocks_the_next_autoload_and_says_why(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    model = _model(tmp_path)
    store = SettingsStore(tmp_path / "settings.json")
    store.save(AppSettings(last_model=model))
    tasks = TaskOwner("first-run")
    autoload = AutoloadService(SettingsService(store, tasks), tasks)
    loading = asyncio.Event()

    async def load_that_crashes_the_app(path: str) -> bool:
        loading.set()
        await asyncio.Event().wait()  # the app dies here: nothing after runs
        return True

    async def first_run() -> None:
        autoload.start(load_that_crashes_the_app)
        await loading.wait()

    loop.run_until_complete(first_run())
    # Simulate the crash: the process is gone, nothing ran its cleanup. Only the file remains.
    crashed_file = store.load()
    assert crashed_file.load_in_progress == model

    second = AutoloadService(SettingsService(store, TaskOwner("second-run")), TaskOwner("x"))
    decisions: list[object] = []
    second.decided.connect(decisions.append)
    calls: list[str] = []

    async def load(path: str) -> bool:
        calls.append(path)
        return True

    decision = second.start(load)
    assert decision.verdict is AutoloadVerdict.PREVIOUS_LOAD_CRASHED
    assert decision.model == model
    assert decisions == [decision]
    assert calls == []
    for task in list(asyncio.all_tasks(loop)):
        task.cancel()
    loop.run_until_complete(asyncio.sleep(0))


def test_quitting_during_a_load_is_not_a_crash(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    model = _model(tmp_path)
    store = SettingsStore(tmp_path / "settings.json")
    store.save(AppSettings(last_model=model))
    tasks = TaskOwner("test")
    autoload = AutoloadService(SettingsService(store, tasks), tasks)
    loading = asyncio.Event()

    async def slow_load(path: str) -> bool:
        loading.set()
        await asyncio.Event().wait()
        return True

    async def scenario() -> None:
        autoload.start(slow_load)
        await loading.wait()
        await tasks.shutdown()  # the app quits normally mid-load

    loop.run_until_complete(scenario())
    after = store.load()
    assert after.load_in_progress is None
    assert after.last_model == model  # unchanged: the interrupted load did not succeed


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_autoload_of_a_fifo_fails_at_once_with_its_code(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    # The last model replaced by a FIFO: the autoload used to hang the engine start.
    fifo = tmp_path / "last.gguf"
    os.mkfifo(fifo)
    store = SettingsStore(tmp_path / "settings.json")
    store.save(AppSettings(last_model=str(fifo)))
    tasks = TaskOwner("test")
    autoload = AutoloadService(SettingsService(store, tasks), tasks)
    service = residents(tmp_path, tasks, autoload, unplanned)
    failures: list[str] = []
    service.load_failed.connect(lambda problem: failures.append(problem.code))

    async def scenario() -> None:
        decision = service.autoload_last_model()
        assert decision is not None and decision.should_load
        deadline = asyncio.get_running_loop().time() + 10
        while not failures:
            assert asyncio.get_running_loop().time() < deadline, "the autoload hung"
            await asyncio.sleep(0.02)
        await service.shutdown()
        await tasks.shutdown()

    loop.run_until_complete(scenario())
    assert failures == ["model_not_regular_file"]
    assert store.load().load_in_progress is None  # not mistaken for a crash next start


def test_autoload_of_a_model_that_does_not_fit_is_refused_and_said(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    from studio.core.placement.admission import ModelTooBigError

    model = _model(tmp_path)
    store = SettingsStore(tmp_path / "settings.json")
    store.save(AppSettings(last_model=model))
    tasks = TaskOwner("test")
    autoload = AutoloadService(SettingsService(store, tasks), tasks)

    async def refused_plan(path: Path, _own: OwnEngines) -> PlannedLoad:
        raise ModelTooBigError(path, 900 << 20, 512 << 20, 64 << 20, "Host")

    service = residents(tmp_path, tasks, autoload, refused_plan)
    events: list[EngineNotice] = []
    service.engine_event.connect(events.append)

    async def scenario() -> None:
        decision = service.autoload_last_model()
        assert decision is not None and decision.should_load
        deadline = asyncio.get_running_loop().time() + 10
        while not events:
            assert asyncio.get_running_loop().time() < deadline, "the autoload hung"
            await asyncio.sleep(0.02)
        await service.shutdown()
        await tasks.shutdown()

    loop.run_until_complete(scenario())
    [notice] = events
    assert notice.event is EngineEvent.FAILED and notice.model == Path(model).name
    assert notice.problem is not None and notice.problem.code == "model_does_not_fit"
    assert ENGLISH.error(notice.problem).startswith(f"{Path(model).name} does not fit: it needs")
    assert service.snapshot.spawn_count == 0  # the engine never started
    assert store.load().load_in_progress is None
