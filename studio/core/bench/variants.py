"""The variants a benchmark compares: a plan, and plans that differ from it in a few knobs.

A variant's changes are named as the knob table names them (`studio.core.engine_knobs`):
a `RequestKnobs` field the plan models (n_cpu_moe, cache_type_k, flash_attn, ubatch,
split_mode ...), an `EngineKnobs` field a plan launches as given (threads), or the layers
of a device. They apply to the base plan's resolved request, so the context, layers and
experts the base chose stay pinned and one change moves one thing; tensor parallelism
re-places the layers (at the same context), since layer counts mean nothing under it; a
device's layers move as the load dialog's slider moves them.

Each variant is planned like a load the dialog makes (`load_plan.launched`: the plan's
launch, which logs allocations at `-lv 4`, and its step down) and checked to fit: one
that does not is kept with its refusal, reported and never run. Blocking (the planner's
search): the app calls `plan_variants` with `asyncio.to_thread`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from types import MappingProxyType
from typing import Any

from studio.core.devices import SplitMode
from studio.core.engine_knobs import LAUNCH_KNOBS, PLANNED_KNOBS, UnderPlan, under_plan
from studio.core.errors import StudioError
from studio.core.placement.admission import refusal
from studio.core.placement.load_plan import PlannedLoad, launched
from studio.core.placement.plan import Plan
from studio.core.placement.planner import Planner
from studio.core.placement.request import PlanRequest
from studio.core.placement.setup import ModelSetup

# The knobs a variant may change, by field name, from the one table.
PLAN_KNOBS = frozenset(knob.name for knob in PLANNED_KNOBS)
LAUNCH_KEPT_KNOBS = frozenset(
    knob.name for knob in LAUNCH_KNOBS if under_plan(knob) is UnderPlan.KEPT
)
VARIABLE_KNOBS = PLAN_KNOBS | LAUNCH_KEPT_KNOBS
# How a device's layers are written among the changes: `layers:CUDA0` (name or key).
LAYERS_PREFIX = "layers:"
BASE_LABEL = "base"


def _frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping))


def _written(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


@dataclass(frozen=True)
class Changes:
    """One variant's changes over the base plan: `knobs` by field name (see the module),
    `layers` by device key or engine name (CUDA0, RPC1). No changes: the base itself.
    `label` names it; by default the changes as written ("ubatch=1024, threads=4")."""

    knobs: Mapping[str, Any] = field(default_factory=lambda: _frozen({}))
    layers: Mapping[str, int] = field(default_factory=lambda: _frozen({}))
    label: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "knobs", _frozen(self.knobs))
        object.__setattr__(self, "layers", _frozen(self.layers))
        for name in self.knobs:
            if name not in VARIABLE_KNOBS:
                raise StudioError(
                    "bench_knob_unknown",
                    f"{name!r} is not a knob a variant can change",
                    knob=name,
                    knobs=sorted(VARIABLE_KNOBS),
                )
        if self.layers and self.knobs.get("split_mode") is SplitMode.TENSOR:
            # Tensor parallelism splits every layer across the devices: a count of layers
            # per device means nothing under it, and one of the two changes would be lost.
            raise StudioError(
                "bench_layers_under_tensor",
                "layers cannot be moved between devices under tensor parallelism",
                variant=", ".join(f"{k}={v}" for k, v in self.written().items()),
            )

    def written(self) -> dict[str, str]:
        """The changes as a person writes them: knob -> value, `layers:DEVICE` -> count."""
        return {
            **{name: _written(value) for name, value in self.knobs.items()},
            **{f"{LAYERS_PREFIX}{device}": str(count) for device, count in self.layers.items()},
        }

    @property
    def name(self) -> str:
        if self.label:
            return self.label
        written = self.written()
        return ", ".join(f"{k}={v}" for k, v in written.items()) if written else BASE_LABEL


@dataclass(frozen=True)
class Variant:
    """A plan to measure: its label, the changes that made it, what the manager loads
    for it (`load.plan` is the plan) and, when the plan does not fit, its refusal (the
    variant is then reported, never run)."""

    label: str
    changes: Changes
    load: PlannedLoad
    refusal: StudioError | None = None

    @property
    def plan(self) -> Plan:
        assert self.load.plan is not None  # every variant is planned
        return self.load.plan

    @property
    def fits(self) -> bool:
        return self.refusal is None


def plan_variant(
    setup: ModelSetup,
    base: Plan,
    changes: Changes | None = None,
    launch: Mapping[str, Any] | None = None,
) -> Variant:
    """`base` with `changes` (None: the base itself), planned and launched as the app
    launches a plan; `launch` holds what the command line launches beside every plan
    (`load_plan.Explicit.launch`: kept knobs and extra engine arguments)."""
    changes = changes or Changes()
    plan = setup.planner.plan(_request(setup.planner, base, changes))
    load = launched(setup, plan)
    kept = {**(launch or {})}
    kept.update((k, v) for k, v in changes.knobs.items() if k in LAUNCH_KEPT_KNOBS)
    # Ours first: the user's extra arguments come last, so the engine's last-wins parsing
    # honours them.
    extra = (*load.spec.extra_args, *kept.pop("extra_args", ()))
    spec = load.spec.with_changes(**kept, extra_args=extra)
    return Variant(changes.name, changes, replace(load, spec=spec), refusal(plan))


def plan_variants(
    setup: ModelSetup,
    base: Plan,
    changes: Sequence[Changes],
    launch: Mapping[str, Any] | None = None,
) -> tuple[Variant, ...]:
    """`plan_variant` of each, labels made unique ("ubatch=1024 (2)")."""
    variants: list[Variant] = []
    taken: set[str] = set()
    for change in changes:
        variant = plan_variant(setup, base, change, launch)
        label, copy = variant.label, 1
        while label in taken:  # results are kept by label: two must never share one
            copy += 1
            label = f"{variant.label} ({copy})"
        taken.add(label)
        variants.append(replace(variant, label=label))
    return tuple(variants)


def _request(planner: Planner, base: Plan, changes: Changes) -> PlanRequest:
    """A device's layers move as the load dialog's slider moves them (the other devices
    make room or take the rest); then the knobs change."""
    request = base.request
    asked = {k: v for k, v in changes.knobs.items() if k in PLAN_KNOBS}
    mode = asked.pop("split_mode", None)
    if mode is not None and mode != request.split_mode:
        tensor = base.with_tensor_parallel(mode is SplitMode.TENSOR)
        request = tensor.with_changes(ctx=base.ctx)
    placed = base
    for name, count in changes.layers.items():
        request = placed.with_layers(device_key(base, name), count)
        placed = planner.plan(request)
    return request.with_changes(**asked)


def device_key(plan: Plan, name: str) -> str:
    """The key of the device of `plan` called `name` (its key or engine name)."""
    for device in plan.devices:
        if name in (device.key, device.engine_name):
            return device.key
    raise StudioError("fit_unknown_device", f"no device named {name!r}", device=name)
