"""The app's loads that no dialog asks about (the autoload, a model an API client names)
are planned by the core's one load planner, with the model's remembered settings, and
reach the manager with their out-of-memory step down; no ui/ module takes part."""

from __future__ import annotations

import asyncio
import os
import shlex
import socket
import sys
from pathlib import Path

import httpx
import pytest
from PySide6.QtWidgets import QApplication

from studio.cli import build_parser, serve
from studio.cli.engine_choice import active_engine
from studio.core.engine import EngineChoice
from studio.core.placement.load_plan import PlanningEngine
from studio.core.placement.plan import Plan
from studio.core.placement.setup import Machine
from studio.core.server.engine_events import EngineEvent, EngineNotice
from studio.core.server.launch import LaunchSpec
from studio.core.server.recovery import RecoveryStep
from studio.core.server.states import ServerState
from studio.core.settings import AppSettings, SettingsStore
from studio.core.tasks import TaskOwner
from studio.core.voice import ENGLISH
from studio.services.api_server_service import ApiServerService, ApiState
from studio.services.autoload_service import AutoloadService
from studio.services.engine_service import EngineService
from studio.services.remembered_loads import RememberedLoads
from studio.services.residents_service import create_residents_service
from studio.services.settings_service import SettingsService
from tests.support.engine import selector_in
from tests.support.engine_wrappers import FAKE_SERVER, fake_engine
from tests.support.models import cache_dir
from tests.support.synthetic import SPECS, cached_model

pytestmark = [pytest.mark.engine, pytest.mark.usefixtures("engine_location")]

TWO_GPUS = "GPU0:12GiB,GPU1:8GiB,HOST:64GiB"


def synthetic_model(name: str) -> Path:
    return cached_model(cache_dir() / "synthetic", name, SPECS[name])


def _settings(tmp_path: Path, tasks: TaskOwner, saved: AppSettings) -> SettingsService:
    store = SettingsStore(tmp_path / "settings.json")
    store.save(saved)
    return SettingsService(store, tasks)


class NoEngineHere:
    """A selector that finds no engine candidate at all."""

    def choose(self, explicit: Path | None, examine_all: bool = False) -> EngineChoice:
        return EngineChoice(())


def test_after_a_probe_found_no_engine_a_load_goes_unplanned_at_once(
    qasync_loop: asyncio.AbstractEventLoop, qapp: QApplication, tmp_path: Path
) -> None:
    # The probe ends once: a load that came later waited for it the whole probe timeout
    # (two minutes) before starting unplanned.
    tasks = TaskOwner("test")
    engine = EngineService(NoEngineHere(), tasks)  # type: ignore[arg-type]
    model = synthetic_model("qwen3-30b-a3b-shape")
    loads = RememberedLoads(
        engine,
        _settings(tmp_path, tasks, AppSettings()),
        Machine.of({"STUDIO_FAKE_DEVICES": TWO_GPUS}),
    )

    async def scenario() -> LaunchSpec:
        failed: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        engine.failed.connect(failed.set_result)
        engine.probe()
        await asyncio.wait_for(failed, 60)
        spec, _ = await asyncio.wait_for(loads.plan(model), 10)
        await tasks.shutdown()
        return spec

    spec = qasync_loop.run_until_complete(scenario())
    assert spec.model == model and "-lv" not in spec.extra_args  # unplanned: no engine


def test_the_autoload_plans_with_the_remembered_settings(
    qasync_loop: asyncio.AbstractEventLoop, qapp: QApplication, tmp_path: Path
) -> None:
    tasks = TaskOwner("test")
    engine = EngineService(selector_in(tmp_path), tasks)
    model = synthetic_model("qwen3-30b-a3b-shape")
    remembered = {"ctx": 4096, "n_cpu_moe": 6}
    settings = _settings(
        tmp_path, tasks, AppSettings().with_remembered_load(str(model), remembered)
    )
    loads = RememberedLoads(engine, settings, Machine.of({"STUDIO_FAKE_DEVICES": TWO_GPUS}))
    shown: list[Plan] = []
    loads.planned.connect(shown.append)

    async def scenario() -> tuple[LaunchSpec, object]:
        engine.probe()  # in flight: the load waits for it
        planned = await asyncio.wait_for(loads.plan(model), 60)
        await tasks.shutdown()
        return planned

    spec, step_down = qasync_loop.run_until_complete(scenario())
    assert spec.model == model
    assert spec.ctx_size == 4096 and spec.n_cpu_moe == 6
    assert spec.extra_args[-2:] == ("-lv", "4")  # the Server page compares the allocation
    assert step_down is not None
    [plan] = shown  # what the Server page is told is loading
    assert plan.ctx == 4096
    gone = tmp_path / "gone.gguf"
    unplanned = qasync_loop.run_until_complete(loads.plan(gone))
    assert unplanned == (LaunchSpec(model=gone, label="gone.gguf"), None)


