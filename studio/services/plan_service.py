"""The load dialog's link to the planner: preparing a model off the GUI thread, re-planning
on every control change, and the memory panel's view of a plan.

Planning is pure and fast (about 1 ms after a slider move, under 10 ms for an auto-fit of a
48-layer MoE model on two GPUs, measured with `bench/plan_service.py`), so `submit` plans on the
GUI thread, coalescing a burst of slider events into one plan per event-loop turn. Reading
the GGUF header and the devices is slow (file and subprocess I/O): `prepare_load` is
blocking and the dialog runs it through `asyncio.to_thread`.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from studio.core.engine import EngineInfo, EngineLocation
from studio.core.engine.info import EngineFeatures
from studio.core.gguf import GGUFError, read_model
from studio.core.gguf.local import read_header
from studio.core.hardware import (
    DeviceConfig,
    DeviceInventory,
    RpcEndpoint,
    discover_devices,
    probe_rpc_devices,
)
from studio.core.memory import ModelSummary, summarize
from studio.core.memory.engine_log import HOST_KEY as LOG_HOST_KEY
from studio.core.memory.engine_log import EngineAllocation, parse_engine_log
from studio.core.placement.environment import request_from_environment
from studio.core.placement.plan import DevicePlan, Plan
from studio.core.placement.planner import Planner
from studio.core.placement.reasons import Reason
from studio.core.placement.request import (
    DraftModel,
    DraftType,
    Mtp,
    PlanRequest,
    Projector,
    SplitMode,
)
from studio.core.server.launch import LaunchSpec
from studio.core.tasks import TaskOwner
from studio.core.placement.device_memory import DeviceKind, DeviceMemory, MemoryBreakdown

# -- preparing -----------------------------------------------------------------------------

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LoadSetup:
    """Everything the load dialog needs about one model on this machine."""

    model_path: Path
    summary: ModelSummary
    planner: Planner
    inventory: DeviceInventory
    projector: Projector | None  # a vision projector found beside the model
    environment_reasons: tuple[Reason, ...]  # LLAMA_ARG_* variables honoured or ignored
    base_request: PlanRequest  # the defaults, with LLAMA_ARG_* settings applied


def find_projector(model_path: Path) -> Projector | None:
    """An `mmproj*.gguf` in the model's folder (how Hugging Face repositories ship them)."""
    candidates = sorted(model_path.parent.glob("mmproj*.gguf"))
    candidates += sorted(
        p
        for p in model_path.parent.glob("*.gguf")
        if "mmproj" in p.name.lower() and p not in candidates
    )
    for candidate in candidates:
        if candidate == model_path:
            continue
        try:
            header = read_header(candidate, check_data=False)
        except GGUFError as error:
            # A broken or special file beside the model must not stop the model loading.
            log.warning("projector candidate %s skipped: %s", candidate, error)
            continue
        return Projector(path=candidate, weight_bytes=header.data_bytes)
    return None


def prepare_load(
    model_path: Path,
    engine: EngineInfo,
    location: EngineLocation | None,
    rpc_endpoints: Sequence[str] = (),
    environ: Mapping[str, str] | None = None,
    own_pids: Sequence[int] = (),
) -> LoadSetup:
    """Read the model's header, the devices (NVML or fake, the engine's list, RPC servers)
    and the environment. Blocking: run it with `asyncio.to_thread`.

    `own_pids` is our running engine: the memory it holds is freed by the switch, so it
    counts as free."""
    env = os.environ if environ is None else environ
    model = read_model(model_path)
    summary = summarize(model)
    rpc_devices = (
        probe_rpc_devices(location, [RpcEndpoint.parse(e) for e in rpc_endpoints])
        if rpc_endpoints and location is not None
        else ()
    )
    inventory = discover_devices(
        DeviceConfig.from_environment(env),
        engine.devices,
        env,
        rpc_devices=rpc_devices,
        own_pids=own_pids,
    )
    planner = Planner(
        summary,
        model_path,
        inventory,
        engine.features,
        tensor_names=frozenset(t.name for t in model.tensors),
    )
    base, reasons = request_from_environment(env)
    return LoadSetup(
        model_path=model_path,
        summary=summary,
        planner=planner,
        inventory=inventory,
        projector=find_projector(model_path),
        environment_reasons=reasons,
        base_request=base,
    )


def read_draft(path: Path, spec_type: DraftType = DraftType.SIMPLE) -> DraftModel:
    """A draft model for speculative decoding, from its header (small models: fast enough
    to read on the GUI thread)."""
    return DraftModel(path=path, summary=summarize(read_model(path)), spec_type=spec_type)


