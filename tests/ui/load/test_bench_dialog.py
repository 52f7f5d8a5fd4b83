"""The load dialog's benchmark panel with canned results: the plots draw the figures (bar
lengths are the medians, error bars the runs' range, memory stacked per device), the
verdict is said in words, a measured plan goes back to the load dialog, the exports write
what the core makes; and the variants grid offers the knobs this model and machine have,
disabled with their reasons where the plan refuses them."""

from __future__ import annotations

import asyncio
import csv
import io
import json
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

import pytest
from PySide6.QtGui import QImage, QPalette
from PySide6.QtWidgets import QApplication, QComboBox, QPushButton, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from studio.core.bench import (
    BenchKey,
    BenchOptions,
    BenchRecord,
    BenchStore,
    Changes,
    Comparison,
    DeviceUse,
    LengthFigures,
    Metric,
    Outcome,
    RecordKind,
    Sample,
    plan_variants,
)
from studio.core.bench.results import BenchResult
from studio.core.errors import Problem
from studio.core.placement.device_memory import MemoryBreakdown
from studio.core.placement.plan import Plan
from studio.core.placement.setup import Machine, ModelSetup
from studio.core.server.manager import ServerManager
from studio.core.tasks import TaskOwner
from studio.core.units import MIB
from studio.core.voice import ENGLISH
from studio.services.bench_service import BenchDone, BenchService
from studio.services.plan_service import PlanService
from studio.ui.common.design import colors_for, palette_for
from studio.ui.load.bench_dialog import BenchDialog
from studio.ui.load.load_dialog import LoadDialog
from tests.support.engine_wrappers import fake_engine
from tests.ui.load.load_dialog_support import TWO_GPUS, synthetic_model, unnamed_controls

T = TypeVar("T")
OPTIONS = BenchOptions(runs=3, prompt_lengths=(128, 512), generated_tokens=16)
UBATCH_128 = Changes({"ubatch": 128}, label="micro-batch 128")


def _result(generation: list[float], prompt: list[float], memory: list[DeviceUse]) -> BenchResult:
    samples = tuple(Sample(128, p, 16, g, 0.05) for g, p in zip(generation, prompt, strict=True))
    return BenchResult((LengthFigures(128, samples),), tuple(memory), None, "llama-server …")


def _memory(key: str, label: str, weights: int, kv: int, compute: int) -> DeviceUse:
    return DeviceUse(key, label, MemoryBreakdown(weights=weights, kv=kv, compute=compute))


CANNED = Comparison.of(
    [
        Outcome(
            "base",
            {},
            _result(
                [40.0, 42.0, 45.0],
                [900.0, 950.0, 1000.0],
                [
                    _memory("gpu-0", "GPU0", 300 * MIB, 40 * MIB, 20 * MIB),
                    _memory("host", "Host", 100 * MIB, 10 * MIB, 5 * MIB),
                ],
            ),
        ),
        Outcome(
            "micro-batch 128",
            {"ubatch": "128"},
            _result(
                [30.0, 31.0, 33.0],
                [500.0, 520.0, 560.0],
                [
                    _memory("gpu-0", "GPU0", 300 * MIB, 40 * MIB, 8 * MIB),
                    _memory("host", "Host", 100 * MIB, 10 * MIB, 2 * MIB),
                ],
            ),
        ),
        Outcome(
            "KV q8_0",
            {"cache_type_k": "q8_0"},
            problem=Problem("bench_request_failed", "gone", {"variant": "KV q8_0"}),
        ),
    ]
)
KEY = BenchKey("/models/m.gguf", 1, 2, "b1234", ("cpu host Host",))


@pytest.fixture
def setup() -> ModelSetup:
    """A dense model on this host only: no GPU rows."""
    return Machine.of({"STUDIO_FAKE_DEVICES": "HOST:16GiB"}).setup(
        synthetic_model("tiny-llama"), None
    )


@pytest.fixture
def base(setup: ModelSetup) -> Plan:
    return setup.planner.plan(setup.base_request.with_changes(ctx=1024))


