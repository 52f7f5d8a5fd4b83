"""Whole-layer arithmetic for per-device layer counts: pure integers, no memory model.

Counts are over llama.cpp's `block_count + 1` positions (the output layer is the extra
one and the first to be offloaded); whatever the devices do not hold runs on the host.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def largest_remainder(total: int, weights: Sequence[float]) -> list[int]:
    """Split `total` into integers proportional to `weights`, summing exactly to `total`.

    Ties in the remainders go to the earlier entry. All-zero weights split evenly.
    """
    if not weights:
        return []
    clean = [w if w > 0 and math.isfinite(w) else 0.0 for w in weights]
    if sum(clean) <= 0:
        clean = [1.0] * len(weights)
    scale = total / sum(clean)
    exact = [w * scale for w in clean]
    counts = [math.floor(x) for x in exact]
    short = total - sum(counts)
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - counts[i]), i))
    for i in order[:short]:
        counts[i] += 1
    return counts


def _take_proportionally(counts: list[int], donors: Sequence[int], amount: int) -> None:
    """Remove `amount` layers from `donors`, in proportion to what each holds."""
    while amount > 0:
        available = [counts[i] for i in donors]
        if sum(available) == 0:
            return
        share = largest_remainder(min(amount, sum(available)), [float(a) for a in available])
        for index, take in zip(donors, share, strict=True):
            take = min(take, counts[index])
            counts[index] -= take
            amount -= take


def rebalance(
    counts: Sequence[int],
    index: int,
    value: int,
    positions: int,
    room: Sequence[int] | None = None,
) -> list[int]:
    """Counts after the user sets device `index` to `value` layers.

    Raising a device takes layers from the host first (more offload), then from the other
    devices in proportion to what they hold. Lowering it hands the freed layers to the
    other devices while they have `room` (layers each could still take without exceeding
    its budget), in proportion to that room, and the rest to the host. The result always
    has `result[index] == clamp(value)`, every count >= 0 and a sum <= `positions`.
    """
    result = [max(0, c) for c in counts]
    overflow = sum(result) - positions
    if overflow > 0:  # an inconsistent input: trim before moving anything
        _take_proportionally(result, [i for i in range(len(result)) if i != index], overflow)
        result[index] -= max(0, sum(result) - positions)
    value = max(0, min(value, positions))
    others = [i for i in range(len(result)) if i != index]
    delta = value - result[index]
    if delta > 0:
        from_host = min(delta, positions - sum(result))
        _take_proportionally(result, others, delta - from_host)
    elif delta < 0 and room is not None:
        freed = -delta
        headroom = [max(0, room[i]) for i in others]
        give = min(freed, sum(headroom))
        if give > 0:
            for i, extra in zip(
                others, largest_remainder(give, [float(h) for h in headroom]), strict=True
            ):
                result[i] += extra
    result[index] = value
    return result
