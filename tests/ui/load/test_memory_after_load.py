"""After a load: the real engine's `-lv 4` log beside the plan's prediction, and live use.

The planned launch runs for real (CPU only: the fake GPUs of the other tests cannot hold
layers), its log is parsed, and the panel shows what the engine allocated per device.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import time
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from studio.core.engine import EngineInfo, EngineLocation
from studio.core.placement.device_memory import MemoryBreakdown
from studio.core.placement.plan import Plan
from studio.core.placement.plan_memory import actual_memory, read_allocation
from studio.core.placement.shown_command import app_launch
from studio.core.server.launch import LaunchSpec, free_loopback_port, to_argv
from studio.core.server.states import ServerState, Snapshot
from studio.core.tasks import TaskOwner
from studio.core.units import GIB
from studio.services.allocation_service import AllocationService
from studio.services.memory_monitor import MemoryMonitor, MemorySample
from studio.ui.load.loaded_memory import LoadedMemoryPanel
from tests.ui.load.load_dialog_support import fake_setup, probe_engine

CPU_ONLY = "HOST:16GiB"


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory, engine_location: EngineLocation) -> EngineInfo:
    return probe_engine(tmp_path_factory.mktemp("probe") / "probe.json", engine_location)


def _run_until_listening(
    location: EngineLocation, spec: LaunchSpec, log_path: Path, timeout_s: float = 60
) -> None:
    argv = to_argv(spec, location.path, free_loopback_port())
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            argv,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=location.child_environment(os.environ),
        )
        try:
            deadline = time.monotonic() + timeout_s
            while b"listening on http" not in log_path.read_bytes():
                if process.poll() is not None:
                    raise RuntimeError(log_path.read_text(errors="replace"))
                if time.monotonic() > deadline:
                    raise TimeoutError(log_path.read_text(errors="replace"))
                time.sleep(0.05)
        finally:
            process.terminate()
            process.wait(timeout=20)


@pytest.fixture(scope="module")
def cpu_run(
    engine: EngineInfo, engine_location: EngineLocation, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Plan, Path]:
    setup = fake_setup("tiny-llama", engine, devices=CPU_ONLY)
    plan = setup.planner.plan(setup.base_request.with_changes(ctx=1024))
    assert plan.fits and not plan.devices
    log_path = tmp_path_factory.mktemp("engine") / "llama-server.log"
    _run_until_listening(engine_location, app_launch(plan, engine.features), log_path)
    return plan, log_path


@pytest.mark.engine
def test_launch_asks_the_engine_to_report_allocations(cpu_run: tuple[Plan, Path]) -> None:
    _, log_path = cpu_run
    text = log_path.read_text(errors="replace")
    assert "model buffer size" in text and "KV buffer size" in text


@pytest.mark.engine
def test_engine_allocation_matches_the_prediction_on_the_host(
    cpu_run: tuple[Plan, Path],
) -> None:
    plan, log_path = cpu_run
    allocation = read_allocation(log_path)
    actual = actual_memory(plan, allocation)
    assert list(actual) == ["host"]
    host = actual["host"]
    # Every host buffer type the engine logged counts as host memory. (On a CPU with AMX
    # the engine adds a repacked copy of the weights beside the mapped file, which the
    # estimator does not predict; the panel shows the difference, this test does not
    # judge the estimator's weights.)
    assert host.weights == allocation.component("Host", "model") > 0
    # KV is exact arithmetic (issue 3's tolerance: 0.5 %).
    assert host.kv == pytest.approx(plan.host.predicted.kv, rel=0.005)
    assert host.compute == allocation.component("Host", "compute") > 0


@pytest.mark.engine
def test_panel_shows_prediction_then_engine_then_live(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    cpu_run: tuple[Plan, Path],
) -> None:
    plan, log_path = cpu_run
    tasks = TaskOwner("test")
    samples = iter(range(1, 1000))
    monitor = MemoryMonitor(
        lambda: MemorySample(used={"host": next(samples) * GIB}, total={"host": 16 * GIB}),
        tasks,
        interval_s=0.01,
    )
    panel = LoadedMemoryPanel(monitor, AllocationService(tasks))
    qtbot.addWidget(panel)
    assert panel.panel.keys == []
    panel.show_plan(plan)
    assert panel.panel.keys == ["host"]
    assert "waiting for the engine" in panel.summary.text()

    async def scenario() -> None:
        panel.show()
        panel.show_snapshot(Snapshot(state=ServerState.STARTING, log_path=log_path))
        panel.show_snapshot(Snapshot(state=ServerState.READY, log_path=log_path))
        bar = panel.panel.bar("host")
        while bar.device is None or bar.device.actual is None or bar.device.live_used is None:  # noqa: ASYNC110
            await asyncio.sleep(0.01)
        panel.hide()
        assert not monitor.polling
        await tasks.shutdown()

    qasync_loop.run_until_complete(asyncio.wait_for(scenario(), 20))
    device = panel.panel.bar("host").device
    assert device is not None and device.actual is not None
    assert device.actual.kv == pytest.approx(plan.host.predicted.kv, rel=0.005)
    assert "Engine allocated" in panel.panel.bar("host").details.text()
    assert "In use now" in panel.panel.bar("host").details.text()
    assert "of the predicted buffers" in panel.summary.text()
    panel.show_snapshot(Snapshot())  # unloaded
    assert panel.panel.keys == []
    assert panel.summary.text() == "No model loaded."


@pytest.mark.engine
def test_a_failed_load_keeps_the_prediction_and_says_so(
    qtbot: QtBot, cpu_run: tuple[Plan, Path]
) -> None:
    plan, _ = cpu_run
    tasks = TaskOwner("test")
    panel = LoadedMemoryPanel(MemoryMonitor(MemorySample, tasks), AllocationService(tasks))
    qtbot.addWidget(panel)
    panel.show_plan(plan)
    panel.show_snapshot(Snapshot(state=ServerState.FAILED))
    assert "The load failed" in panel.summary.text()
    assert panel.panel.keys == ["host"]


def test_a_log_without_buffer_lines_says_so(qtbot: QtBot, tmp_path: Path) -> None:
    tasks = TaskOwner("test")
    panel = LoadedMemoryPanel(MemoryMonitor(MemorySample, tasks), AllocationService(tasks))
    qtbot.addWidget(panel)
    panel.show_allocation({})
    assert "-lv 4" in panel.summary.text()
    panel.show_allocation({"host": MemoryBreakdown(weights=1)})
    assert panel.panel.keys == []  # no plan shown: nothing to compare with


@pytest.mark.engine
def test_rpc_devices_are_planned_drawn_and_compared(
    qtbot: QtBot, engine: EngineInfo, engine_location: EngineLocation, tmp_path: Path
) -> None:
    """Two real ggml-rpc-server devices: the load dialog gets a row and a bar for each, and
    the engine's allocation on each maps back onto the plan's devices."""
    from studio.core.devices import DeviceKind
    from studio.core.placement.plan_memory import plan_memory
    from studio.core.placement.setup import Machine
    from studio.services.plan_service import PlanService
    from studio.ui.load.load_dialog import LoadDialog
    from tests.support.rpc import rpc_servers
    from tests.ui.load.load_dialog_support import synthetic_model

    with rpc_servers(engine_location, 2) as servers:
        endpoints = [s.endpoint for s in servers]
        setup = Machine.of({}).setup(
            synthetic_model("tiny-llama"), engine, engine_location, endpoints
        )
        assert [d.endpoint for d in setup.inventory.devices] == endpoints
        dialog = LoadDialog(setup, PlanService(setup.planner))
        qtbot.addWidget(dialog)
        keys = [f"rpc:{e}" for e in endpoints]
        assert dialog.panel.keys == [*keys, "host"]
        assert [dialog.panel.bar(k).device.kind for k in keys] == [DeviceKind.RPC] * 2  # type: ignore[union-attr]
        plan = dialog._service.plan_now(dialog.plan.with_layers(keys[0], 3).with_changes(ctx=1024))
        assert [d.layers for d in plan.devices] == [3, 4]
        log_path = tmp_path / "llama-server.log"
        _run_until_listening(engine_location, app_launch(plan, engine.features), log_path)
        actual = actual_memory(plan, read_allocation(log_path))
        assert list(actual) == [*keys, "host"]
        for view in plan_memory(plan):
            if view.key in keys:
                logged = actual[view.key]
                assert logged.kv == pytest.approx(view.planned.kv, rel=0.005)
                assert logged.weights == pytest.approx(view.planned.weights, rel=0.005)
