"""The plan service over the real planner: coalesced re-plans and the largest context that
fits (the Qt-free set-up it plans with is tested in tests/core/placement/test_setup.py)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from studio.core.engine import EngineInfo, EngineLocation
from studio.core.placement.setup import ModelSetup
from studio.core.tasks import TaskOwner
from studio.services.plan_service import PlanService
from tests.ui.load.load_dialog_support import fake_setup, probe_engine

pytestmark = pytest.mark.engine  # the engine's own --help tells which features exist


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory, engine_location: EngineLocation) -> EngineInfo:
    return probe_engine(tmp_path_factory.mktemp("probe") / "probe.json", engine_location)


@pytest.fixture(scope="module")
def moe(engine: EngineInfo) -> ModelSetup:
    """Read once: the 30B-A3B shape's tensor table takes most of a second to parse."""
    return fake_setup("qwen3-30b-a3b-shape", engine)


def test_submissions_in_one_turn_make_one_plan(qtbot: QtBot, moe: ModelSetup) -> None:
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
    assert service.last_duration_s < 5  # sanity only; speed is bench/plan_speed.py's job


def test_largest_fitting_context_is_the_edge(moe: ModelSetup) -> None:
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


def test_largest_context_search_runs_off_the_gui_thread_and_only_when_placement_moves(
    qtbot: QtBot, moe: ModelSetup
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