@pytest.fixture
def bench(
    qasync_loop: asyncio.AbstractEventLoop, qapp: QApplication, tmp_path: Path
) -> Iterator[BenchService]:
    """A service whose manager runs the fake engine when a test starts a run."""
    tasks = TaskOwner("bench-dialog-test")
    manager = ServerManager(fake_engine(tmp_path), tmp_path / "logs", environ={})
    yield BenchService(manager, BenchStore(tmp_path / "bench"), tasks, lambda: None, lambda: False)
    qasync_loop.run_until_complete(tasks.shutdown())
    qasync_loop.run_until_complete(manager.shutdown())


def _on_loop(loop: asyncio.AbstractEventLoop, act: Callable[[], T]) -> T:
    """`act()` on the running loop, as a click is in the app, then a moment for the worker
    threads it started to answer."""

    async def scenario() -> T:
        done = act()
        await asyncio.sleep(0.3)
        return done

    return loop.run_until_complete(scenario())


def _dialog(
    qtbot: QtBot,
    loop: asyncio.AbstractEventLoop,
    setup: ModelSetup,
    base: Plan,
    bench: BenchService,
    chosen: list[Path] | None = None,
) -> BenchDialog:
    def choose(_parent: QWidget, _name: str) -> Path | None:
        return chosen.pop(0) if chosen else None

    dialog = _on_loop(
        loop, lambda: BenchDialog(setup, base, bench, str, ENGLISH.reason, choose_file=choose)
    )
    qtbot.addWidget(dialog)
    return dialog


def test_the_plots_draw_the_figures_and_their_spread(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    setup: ModelSetup,
    base: Plan,
    bench: BenchService,
) -> None:
    dialog = _dialog(qtbot, qasync_loop, setup, base, bench)
    plots = dialog.results.plots
    plots.show_comparison(CANNED)
    assert plots.rows == ("base", "micro-batch 128")  # the failed variant is said, not drawn
    measured = [o.result for o in CANNED.outcomes if o.result is not None]
    for metric in Metric:
        bar, spread = plots.speed_items[metric]
        figures = [metric.of(result) for result in measured]
        assert list(bar.opts["width"]) == [f.median for f in figures]
        assert list(bar.opts["y"]) == [0, 1]
        assert list(spread.opts["left"]) == pytest.approx([f.median - f.low for f in figures])
        assert list(spread.opts["right"]) == pytest.approx([f.high - f.median for f in figures])
    # Memory in MiB, each device's parts stacked where the one before ends.
    weights, compute = plots.memory_items["weights"], plots.memory_items["compute"]
    assert list(weights.opts["width"]) == [300, 100, 300, 100]
    assert list(compute.opts["width"]) == [20, 5, 8, 2]
    assert list(compute.opts["x0"]) == [340, 110, 340, 110]
    assert set(plots.memory_items) == {"weights", "kv", "compute"}

    plots.show_comparison(None)
    assert plots.rows == () and plots.speed_items == {} and plots.memory_items == {}


def test_the_verdict_is_said_and_exports_write_what_the_core_makes(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    setup: ModelSetup,
    base: Plan,
    bench: BenchService,
    tmp_path: Path,
) -> None:
    targets = [tmp_path / "plot.png", tmp_path / "figures.csv", tmp_path / "all.json"]
    dialog = _dialog(qtbot, qasync_loop, setup, base, bench, list(targets))
    dialog.resize(1280, 800)
    dialog.show()
    record = BenchRecord(RecordKind.COMPARISON, 1.0, OPTIONS, CANNED)
    dialog.results.show_done(BenchDone(record, KEY, ()))
    said = dialog.results.verdict.text()
    assert said.splitlines() == [
        "base generates 1.35 times as fast as micro-batch 128.",
        "base reads prompts 1.83 times as fast as micro-batch 128.",
        "The engine did not answer a benchmark request for KV q8_0.",
    ]
    assert not dialog.results.use_button.isEnabled()  # no plans came with these results

    for _ in targets:
        _on_loop(qasync_loop, dialog.results.export_button.click)
    image = QImage(str(targets[0]))
    assert not image.isNull() and image.width() > 300
    rows = list(csv.DictReader(io.StringIO(targets[1].read_text())))
    generation = [float(r["median"]) for r in rows if r["measure"] == "generation_per_s"]
    assert generation == [42.0, 31.0]
    exported = json.loads(targets[2].read_text())
    assert Comparison.from_json(exported) == CANNED
    assert said.splitlines()[0] in exported["sentences"]
    assert dialog.results.saved.text() == f"Saved to {targets[2]}."


