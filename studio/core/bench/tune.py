"""Tune: the fastest plan that fits, from a small search around the planner's plan.

The search changes one knob at a time from the base plan (layers on each device it uses
± a step, experts on the CPU ± a step, the KV cache type, the micro-batch, flash
attention, tensor parallelism where it is allowed, thread counts when given), bounded by
`TuneBounds.max_variants`; `TuneSearch.estimate` tells how many runs and about how long
before anything starts. The base runs first and in full; every other variant is stopped
after its first run when that run is clearly slower than the best so far
(`stats.clearly_below`), and no variant starts once the time budget would be spent.

The winner comes back as the settings the load dialog remembers for a model (the knob
table's remembered keys, `placement.remembered.remembered`) and its changes no remembered
key holds (ubatch, threads).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from studio.core.bench.results import (
    BenchOptions,
    BenchResult,
    Outcome,
    ProgressSink,
    Sample,
)
from studio.core.bench.run import measure_into
from studio.core.bench.runner import ManagerRunner, Runner
from studio.core.bench.session import Restore, Tally, Teller, restoring
from studio.core.bench.stats import Spread, clearly_below
from studio.core.bench.variants import (
    Changes,
    Variant,
    plan_variants,
)
from studio.core.bench.verdict import Comparison, Metric
from studio.core.devices import SplitMode
from studio.core.engine_knobs import PLANNED_KNOBS
from studio.core.errors import Problem, StudioError
from studio.core.placement.plan import Plan
from studio.core.placement.remembered import remembered
from studio.core.placement.setup import ModelSetup
from studio.core.server.manager import ServerManager

# What an estimate assumes before anything was measured: generation reads every weight
# once per token at a desktop's memory bandwidth, a prompt batch is many times faster,
# and a load reads the file at an SSD's pace. Rough on purpose: the first measured run
# (the base) replaces them.
PRIOR_BANDWIDTH = 20e9  # bytes per second
PRIOR_PROMPT_SPEEDUP = 20.0
PRIOR_LOAD_BYTES_PER_S = 1e9
PRIOR_LOAD_S = 1.0
# Requests a load's warm-up sends besides the runs (two calibrate the prompts once).
WARM_UP_REQUESTS = 1
BUDGET_SPENT = "bench_tune_budget_spent"
# The knobs the load dialog remembers per model (the table's remembered keys).
REMEMBERED_KNOBS = frozenset(k.name for k in PLANNED_KNOBS if k.remembered is not None)


@dataclass(frozen=True)
class TuneBounds:
    """The space searched around the base plan, one knob at a time."""

    layer_step: int = 4  # layers more and fewer on each device the base uses
    n_cpu_moe_step: int = 2  # experts of this many layers more and fewer on the CPU (MoE)
    cache_types: tuple[str, ...] = ("q8_0",)  # KV cache types tried besides the base's
    ubatches: tuple[int, ...] = (256, 512, 1024)  # micro-batches tried besides the base's
    flash_attn: bool = True  # try flash attention the other way
    tensor_parallel: bool = True  # try the other split mode where the engine allows it
    threads: tuple[int, ...] = ()  # thread counts tried (none: the engine's own choice)
    max_variants: int = 12  # variants run at most, the base included


@dataclass(frozen=True)
class TuneEstimate:
    """What a tuning will cost at most: the variants it runs (those that fit), those left
    out (they do not fit), its runs, and about how many seconds (`measured`: from a
    measured result of the base, else from rough priors)."""

    variants: int
    left_out: int
    runs: int
    seconds: float
    measured: bool


@dataclass(frozen=True)
class TuneSearch:
    """The variants a tuning tries: the base first, then one change each."""

    variants: tuple[Variant, ...]

    @property
    def base(self) -> Variant:
        return self.variants[0]

    def estimate(self, options: BenchOptions, reference: BenchResult | None = None) -> TuneEstimate:
        """The bound, before anything runs; `reference` is a measured result of the base
        (a stored one: `BenchStore.latest`), else the priors stand in for it."""
        runnable = [v for v in self.variants if v.fits]
        per_variant = variant_seconds(self.base.plan, options, reference)
        return TuneEstimate(
            variants=len(runnable),
            left_out=len(self.variants) - len(runnable),
            runs=len(runnable) * options.runs,
            seconds=per_variant * len(runnable),
            measured=reference is not None,
        )


def variant_seconds(plan: Plan, options: BenchOptions, reference: BenchResult | None) -> float:
    """About how long one variant takes: a load, its warm-up and its runs."""
    if reference is not None:
        prompt_s = 1 / max(reference.prompt_per_s.median, 1e-6)
        token_s = 1 / max(reference.generation_per_s.median, 1e-6)
        load_s = reference.load_s.median if reference.load_s is not None else PRIOR_LOAD_S
    else:
        weights = sum(d.predicted.weights for d in (*plan.devices, plan.host))
        token_s = max(weights, 1) / PRIOR_BANDWIDTH
        prompt_s = token_s / PRIOR_PROMPT_SPEEDUP
        load_s = PRIOR_LOAD_S + weights / PRIOR_LOAD_BYTES_PER_S
    one_run = sum(
        length * prompt_s + options.generated_tokens * token_s for length in options.prompt_lengths
    )
    warm_up = WARM_UP_REQUESTS * (options.prompt_lengths[0] * prompt_s + token_s)
    return load_s + warm_up + options.runs * one_run


def tune_search(
    setup: ModelSetup,
    base: Plan,
    bounds: TuneBounds | None = None,
    launch: Mapping[str, Any] | None = None,
) -> TuneSearch:
    """The variants around `base` within `bounds`, planned (`plan_variants`; `launch` as
    there). Blocking (one plan each): the app calls it with `asyncio.to_thread`."""
    bounds = bounds or TuneBounds()
    variants = plan_variants(setup, base, [Changes(), *_changes(base, bounds)], launch)
    kept: list[Variant] = []
    running = 0
    for variant in variants:
        if variant.fits:
            if running >= bounds.max_variants:
                continue
            running += 1
        kept.append(variant)
    return TuneSearch(tuple(kept))


def _changes(base: Plan, bounds: TuneBounds) -> Iterator[Changes]:
    request = base.request
    if base.split_mode is SplitMode.LAYER:
        for device in base.devices:
            if device.enabled and device.layers > 0:
                name = device.engine_name or device.key
                for count in (device.layers - bounds.layer_step, device.layers + bounds.layer_step):
                    if 0 <= count <= base.limits.positions:
                        yield Changes(layers={name: count})
    if base.limits.n_cpu_moe_max > 0:
        for count in (
            base.n_cpu_moe - bounds.n_cpu_moe_step,
            base.n_cpu_moe + bounds.n_cpu_moe_step,
        ):
            if 0 <= count <= base.limits.n_cpu_moe_max:
                yield Changes(knobs={"n_cpu_moe": count})
    for kind in bounds.cache_types:
        if (kind, kind) != request.cache_types:
            yield Changes(knobs={"cache_type_k": kind, "cache_type_v": kind})
    for ubatch in bounds.ubatches:
        # The engine caps the micro-batch at the batch: a larger one would run the base again.
        if ubatch != request.ubatch and ubatch <= request.batch:
            yield Changes(knobs={"ubatch": ubatch})
    if bounds.flash_attn:
        yield Changes(knobs={"flash_attn": not request.flash_attn})
    if bounds.tensor_parallel and base.limits.tensor_parallel.allowed:
        other = SplitMode.LAYER if base.split_mode is SplitMode.TENSOR else SplitMode.TENSOR
        yield Changes(knobs={"split_mode": other})
    for count in bounds.threads:
        yield Changes(knobs={"threads": count})


def _no_settings() -> Mapping[str, Any]:
    return MappingProxyType({})


@dataclass(frozen=True)
class TuneResult:
    """What a tuning found: every variant's outcome and the verdicts, and the winner
    (None when nothing could be measured) with the settings the load dialog remembers for
    it (`settings`, by remembered key) and the winner's changes no remembered key holds
    (`unkept`, by knob field: ubatch, threads), for the caller to keep or to say."""

    comparison: Comparison
    winner: Variant | None
    settings: Mapping[str, Any] = field(default_factory=_no_settings)
    unkept: Mapping[str, Any] = field(default_factory=_no_settings)


def winner_settings(winner: Variant) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """(remembered settings, changes no remembered key holds) of a tuning's winner."""
    plan = winner.plan
    settings = remembered(plan, use_projector=plan.request.projector is not None)
    unkept = {k: v for k, v in winner.changes.knobs.items() if k not in REMEMBERED_KNOBS}
    return MappingProxyType(settings), MappingProxyType(unkept)


