"""Tuning searches a bounded space around the planner's plan, tells its cost before it
starts, stops a variant that is clearly slower after one run, starts none past its time
budget, and gives the winner back as the settings the load dialog remembers."""

from __future__ import annotations

import pytest

from studio.core.bench import (
    BenchOptions,
    Changes,
    TuneBounds,
    TuneSearch,
    plan_variants,
    tune_search,
)
from studio.core.bench.results import BenchResult, LengthFigures
from studio.core.bench.session import Teller
from studio.core.bench.tune import BUDGET_SPENT, tune_on
from studio.core.placement.load_plan import explicit_request
from studio.core.placement.plan import Plan
from studio.core.placement.setup import Machine, ModelSetup
from tests.core.bench.bench_support import OPTIONS, RUN_S, FakeRunner, sample
from tests.support.synthetic import synthetic_model


@pytest.fixture(scope="module")
def setup() -> ModelSetup:
    """A real MoE header on two fake GPUs: no engine needed to plan."""
    machine = Machine.of({"STUDIO_FAKE_DEVICES": "GPU0:12GiB,GPU1:8GiB,HOST:64GiB"})
    return machine.setup(synthetic_model("qwen3-30b-a3b-shape"), None)


@pytest.fixture(scope="module")
def base(setup: ModelSetup) -> Plan:
    return setup.planner.plan(explicit_request(setup, {"ctx": 4096}))


@pytest.fixture(scope="module")
def search(setup: ModelSetup, base: Plan) -> TuneSearch:
    return tune_search(setup, base, TuneBounds(max_variants=5))


def test_the_search_starts_with_the_base_and_changes_one_knob_at_a_time(
    setup: ModelSetup, base: Plan
) -> None:
    everything = tune_search(setup, base)
    assert everything.base.changes == Changes() and everything.base.label == "base"
    changed = [v.changes for v in everything.variants[1:]]
    assert all(
        len(c.knobs) + len(c.layers) == 1 or set(c.knobs) == {"cache_type_k", "cache_type_v"}
        for c in changed
    )
    gpu0 = base.devices[0]
    assert changed[:2] == [Changes(layers={"CUDA0": gpu0.layers + d}) for d in (-4, 4)]
    assert Changes(knobs={"n_cpu_moe": base.n_cpu_moe + 2}) in changed  # a MoE model
    assert {"ubatch": 256} in [dict(c.knobs) for c in changed]
    assert {"ubatch": 512} not in [dict(c.knobs) for c in changed]  # the base's own
    for variant in everything.variants:  # the context stays pinned
        assert variant.plan.ctx == base.ctx


def test_the_search_is_bounded_and_reports_what_does_not_fit(search: TuneSearch) -> None:
    running = [v for v in search.variants if v.fits]
    left_out = [v for v in search.variants if not v.fits]
    assert len(running) == 5
    assert left_out and all(v.refusal is not None for v in left_out)
    estimate = search.estimate(OPTIONS)
    assert (estimate.variants, estimate.left_out, estimate.runs) == (5, len(left_out), 15)
    assert estimate.seconds > 0 and not estimate.measured


def test_the_estimate_takes_a_measured_result_of_the_base(search: TuneSearch) -> None:
    lengths = tuple(LengthFigures(n, (sample(50.0, 1000.0, n),)) for n in (128, 512))
    measured = BenchResult(lengths, (), None, "llama-server")
    options = BenchOptions(runs=2, prompt_lengths=(128, 512), generated_tokens=16)
    estimate = search.estimate(options, measured)
    assert estimate.measured
    one_run = (128 + 512) / 1000 + 2 * 16 / 50
    warm_up = 128 / 1000 + 1 / 50
    assert estimate.seconds == pytest.approx(5 * (1.0 + warm_up + 2 * one_run))


async def test_a_clearly_slower_variant_stops_after_its_first_run(search: TuneSearch) -> None:
    labels = [v.label for v in search.variants if v.fits]
    speeds = {label: [100.0, 101.0, 102.0] for label in labels}
    speeds[labels[1]] = [50.0, 50.0, 50.0]  # far below the base's slowest run
    speeds[labels[2]] = [99.0, 100.0, 101.0]  # within the base's spread: runs in full
    speeds[labels[3]] = [120.0, 121.0, 122.0]  # the fastest
    runner = FakeRunner(speeds)
    steps = Teller(None, 3 * len(labels))
    tuned = await tune_on(runner, search, 3, steps, clock=runner.clock)
    by_label = {o.variant: o for o in tuned.comparison.outcomes}
    assert by_label[labels[1]].stopped_early and runner.runs.count(labels[1]) == 1
    assert not by_label[labels[2]].stopped_early and runner.runs.count(labels[2]) == 3
    assert steps.done == steps.total  # a stop counts the runs it saved as done
    assert tuned.winner is not None and tuned.winner.label == labels[3]
    assert all(v.label in runner.loads for v in search.variants if v.fits)
    assert not any(v.label in runner.loads for v in search.variants if not v.fits)
    refused = [o for o in tuned.comparison.outcomes if o.problem is not None]
    assert {o.problem.code for o in refused if o.problem} == {"model_does_not_fit"}


async def test_the_winner_comes_back_as_remembered_settings(
    setup: ModelSetup, base: Plan, search: TuneSearch
) -> None:
    labels = [v.label for v in search.variants if v.fits]
    winner = next(v for v in search.variants if v.changes.layers)
    speeds = {label: [100.0] * 3 for label in labels} | {winner.label: [130.0] * 3}
    runner = FakeRunner(speeds)
    tuned = await tune_on(runner, search, 3, Teller(None, 0), clock=runner.clock)
    assert tuned.winner == winner
    layers = dict(winner.plan.asked.layers or {})
    assert tuned.settings["layers"] == layers and tuned.settings["ctx"] == winner.plan.ctx
    assert dict(tuned.unkept) == {}
    pair = TuneSearch(plan_variants(setup, base, [Changes(), Changes({"ubatch": 1024})]))
    runner = FakeRunner({"base": [100.0] * 3, "ubatch=1024": [130.0] * 3})
    tuned = await tune_on(runner, pair, 3, Teller(None, 0), clock=runner.clock)
    assert tuned.settings["ubatch"] == 1024 and dict(tuned.unkept) == {}
    pair = TuneSearch(plan_variants(setup, base, [Changes(), Changes({"threads": 2})]))
    runner = FakeRunner({"base": [100.0] * 3, "threads=2": [130.0] * 3})
    tuned = await tune_on(runner, pair, 3, Teller(None, 0), clock=runner.clock)
    assert dict(tuned.unkept) == {"threads": 2}  # a launch knob: no remembered key holds it


async def test_no_variant_starts_once_the_budget_would_be_spent(search: TuneSearch) -> None:
    labels = [v.label for v in search.variants if v.fits]
    runner = FakeRunner({label: [100.0] * 3 for label in labels})
    per_variant = 2.0 + 3 * RUN_S  # a load and three runs on the fake clock
    budget = 2.5 * per_variant
    tuned = await tune_on(runner, search, 3, Teller(None, 0), budget_s=budget, clock=runner.clock)
    assert runner.loads == labels[:2]
    spent = [o for o in tuned.comparison.outcomes if o.problem and o.problem.code == BUDGET_SPENT]
    assert [o.variant for o in spent] == labels[2:]
