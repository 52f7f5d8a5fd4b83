"""A/B: two to six variants of a plan, run alternately, and which is faster.

Runs go round the variants, every other round backwards (A B, B A, A B ...): a drift of
the machine's load (a build starting, a CPU warming up) hits every variant alike, and
the variant that ends a round starts the next without a reload. A variant that does not
fit is reported with its refusal and never run; one that fails is reported with its
problem, and the others go on.
"""

from __future__ import annotations

from collections.abc import Sequence

from studio.core.bench.results import BenchOptions, Outcome, Phase, ProgressSink
from studio.core.bench.runner import ManagerRunner, Runner
from studio.core.bench.session import Restore, Tally, Teller, restoring
from studio.core.bench.variants import Variant
from studio.core.bench.verdict import Comparison
from studio.core.errors import Problem, StudioError
from studio.core.server.manager import ServerManager

MIN_VARIANTS = 2
MAX_VARIANTS = 6


def check_variant_count(count: int) -> None:
    if not MIN_VARIANTS <= count <= MAX_VARIANTS:
        raise StudioError(
            "bench_variant_count",
            f"{count} variants; a comparison takes {MIN_VARIANTS} to {MAX_VARIANTS}",
            count=count,
            least=MIN_VARIANTS,
            most=MAX_VARIANTS,
        )


async def compare(
    manager: ServerManager,
    variants: Sequence[Variant],
    options: BenchOptions | None = None,
    progress: ProgressSink | None = None,
    *,
    restore: Restore | None = None,
) -> Comparison:
    """Measure `variants` (2 to 6, distinct labels: `plan_variants` makes them so)
    alternately on `manager`'s engine. Cancelling the awaiting task stops it within a
    request; `restore` says what the manager holds afterwards in every case."""
    check_variant_count(len(variants))
    options = options or BenchOptions()
    tell = Teller(progress, options.runs * sum(v.fits for v in variants))
    async with restoring(manager, restore, tell):
        return await compare_on(ManagerRunner(manager, options), variants, options.runs, tell)


async def compare_on(
    runner: Runner, variants: Sequence[Variant], runs: int, tell: Teller
) -> Comparison:
    check_variant_count(len(variants))
    tallies = {v.label: Tally() for v in variants}
    problems = {v.label: Problem.of(v.refusal) for v in variants if v.refusal is not None}
    order = [v for v in variants if v.fits]
    for run in range(1, runs + 1):
        for variant in order if run % 2 else order[::-1]:
            if variant.label in problems:
                continue
            tally = tallies[variant.label]
            try:
                tell(Phase.LOADING, variant.label, run, runs)
                loaded = await runner.load(variant)
                if loaded.load_s is not None or not tally.loads:
                    tell(Phase.WARMING_UP, variant.label, run, runs)
                    await runner.warm_up(variant, loaded)
                tell(Phase.MEASURING, variant.label, run, runs)
                samples = await runner.run(variant, loaded)
            except StudioError as error:
                problems[variant.label] = Problem.of(error)
                tell.done += runs - len(tally.runs)  # the runs it will not take
                continue
            tally.loads.append(loaded)
            tally.runs.append(samples)
            tell.ran()
    return Comparison.of(
        [
            Outcome(
                v.label,
                v.changes.written(),
                tallies[v.label].result(),
                problems.get(v.label),
            )
            for v in variants
        ]
    )
