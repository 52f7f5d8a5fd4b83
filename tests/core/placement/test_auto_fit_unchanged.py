"""Faster planning must not change a plan: the planner against plans recorded before.

`auto_fit_plans.json` holds the essentials of plans the planner made before its search
and the estimator were made faster (issue 30): context, placement, every device's
predicted bytes, the reasons. A spread of synthetic models (dense, MoE, sliding window,
recurrent, MTP, a 100-layer MoE) on 1-4 fake GPUs, RPC servers, a Vulkan device with a
per-tensor limit and the host alone, with and without the CPU's repack features, under
several requests (automatic, fixed context, quantized KV, more slots, experts on the CPU,
tensor split, MTP). When a change is meant to move plans, record them again with
`python -m tests.core.placement.test_auto_fit_unchanged` and review the diff.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from studio.core.devices import DeviceKind, SplitMode
from studio.core.hardware import GIB, MIB, Device, DeviceInventory, HostMemory
from studio.core.memory import EngineMemory, ModelSummary
from studio.core.placement import Mtp, Plan, Planner, PlanRequest
from tests.core.placement.placement_helpers import (
    fake_inventory,
    rpc_inventory,
    shape_summary,
    toy_summary,
)
from tests.support.models import cache_dir

RECORDED = Path(__file__).with_name("auto_fit_plans.json")
AVX2 = frozenset({"AVX", "AVX2", "FMA", "F16C", "REPACK"})
SHAPES = (
    "llama-8b-shape",
    "qwen3-30b-a3b-shape",
    "gemma3-12b-shape",
    "gemma3-270m-shape",
    "tiny-llama-q4_0",
    "tiny-deepseek2",
    "tiny-mamba2",
    "tiny-granitehybrid",
    "tiny-glm4moe-mtp",
    "moe-100-shape",  # bench/plan_speed.py's model
)


@dataclass(frozen=True)
class Machine:
    inventory: DeviceInventory
    memory: EngineMemory


def _vulkan(total_gib: int, max_tensor_mib: int) -> DeviceInventory:
    device = Device(
        key="Vulkan0",
        kind=DeviceKind.GPU,
        engine_name="Vulkan0",
        name="lavapipe-like",
        total_bytes=total_gib * GIB,
        free_bytes=total_gib * GIB,
        max_tensor_bytes=max_tensor_mib * MIB,
    )
    return DeviceInventory((device,), HostMemory(32 * GIB, 32 * GIB))


def _machines() -> dict[str, Machine]:
    plain, repack = EngineMemory(), EngineMemory(cpu_features=AVX2)
    gpus = {
        "1gpu-8": "GPU0:8GiB,HOST:32GiB",
        "1gpu-24": "GPU0:24GiB,HOST:64GiB",
        "2gpu": "GPU0:24GiB,GPU1:16GiB,HOST:64GiB",
        "2gpu-odd": "GPU0:11GiB/9GiB,GPU1:5GiB,HOST:48GiB",
        "3gpu-small": "GPU0:6GiB,GPU1:3GiB,GPU2:4GiB,HOST:24GiB",
        "4gpu": "GPU0:12GiB,GPU1:12GiB,GPU2:12GiB,GPU3:12GiB,HOST:128GiB",
        "4gpu-tiny": "GPU0:2GiB,GPU1:3GiB,GPU2:2GiB,GPU3:4GiB,HOST:16GiB",
        "4gpu-odd": "GPU0:20GiB,GPU1:10GiB,GPU2:10GiB/7GiB,GPU3:6GiB,HOST:96GiB",
    }
    machines = {name: Machine(fake_inventory(spec), plain) for name, spec in gpus.items()}
    machines["2gpu-repack"] = Machine(fake_inventory(gpus["2gpu"]), repack)
    machines["host"] = Machine(fake_inventory("HOST:64GiB"), repack)
    machines["rpc"] = Machine(rpc_inventory([3000, 1500], host_gib=16), repack)
    machines["vulkan"] = Machine(_vulkan(4, 128), repack)
    return machines


REQUESTS: dict[str, Callable[[], PlanRequest]] = {
    "auto": PlanRequest,
    "ctx16k": lambda: PlanRequest(ctx=16384),
    "q8": lambda: PlanRequest(cache_type_k="q8_0", cache_type_v="q8_0"),
    "q4-4slots": lambda: PlanRequest(cache_type_k="q4_0", cache_type_v="q4_0", parallel=4),
    "moe4": lambda: PlanRequest(n_cpu_moe=4),
    "tensor": lambda: PlanRequest(split_mode=SplitMode.TENSOR),
    "mtp": lambda: PlanRequest(speculative=Mtp()),
    "f16-fa-off": lambda: PlanRequest(flash_attn=False, ctx=8192),
}


def _models() -> dict[str, tuple[Path, ModelSummary]]:
    directory = cache_dir() / "synthetic"
    models = {name: shape_summary(directory, name) for name in SHAPES}
    toy = toy_summary(n_layer=100, layer_mib=120, expert_fraction=0.9, leading_dense=2)
    models["toy-moe-100"] = (directory / "toy.gguf", toy)
    return models


def _cases() -> Iterator[tuple[str, str, str]]:
    """Every model on every machine automatically, and two other requests each, rotated
    so every request meets every model and most machines."""
    others = [name for name in REQUESTS if name != "auto"]
    for i, model in enumerate([*SHAPES, "toy-moe-100"]):
        for j, machine in enumerate(_machines()):
            yield model, machine, "auto"
            for k in (0, 1):
                yield model, machine, others[(2 * (i + j) + k) % len(others)]


def essentials(plan: Plan) -> dict[str, Any]:
    """What a plan decides and what it predicts, without the file's path."""
    return {
        "fits": plan.fits,
        "ctx": plan.ctx,
        "split_mode": plan.split_mode.value,
        "n_gpu_layers": plan.n_gpu_layers,
        "tensor_split": list(plan.tensor_split),
        "n_cpu_moe": plan.n_cpu_moe,
        "flash_attn": plan.estimate.settings.flash_attn,
        "devices": [[d.layers, d.predicted.total] for d in plan.devices],  # engine order
        "host": [plan.host.predicted.total, plan.host.predicted.prompt_cache],
        "reasons": [[r.code.value, dict(r.params)] for r in plan.reasons],
    }


