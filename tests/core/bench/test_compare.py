"""A/B runs variants alternately, reports the ones that do not fit or fail, and judges
the rest."""

from __future__ import annotations

import pytest

from studio.core.bench import Noise
from studio.core.bench.compare import compare_on
from studio.core.bench.session import Teller
from studio.core.errors import StudioError
from tests.core.bench.bench_support import FakeRunner, variant


async def test_variants_run_alternately_each_round_the_other_way() -> None:
    runner = FakeRunner({"a": [10.0, 11.0, 12.0], "b": [20.0, 21.0, 22.0]})
    steps = Teller(None, 6)
    comparison = await compare_on(runner, [variant("a"), variant("b")], 3, steps)
    assert runner.runs == ["a", "b", "b", "a", "a", "b"]
    assert runner.loads == ["a", "b", "a", "b"]  # the round's last starts the next
    assert steps.done == 6
    (generation, _prompt) = comparison.verdicts
    assert generation.fastest == "b" and generation.margins[0].noise is Noise.CLEAR
    result = comparison.outcome("a").result
    assert result is not None and result.runs == 3
    assert result.load_s is not None and result.load_s.runs == 2  # runs without a load


async def test_a_variant_that_does_not_fit_or_fails_is_reported_and_the_rest_judged() -> None:
    too_big = StudioError("model_does_not_fit", "too big", model="m", needed=2, reserve=1)
    runner = FakeRunner({"a": [10.0] * 2, "b": [20.0] * 2}, failing=frozenset({"broken"}))
    variants = [variant("a"), variant("big", too_big), variant("broken"), variant("b")]
    comparison = await compare_on(runner, variants, 2, Teller(None, 0))
    assert "big" not in runner.loads and runner.loads.count("broken") == 0
    problems = {o.variant: o.problem.code for o in comparison.outcomes if o.problem}
    assert problems == {"big": "model_does_not_fit", "broken": "bench_request_failed"}
    assert comparison.verdicts[0].fastest == "b"
    assert [o.variant for o in comparison.outcomes] == ["a", "big", "broken", "b"]


@pytest.mark.parametrize("count", [1, 7])
async def test_a_comparison_takes_two_to_six_variants(count: int) -> None:
    variants = [variant(str(i)) for i in range(count)]
    with pytest.raises(StudioError) as raised:
        await compare_on(FakeRunner({}), variants, 1, Teller(None, 0))
    assert raised.value.code == "bench_variant_count"
