"""Benchmark one plan: load it once, warm it up, run it `runs` times."""

from __future__ import annotations

from collections.abc import Callable

from studio.core.bench.results import BenchOptions, Outcome, Phase, ProgressSink, Sample
from studio.core.bench.runner import ManagerRunner, Runner
from studio.core.bench.session import Restore, Tally, Teller, restoring
from studio.core.bench.variants import Variant
from studio.core.server.manager import ServerManager


async def benchmark(
    manager: ServerManager,
    variant: Variant,
    options: BenchOptions | None = None,
    progress: ProgressSink | None = None,
    *,
    restore: Restore | None = None,
) -> Outcome:
    """Measure `variant` on `manager`'s engine; its outcome always holds a result.

    Raises the variant's refusal when it does not fit and what loading or measuring it
    raised (`StudioError`s); cancelling the awaiting task stops it within a request, and
    `restore` says what the manager holds afterwards in every case."""
    options = options or BenchOptions()
    tell = Teller(progress, options.runs)
    async with restoring(manager, restore, tell):
        return await benchmark_on(ManagerRunner(manager, options), variant, options.runs, tell)


async def benchmark_on(runner: Runner, variant: Variant, runs: int, tell: Teller) -> Outcome:
    tally = Tally()
    await measure_into(tally, runner, variant, runs, tell)
    return Outcome(variant.label, variant.changes.written(), tally.result())


# Whether to stop after a variant's first run (its samples), e.g. when it is clearly slower.
StopEarly = Callable[[tuple[Sample, ...]], bool]


async def measure_into(
    tally: Tally,
    runner: Runner,
    variant: Variant,
    runs: int,
    tell: Teller,
    stop_early: StopEarly | None = None,
) -> bool:
    """Load `variant`, warm it up and run it up to `runs` times into `tally` (filled as it
    goes, so a failure keeps what was measured); True when `stop_early` ended it."""
    tell(Phase.LOADING, variant.label)
    loaded = await runner.load(variant)
    tally.loads.append(loaded)
    tell(Phase.WARMING_UP, variant.label)
    await runner.warm_up(variant, loaded)
    for run in range(1, runs + 1):
        tell(Phase.MEASURING, variant.label, run, runs)
        samples = await runner.run(variant, loaded)
        tally.runs.append(samples)
        tell.ran()
        if run == 1 and stop_early is not None and stop_early(samples):
            return True
    return False