def remembered_draft_type(data: Mapping[str, Any] | None) -> DraftType:
    """How a remembered draft file drafted; settings from before draft-mtp mean simple."""
    value = (data or {}).get("draft_spec_type")
    return DraftType(value) if value in {t.value for t in DraftType} else DraftType.SIMPLE


# -- what the panel draws ------------------------------------------------------------------

_KINDS = {"gpu": DeviceKind.GPU, "rpc": DeviceKind.RPC, "host": DeviceKind.HOST}


def device_memory(device: DevicePlan) -> DeviceMemory:
    """The panel's view of one device of a plan. A draft model's bytes count as weights
    (they are mostly weights); the output buffer joins the fixed overhead."""
    predicted = device.predicted
    return DeviceMemory(
        key=device.key,
        label=device.label,
        kind=_KINDS.get(device.kind, DeviceKind.GPU),
        total=device.total_bytes,
        free=device.free_bytes,
        budget=device.budget,
        planned=MemoryBreakdown(
            weights=predicted.weights + predicted.draft,
            kv=predicted.kv,
            compute=predicted.compute,
            overhead=predicted.output + predicted.overhead,
        ),
        unlogged_overhead=predicted.overhead,
    )


def plan_memory(plan: Plan) -> tuple[DeviceMemory, ...]:
    """Every GPU and RPC device (used or not, so switching one on shows where it goes) and
    the host last."""
    return (*(device_memory(d) for d in plan.devices), device_memory(plan.host))


# -- after the load: what the engine really allocated -----------------------------------

# `-lv 4` makes llama-server print its buffer sizes (libllama's INFO lines moved to
# verbosity 4); without them there is nothing to compare the prediction with.
ALLOCATION_VERBOSITY = ("-lv", "4")


def launch_spec(plan: Plan, features: EngineFeatures | None) -> LaunchSpec:
    """The plan's launch, labelled with the file the user chose (as the Library lists it
    and the autoload names it), with the log verbosity that reports allocations when the
    engine has the flag."""
    spec = plan.launch.with_changes(label=plan.model_path.name)
    if features is not None and features.supports("-lv"):
        spec = spec.with_changes(extra_args=(*spec.extra_args, *ALLOCATION_VERBOSITY))
    return spec


def log_device_key(device: DevicePlan) -> str:
    """The name the engine log gives this device's buffers (see engine_log.device_key)."""
    if device.kind == "host":
        return LOG_HOST_KEY
    if device.kind == "rpc":
        return f"RPC[{device.key.removeprefix('rpc:')}]"
    return device.engine_name


def read_allocation(log_path: Path) -> EngineAllocation:
    """Parse an engine log file. Blocking: run it with `asyncio.to_thread`."""
    with log_path.open(encoding="utf-8", errors="replace") as lines:
        return parse_engine_log(lines)


def actual_memory(plan: Plan, allocation: EngineAllocation) -> dict[str, MemoryBreakdown]:
    """What the engine logged per device of the plan, by plan device key. Devices the log
    does not mention (unused, or a log without `-lv 4`) are absent."""
    logged = allocation.by_device()
    actual: dict[str, MemoryBreakdown] = {}
    for device in (*plan.devices, plan.host):
        kinds = logged.get(log_device_key(device))
        if kinds is None:
            continue
        actual[device.key] = MemoryBreakdown(
            weights=kinds["model"],
            kv=kinds["KV"] + kinds["RS"],
            compute=kinds["compute"],
            overhead=kinds["output"],
        )
    return actual


# -- remembered settings -------------------------------------------------------------------


def remembered(plan: Plan, use_projector: bool) -> dict[str, Any]:
    """What to remember for a model: the choices as asked (automatic ones stay automatic),
    as a JSON object for the settings module."""
    asked = plan.asked
    return {
        "ctx": asked.ctx,
        "parallel": asked.parallel,
        "kv_unified": asked.kv_unified,
        "cache_type_k": asked.cache_type_k,
        "cache_type_v": asked.cache_type_v,
        "flash_attn": asked.flash_attn,
        "split_mode": asked.split_mode.value,
        "disabled": sorted(asked.disabled),
        "layers": dict(asked.layers) if asked.layers is not None else None,
        "n_cpu_moe": asked.n_cpu_moe,
        "mmproj": use_projector,
        "mtp": isinstance(asked.speculative, Mtp),
        "draft": str(asked.speculative.path) if isinstance(asked.speculative, DraftModel) else None,
        "draft_spec_type": (
            asked.speculative.spec_type.value if isinstance(asked.speculative, DraftModel) else None
        ),
    }


