"""The placement planner: a model, the machine's devices and the user's settings -> a `Plan`.

planner = Planner(summary, path, inventory, engine_info.features, tensor_names)
plan = planner.plan(PlanRequest())                 # auto-fit: context, layers, experts
plan.devices[i].predicted / .budget                # bytes per component vs budget
plan.reasons                                       # codes naming the setting
plan.launch                                        # the LaunchSpec the manager runs
plan = planner.plan(plan.with_layers(key, 20))     # a slider move: one estimate
smaller = next_smaller_plan(planner, plan)         # the recovery ladder's step down

A load nobody is asked about (autoload, API, `studio serve`/`run`) is planned by
`load_plan.plan_load`: the launch and its step down together.
"""

from studio.core.devices import HOST_KEY, PLANNED_SPLIT_MODES, SplitMode
from studio.core.placement.budget import (
    CUDA_CONTEXT_OVERHEAD,
    HOST_PROCESS_OVERHEAD,
    default_host_margin,
    default_margin,
)
from studio.core.placement.eligibility import Eligibility
from studio.core.placement.environment import child_environment, request_from_environment
from studio.core.placement.evaluate import Components
from studio.core.placement.plan import DevicePlan, Limits, Plan
from studio.core.placement.planner import Planner, n_cpu_moe_max
from studio.core.placement.reasons import Reason, ReasonCode, Setting, Severity
from studio.core.placement.request import (
    DraftModel,
    DraftType,
    Mtp,
    PlanRequest,
    Projector,
)
from studio.core.placement.smaller import SmallerPlanStep, next_smaller_plan

__all__ = [
    "CUDA_CONTEXT_OVERHEAD",
    "HOST_KEY",
    "HOST_PROCESS_OVERHEAD",
    "PLANNED_SPLIT_MODES",
    "Components",
    "DevicePlan",
    "DraftModel",
    "DraftType",
    "Eligibility",
    "Limits",
    "Mtp",
    "Plan",
    "PlanRequest",
    "Planner",
    "Projector",
    "Reason",
    "ReasonCode",
    "Setting",
    "Severity",
    "SmallerPlanStep",
    "SplitMode",
    "child_environment",
    "default_host_margin",
    "default_margin",
    "n_cpu_moe_max",
    "next_smaller_plan",
    "request_from_environment",
]
