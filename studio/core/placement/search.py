"""Auto-fit: the largest context and the placement that keep every device within budget.

Preference order (llama.cpp's --fit works the same way round, common/fit.cpp):
1. everything on the devices, at the largest context that fits, on as few devices as
   that context allows;
2. for MoE models, at the floor context, expert tensors of the first N layers to the
   host (the smallest N that fits), attention and shared weights staying on the devices;
3. whole layers to the host (the fewest that fit), at the floor context;
4. with an automatic context, the same at smaller contexts below the floor.

Contexts are multiples of 256, the padding llama.cpp applies to n_ctx. Every candidate is
priced by the estimator (`Evaluator`); the search only decides which ones to price.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from studio.core.placement.evaluate import Candidate, Evaluation, Evaluator
from studio.core.placement.layers import largest_remainder

CTX_STEP = 256  # llama.cpp pads n_ctx to a multiple of 256 (llama-context.cpp)
# llama.cpp's --fit-ctx default: the smallest context its fit reduces to (common/arg.cpp).
AUTO_CTX_FLOOR = 4096
# Below this, a chat model cannot hold a system prompt and a question: nothing fits.
MIN_CTX = 512
# A model without a trained context length in its metadata gets this much at most.
UNKNOWN_TRAINED_CTX = 4096


def round_down(ctx: int) -> int:
    return max(CTX_STEP, ctx // CTX_STEP * CTX_STEP)


def round_up(ctx: int) -> int:
    return max(CTX_STEP, -(-ctx // CTX_STEP) * CTX_STEP)


def largest(low: int, high: int, works: Callable[[int], bool]) -> int | None:
    """The largest integer in [low, high] for which a monotone `works` holds, else None."""
    if low > high or not works(low):
        return None
    while low < high:
        middle = (low + high + 1) // 2
        if works(middle):
            low = middle
        else:
            high = middle - 1
    return low


def smallest(low: int, high: int, works: Callable[[int], bool]) -> int | None:
    """The smallest integer in [low, high] for which a monotone `works` holds, else None."""
    if low > high or not works(high):
        return None
    while low < high:
        middle = (low + high) // 2
        if works(middle):
            high = middle
        else:
            low = middle + 1
    return low


@dataclass(frozen=True)
class Found:
    evaluation: Evaluation
    spilled_experts: bool = False
    spilled_layers: bool = False


class Search:
    """Placement search for one Evaluator (one model, device set and request)."""

    def __init__(self, evaluator: Evaluator, n_cpu_moe_max: int) -> None:
        self.ev = evaluator
        self.positions = evaluator.positions
        self.n_cpu_moe_max = n_cpu_moe_max
        self._cache: dict[Candidate, Evaluation] = {}

    def price(self, candidate: Candidate) -> Evaluation:
        cached = self._cache.get(candidate)
        if cached is None:
            cached = self._cache[candidate] = self.ev.evaluate(candidate)
        return cached

    # -- layers across devices ------------------------------------------------------

    def distribute(
        self, subset: Sequence[int], positions: int, ctx: int, n_cpu_moe: int
    ) -> Evaluation:
        """Spread `positions` layers over `subset` so each device stays within budget.

        Starts in proportion to the budgets, then moves layers from the device most over
        budget to the one with the most room, sized by the per-layer bytes the estimator
        just reported. Returns the last evaluation (check `devices_fit`).
        """
        n_enabled = len(self.ev.enabled)
        counts = [0] * n_enabled
        weights = [float(max(self.ev.budgets[i], 0)) for i in subset]
        for index, share in zip(subset, largest_remainder(positions, weights), strict=True):
            counts[index] = share
        evaluation = self.price(Candidate(ctx, tuple(counts), n_cpu_moe))
        for _ in range(4 * len(subset) + 8):
            if evaluation.devices_fit or len(subset) < 2:
                return evaluation
            moved = self._move(evaluation, counts, subset)
            if not moved:
                return evaluation
            evaluation = self.price(Candidate(ctx, tuple(counts), n_cpu_moe))
        return evaluation

    def _move(self, evaluation: Evaluation, counts: list[int], subset: Sequence[int]) -> bool:
        used = [i for i in subset if counts[i] > 0]
        worst = max(used, key=evaluation.over)

        def per_layer(index: int) -> float:
            c = evaluation.components[index]
            return max(1.0, (c.weights + c.kv + c.draft) / max(counts[index], 1))

        need = math.ceil(evaluation.over(worst) / per_layer(worst))
        compute = max((evaluation.components[i].compute for i in used), default=0)
        best, room = -1, 0
        for j in subset:
            if j == worst:
                continue
            if counts[j] > 0:
                slack, cost = -evaluation.over(j), per_layer(j)
            else:  # a device taking its first layer also pays its compute buffer and context
                overhead = self.ev.overhead(j)
                slack, cost = self.ev.budgets[j] - compute - overhead, per_layer(worst)
            capacity = math.floor(slack / cost) if slack > 0 else 0
            if capacity > room:
                best, room = j, capacity
        if best < 0:
            return False
        move = max(1, min(need, room, counts[worst]))
        counts[worst] -= move
        counts[best] += move
        return True

    def full(self, subset: Sequence[int], ctx: int, n_cpu_moe: int) -> Evaluation:
        return self.distribute(subset, self.positions, ctx, n_cpu_moe)

    def subsets(self) -> list[tuple[int, ...]]:
        """Top-k devices by budget for k = 1..n, each kept in engine order."""
        ranked = sorted(range(len(self.ev.enabled)), key=lambda i: -self.ev.budgets[i])
        return [tuple(sorted(ranked[:k])) for k in range(1, len(ranked) + 1)]

    # -- the preference ladder -------------------------------------------------------

    def fewest_devices(self, ctx: int, n_cpu_moe: int) -> Evaluation | None:
        for subset in self.subsets():
            evaluation = self.full(subset, ctx, n_cpu_moe)
            if evaluation.fits:
                return evaluation
        return None

    def at_context(self, ctx: int, n_cpu_moe: int | None) -> Found | None:
        """The preferred placement at a fixed context, or None when nothing fits."""
        everything = tuple(range(len(self.ev.enabled)))
        fixed_moe = n_cpu_moe if n_cpu_moe is not None else 0
        if not everything:
            evaluation = self.price(Candidate(ctx, (), fixed_moe))
            return Found(evaluation) if evaluation.fits else None
        full = self.fewest_devices(ctx, fixed_moe)
        if full is not None:
            return Found(full)
        if n_cpu_moe is None and self.n_cpu_moe_max > 0:
            best = smallest(1, self.n_cpu_moe_max, lambda m: self.full(everything, ctx, m).fits)
            if best is not None:
                return Found(self.full(everything, ctx, best), spilled_experts=True)
        spill_moe = n_cpu_moe if n_cpu_moe is not None else self.n_cpu_moe_max
        on_devices = largest(
            0,
            self.positions - 1,
            lambda g: self.distribute(everything, g, ctx, spill_moe).devices_fit,
        )
        if on_devices is None:
            return None
        evaluation = self.distribute(everything, on_devices, ctx, spill_moe)
        if not evaluation.fits:
            return None
        return Found(evaluation, spilled_experts=spill_moe > 0, spilled_layers=True)

    def auto_context(self, trained: int, n_cpu_moe: int | None) -> Found | None:
        """Largest context with full offload; else the floor with spilling; else smaller."""
        ceiling = round_down(trained)
        floor = min(AUTO_CTX_FLOOR, ceiling)
        everything = tuple(range(len(self.ev.enabled)))
        fixed_moe = n_cpu_moe if n_cpu_moe is not None else 0

        def full_fits(steps: int) -> bool:
            ctx = steps * CTX_STEP
            if not everything:
                return self.price(Candidate(ctx, (), fixed_moe)).fits
            return self.full(everything, ctx, fixed_moe).fits

        best = largest(floor // CTX_STEP, ceiling // CTX_STEP, full_fits)
        if best is not None:
            return self.at_context(best * CTX_STEP, fixed_moe)
        found = self.at_context(floor, n_cpu_moe)
        if found is not None:
            return found
        lower = largest(
            MIN_CTX // CTX_STEP,
            floor // CTX_STEP - 1,
            lambda s: self.at_context(s * CTX_STEP, n_cpu_moe) is not None,
        )
        if lower is None:
            return None
        return self.at_context(lower * CTX_STEP, n_cpu_moe)

    # -- manual layers ---------------------------------------------------------------

    def manual(
        self, counts: tuple[int, ...], ctx: int | None, trained: int, n_cpu_moe: int | None
    ) -> Evaluation:
        """Honour the user's layer counts; choose what they left automatic."""
        ceiling = round_down(trained)
        floor = min(AUTO_CTX_FLOOR, ceiling)
        probe_ctx = ctx if ctx is not None else floor
        moe = n_cpu_moe
        if moe is None:
            moe = 0
            if self.n_cpu_moe_max > 0:
                needed = smallest(
                    0,
                    self.n_cpu_moe_max,
                    lambda m: self.price(Candidate(probe_ctx, counts, m)).devices_fit,
                )
                moe = needed if needed is not None else self.n_cpu_moe_max
        if ctx is not None:
            return self.price(Candidate(ctx, counts, moe))
        steps = largest(
            MIN_CTX // CTX_STEP,
            ceiling // CTX_STEP,
            lambda s: self.price(Candidate(s * CTX_STEP, counts, moe)).fits,
        )
        chosen = steps * CTX_STEP if steps is not None else floor
        return self.price(Candidate(chosen, counts, moe))