async def tune(
    manager: ServerManager,
    search: TuneSearch,
    options: BenchOptions | None = None,
    progress: ProgressSink | None = None,
    *,
    metric: Metric = Metric.GENERATION,
    budget_s: float | None = None,
    restore: Restore | None = None,
) -> TuneResult:
    """Run `search` on `manager`'s engine for the fastest `metric`, starting no variant
    once `budget_s` would be spent. Cancelling the awaiting task stops it within a
    request; `restore` says what the manager holds afterwards in every case."""
    options = options or BenchOptions()
    tell = Teller(progress, options.runs * sum(v.fits for v in search.variants))
    runner = ManagerRunner(manager, options)
    async with restoring(manager, restore, tell):
        return await tune_on(runner, search, options.runs, tell, metric=metric, budget_s=budget_s)


async def tune_on(
    runner: Runner,
    search: TuneSearch,
    runs: int,
    tell: Teller,
    *,
    metric: Metric = Metric.GENERATION,
    budget_s: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> TuneResult:
    started = clock()
    best: tuple[Variant, Spread] | None = None
    outcomes: list[Outcome] = []
    spent: list[float] = []  # seconds each measured variant took
    for variant in search.variants:
        written = variant.changes.written()
        if variant.refusal is not None:
            outcomes.append(Outcome(variant.label, written, problem=Problem.of(variant.refusal)))
            continue
        if budget_s is not None and spent:
            average = sum(spent) / len(spent)
            if clock() - started + average > budget_s:
                spent_all = Problem(BUDGET_SPENT, f"{budget_s:.0f} s spent")
                outcomes.append(Outcome(variant.label, written, problem=spent_all))
                tell.done += runs
                continue
        began = clock()
        tally, stopped, problem = await _measure(runner, variant, runs, tell, metric, best)
        tell.done += runs - len(tally.runs)  # the runs a stop or a failure saved
        spent.append(clock() - began)
        result = tally.result()
        outcomes.append(Outcome(variant.label, written, result, problem, stopped))
        if result is not None and not stopped and problem is None:
            figure = metric.of(result)
            if best is None or figure.median > best[1].median:
                best = (variant, figure)
    comparison = Comparison.of(outcomes)
    if best is None:
        return TuneResult(comparison, None)
    settings, unkept = winner_settings(best[0])
    return TuneResult(comparison, best[0], settings, unkept)


async def _measure(
    runner: Runner,
    variant: Variant,
    runs: int,
    tell: Teller,
    metric: Metric,
    best: tuple[Variant, Spread] | None,
) -> tuple[Tally, bool, Problem | None]:
    """One variant's runs: (its tally, whether it was stopped early, its problem)."""

    def slower(samples: tuple[Sample, ...]) -> bool:
        return best is not None and clearly_below(metric.of_run(samples), best[1])

    tally = Tally()
    try:
        stopped = await measure_into(tally, runner, variant, runs, tell, slower)
    except StudioError as error:
        return tally, False, Problem.of(error)
    return tally, stopped, None
