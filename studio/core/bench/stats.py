"""The figures of repeated runs: a median and the spread around it, and whether the gap
between two variants is larger than that spread.

The spread is the range (lowest to highest run): with the 2 to 5 runs a benchmark can
afford, quartiles would be the extremes anyway, and the range is what a person sees on
a plot's error bar.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


@dataclass(frozen=True)
class Spread:
    """A measure over runs: its median and range, and how many runs it has."""

    median: float
    low: float
    high: float
    runs: int

    @classmethod
    def of(cls, values: Iterable[float]) -> Spread:
        taken = sorted(values)
        if not taken:
            raise ValueError("a spread needs at least one value")
        return cls(statistics.median(taken), taken[0], taken[-1], len(taken))

    @property
    def width(self) -> float:
        return self.high - self.low

    def to_json(self) -> dict[str, Any]:
        return {"median": self.median, "low": self.low, "high": self.high, "runs": self.runs}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Spread:
        return cls(
            float(data["median"]), float(data["low"]), float(data["high"]), int(data["runs"])
        )


class Noise(StrEnum):
    """Whether a gap between two measures is more than their runs vary."""

    CLEAR = "clear"  # the faster one's slowest run beats the other's fastest
    WITHIN_NOISE = "within_noise"  # their ranges overlap
    UNKNOWN = "unknown"  # one run of either: no spread to judge by


def noise(faster: Spread, slower: Spread) -> Noise:
    """How `faster` (higher is better) stands against `slower`."""
    if faster.runs < 2 or slower.runs < 2:
        return Noise.UNKNOWN
    return Noise.CLEAR if faster.low > slower.high else Noise.WITHIN_NOISE


def clearly_below(candidate: float, best: Spread) -> bool:
    """Whether one run of a candidate is clearly slower than the best so far: below the
    best's slowest run by more than the best's own spread (higher is better). With no
    spread yet (one run of the best), a tenth of its median stands in for it."""
    margin = best.width if best.runs >= 2 else best.median / 10
    return candidate < best.low - margin
