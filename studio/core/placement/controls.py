"""The manual controls the load dialog binds to, as pure request edits on a plan.

Each function takes the current plan and returns the request for the next one; the
planner turns that into a plan. Editing a slider pins the other resolved choices (the
plan's context, layers and experts) so one control moves at a time and a re-plan is a
single estimate; changing which devices exist (enable/disable, margins, tensor mode)
goes back to the user's own request so that whatever was automatic is chosen again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from studio.core.devices import SplitMode
from studio.core.placement.layers import rebalance
from studio.core.placement.request import PlanRequest

if TYPE_CHECKING:
    from studio.core.placement.plan import Plan


def _room(plan: Plan, per_layer: float) -> dict[str, int]:
    """Layers each enabled device could still take within its budget."""
    room: dict[str, int] = {}
    compute = max((d.predicted.compute for d in plan.devices), default=0)
    for device in plan.devices:
        if not device.enabled:
            continue
        free = device.budget - device.predicted.total
        if device.layers == 0:  # its first layer also brings a compute buffer and context
            free -= compute + device.fixed_overhead
        room[device.key] = max(0, int(free // per_layer)) if per_layer > 0 else 0
    return room


def with_layers(plan: Plan, key: str, count: int) -> PlanRequest:
    """Set one device's layer count; the others rebalance (see `layers.rebalance`)."""
    enabled = [d for d in plan.devices if d.enabled]
    keys = [d.key for d in enabled]
    if key not in keys:
        raise KeyError(key)
    counts = [d.layers for d in enabled] if plan.split_mode is SplitMode.LAYER else [0] * len(keys)
    sizes = [b for b in plan.limits.position_bytes if b > 0]
    per_layer = sum(sizes) / len(sizes) if sizes else 0.0
    room_by_key = _room(plan, per_layer)
    new = rebalance(
        counts,
        keys.index(key),
        count,
        plan.limits.positions,
        [room_by_key.get(k, 0) for k in keys],
    )
    return plan.request.with_changes(
        layers=dict(zip(keys, new, strict=True)),
        split_mode=SplitMode.LAYER,
        tensor_shares=None,
    )


def with_device_enabled(plan: Plan, key: str, enabled: bool) -> PlanRequest:
    """Switch a device on or off; the split is chosen afresh for the new device set."""
    disabled = set(plan.asked.disabled)
    if enabled:
        disabled.discard(key)
    else:
        disabled.add(key)
    return plan.asked.with_changes(disabled=frozenset(disabled), layers=None, tensor_shares=None)


def with_n_cpu_moe(plan: Plan, count: int) -> PlanRequest:
    return plan.request.with_changes(n_cpu_moe=max(0, count))


def with_tensor_parallel(plan: Plan, enabled: bool) -> PlanRequest:
    mode = SplitMode.TENSOR if enabled else SplitMode.LAYER
    return plan.asked.with_changes(split_mode=mode, layers=None, tensor_shares=None)


def with_ctx(plan: Plan, ctx: int | None) -> PlanRequest:
    """A context (None = automatic again) with the current placement kept."""
    return plan.request.with_changes(ctx=ctx)


def with_cache_types(plan: Plan, k: str, v: str) -> PlanRequest:
    return plan.request.with_changes(cache_type_k=k, cache_type_v=v)


def with_parallel(plan: Plan, slots: int) -> PlanRequest:
    return plan.request.with_changes(parallel=max(1, slots))


def with_auto_fit(plan: Plan) -> PlanRequest:
    """The user's own choices kept, and the context and placement chosen afresh to fit."""
    return plan.asked.with_changes(ctx=None, layers=None, n_cpu_moe=None, tensor_shares=None)


def with_margin(plan: Plan, key: str, margin: int | None) -> PlanRequest:
    """Change one device's safety margin (None = the default); auto choices re-run."""
    margins: Mapping[str, int] = {k: v for k, v in plan.asked.margins.items() if k != key}
    if margin is not None:
        margins = {**margins, key: max(0, margin)}
    return plan.asked.with_changes(margins=margins)
