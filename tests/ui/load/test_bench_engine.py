"""From the load dialog, an A/B of two placements of SmolLM2 on the real engine, on this
host, through the manager the chat would use: the result is said, plotted and kept; the
model loaded before is loaded again afterwards, and after a cancel mid-run too.

Tiny settings (one run, one short prompt, four tokens): seconds, not minutes. No speed is
asserted, only that the figures shown are the figures measured."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QPushButton, QSpinBox
from pytestqt.qtbot import QtBot

from studio.core.bench import BenchStore, Metric, Phase
from studio.core.bench.results import BenchProgress
from studio.core.engine import EngineInfo, EngineLocation
from studio.core.placement.load_plan import PlannedLoad, PlanningEngine, launched, model_setup
from studio.core.placement.setup import Machine, ModelSetup
from studio.core.server.manager import ServerManager
from studio.core.server.states import ServerState
from studio.core.tasks import TaskOwner
from studio.services.bench_service import BenchService
from studio.services.plan_service import PlanService
from studio.ui.load.bench_dialog import BenchDialog
from studio.ui.load.load_dialog import LoadDialog
from tests.ui.load.load_dialog_support import probe_engine

pytestmark = pytest.mark.engine

WAIT_S, POLL_S = 240, 0.05


@pytest.fixture(scope="module")
def info(tmp_path_factory: pytest.TempPathFactory, engine_location: EngineLocation) -> EngineInfo:
    return probe_engine(tmp_path_factory.mktemp("probe") / "probe.json", engine_location)


@dataclass
class Engine:
    manager: ServerManager
    setup: ModelSetup
    before: PlannedLoad
    bench: BenchService
    store: BenchStore


@pytest.fixture
def engine(
    qasync_loop: asyncio.AbstractEventLoop,
    qapp: QApplication,
    engine_location: EngineLocation,
    smollm2: Path,
    info: EngineInfo,
    tmp_path: Path,
) -> Iterator[Engine]:
    machine = Machine.of({"STUDIO_FAKE_DEVICES": "HOST:16GiB"})
    setup = model_setup(machine, smollm2, PlanningEngine(info, engine_location))
    before = launched(setup, setup.planner.plan(setup.base_request.with_changes(ctx=512)))
    manager = ServerManager(engine_location, tmp_path / "logs", health_timeout_s=120)
    tasks = TaskOwner("bench-engine-test")
    store = BenchStore(tmp_path / "bench")
    bench = BenchService(manager, store, tasks, lambda: info, lambda: False)
    qasync_loop.run_until_complete(manager.load(before.spec, smaller_plan=before.step_down))
    yield Engine(manager, setup, before, bench, store)
    qasync_loop.run_until_complete(tasks.shutdown())
    qasync_loop.run_until_complete(manager.shutdown())


def _until(
    loop: asyncio.AbstractEventLoop, done: Callable[[], bool], act: Callable[[], object]
) -> None:
    """`act()` on the running loop (as a click is in the app), then wait for `done()`: the
    dialog shows what it was told, so it is polled, as a person would look."""

    async def scenario() -> None:
        act()
        for _ in range(int(WAIT_S / POLL_S)):
            if done():
                return
            await asyncio.sleep(POLL_S)
        raise TimeoutError(f"not done after {WAIT_S} s")

    loop.run_until_complete(scenario())


def _loaded_as_before(engine: Engine) -> None:
    snapshot = engine.manager.snapshot
    assert snapshot.state is ServerState.READY
    assert snapshot.requested == engine.before.spec
    assert engine.manager.smaller_plan is engine.before.step_down


def test_an_ab_from_the_load_dialog_is_shown_plotted_and_puts_the_model_back(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop, engine: Engine, tmp_path: Path
) -> None:
    setup = engine.setup
    load_dialog = LoadDialog(
        setup, PlanService(setup.planner), setup.recall({"ctx": 1024}), bench=engine.bench
    )
    qtbot.addWidget(load_dialog)
    button = load_dialog.findChild(QPushButton, "load-benchmark")
    _until(qasync_loop, lambda: load_dialog.bench_dialog is not None, button.click)
    dialog = load_dialog.bench_dialog
    assert isinstance(dialog, BenchDialog)
    dialog.resize(1280, 800)
    dialog.show()
    grid = dialog.variants
    grid.add_variant()
    threads = grid.column(0).editors[[k.name for k in grid.knobs].index("threads")]
    assert isinstance(threads, QSpinBox)
    threads.setValue(1)
    dialog.runs.setValue(1)
    dialog.lengths.setText("32")
    dialog.tokens.setValue(4)

    _until(qasync_loop, lambda: dialog.results.shown is not None, dialog.run_button.click)
    shown = dialog.results.shown
    assert shown is not None and dialog.status.text() == "Done."
    outcomes = shown.record.comparison.outcomes
    assert [o.variant for o in outcomes] == ["base", "threads 1"]
    results = [o.result for o in outcomes]
    assert all(r is not None and r.runs == 1 for r in results)
    plots = dialog.results.plots
    assert plots.rows == ("base", "threads 1")
    for metric in Metric:
        bar, _spread = plots.speed_items[metric]
        assert list(bar.opts["width"]) == [metric.of(r).median for r in results if r]
    assert plots.memory_items["weights"].opts["width"][0] > 50  # MiB of SmolLM2 on the host
    said = dialog.results.verdict.text()
    assert "as fast as" in said and "one run each" in said
    assert engine.store.records(shown.key) == (shown.record,)
    dialog.grab().save(str(tmp_path / "bench-real.png"))
    _loaded_as_before(engine)

    # Again, cancelled while a run is measured: the model loaded before comes back.
    def cancel_when_measuring(step: BenchProgress) -> None:
        if step.phase is Phase.MEASURING and dialog.cancel_button.isEnabled():
            dialog.cancel_button.click()

    engine.bench.progress.connect(cancel_when_measuring)
    _until(
        qasync_loop,
        lambda: dialog.status.text().startswith("Cancelled"),
        dialog.run_button.click,
    )
    assert dialog.results.shown is shown  # what was shown stays
    _loaded_as_before(engine)
