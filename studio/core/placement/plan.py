"""The planner's answer: where everything goes, what it costs per device, how to launch it.

A `Plan` is immutable. The UI renders `devices[i].predicted` against `devices[i].budget`,
binds sliders to `limits`, shows `reasons`, and edits by asking the plan for a changed
request (`plan.with_layers(key, n)` ...) which the planner turns into the next plan.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from studio.core.devices import DeviceKind, SplitMode
from studio.core.memory import Estimate
from studio.core.placement import controls
from studio.core.placement.eligibility import Eligibility
from studio.core.placement.evaluate import Components
from studio.core.placement.reasons import Reason, Severity
from studio.core.placement.request import PlanRequest
from studio.core.server.launch import LaunchSpec, to_argv

# What `Plan.argv` shows in place of the per-spawn parts the manager fills in.
DISPLAY_BINARY = Path("llama-server")
DISPLAY_PORT = 0


@dataclass(frozen=True)
class DevicePlan:
    """One device (or the host) in a plan."""

    key: str  # Device.key, or "host"
    engine_name: str  # the name in this launch's argv ("" for the host and unused devices)
    label: str
    kind: DeviceKind
    enabled: bool
    layers: int  # positions held, the output layer counting as one
    has_output_layer: bool
    total_bytes: int
    free_bytes: int
    margin: int
    budget: int  # free - margin: what the predicted total may reach
    predicted: Components
    fixed_overhead: int = 0  # what using this device at all costs (budget.py constants)

    @property
    def fits(self) -> bool:
        return self.predicted.total <= self.budget

    @property
    def used(self) -> bool:
        return self.predicted.total > 0

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "engine_name": self.engine_name,
            "label": self.label,
            "kind": self.kind,
            "enabled": self.enabled,
            "layers": self.layers,
            "output_layer": self.has_output_layer,
            "total_bytes": self.total_bytes,
            "free_bytes": self.free_bytes,
            "margin": self.margin,
            "budget": self.budget,
            "predicted": self.predicted.to_json(),
            "fixed_overhead": self.fixed_overhead,
            "fits": self.fits,
        }


@dataclass(frozen=True)
class Limits:
    """Ranges of every control, what moving it moves, and whether it can be used at all
    (with the reasons it cannot): the load dialog renders these, it never decides them."""

    positions: int  # block_count + 1: the most layers the devices can hold together
    n_cpu_moe_max: int  # 0 for dense models
    # Bytes moved from the devices to the host by raising n_cpu_moe from i to i + 1.
    n_cpu_moe_step_bytes: tuple[int, ...]
    # Bytes (weights + KV at the plan's context) of each position 0..block_count; moving a
    # device's slider by one moves the boundary position's bytes.
    position_bytes: tuple[int, ...]
    ctx_min: int
    ctx_max: int
    ctx_step: int
    ctx_trained: int
    parallel_max: int
    cache_types: tuple[str, ...]
    tensor_parallel: Eligibility
    mtp: Eligibility
    flash_attn: Eligibility
    cache_type: Eligibility  # whether the KV cache type can be chosen (which: cache_types)
    mmproj: Eligibility
    draft: Eligibility
    n_cpu_moe: Eligibility
    layers: Eligibility  # per-device layer counts

    def eligibility(self) -> dict[str, Eligibility]:
        """Every control's eligibility by name, as `to_json` writes them."""
        return {
            "tensor_parallel": self.tensor_parallel,
            "mtp": self.mtp,
            "flash_attn": self.flash_attn,
            "cache_type": self.cache_type,
            "mmproj": self.mmproj,
            "draft": self.draft,
            "n_cpu_moe": self.n_cpu_moe,
            "layers": self.layers,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "positions": self.positions,
            "n_cpu_moe_max": self.n_cpu_moe_max,
            "n_cpu_moe_step_bytes": list(self.n_cpu_moe_step_bytes),
            "ctx_min": self.ctx_min,
            "ctx_max": self.ctx_max,
            "ctx_step": self.ctx_step,
            "ctx_trained": self.ctx_trained,
            "parallel_max": self.parallel_max,
            "cache_types": list(self.cache_types),
            **{
                name: {"allowed": e.allowed, "reasons": [r.to_json() for r in e.reasons]}
                for name, e in self.eligibility().items()
            },
        }


@dataclass(frozen=True)
class Plan:
    asked: PlanRequest  # what was asked (None fields = auto)
    request: PlanRequest  # the same with every auto choice resolved: re-planning it gives this plan
    model_path: Path
    ctx: int
    split_mode: SplitMode
    n_gpu_layers: int
    tensor_split: tuple[float, ...]
    n_cpu_moe: int
    devices: tuple[DevicePlan, ...]  # every known device in engine order, used or not
    host: DevicePlan
    reasons: tuple[Reason, ...]
    limits: Limits
    launch: LaunchSpec
    estimate: Estimate

    @property
    def fits(self) -> bool:
        """Every device and the host within budget, and no refused setting left standing."""
        return not any(r.severity is Severity.ERROR for r in self.reasons)

    @property
    def argv(self) -> list[str]:
        """The exact arguments, with a placeholder binary and port (the manager's part)."""
        return to_argv(self.launch, DISPLAY_BINARY, DISPLAY_PORT)

    @property
    def used_devices(self) -> tuple[DevicePlan, ...]:
        return tuple(d for d in self.devices if d.layers > 0 or d.predicted.total > 0)

    def device(self, key: str) -> DevicePlan:
        for plan in (*self.devices, self.host):
            if plan.key == key:
                return plan
        raise KeyError(key)

    def layer_counts(self) -> Mapping[str, int]:
        return {d.key: d.layers for d in self.devices if d.enabled}

    # Controls: each returns the request for the next plan (see controls.py).
    def with_layers(self, key: str, count: int) -> PlanRequest:
        return controls.with_layers(self, key, count)

    def with_device_enabled(self, key: str, enabled: bool) -> PlanRequest:
        return controls.with_device_enabled(self, key, enabled)

    def with_n_cpu_moe(self, count: int) -> PlanRequest:
        return controls.with_n_cpu_moe(self, count)

    def with_tensor_parallel(self, enabled: bool) -> PlanRequest:
        return controls.with_tensor_parallel(self, enabled)

    def with_ctx(self, ctx: int | None) -> PlanRequest:
        return controls.with_ctx(self, ctx)

    def with_cache_types(self, k: str, v: str) -> PlanRequest:
        return controls.with_cache_types(self, k, v)

    def with_parallel(self, slots: int) -> PlanRequest:
        return controls.with_parallel(self, slots)

    def with_margin(self, key: str, margin: int | None) -> PlanRequest:
        return controls.with_margin(self, key, margin)

    def with_auto_fit(self) -> PlanRequest:
        return controls.with_auto_fit(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "model": str(self.model_path),
            "fits": self.fits,
            "ctx": self.ctx,
            "split_mode": self.split_mode.value,
            "n_gpu_layers": self.n_gpu_layers,
            "tensor_split": list(self.tensor_split),
            "n_cpu_moe": self.n_cpu_moe,
            "parallel": self.request.parallel,
            "cache_type_k": self.request.cache_type_k,
            "cache_type_v": self.request.cache_type_v,
            "flash_attn": self.request.flash_attn,
            "devices": [d.to_json() for d in self.devices],
            "host": self.host.to_json(),
            "reasons": [r.to_json() for r in self.reasons],
            "limits": self.limits.to_json(),
            "argv": self.argv[1:],
        }