def test_the_autoload_never_starts_the_engine_on_a_model_it_found_damaged(
    qasync_loop: asyncio.AbstractEventLoop, qapp: QApplication, tmp_path: Path
) -> None:
    whole = synthetic_model("tiny-llama").read_bytes()
    model = tmp_path / "damaged.gguf"
    model.write_bytes(whole[: len(whole) // 2])  # a download cut off half way
    tasks = TaskOwner("test")
    settings = _settings(tmp_path, tasks, AppSettings(last_model=str(model)))
    engine = EngineService(selector_in(tmp_path), tasks)
    loads = RememberedLoads(engine, settings, Machine.of({"STUDIO_FAKE_DEVICES": TWO_GPUS}))
    autoload = AutoloadService(settings, tasks)
    service = create_residents_service(
        fake_engine(tmp_path),
        tmp_path / "logs",
        tasks,
        os.environ,
        loads.plan_beside,
        no_name,
        autoload=autoload,
    )
    assert service is not None
    events: list[EngineNotice] = []
    service.engine_event.connect(events.append)

    async def scenario() -> None:
        engine.probe()  # in flight: the autoload waits for it, as at start-up
        decision = service.autoload_last_model()
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
    assert settings.current.load_in_progress is None


async def no_name(_name: str) -> Path | None:
    return None


def _engine_out_of_kv_memory_at(directory: Path, ctx: int) -> Path:
    """The fake engine, except that a context of `ctx` fails as llama-server does when
    its KV cache does not fit."""
    oom = "llama_init_from_model: failed to allocate buffer for kv cache"
    script = directory / "llama-server"
    script.write_text(
        "#!/bin/sh\n"
        'case " $* " in\n'
        f'  *" -c {ctx} "*) echo "{oom}" >&2; exit 1 ;;\n'
        "esac\n"
        f'exec {shlex.quote(sys.executable)} {shlex.quote(str(FAKE_SERVER))} "$@"\n'
    )
    script.chmod(0o755)
    return script


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_apis_load_reaches_the_manager_with_its_step_down(
    qasync_loop: asyncio.AbstractEventLoop, qapp: QApplication, tmp_path: Path
) -> None:
    from studio.core.engine import EngineLocation, EngineSource

    model = synthetic_model("tiny-llama")
    tasks = TaskOwner("test")
    saved = AppSettings(api_port=_free_port()).with_remembered_load(str(model), {"ctx": 4096})
    settings = _settings(tmp_path, tasks, saved)
    engine = EngineService(selector_in(tmp_path), tasks)
    loads = RememberedLoads(engine, settings, Machine.of({"STUDIO_FAKE_DEVICES": "HOST:32GiB"}))
    binary = _engine_out_of_kv_memory_at(tmp_path, 4096)
    service = create_residents_service(
        EngineLocation(binary, EngineSource.SETTING),
        tmp_path / "logs",
        tasks,
        os.environ,
        loads.plan_beside,
        no_name,
    )
    assert service is not None
    api = ApiServerService(service.residents, settings, tasks, loads.plan)

    async def scenario() -> httpx.Response:
        engine.probe()
        await api.start()
        assert api.status.state is ApiState.RUNNING
        async with httpx.AsyncClient(trust_env=False, timeout=120) as client:
            return await client.post(
                f"http://127.0.0.1:{api.status.port}/studio/load",
                json={"model": str(model)},
                headers={"Authorization": f"Bearer {api.key}"},
            )

    try:
        answer = qasync_loop.run_until_complete(asyncio.wait_for(scenario(), 180))
        assert answer.status_code == 200, answer.text
        snapshot = service.snapshot
        assert snapshot.state is ServerState.READY
        # The remembered context ran out of memory; the planner's step down loaded it.
        assert [note.step for note in snapshot.recovery] == [RecoveryStep.SMALLER_CONTEXT]
        assert snapshot.spec is not None and snapshot.spec.ctx_size == 3072
    finally:
        qasync_loop.run_until_complete(api.shutdown())
        qasync_loop.run_until_complete(service.shutdown())
        qasync_loop.run_until_complete(tasks.shutdown())


@pytest.mark.parametrize(
    ("remembered", "flags"),
    [({"ctx": 4096}, ["-c", "4096"]), ({}, [])],
    ids=["settings-given", "none-given"],
)
def test_the_autoload_and_serve_plan_a_model_through_one_planner(
    remembered: dict[str, object],
    flags: list[str],
    qasync_loop: asyncio.AbstractEventLoop,
    qapp: QApplication,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("STUDIO_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", TWO_GPUS)
    for name in [n for n in os.environ if n.startswith("LLAMA_ARG_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("LLAMA_ARG_CTX_SIZE", "8192")  # what neither the app nor -c says
    model = synthetic_model("qwen3-30b-a3b-shape")
    tasks = TaskOwner("test")
    saved = AppSettings().with_remembered_load(str(model), remembered)
    engine = EngineService(selector_in(tmp_path), tasks)
    loads = RememberedLoads(engine, _settings(tmp_path, tasks, saved), Machine.of(os.environ))

    async def autoload() -> tuple[LaunchSpec, object]:
        engine.probe()
        planned = await asyncio.wait_for(loads.plan(model), 60)
        await tasks.shutdown()
        return planned

    app_spec, app_step_down = qasync_loop.run_until_complete(autoload())
    args = build_parser().parse_args(["serve", str(model), "--plan", *flags])
    served = serve.planned(args, PlanningEngine.of(active_engine(None)))
    # The same launch, with the log verbosity the engine reports allocations at.
    assert app_spec.extra_args == ("-lv", "4")
    assert app_spec == served.spec
    assert served.spec.ctx_size == (int(flags[1]) if flags else 8192)
    assert app_step_down is not None and served.step_down is not None