def test_a_measured_plan_goes_back_to_the_load_dialog(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    setup: ModelSetup,
    base: Plan,
    bench: BenchService,
) -> None:
    load_dialog = LoadDialog(setup, PlanService(setup.planner), setup.recall({"ctx": 1024}))
    qtbot.addWidget(load_dialog)
    assert load_dialog.findChild(QWidget, "load-benchmark") is None  # no service, no button
    load_dialog = LoadDialog(
        setup, PlanService(setup.planner), setup.recall({"ctx": 1024}), bench=bench
    )
    qtbot.addWidget(load_dialog)
    _on_loop(qasync_loop, load_dialog.findChild(QPushButton, "load-benchmark").click)
    dialog = load_dialog.bench_dialog
    assert isinstance(dialog, BenchDialog)
    threads = Changes({"ubatch": 128, "threads": 1}, label="micro-batch 128")
    variants = plan_variants(setup, load_dialog.plan, [Changes(), threads])
    fast, slow = CANNED.outcomes[0], CANNED.outcomes[1]
    flipped = Comparison.of(  # the variant has the faster figures
        [replace(slow, variant="base"), replace(fast, variant="micro-batch 128")]
    )
    record = BenchRecord(RecordKind.COMPARISON, 1.0, OPTIONS, flipped)
    dialog.results.show_done(BenchDone(record, KEY, variants))
    assert dialog.results.choice.currentText() == "micro-batch 128"  # the fastest, chosen
    # The thread count is no part of a plan: the load dialog cannot take it along.
    assert dialog.results.use_notes.text() == (
        "threads=1: not part of a plan, so a load from the dialog leaves it to the engine."
    )
    dialog.results.use_button.click()
    assert load_dialog.plan.request.ubatch == 128
    assert "-ub 128" in load_dialog.command.toPlainText()
    assert not dialog.isVisible()


def test_the_variants_grid_changes_what_each_column_says(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    setup: ModelSetup,
    base: Plan,
    bench: BenchService,
) -> None:
    dialog = _dialog(qtbot, qasync_loop, setup, base, bench)
    grid = dialog.variants
    # Only what a dense model on a host without GPUs can change.
    assert [k.name for k in grid.knobs] == ["cache-type", "flash-attn", "ubatch", "threads"]
    assert dialog.run_button.text() == "Benchmark this plan"
    grid.add_variant()
    grid.add_variant()
    assert dialog.run_button.text() == "Run the A/B"
    first, second = grid.column(0), grid.column(1)
    ubatch = first.editors[[k.name for k in grid.knobs].index("ubatch")]
    assert isinstance(ubatch, QComboBox)
    ubatch.setCurrentIndex(ubatch.findData(128))
    threads = second.editors[-1]
    assert isinstance(threads, QSpinBox) and threads.text() == "automatic"
    threads.setValue(1)
    assert first.name.text() == "micro-batch 128"
    assert grid.changes() == [
        Changes(),
        Changes({"ubatch": 128}, label="micro-batch 128"),
        Changes({"threads": 1}, label="threads 1"),
    ]
    grid.remove_variant(first)
    assert [c.label for c in grid.changes()] == ["", "threads 1"]
    for _ in range(6):
        grid.add_variant()
    assert grid.variant_count == 5 and not grid.add_button.isEnabled()  # six with the base
    dialog.lengths.setText("32,, x")
    assert dialog.options() is None and not dialog.run_button.isEnabled()
    dialog.lengths.setText("32 96")
    assert dialog.options() == BenchOptions(3, (32, 96), 64)
    assert unnamed_controls(dialog) == []


