"""The memory panel's view of a plan, before and after the load: what the planner predicts
per device, and what the engine's log says it really allocated."""

from __future__ import annotations

from pathlib import Path

from studio.core.devices import HOST_ENGINE_NAME, DeviceKind
from studio.core.memory.engine_log import EngineAllocation, parse_engine_log
from studio.core.placement.device_memory import DeviceMemory, MemoryBreakdown
from studio.core.placement.plan import DevicePlan, Plan


def device_memory(device: DevicePlan) -> DeviceMemory:
    """The panel's view of one device of a plan. A draft model's bytes count as weights
    (they are mostly weights); the output buffer joins the fixed overhead."""
    predicted = device.predicted
    return DeviceMemory(
        key=device.key,
        label=device.label,
        kind=device.kind,
        total=device.total_bytes,
        free=device.free_bytes,
        budget=device.budget,
        planned=MemoryBreakdown(
            weights=predicted.weights + predicted.draft,
            kv=predicted.kv,
            compute=predicted.compute,
            overhead=predicted.output + predicted.overhead,
            prompt_cache=predicted.prompt_cache,
        ),
        unlogged_overhead=predicted.overhead,
    )


def plan_memory(plan: Plan) -> tuple[DeviceMemory, ...]:
    """Every GPU and RPC device (used or not, so switching one on shows where it goes) and
    the host last."""
    return (*(device_memory(d) for d in plan.devices), device_memory(plan.host))


# -- after the load: what the engine really allocated -----------------------------------


def log_device_key(device: DevicePlan) -> str:
    """The name the engine log gives this device's buffers (see engine_log.device_key)."""
    if device.kind is DeviceKind.HOST:
        return HOST_ENGINE_NAME
    if device.kind is DeviceKind.RPC:
        return f"RPC[{device.key.removeprefix('rpc:')}]"
    return device.engine_name


def read_allocation(log_path: Path) -> EngineAllocation:
    """Parse an engine log file. Blocking: run it with `asyncio.to_thread`."""
    with log_path.open(encoding="utf-8", errors="replace") as lines:
        return parse_engine_log(lines)


def logged_memory(plan: Plan, log_path: Path | None) -> dict[str, MemoryBreakdown]:
    """`actual_memory` of the engine log at `log_path`; empty when there is none, or it
    cannot be read. Blocking: run it with `asyncio.to_thread`."""
    if log_path is None:
        return {}
    try:
        return actual_memory(plan, read_allocation(log_path))
    except OSError:
        return {}


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
