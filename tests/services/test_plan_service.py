"""The plan service over the real planner: coalesced re-plans, the largest context that fits,
the panel's view of a plan, remembered settings and projector discovery."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from studio.core.engine import EngineInfo, EngineLocation
from studio.core.placement.request import Mtp, PlanRequest, SplitMode
from studio.core.tasks import TaskOwner
from studio.core.placement.device_memory import DeviceKind
from studio.services.plan_service import (
    LoadSetup,
    PlanService,
    find_projector,
    plan_memory,
    remembered,
    restore,
)
from tests.ui.load.load_dialog_support import fake_setup, probe_engine, synthetic_model

pytestmark = pytest.mark.engine  # the engine's own --help tells which features exist


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory, engine_location: EngineLocation) -> EngineInfo:
    return probe_engine(tmp_path_factory.mktemp("probe") / "probe.json", engine_location)


@pytest.fixture(scope="module")
def moe(engine: EngineInfo) -> LoadSetup:
    """Read once: the 30B-A3B shape's tensor table takes most of a second to parse."""
    return fake_setup("qwen3-30b-a3b-shape", engine)


def test_submissions_in_one_turn_make_one_plan(qtbot: QtBot, moe: LoadSetup) -> None:
    setup = moe
    service = PlanService(setup.planner)
    first = service.plan_now(setup.base_request)
    assert service.plans_made == 1
    gpu0 = first.devices[0].key
    with qtbot.waitSignal(service.planned) as seen:
        for layers in range(5, 15):
            service.submit(first.with_layers(gpu0, layers))
        assert service.pending
    assert service.plans_made == 2  # ten submissions, one plan: the last
    assert seen.args[0].device(gpu0).layers == 14
    assert not service.pending
    assert service.last_duration_s < 5  # sanity only; speed is bench/plan_service.py's job


def test_largest_fitting_context_is_the_edge(moe: LoadSetup) -> None:
    setup = moe
    service = PlanService(setup.planner)
    auto = service.plan_now(setup.base_request)
    assert auto.fits and service.largest_fitting_ctx == auto.ctx
    assert auto.ctx < auto.limits.ctx_trained  # two small GPUs: the context was reduced
    pinned = service.plan_now(auto.with_ctx(auto.limits.ctx_trained))
    assert not pinned.fits
    edge = service.largest_fitting_ctx
    assert edge is not None
    assert setup.planner.plan(pinned.with_ctx(edge)).fits
    assert not setup.planner.plan(pinned.with_ctx(edge + pinned.limits.ctx_step)).fits


def test_plan_memory_lists_every_device_then_the_host(moe: LoadSetup) -> None:
    setup = moe
    plan = setup.planner.plan(setup.base_request)
    memory = plan_memory(plan)
    assert [m.key for m in memory] == [d.key for d in plan.devices] + ["host"]
    assert [m.kind for m in memory] == [DeviceKind.GPU, DeviceKind.GPU, DeviceKind.HOST]
    for view, device in zip(memory, (*plan.devices, plan.host), strict=True):
        assert view.planned.total == device.predicted.total
        assert view.budget == device.budget
        assert view.fits == device.fits
        assert view.total == device.total_bytes


def test_remembered_settings_round_trip(moe: LoadSetup) -> None:
    setup = moe
    plan = setup.planner.plan(
        setup.base_request.with_changes(
            ctx=8192,
            cache_type_k="q8_0",
            cache_type_v="q8_0",
            parallel=2,
            disabled=frozenset({setup.inventory.devices[1].key}),
            n_cpu_moe=12,
        )
    )
    saved = remembered(plan, use_projector=False)
    request, use_projector = restore(saved, PlanRequest(), projector=None)
    assert not use_projector
    again = setup.planner.plan(request)
    assert again.ctx == 8192
    assert again.request.cache_types == ("q8_0", "q8_0")
    assert again.request.parallel == 2
    assert again.n_cpu_moe == 12
    assert not again.device(setup.inventory.devices[1].key).enabled


def test_restore_is_lenient() -> None:
    base = PlanRequest()
    request, _ = restore(
        {"ctx": "big", "parallel": -3, "split_mode": "diagonal", "layers": {"a": "x"}, "mtp": 1},
        base,
        projector=None,
    )
    assert request == base
    request, _ = restore(
        {"ctx": None, "split_mode": "tensor", "mtp": True, "flash_attn": False}, base, None
    )
    assert request.ctx is None
    assert request.split_mode is SplitMode.TENSOR
    assert isinstance(request.speculative, Mtp)
    assert request.flash_attn is False


def test_projector_beside_the_model_is_found(tmp_path: Path) -> None:
    model = tmp_path / "model.gguf"
    shutil.copy(synthetic_model("tiny-llama"), model)
    assert find_projector(model) is None
    projector = tmp_path / "mmproj-model-f16.gguf"
    shutil.copy(synthetic_model("tiny-llama-q8-tied"), projector)
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "mmproj-a-pipe.gguf")  # sorts first; reading it would block
    found = find_projector(model)
    assert found is not None and found.path == projector
    assert found.weight_bytes > 0
    _, use = restore({"mmproj": False}, PlanRequest(), found)
    assert not use
    _, use = restore(None, PlanRequest(), found)
    assert use


def test_largest_context_search_runs_off_the_gui_thread_and_only_when_placement_moves(
    qtbot: QtBot, moe: LoadSetup
) -> None:
    import asyncio

    import qasync

    setup = moe
    tasks = TaskOwner("test")
    service = PlanService(setup.planner, tasks)
    loop = qasync.QEventLoop(already_running=False)
    asyncio.set_event_loop(loop)

    async def scenario() -> None:
        auto = service.plan_now(setup.base_request)
        assert service.largest_searches == 0  # auto-fit's own context is the edge
        edge = service.largest_fitting_ctx
        gpu0 = auto.devices[0].key
        fewer = service.plan_now(auto.with_ctx(8192).with_changes(layers={gpu0: 10}))
        assert service.largest_searches == 0 or tasks.running  # searching in a thread
        while tasks.running:  # noqa: ASYNC110 (the search task is owned by `tasks`)
            await asyncio.sleep(0.01)
        assert service.largest_searches == 1
        expected = setup.planner.plan(fewer.with_ctx(None))
        new_edge = expected.ctx if expected.fits else None
        assert service.largest_fitting_ctx == new_edge != edge
        service.plan_now(fewer.with_ctx(4096))  # only the context moved
        service.plan_now(fewer.with_ctx(16384))
        assert service.largest_searches == 1
        assert service.largest_fitting_ctx == new_edge
        await tasks.shutdown()

    try:
        loop.run_until_complete(scenario())
    finally:
        loop.close()
        asyncio.set_event_loop(None)


def test_our_running_engine_is_handed_to_device_discovery(
    engine: EngineInfo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Planning a switch must count the memory our own engine holds as free; the NVML side
    of that is tested in tests/core/hardware/test_hardware_devices.py, this is the hand-over."""
    from studio.services import plan_service

    seen: list[object] = []
    real = plan_service.discover_devices

    def spy(*args: object, **kwargs: object) -> object:
        seen.append(kwargs.get("own_pids"))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(plan_service, "discover_devices", spy)
    model = synthetic_model("tiny-llama")
    fakes = {"STUDIO_FAKE_DEVICES": "GPU0:8GiB"}
    plan_service.prepare_load(model, engine, None, (), environ=fakes, own_pids=(4321,))
    plan_service.prepare_load(model, engine, None, (), environ=fakes)
    assert seen == [(4321,), ()]
