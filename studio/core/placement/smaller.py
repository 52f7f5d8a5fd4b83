"""Stepping down after an out-of-memory launch: the planner's next smaller option.

The manager's recovery ladder (`studio.core.server.recovery`) takes a `SmallerPlan`
callable: (failed LaunchSpec, Failure) -> a LaunchSpec that needs less memory, or None.
`SmallerPlanStep` is that callable for one planned model. What to give up first depends on
what ran out: weights (fewer layers or more experts on the host) or context (KV and
compute buffers grow with it; a host kill is usually RAM, which context also relieves).
"""

from __future__ import annotations

import math
from pathlib import Path

from studio.core.placement.plan import Plan
from studio.core.placement.planner import Planner
from studio.core.placement.request import PlanRequest, SplitMode
from studio.core.placement.search import MIN_CTX, round_down
from studio.core.server.failures import Failure, FailureCode
from studio.core.server.launch import LaunchSpec

# Each step gives up this fraction of what it shrinks: small enough to keep most of what
# the user had, large enough that a few steps reach something that fits.
CONTEXT_STEP = 0.75
EXPERT_STEP_FRACTION = 0.25
LAYER_STEP_FRACTION = 0.125


def _smaller_context(plan: Plan) -> PlanRequest | None:
    if plan.ctx <= MIN_CTX:
        return None
    ctx = max(MIN_CTX, round_down(int(plan.ctx * CONTEXT_STEP)))
    return plan.request.with_changes(ctx=ctx) if ctx < plan.ctx else None


def _more_experts_on_host(plan: Plan) -> PlanRequest | None:
    top = plan.limits.n_cpu_moe_max
    if plan.split_mode is SplitMode.TENSOR or plan.n_cpu_moe >= top:
        return None
    step = max(1, math.ceil(top * EXPERT_STEP_FRACTION))
    return plan.request.with_changes(n_cpu_moe=min(top, plan.n_cpu_moe + step))


def _fewer_layers(plan: Plan) -> PlanRequest | None:
    used = [d for d in plan.devices if d.enabled and d.layers > 0]
    if not used:
        return None
    if plan.split_mode is SplitMode.TENSOR:
        # Tensor mode cannot spill; fall back to a layer split chosen afresh.
        return plan.asked.with_changes(split_mode=SplitMode.LAYER, layers=None, ctx=plan.ctx)
    total = sum(d.layers for d in used)
    remove = max(1, math.ceil(total * LAYER_STEP_FRACTION))
    counts = {d.key: d.layers for d in plan.devices if d.enabled}
    while remove > 0:
        # Take from whichever device is fullest relative to its budget.
        fullest = max(
            (d for d in used if counts[d.key] > 0),
            key=lambda d: d.predicted.total / max(d.budget, 1),
            default=None,
        )
        if fullest is None:
            break
        take = min(remove, counts[fullest.key])
        counts[fullest.key] -= take
        remove -= take
    return plan.request.with_changes(layers=counts)


def next_smaller_request(plan: Plan, failure: FailureCode | None = None) -> PlanRequest | None:
    """The request for the next smaller plan, or None when nothing can shrink."""
    weights_first = failure is FailureCode.OOM_WEIGHTS
    order = (
        (_more_experts_on_host, _fewer_layers, _smaller_context)
        if weights_first
        else (_smaller_context, _more_experts_on_host, _fewer_layers)
    )
    for step in order:
        request = step(plan)
        if request is not None:
            return request
    return None


def next_smaller_plan(
    planner: Planner, plan: Plan, failure: FailureCode | None = None
) -> Plan | None:
    """The plan one step smaller than `plan` (which failed with `failure`), or None."""
    request = next_smaller_request(plan, failure)
    return planner.plan(request) if request is not None else None


class SmallerPlanStep:
    """The recovery ladder's `SmallerPlan` for one planned model.

    The ladder may already have changed the spec (flash attention off, no projector...);
    those changes are kept, and only the placement fields are replaced.
    """

    def __init__(self, planner: Planner, plan: Plan) -> None:
        self._planner = planner
        self._plan = plan

    def _current(self, spec: LaunchSpec) -> Plan:
        """The plan matching what was launched (ctx and flash attention may differ)."""
        request = self._plan.request.with_changes(
            ctx=spec.ctx_size or self._plan.ctx,
            flash_attn=spec.flash_attn != "off",
            cache_type_k=spec.cache_type_k or self._plan.request.cache_type_k,
            cache_type_v=spec.cache_type_v or self._plan.request.cache_type_v,
            n_cpu_moe=spec.n_cpu_moe or 0,
        )
        if spec.split_mode != SplitMode.TENSOR.value and self._plan.split_mode is SplitMode.TENSOR:
            request = request.with_changes(split_mode=SplitMode.LAYER, layers=None)
        if request == self._plan.request:
            return self._plan
        return self._planner.plan(request)

    def __call__(self, spec: LaunchSpec, failure: Failure) -> LaunchSpec | None:
        smaller = next_smaller_plan(self._planner, self._current(spec), failure.code)
        if smaller is None:
            return None
        self._plan = smaller
        placed = smaller.launch
        return spec.with_changes(
            ctx_size=placed.ctx_size,
            n_gpu_layers=placed.n_gpu_layers,
            split_mode=placed.split_mode,
            tensor_split=placed.tensor_split,
            n_cpu_moe=placed.n_cpu_moe,
            devices=placed.devices,
            rpc_servers=placed.rpc_servers,
        )


class SmallerPlans:
    """The manager's `SmallerPlan` for its whole lifetime, across models.

    The manager takes one callable when it is built; the load flow tells this object about
    each plan it launches (`remember`), and a failed launch of that model steps down from
    its own plan. A spec for a model nobody planned gets None (nothing to step down from).
    """

    def __init__(self) -> None:
        self._steps: dict[Path, SmallerPlanStep] = {}

    def remember(self, planner: Planner, plan: Plan) -> None:
        self._steps[plan.launch.model] = SmallerPlanStep(planner, plan)

    def __call__(self, spec: LaunchSpec, failure: Failure) -> LaunchSpec | None:
        step = self._steps.get(spec.model)
        return step(spec, failure) if step is not None else None