def test_gpu_knobs_are_offered_and_refused_with_reasons(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop, bench: BenchService
) -> None:
    setup = Machine.of({"STUDIO_FAKE_DEVICES": TWO_GPUS}).setup(
        synthetic_model("qwen3-30b-a3b-shape"), None
    )
    base = setup.planner.plan(setup.base_request.with_changes(ctx=4096))
    dialog = _dialog(qtbot, qasync_loop, setup, base, bench)
    grid = dialog.variants
    names = [k.name for k in grid.knobs]
    gpus = [d.key for d in base.devices if d.enabled]
    assert names[: len(gpus)] == [f"layers-{key}" for key in gpus]
    assert {"n-cpu-moe", "tensor-parallel", "cache-type", "flash-attn"} <= set(names)
    grid.add_variant()
    for knob, editor in zip(grid.knobs, grid.column(0).editors, strict=True):
        assert editor.isEnabled() == knob.eligibility.allowed
        assert bool(editor.toolTip()) == (not knob.eligibility.allowed)
    moe = grid.column(0).editors[names.index("n-cpu-moe")]
    assert isinstance(moe, QSpinBox)
    moe.setValue(base.n_cpu_moe + 2)
    assert grid.changes()[1].knobs == {"n_cpu_moe": base.n_cpu_moe + 2}


def test_a_search_says_what_it_costs_and_starts_only_when_asked(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    setup: ModelSetup,
    base: Plan,
    bench: BenchService,
) -> None:
    dialog = _dialog(qtbot, qasync_loop, setup, base, bench)
    dialog.show()
    dialog.runs.setValue(1)
    dialog.lengths.setText("32")
    dialog.tokens.setValue(2)
    _on_loop(qasync_loop, dialog.tune_button.click)
    offer = dialog.offer.text()
    assert dialog.start_tune.isVisible() and "variants to try" in offer
    assert "A rough guess: nothing was measured yet." in offer
    dialog.drop_tune.click()
    assert not dialog.start_tune.isVisible() and not bench.busy

    _on_loop(qasync_loop, dialog.tune_button.click)
    _on_loop(qasync_loop, dialog.start_tune.click)
    qasync_loop.run_until_complete(_shown(dialog))
    shown = dialog.results.shown
    assert shown is not None and shown.record.kind is RecordKind.TUNING
    assert shown.tuned is not None and shown.tuned.winner is not None
    assert dialog.results.verdict.text().startswith(f"Fastest: {shown.tuned.winner.label}.")
    assert dialog.results.choice.currentText() == shown.tuned.winner.label


async def _shown(dialog: BenchDialog) -> None:
    """Until the dialog shows a result (a search on the fake engine takes seconds)."""
    for _ in range(600):
        if dialog.results.shown is not None:
            return
        await asyncio.sleep(0.05)
    raise TimeoutError("no result shown")


def test_the_plots_follow_a_theme_change(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    setup: ModelSetup,
    base: Plan,
    bench: BenchService,
) -> None:
    dialog = _dialog(qtbot, qasync_loop, setup, base, bench)
    plots = dialog.results.plots
    plots.show_comparison(CANNED)
    dark = palette_for(colors_for(True))
    plots.setPalette(dark)  # as the app's palette reaches it when the theme changes
    assert plots.canvas.backgroundBrush().color() == dark.color(QPalette.ColorRole.Base)
    axis = plots.speed[Metric.GENERATION].getAxis("bottom")
    assert axis.textPen().color() == dark.color(QPalette.ColorRole.Text)
    _bar, spread = plots.speed_items[Metric.GENERATION]  # drawn again, in the new colour
    assert spread.opts["pen"].color() == dark.color(QPalette.ColorRole.Text)
