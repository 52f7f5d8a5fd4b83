"""Stepping down after an out-of-memory launch: the planner's next smaller option.

The manager's recovery ladder (`studio.core.server.recovery`) takes a `SmallerPlan`
callable: (failed LaunchSpec, Failure) -> a `StepDown` that needs less memory, or None.
`SmallerPlanStep` is that callable for one planned model; the ladder calls it again after
every out-of-memory start until it says None, so each call gives up a little more.

The order follows what ran out:
- the KV cache or compute buffers (or the host, killed by the OS): context down to a floor
  the user is shown, then a quantized KV cache (only with flash attention: llama.cpp needs
  it for a quantized V cache), then experts to the host, then fewer layers on the device
  that failed. What the host ran out of is never relieved by moving more onto the host,
  so a host failure stops after the context and the cache.
- the weights: experts to the host, then fewer layers on the failing device, then the
  context and the cache (compute buffers on the device shrink with the context too).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from studio.core.devices import HOST_KEY, DeviceKind, SplitMode
from studio.core.engine_knobs import FlashAttn
from studio.core.placement.plan import DevicePlan, Plan
from studio.core.placement.planner import Planner
from studio.core.placement.request import PlanRequest
from studio.core.placement.search import MIN_CTX, round_down
from studio.core.server.failures import Failure, FailureCode
from studio.core.server.launch import LaunchSpec
from studio.core.server.recovery import RecoveryStep, StepDown

# Each step gives up this fraction of what it shrinks: small enough to keep most of what
# the user had, large enough that a few steps reach something that fits.
CONTEXT_STEP = 0.75
EXPERT_STEP_FRACTION = 0.25
LAYER_STEP_FRACTION = 0.125
# Context steps stop here (or at the planned context, if that was smaller): below it a chat
# holds too little to be worth keeping, so the cache, experts and layers give way first.
CONTEXT_FLOOR = 2048
# q8_0 keeps answers indistinguishable from f16 in practice at about half the memory.
QUANTIZED_CACHE = "q8_0"

# A log line that reports a failed allocation; the device it names is the one that failed.
_ALLOCATION_FAILED = re.compile(
    r"fail\w* to allocate|unable to allocate|out of memory|cudaMalloc failed", re.IGNORECASE
)
_HOST_BUFFER = re.compile(r"\bCPU\b|_cpu_buffer|\bHost\b")


def _no_params() -> Mapping[str, object]:
    return MappingProxyType({})


@dataclass(frozen=True)
class SmallerRequest:
    """One step down: its kind, the request to plan, and what the user is told."""

    step: RecoveryStep
    request: PlanRequest
    params: Mapping[str, object] = field(default_factory=_no_params)


def context_floor(plan: Plan) -> int:
    """The smallest context a step down goes to from `plan`."""
    return max(MIN_CTX, min(CONTEXT_FLOOR, plan.ctx))


def _fullest(devices: list[DevicePlan]) -> DevicePlan:
    return max(devices, key=lambda d: d.predicted.total / max(d.budget, 1))


def failing_device(plan: Plan, failure: Failure) -> str | None:
    """The key of the device (or `HOST_KEY`) whose allocation failed, None if unknown."""
    if failure.code is FailureCode.KILLED:
        return HOST_KEY  # the OS killed the process: host memory ran out
    if failure.params.get("device_kind") == DeviceKind.RPC.value:
        # An RPC server stopped answering and the engine aborted without naming it: the
        # remote device in use (the fullest for its budget, if there are several).
        remote = [d for d in plan.devices if d.enabled and d.kind is DeviceKind.RPC and d.used]
        return _fullest(remote).key if remote else None
    names = [
        (d.key, name)
        for d in plan.devices
        for name in {d.engine_name, d.label, d.key}
        if name and d.enabled
    ]
    for line in reversed(failure.log_tail):
        if not _ALLOCATION_FAILED.search(line):
            continue
        for key, name in names:
            if re.search(rf"(?<![\w.:]){re.escape(name)}(?![\w.:])", line):
                return key
        if _HOST_BUFFER.search(line):
            return HOST_KEY
    return None


_Step = Callable[[Plan, int, str | None], SmallerRequest | None]


def _smaller_context(plan: Plan, floor: int, _failing: str | None) -> SmallerRequest | None:
    if plan.ctx <= floor:
        return None
    ctx = max(floor, round_down(int(plan.ctx * CONTEXT_STEP)))
    if ctx >= plan.ctx:
        return None
    params = {"ctx": ctx, "floor": floor}
    return SmallerRequest(RecoveryStep.SMALLER_CONTEXT, plan.request.with_changes(ctx=ctx), params)


def _quantized_cache(plan: Plan, _floor: int, _failing: str | None) -> SmallerRequest | None:
    request = plan.request
    if (
        not request.flash_attn  # a quantized V cache cannot be created without it
        or plan.split_mode is SplitMode.TENSOR  # tensor mode refuses a quantized cache
        or QUANTIZED_CACHE not in plan.limits.cache_types
        or request.cache_types != ("f16", "f16")  # the user chose a cache: keep it
    ):
        return None
    changed = request.with_changes(cache_type_k=QUANTIZED_CACHE, cache_type_v=QUANTIZED_CACHE)
    return SmallerRequest(RecoveryStep.QUANTIZED_KV, changed, {"cache_type": QUANTIZED_CACHE})


def _more_experts_on_host(plan: Plan, _floor: int, failing: str | None) -> SmallerRequest | None:
    top = plan.limits.n_cpu_moe_max
    if failing == HOST_KEY or plan.split_mode is SplitMode.TENSOR or plan.n_cpu_moe >= top:
        return None
    step = max(1, math.ceil(top * EXPERT_STEP_FRACTION))
    count = min(top, plan.n_cpu_moe + step)
    request = plan.request.with_changes(n_cpu_moe=count)
    return SmallerRequest(RecoveryStep.EXPERTS_TO_CPU, request, {"layers": count})


def _fewer_layers(plan: Plan, _floor: int, failing: str | None) -> SmallerRequest | None:
    used = [d for d in plan.devices if d.enabled and d.layers > 0]
    if failing == HOST_KEY or not used:
        return None
    if plan.split_mode is SplitMode.TENSOR:
        # Tensor mode cannot spill; fall back to a layer split chosen afresh.
        request = plan.asked.with_changes(split_mode=SplitMode.LAYER, layers=None, ctx=plan.ctx)
        return SmallerRequest(RecoveryStep.LAYER_SPLIT, request)
    total = sum(d.layers for d in used)
    remove = max(1, math.ceil(total * LAYER_STEP_FRACTION))
    counts = {d.key: d.layers for d in plan.devices if d.enabled}
    named = [d for d in used if d.key == failing]
    # The device that failed gives up layers; unknown, whichever is fullest for its budget.
    target = named[0] if named else _fullest(used)
    counts[target.key] -= min(remove, counts[target.key])
    params = {"device": target.engine_name or target.label, "layers": counts[target.key]}
    request = plan.request.with_changes(layers=counts)
    return SmallerRequest(RecoveryStep.FEWER_LAYERS, request, params)


_CONTEXT_FIRST: tuple[_Step, ...] = (
    _smaller_context,
    _quantized_cache,
    _more_experts_on_host,
    _fewer_layers,
)
_WEIGHTS_FIRST: tuple[_Step, ...] = (
    _more_experts_on_host,
    _fewer_layers,
    _smaller_context,
    _quantized_cache,
)


def next_smaller_step(
    plan: Plan,
    failure: FailureCode | None = None,
    *,
    floor: int | None = None,
    failing: str | None = None,
) -> SmallerRequest | None:
    """The next step down from `plan`, or None when nothing can shrink."""
    order = _WEIGHTS_FIRST if failure is FailureCode.OOM_WEIGHTS else _CONTEXT_FIRST
    if failure is FailureCode.KILLED:
        failing = HOST_KEY
    low = context_floor(plan) if floor is None else floor
    for step in order:
        found = step(plan, low, failing)
        if found is not None:
            return found
    return None


def next_smaller_request(plan: Plan, failure: FailureCode | None = None) -> PlanRequest | None:
    """The request for the next smaller plan, or None when nothing can shrink."""
    found = next_smaller_step(plan, failure)
    return found.request if found is not None else None


def next_smaller_plan(
    planner: Planner, plan: Plan, failure: FailureCode | None = None
) -> Plan | None:
    """The plan one step smaller than `plan` (which failed with `failure`), or None."""
    request = next_smaller_request(plan, failure)
    return planner.plan(request) if request is not None else None


class SmallerPlanStep:
    """The recovery ladder's `SmallerPlan` for one planned model.

    The ladder may already have changed the spec (flash attention off, no projector...);
    those changes are kept, and only the placement and cache fields are replaced. The
    context floor is fixed by the first plan, so stepping never lowers it.
    """

    def __init__(self, planner: Planner, plan: Plan) -> None:
        self._planner = planner
        self._plan = plan
        self.floor = context_floor(plan)

    def _current(self, spec: LaunchSpec) -> Plan:
        """The plan matching what was launched (ctx and flash attention may differ)."""
        request = self._plan.request.with_changes(
            ctx=spec.ctx_size or self._plan.ctx,
            flash_attn=spec.flash_attn is not FlashAttn.OFF,
            cache_type_k=spec.cache_type_k or self._plan.request.cache_type_k,
            cache_type_v=spec.cache_type_v or self._plan.request.cache_type_v,
            n_cpu_moe=spec.n_cpu_moe or 0,
        )
        if spec.split_mode is not SplitMode.TENSOR and self._plan.split_mode is SplitMode.TENSOR:
            request = request.with_changes(split_mode=SplitMode.LAYER, layers=None)
        if request == self._plan.request:
            return self._plan
        return self._planner.plan(request)

    def __call__(self, spec: LaunchSpec, failure: Failure) -> StepDown | None:
        current = self._current(spec)
        found = next_smaller_step(
            current, failure.code, floor=self.floor, failing=failing_device(current, failure)
        )
        if found is None:
            return None
        smaller = self._planner.plan(found.request)
        self._plan = smaller
        placed = smaller.launch
        changed = spec.with_changes(
            ctx_size=placed.ctx_size,
            n_gpu_layers=placed.n_gpu_layers,
            split_mode=placed.split_mode,
            tensor_split=placed.tensor_split,
            n_cpu_moe=placed.n_cpu_moe,
            devices=placed.devices,
            rpc_servers=placed.rpc_servers,
            cache_type_k=placed.cache_type_k,
            cache_type_v=placed.cache_type_v,
        )
        return StepDown(found.step, changed, MappingProxyType(dict(found.params)))