def _int_or_none(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def restore(
    data: Mapping[str, Any] | None, base: PlanRequest, projector: Projector | None
) -> tuple[PlanRequest, bool]:
    """(request, use projector) from remembered settings over `base`. Lenient: a value of
    the wrong type keeps the base's; devices that no longer exist are the planner's to
    report."""
    if not data:
        return base, projector is not None
    changes: dict[str, Any] = {}
    if "ctx" in data and (data["ctx"] is None or _int_or_none(data["ctx"]) is not None):
        changes["ctx"] = data["ctx"]
    for key in ("parallel",):
        value = _int_or_none(data.get(key))
        if value is not None and value > 0:
            changes[key] = value
    for key in ("kv_unified", "flash_attn"):
        if isinstance(data.get(key), bool):
            changes[key] = data[key]
    for key in ("cache_type_k", "cache_type_v"):
        if isinstance(data.get(key), str):
            changes[key] = data[key]
    if data.get("split_mode") in {m.value for m in SplitMode}:
        changes["split_mode"] = SplitMode(data["split_mode"])
    disabled = data.get("disabled")
    if isinstance(disabled, list) and all(isinstance(k, str) for k in disabled):
        changes["disabled"] = frozenset(disabled)
    layers = data.get("layers")
    if layers is None or (
        isinstance(layers, dict) and all(_int_or_none(v) is not None for v in layers.values())
    ):
        changes["layers"] = layers
    if "n_cpu_moe" in data and (
        data["n_cpu_moe"] is None or _int_or_none(data["n_cpu_moe"]) is not None
    ):
        changes["n_cpu_moe"] = data["n_cpu_moe"]
    if data.get("mtp") is True:
        changes["speculative"] = Mtp()
    use_projector = projector is not None and data.get("mmproj", True) is not False
    return base.with_changes(**changes), use_projector


# -- live re-planning ----------------------------------------------------------------------


class PlanService(QObject):
    """Holds the current plan of one model and re-plans on request.

    `submit` is coalesced: the last request submitted before the event loop turns is the
    one planned. Each plan also needs the largest context that fits with the same
    placement (`largest_fitting_ctx`, the context slider's marker). That search costs ten
    times a plan, so it is skipped when only the context moved (the answer cannot change)
    and, given a `TaskOwner` and a running loop, done on a worker thread (the planner is
    pure) and announced by `largest_changed`.
    """

    planned = Signal(object)  # Plan
    largest_changed = Signal(object)  # int | None

    def __init__(
        self, planner: Planner, tasks: TaskOwner | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.planner = planner
        self._tasks = tasks
        self.plan: Plan | None = None
        self.largest_fitting_ctx: int | None = None
        self.last_duration_s = 0.0
        self.plans_made = 0
        self.largest_searches = 0
        self._pending: PlanRequest | None = None
        self._largest_for: PlanRequest | None = None  # the placement the marker belongs to
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._on_timer)

    def plan_now(self, request: PlanRequest) -> Plan:
        """Plan synchronously and publish (at open, and whenever an answer is needed now)."""
        self._pending = None
        self._timer.stop()
        started = time.perf_counter()
        plan = self.planner.plan(request)
        self.last_duration_s = time.perf_counter() - started
        self.plans_made += 1
        self.plan = plan
        self._update_largest(plan)
        self.planned.emit(plan)
        return plan

    def submit(self, request: PlanRequest) -> None:
        self._pending = request
        if not self._timer.isActive():
            self._timer.start()

    @property
    def pending(self) -> bool:
        return self._pending is not None

    def flush(self) -> Plan | None:
        """Plan a pending request now (before loading, so the plan matches the controls)."""
        if self._pending is not None:
            return self.plan_now(self._pending)
        return self.plan

    @Slot()
    def _on_timer(self) -> None:
        if self._pending is not None:
            self.plan_now(self._pending)

    # -- the largest context that fits ---------------------------------------------------

    def _update_largest(self, plan: Plan) -> None:
        if plan.asked.ctx is None:  # auto-fit: the plan's own context is the edge
            self._largest_for = None
            self._set_largest(plan.ctx if plan.fits else None)
            return
        placement = plan.request.with_changes(ctx=None)
        if placement == self._largest_for:
            return  # only the context moved: the edge stays where it is
        self._largest_for = placement
        if self._tasks is None or not _loop_running():
            self._set_largest(self._search_largest(placement))
            return
        self._tasks.spawn("largest-context", self._search_in_thread(placement))

    async def _search_in_thread(self, placement: PlanRequest) -> None:
        largest = await asyncio.to_thread(self._search_largest, placement)
        if placement == self._largest_for:  # a newer placement supersedes this answer
            self._set_largest(largest)

    def _search_largest(self, placement: PlanRequest) -> int | None:
        self.largest_searches += 1
        probe = self.planner.plan(placement)
        return probe.ctx if probe.fits else None

    def _set_largest(self, value: int | None) -> None:
        if value != self.largest_fitting_ctx:
            self.largest_fitting_ctx = value
            self.largest_changed.emit(value)


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