def _plans() -> Iterator[tuple[str, dict[str, Any]]]:
    models, machines = _models(), _machines()
    planners: dict[tuple[str, str], Planner] = {}
    for model, machine, request in _cases():
        planner = planners.get((model, machine))
        if planner is None:
            path, summary = models[model]
            chosen = machines[machine]
            planner = Planner(summary, path, chosen.inventory, memory=chosen.memory)
            planners[model, machine] = planner
        plan = planner.plan(REQUESTS[request]())
        yield f"{model} | {machine} | {request}", json.loads(json.dumps(essentials(plan)))


def test_plans_are_the_recorded_ones() -> None:
    recorded = json.loads(RECORDED.read_text())
    planned = dict(_plans())
    assert planned.keys() == recorded.keys()
    changed = [case for case, plan in planned.items() if plan != recorded[case]]
    for case in changed[:3]:
        assert planned[case] == recorded[case], case
    assert not changed


def test_the_spread_reaches_every_branch_of_the_search() -> None:
    """Full offload at a searched context, experts and then layers spilled, smaller
    contexts, nothing fitting, a backend's per-tensor limit: each is among the plans."""
    recorded = json.loads(RECORDED.read_text())
    codes = {code for plan in recorded.values() for code, _ in plan["reasons"]}
    assert {
        "ctx_reduced_to_fit",
        "experts_spilled_to_host",
        "layers_spilled_to_host",
        "nothing_fits",
        "weights_kept_on_host",
    } <= codes
    contexts = {plan["ctx"] for plan in recorded.values()}
    assert len(contexts) > 15


def _write(plans: dict[str, dict[str, Any]]) -> None:
    """One case a line, so a changed plan shows as one changed line."""
    lines = [
        f"{json.dumps(case)}: {json.dumps(plan, separators=(',', ':'))}"
        for case, plan in sorted(plans.items())
    ]
    RECORDED.write_text("{\n" + ",\n".join(lines) + "\n}\n")


if __name__ == "__main__":
    _write(dict(_plans()))
