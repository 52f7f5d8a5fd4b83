"""Medians, spreads and verdicts: which variant is faster, by how much, and whether that
is more than the runs vary."""

from __future__ import annotations

import pytest

from studio.core.bench import BenchResult, Comparison, LengthFigures, Metric, Noise, Outcome, Spread
from studio.core.bench.stats import clearly_below, noise
from studio.core.errors import Problem
from studio.core.voice import ENGLISH
from tests.core.bench.bench_support import sample


def result(*generation: float, prompt: tuple[float, ...] = ()) -> BenchResult:
    prompts = prompt or tuple(g * 10 for g in generation)
    samples = tuple(sample(g, p) for g, p in zip(generation, prompts, strict=True))
    return BenchResult((LengthFigures(128, samples),), (), None, "llama-server")


def test_a_spread_is_the_median_and_the_range_of_the_runs() -> None:
    assert Spread.of([3.0, 1.0, 2.0]) == Spread(2.0, 1.0, 3.0, 3)
    assert Spread.of([4.0, 1.0]).median == 2.5
    assert Spread.of([4.0, 1.0]).width == 3.0
    with pytest.raises(ValueError):
        Spread.of([])


def test_a_gap_is_clear_only_when_the_ranges_do_not_overlap() -> None:
    fast, slow = Spread.of([10.0, 11.0, 12.0]), Spread.of([7.0, 8.0, 9.0])
    assert noise(fast, slow) is Noise.CLEAR
    assert noise(fast, Spread.of([8.0, 9.0, 10.0])) is Noise.WITHIN_NOISE
    assert noise(fast, Spread.of([5.0])) is Noise.UNKNOWN  # one run: no spread


def test_one_run_is_clearly_slower_only_below_the_best_by_more_than_its_spread() -> None:
    best = Spread.of([100.0, 104.0, 108.0])  # spread 8
    assert not clearly_below(93.0, best)  # 7 below its slowest run: could be noise
    assert clearly_below(91.0, best)
    assert clearly_below(80.0, Spread.of([100.0]))  # a tenth of the median stands in
    assert not clearly_below(95.0, Spread.of([100.0]))


def test_the_verdict_names_the_fastest_and_its_margin_over_each_other() -> None:
    comparison = Comparison.of(
        [
            Outcome("base", result=result(10.0, 11.0, 12.0, prompt=(500, 510, 520))),
            Outcome("ub=1024", result=result(20.0, 21.0, 22.0, prompt=(505, 515, 525))),
            Outcome("fa=off", result=result(10.5, 11.5, 12.5)),
            Outcome("too big", problem=Problem("model_does_not_fit")),  # not judged
        ]
    )
    generation, prompt = comparison.verdicts
    assert (generation.metric, generation.fastest) == (Metric.GENERATION, "ub=1024")
    assert [(m.slower, round(m.ratio, 3), m.noise) for m in generation.margins] == [
        ("fa=off", round(21 / 11.5, 3), Noise.CLEAR),
        ("base", round(21 / 11, 3), Noise.CLEAR),
    ]
    assert prompt.fastest == "ub=1024"
    assert (prompt.margins[0].slower, prompt.margins[0].noise) == ("base", Noise.WITHIN_NOISE)
    said = [ENGLISH.code(code, params) for code, params in comparison.sentences()]
    assert said[0] == "ub=1024 generates 1.83 times as fast as fa=off."
    assert "ub=1024 and base read prompts about as fast" in said[2]


def test_single_runs_give_a_verdict_and_say_its_noise_is_unknown() -> None:
    comparison = Comparison.of(
        [Outcome("a", result=result(10.0)), Outcome("b", result=result(12.0))]
    )
    assert comparison.single_run
    assert comparison.sentences()[-1][0] == "bench_single_run"
    assert Comparison.of([Outcome("a", result=result(10.0))]).verdicts == ()


def test_a_variant_stopped_early_is_shown_but_not_judged() -> None:
    comparison = Comparison.of(
        [
            Outcome("a", result=result(10.0, 11.0)),
            Outcome("b", result=result(12.0, 13.0)),
            Outcome("c", result=result(5.0), stopped_early=True),
        ]
    )
    assert {m.slower for v in comparison.verdicts for m in v.margins} == {"a"}
    assert not comparison.single_run


def test_a_comparison_reads_back_from_its_json() -> None:
    comparison = Comparison.of(
        [Outcome("a", {"ubatch": "1024"}, result(10.0, 11.0)), Outcome("b", result=result(9.0))]
    )
    assert Comparison.from_json(comparison.to_json()) == comparison
