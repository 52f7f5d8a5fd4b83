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
8. out of memory                        -> the planner's next smaller option
"""

from __future__ import annotations

import re
from collections.abc import Callable, Set
from dataclasses import dataclass
from enum import StrEnum

from studio.core.server.failures import Failure, FailureCode
from studio.core.server.launch import LaunchSpec

# The planner's "next smaller plan" for an out-of-memory start: given what failed, return
# a spec that needs less memory (smaller context, fewer GPU layers, more MoE on the CPU),
# or None when nothing smaller is possible. Injected so the manager never imports the
# planner.
SmallerPlan = Callable[[LaunchSpec, Failure], LaunchSpec | None]


class RecoveryStep(StrEnum):
    NEW_PORT = "new_port"
    FLASH_ATTN_OFF = "flash_attn_off"
    PROJECTOR_ON_CPU = "projector_on_cpu"
    TEXT_ONLY = "text_only"
    SPECULATIVE_OFF = "speculative_off"
    LAYER_SPLIT = "layer_split"
    SMALLER_PLAN = "smaller_plan"


@dataclass(frozen=True)
class RecoveryNote:
    """One rung taken: what was changed and the failure that made us change it."""

    step: RecoveryStep
    cause: Failure


_PROJECTOR = re.compile(r"\b(clip|mtmd|mmproj|projector|vision)", re.IGNORECASE)
_SPECULATIVE = re.compile(r"\b(draft|speculative|spec[-_ ]|mtp|nextn)", re.IGNORECASE)
_QUANTIZED_CACHE = frozenset({"q8_0", "q4_0", "q4_1", "iq4_nl", "q5_0", "q5_1"})
_START_CRASHES = frozenset({FailureCode.CRASHED, FailureCode.EXITED})


def _without_flash_attn(spec: LaunchSpec) -> LaunchSpec:
    # A quantized V cache needs flash attention; without it the context cannot be created.
    cache_v = "f16" if spec.cache_type_v in _QUANTIZED_CACHE else spec.cache_type_v
    return spec.with_changes(flash_attn="off", cache_type_v=cache_v)


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

    def fresh(step: RecoveryStep) -> bool:
        return step not in taken

    code = failure.code
    if code is FailureCode.PORT_IN_USE:
        return (RecoveryStep.NEW_PORT, spec) if fresh(RecoveryStep.NEW_PORT) else None

    has_projector = spec.mmproj is not None and fresh(RecoveryStep.TEXT_ONLY)
    crashed = code in _START_CRASHES or code is FailureCode.PROJECTOR_FAILED
    if has_projector and (code is FailureCode.PROJECTOR_FAILED or failure.mentions(_PROJECTOR)):
        return _projector_step(spec, taken)
    if (
        spec.uses_speculative
        and fresh(RecoveryStep.SPECULATIVE_OFF)
        and (crashed or code is FailureCode.BAD_ARGUMENT or code.is_out_of_memory)
        and failure.mentions(_SPECULATIVE)
    ):
        return RecoveryStep.SPECULATIVE_OFF, _without_speculative(spec)
    if spec.split_mode == "tensor" and fresh(RecoveryStep.LAYER_SPLIT) and crashed:
        return RecoveryStep.LAYER_SPLIT, spec.with_changes(split_mode="layer", tensor_split=())
    if code is FailureCode.CRASHED:
        if spec.flash_attn_maybe_on and fresh(RecoveryStep.FLASH_ATTN_OFF):
            return RecoveryStep.FLASH_ATTN_OFF, _without_flash_attn(spec)
        if has_projector:
            return _projector_step(spec, taken)
        if spec.uses_speculative and fresh(RecoveryStep.SPECULATIVE_OFF):
            return RecoveryStep.SPECULATIVE_OFF, _without_speculative(spec)
    if code.is_out_of_memory and smaller_plan is not None and fresh(RecoveryStep.SMALLER_PLAN):
        smaller = smaller_plan(spec, failure)
        # A step down planned for another model must never switch models behind the user.
        if smaller is not None and smaller != spec and smaller.model == spec.model:
            return RecoveryStep.SMALLER_PLAN, smaller
    return None
