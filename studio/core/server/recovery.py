"""The recovery ladder: which changed spec to try after a failed start, and why.

Pure: `next_step(spec, failure, taken, smaller_plan)` returns the next rung or `None`.
Each rung is taken at most once per load; the manager reports every rung it takes in its
state snapshot so the user learns that, say, vision was turned off to make the model run.

Order, least destructive first:
1. port taken by someone else           -> same spec on a new port
2. the projector is named in the error  -> projector on the CPU, then text-only
3. speculative decoding named or failed -> without it
4. tensor-parallel split crashed        -> layer split
5. crash by signal with flash attention -> flash attention off (a quantized V cache -> f16)
6. bare crash with a projector          -> projector on the CPU, then text-only
7. bare crash with speculative decoding -> without it
8. out of memory                        -> tensor parallel to layer split, then the
                                           planner's next smaller option, again and again
                                           (smaller context down to a floor, quantized KV,
                                           experts to the CPU, fewer layers on the failing
                                           device) until it has nothing smaller to offer

Step-downs are the one kind of rung that repeats: each is strictly smaller than the last,
so the planner runs out of options; `MAX_STEP_DOWNS` bounds a caller's own step that never
says "nothing smaller".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Set
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from studio.core.devices import SplitMode
from studio.core.engine_knobs import FlashAttn
from studio.core.server.failures import Failure, FailureCode
from studio.core.server.launch import LaunchSpec

# A runaway caller-supplied step down (one that always returns "something smaller") must
# still end: far more steps than the planner ever takes from a real plan.
MAX_STEP_DOWNS = 24


def _no_params() -> Mapping[str, object]:
    return MappingProxyType({})


class RecoveryStep(StrEnum):
    NEW_PORT = "new_port"
    FLASH_ATTN_OFF = "flash_attn_off"
    PROJECTOR_ON_CPU = "projector_on_cpu"
    TEXT_ONLY = "text_only"
    SPECULATIVE_OFF = "speculative_off"
    LAYER_SPLIT = "layer_split"
    SMALLER_PLAN = "smaller_plan"  # a step down the caller did not name
    SMALLER_CONTEXT = "smaller_context"  # params: ctx, floor
    QUANTIZED_KV = "quantized_kv"  # params: cache_type
    EXPERTS_TO_CPU = "experts_to_cpu"  # params: layers (MoE layers whose experts moved)
    FEWER_LAYERS = "fewer_layers"  # params: device (engine name), layers (left on it)


# Rungs that may be taken again and again, each one smaller than the last.
STEP_DOWNS = frozenset(
    {
        RecoveryStep.SMALLER_PLAN,
        RecoveryStep.SMALLER_CONTEXT,
        RecoveryStep.QUANTIZED_KV,
        RecoveryStep.EXPERTS_TO_CPU,
        RecoveryStep.FEWER_LAYERS,
    }
)


@dataclass(frozen=True)
class StepDown:
    """The planner's answer to an out-of-memory start: which kind of step, the spec to try,
    and what the user is told about it (the new context and its floor, the device...)."""

    step: RecoveryStep
    spec: LaunchSpec
    params: Mapping[str, object] = field(default_factory=_no_params)


# The planner's "next smaller plan" for an out-of-memory start: given what failed, return
# a spec that needs less memory (a bare LaunchSpec reads as SMALLER_PLAN), or None when
# nothing smaller is possible. Injected so the manager never imports the planner.
SmallerPlan = Callable[[LaunchSpec, Failure], LaunchSpec | StepDown | None]


@dataclass(frozen=True)
class RecoveryNote:
    """One rung taken: what was changed, the failure that made us change it, and the
    values the user sees (for a step down: the new context, the device, ...)."""

    step: RecoveryStep
    cause: Failure
    params: Mapping[str, object] = field(default_factory=_no_params)


@dataclass(frozen=True)
class Rung:
    step: RecoveryStep
    spec: LaunchSpec
    params: Mapping[str, object] = field(default_factory=_no_params)


_PROJECTOR = re.compile(r"\b(clip|mtmd|mmproj|projector|vision)", re.IGNORECASE)
_SPECULATIVE = re.compile(r"\b(draft|speculative|spec[-_ ]|mtp|nextn)", re.IGNORECASE)
_QUANTIZED_CACHE = frozenset({"q8_0", "q4_0", "q4_1", "iq4_nl", "q5_0", "q5_1"})
_START_CRASHES = frozenset({FailureCode.CRASHED, FailureCode.EXITED})


def _without_flash_attn(spec: LaunchSpec) -> LaunchSpec:
    # A quantized V cache needs flash attention; without it the context cannot be created.
    cache_v = "f16" if spec.cache_type_v in _QUANTIZED_CACHE else spec.cache_type_v
    return spec.with_changes(flash_attn=FlashAttn.OFF, cache_type_v=cache_v)


def _projector_step(spec: LaunchSpec, taken: Set[RecoveryStep]) -> tuple[RecoveryStep, LaunchSpec]:
    if spec.mmproj_offload and RecoveryStep.PROJECTOR_ON_CPU not in taken:
        return RecoveryStep.PROJECTOR_ON_CPU, spec.with_changes(mmproj_offload=False)
    return RecoveryStep.TEXT_ONLY, spec.with_changes(mmproj=None, mmproj_offload=True)


def _without_speculative(spec: LaunchSpec) -> LaunchSpec:
    return spec.with_changes(
        spec_type=None, draft_model=None, draft_n_max=None, draft_gpu_layers=None
    )


def next_step(
    spec: LaunchSpec,
    failure: Failure,
    taken: Set[RecoveryStep],
    smaller_plan: SmallerPlan | None = None,
) -> tuple[RecoveryStep, LaunchSpec] | None:
    """The next rung to try for `failure`, or None when the ladder has nothing left."""
    rung = next_rung(spec, failure, taken, smaller_plan)
    return (rung.step, rung.spec) if rung is not None else None


def next_rung(
    spec: LaunchSpec,
    failure: Failure,
    taken: Set[RecoveryStep],
    smaller_plan: SmallerPlan | None = None,
) -> Rung | None:
    """The next rung to try for `failure` with what the user is told about it, or None."""

    def fresh(step: RecoveryStep) -> bool:
        return step not in taken

    code = failure.code
    if code is FailureCode.PORT_IN_USE:
        return Rung(RecoveryStep.NEW_PORT, spec) if fresh(RecoveryStep.NEW_PORT) else None

    has_projector = spec.mmproj is not None and fresh(RecoveryStep.TEXT_ONLY)
    crashed = code in _START_CRASHES or code is FailureCode.PROJECTOR_FAILED
    if has_projector and (code is FailureCode.PROJECTOR_FAILED or failure.mentions(_PROJECTOR)):
        return Rung(*_projector_step(spec, taken))
    if (
        spec.uses_speculative
        and fresh(RecoveryStep.SPECULATIVE_OFF)
        and (crashed or code is FailureCode.BAD_ARGUMENT or code.is_out_of_memory)
        and failure.mentions(_SPECULATIVE)
    ):
        return Rung(RecoveryStep.SPECULATIVE_OFF, _without_speculative(spec))
    # Tensor parallelism is the newest and least forgiving placement: whatever stops it
    # (a crash, an argument this engine refuses, memory it cannot spill) -> layer split.
    if (
        spec.split_mode is SplitMode.TENSOR
        and fresh(RecoveryStep.LAYER_SPLIT)
        and (crashed or code is FailureCode.BAD_ARGUMENT or code.is_out_of_memory)
    ):
        return Rung(
            RecoveryStep.LAYER_SPLIT, spec.with_changes(split_mode=SplitMode.LAYER, tensor_split=())
        )
    if code is FailureCode.CRASHED:
        if spec.flash_attn_maybe_on and fresh(RecoveryStep.FLASH_ATTN_OFF):
            return Rung(RecoveryStep.FLASH_ATTN_OFF, _without_flash_attn(spec))
        if has_projector:
            return Rung(*_projector_step(spec, taken))
        if spec.uses_speculative and fresh(RecoveryStep.SPECULATIVE_OFF):
            return Rung(RecoveryStep.SPECULATIVE_OFF, _without_speculative(spec))
    if code.is_out_of_memory and smaller_plan is not None:
        return _step_down(spec, failure, smaller_plan)
    return None


def _step_down(spec: LaunchSpec, failure: Failure, smaller_plan: SmallerPlan) -> Rung | None:
    found = smaller_plan(spec, failure)
    if found is None:
        return None
    if not isinstance(found, StepDown):
        found = StepDown(RecoveryStep.SMALLER_PLAN, found)
    # A step down planned for another model must never switch models behind the user, and
    # one that changes nothing would only fail the same way again.
    if found.spec == spec or found.spec.model != spec.model:
        return None
    return Rung(found.step, found.spec, found.params)
