"""What each resident model holds on each device, and which residents a new model evicts.

A device is named by its plan key (`Device.key`, "host" for the host), the same on every
plan of this machine, so the bytes of residents planned at different times add up per
device. What a resident holds on a device is the larger of what its plan predicted and
what its engine logged: the plan also counts what the log never names (a driver's
context, the engine's reserve), and the log shows where the estimate was short.

Whether a model fits once some residents have left is the planner's to say (it may place
the model on other devices than it would on an empty machine), so the eviction choice
takes that judgement as a function and only decides the order: least recently used first,
and then no more than needed.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class DeviceBytes:
    """One resident on one device: planned, and what the engine logged (None until it has
    loaded, or when its log names no buffer there)."""

    key: str
    label: str
    predicted: int
    allocated: int | None = None
    # Of `predicted`, the host's prompt cache (--cache-ram): empty at load, filled as slots
    # go idle, so never in what the engine logged at load.
    cache: int = 0

    @property
    def held(self) -> int:
        return max(self.predicted, self.allocated or 0)


@dataclass(frozen=True)
class Holding:
    """A resident's bytes per device."""

    name: str
    bytes: Mapping[str, int]


def occupied(holdings: Iterable[Holding]) -> dict[str, int]:
    """Bytes per device that `holdings` hold together."""
    total: dict[str, int] = {}
    for holding in holdings:
        for key, size in holding.bytes.items():
            total[key] = total.get(key, 0) + size
    return total


async def evictions(
    lru_first: Sequence[T],
    fits_without: Callable[[Sequence[T]], Awaitable[bool]],
    *,
    at_least_one: bool = False,
) -> list[T] | None:
    """Which of the idle residents `lru_first` (least recently used first) to evict so
    that a model fits (`fits_without(gone)`: it does once `gone` have left): the least
    recently used until it fits, then none that the rest already make room without (one
    taken early that a later, larger one made unnecessary stays). `at_least_one`: the
    count of residents is at its limit. None when evicting all of them is not enough."""
    gone: list[T] = []
    fits = not at_least_one and await fits_without(gone)
    for resident in lru_first:
        if fits:
            break
        gone.append(resident)
        fits = await fits_without(gone)
    if not fits:
        return None
    for resident in reversed(list(gone)):
        rest = [r for r in gone if r is not resident]
        if (rest or not at_least_one) and await fits_without(rest):
            gone = rest
    return gone
