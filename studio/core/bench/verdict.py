"""Which variant is faster, by how much, and whether that is more than the runs vary.

Per measure (generation, prompt), the variant with the highest median is the fastest;
each other measured variant gets a margin: the ratio of the medians and whether the gap
is clear of the spread (`stats.noise`). The sentences are codes, said by
`studio.core.voice` in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from studio.core.bench.results import BenchResult, Outcome, Sample
from studio.core.bench.stats import Noise, Spread, noise


class Metric(StrEnum):
    GENERATION = "generation"  # tokens written per second (after the shortest prompt)
    PROMPT = "prompt"  # prompt tokens read per second (at the longest prompt)

    def of(self, result: BenchResult) -> Spread:
        return result.generation_per_s if self is Metric.GENERATION else result.prompt_per_s

    def of_run(self, run: Sequence[Sample]) -> float:
        """One run's figure (its samples by prompt length), read where `of` reads a result:
        generation at the first length, prompt speed at the longest."""
        return run[0].generation_per_s if self is Metric.GENERATION else run[-1].prompt_per_s


# metric -> (the code when the gap is clear or unknown, the code when it is within noise)
_CODES: Mapping[Metric, tuple[str, str]] = {
    Metric.GENERATION: ("bench_generation_faster", "bench_generation_within_noise"),
    Metric.PROMPT: ("bench_prompt_faster", "bench_prompt_within_noise"),
}
# How a front end says a code with its parameters (`Voice.code`).
Say = Callable[[str, Mapping[str, object]], str]
# Said once under verdicts drawn from single runs.
SINGLE_RUN = "bench_single_run"


@dataclass(frozen=True)
class Margin:
    """How far `slower` is behind the fastest: `ratio` = fastest median / its median."""

    slower: str
    ratio: float
    noise: Noise


@dataclass(frozen=True)
class Verdict:
    """One measure's verdict: the fastest variant and its margin over each other one."""

    metric: Metric
    fastest: str
    margins: tuple[Margin, ...]

    def sentences(self) -> tuple[tuple[str, Mapping[str, object]], ...]:
        """(code, parameters) of each margin's sentence, for `Voice.code`."""
        clear, within = _CODES[self.metric]
        return tuple(
            (
                within if margin.noise is Noise.WITHIN_NOISE else clear,
                {"fastest": self.fastest, "slower": margin.slower, "ratio": round(margin.ratio, 2)},
            )
            for margin in self.margins
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "metric": self.metric.value,
            "fastest": self.fastest,
            "margins": [
                {"slower": m.slower, "ratio": m.ratio, "noise": m.noise.value} for m in self.margins
            ],
        }


def verdict(metric: Metric, measured: Sequence[tuple[str, BenchResult]]) -> Verdict | None:
    """The verdict over (label, result) pairs; None with fewer than two."""
    if len(measured) < 2:
        return None
    spreads = [(label, metric.of(result)) for label, result in measured]
    fastest, best = max(spreads, key=lambda pair: pair[1].median)
    margins = tuple(
        Margin(label, _ratio(best.median, spread.median), noise(best, spread))
        for label, spread in sorted(spreads, key=lambda pair: -pair[1].median)
        if label != fastest
    )
    return Verdict(metric, fastest, margins)


def _ratio(faster: float, slower: float) -> float:
    return faster / slower if slower > 0 else float("inf")


@dataclass(frozen=True)
class Comparison:
    """What a comparison or tuning found: every variant's outcome (in the order they were
    given) and, once two were measured in full, a verdict per measure (a variant a tuning
    stopped early is shown, not judged: one run says too little)."""

    outcomes: tuple[Outcome, ...]
    verdicts: tuple[Verdict, ...]

    @classmethod
    def of(cls, outcomes: Sequence[Outcome]) -> Comparison:
        measured = [
            (o.variant, o.result) for o in outcomes if o.result is not None and not o.stopped_early
        ]
        found = (verdict(metric, measured) for metric in Metric)
        return cls(tuple(outcomes), tuple(v for v in found if v is not None))

    @property
    def single_run(self) -> bool:
        """Whether a verdict was drawn from single runs (its noise is unknown)."""
        return any(m.noise is Noise.UNKNOWN for v in self.verdicts for m in v.margins)

    def sentences(self) -> tuple[tuple[str, Mapping[str, object]], ...]:
        """(code, parameters) of every verdict's sentences, then the single-run note."""
        said = tuple(s for v in self.verdicts for s in v.sentences())
        return (*said, (SINGLE_RUN, {})) if self.single_run else said

    def outcome(self, label: str) -> Outcome:
        for outcome in self.outcomes:
            if outcome.variant == label:
                return outcome
        raise KeyError(label)

    def to_json(
        self, say: Callable[[str, Mapping[str, object]], str] | None = None
    ) -> dict[str, Any]:
        """With `say` (`Voice.code`), the verdicts' sentences too."""
        data: dict[str, Any] = {
            "outcomes": [o.to_json() for o in self.outcomes],
            "verdicts": [v.to_json() for v in self.verdicts],
        }
        if say is not None:
            data["sentences"] = [say(code, params) for code, params in self.sentences()]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Comparison:
        return cls.of([Outcome.from_json(o) for o in data["outcomes"]])
