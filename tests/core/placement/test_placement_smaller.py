"""Stepping down after an out-of-memory launch, alone and through the manager's ladder."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

from studio.core.devices import HOST_KEY
from studio.core.engine_knobs import FlashAttn
from studio.core.hardware import DeviceInventory
from studio.core.placement import Planner, PlanRequest
from studio.core.placement.search import MIN_CTX
from studio.core.placement.smaller import (
    CONTEXT_FLOOR,
    SmallerPlanStep,
    failing_device,
    next_smaller_plan,
)
from studio.core.server.failures import Failure, FailureCode
from studio.core.server.launch import LaunchSpec
from studio.core.server.recovery import RecoveryStep, StepDown, next_step
from tests.core.placement.placement_helpers import fake_inventory, rpc_inventory, toy_summary

DENSE = toy_summary(n_layer=32, layer_mib=200)
MOE = toy_summary(n_layer=32, layer_mib=400, expert_fraction=0.8)


def _planner(model: object = DENSE, devices: str = "GPU0:12GiB,GPU1:8GiB,HOST:64GiB") -> Planner:
    return Planner(model, Path("m.gguf"), fake_inventory(devices))  # type: ignore[arg-type]


def test_kv_or_compute_oom_gives_up_context_first() -> None:
    planner = _planner()
    plan = planner.plan(PlanRequest(ctx=8192))
    for code in (FailureCode.OOM_KV, FailureCode.OOM_COMPUTE, FailureCode.KILLED):
        smaller = next_smaller_plan(planner, plan, code)
        assert smaller is not None
        assert smaller.ctx == 6144 and smaller.n_gpu_layers == plan.n_gpu_layers


def test_weights_oom_moves_experts_to_the_host_for_moe() -> None:
    planner = _planner(MOE, "GPU0:24GiB,HOST:64GiB")
    plan = planner.plan(PlanRequest(ctx=4096, n_cpu_moe=0))
    smaller = next_smaller_plan(planner, plan, FailureCode.OOM_WEIGHTS)
    assert smaller is not None
    assert smaller.n_cpu_moe == 8 and smaller.ctx == plan.ctx  # a quarter of 32 MoE layers
    assert smaller.devices[0].predicted.weights < plan.devices[0].predicted.weights


def test_weights_oom_takes_layers_from_the_fullest_device_for_dense() -> None:
    planner = _planner()
    plan = planner.plan(PlanRequest(ctx=4096))
    smaller = next_smaller_plan(planner, plan, FailureCode.OOM_WEIGHTS)
    assert smaller is not None
    assert smaller.n_gpu_layers == plan.n_gpu_layers - 5  # 1/8 of 33, rounded up
    assert smaller.host.layers == plan.host.layers + 5
    fullest = max(plan.devices, key=lambda d: d.predicted.total / d.budget)
    assert smaller.device(fullest.key).layers < fullest.layers


def test_nothing_smaller_than_the_smallest_plan() -> None:
    planner = _planner()
    cpu_only = planner.plan(
        PlanRequest(
            ctx=MIN_CTX,
            disabled=frozenset(d.key for d in planner.inventory.devices),
            cache_type_k="q8_0",
            cache_type_v="q8_0",
        )
    )
    assert next_smaller_plan(planner, cpu_only, FailureCode.OOM_KV) is None


def test_smaller_plan_step_keeps_what_the_ladder_already_changed() -> None:
    planner = _planner()
    plan = planner.plan(PlanRequest(ctx=8192))
    step = SmallerPlanStep(planner, plan)
    no_flash = plan.launch.with_changes(flash_attn=FlashAttn.OFF)
    stepped = step(no_flash, Failure(FailureCode.OOM_KV))
    assert stepped is not None
    smaller = stepped.spec
    assert smaller.flash_attn == "off" and smaller.ctx_size == 6144
    assert smaller.model == plan.launch.model and smaller.fit is False
    again = step(smaller, Failure(FailureCode.OOM_KV))
    assert again is not None and again.spec.ctx_size == 4608


def test_the_managers_ladder_takes_the_planners_step() -> None:
    planner = _planner(MOE, "GPU0:24GiB,HOST:64GiB")
    plan = planner.plan(PlanRequest(ctx=4096, n_cpu_moe=0))
    failure = Failure(FailureCode.OOM_WEIGHTS)
    result = next_step(plan.launch, failure, set(), SmallerPlanStep(planner, plan))
    assert result is not None
    rung, spec = result
    assert rung is RecoveryStep.EXPERTS_TO_CPU and spec.n_cpu_moe == 8


def _climb(step: SmallerPlanStep, spec: LaunchSpec, failure: Failure) -> list[StepDown]:
    taken = []
    while (found := step(spec, failure)) is not None:
        taken.append(found)
        spec = found.spec
        assert len(taken) < 40, "the step down never ends"
    return taken


def test_kv_oom_steps_context_to_the_floor_then_cache_then_layers() -> None:
    planner = _planner()
    plan = planner.plan(PlanRequest(ctx=4096))
    steps = _climb(SmallerPlanStep(planner, plan), plan.launch, Failure(FailureCode.OOM_KV))
    kinds = [s.step for s in steps]
    assert kinds[:4] == [RecoveryStep.SMALLER_CONTEXT] * 3 + [RecoveryStep.QUANTIZED_KV]
    assert [dict(s.params) for s in steps[:3]] == [
        {"ctx": 3072, "floor": CONTEXT_FLOOR},
        {"ctx": 2304, "floor": CONTEXT_FLOOR},
        {"ctx": 2048, "floor": CONTEXT_FLOOR},  # 0.75 x 2304 would be below the floor
    ]
    assert steps[3].spec.cache_type_k == steps[3].spec.cache_type_v == "q8_0"
    assert set(kinds[4:]) == {RecoveryStep.FEWER_LAYERS}  # dense: no experts to move
    assert steps[-1].spec.n_gpu_layers == 0  # every layer left the devices in the end
    assert all(s.spec.ctx_size == CONTEXT_FLOOR for s in steps[3:])


def test_moe_moves_experts_before_layers_and_names_the_failing_device() -> None:
    planner = _planner(MOE, "GPU0:10GiB,GPU1:10GiB,HOST:64GiB")
    plan = planner.plan(
        PlanRequest(ctx=2048, n_cpu_moe=0, cache_type_k="q8_0", cache_type_v="q8_0")
    )
    gpu1 = plan.devices[1]
    assert gpu1.layers > 0 and gpu1.engine_name
    failure = Failure(
        FailureCode.OOM_COMPUTE,
        log_tail=(f"ggml_gallocr_reserve_n: failed to allocate {gpu1.engine_name} buffer",),
    )
    step = SmallerPlanStep(planner, plan)
    steps = _climb(step, plan.launch, failure)
    kinds = [s.step for s in steps]
    experts = kinds.count(RecoveryStep.EXPERTS_TO_CPU)
    assert kinds[:experts] == [RecoveryStep.EXPERTS_TO_CPU] * experts and experts == 4
    assert dict(steps[experts - 1].params) == {"layers": 32}
    # The failing device gives up layers until it has none; then whichever is fullest.
    on_gpu1 = [s for s in steps[experts:] if s.params["device"] == gpu1.engine_name]
    assert on_gpu1 == steps[experts : experts + len(on_gpu1)]
    assert [s.params["layers"] for s in on_gpu1][-1] == 0
    assert steps[-1].spec.n_gpu_layers == 0


def test_a_host_that_ran_out_is_not_given_more() -> None:
    planner = _planner(MOE, "GPU0:24GiB,HOST:64GiB")
    plan = planner.plan(PlanRequest(ctx=2048, n_cpu_moe=0))
    steps = _climb(SmallerPlanStep(planner, plan), plan.launch, Failure(FailureCode.KILLED))
    assert [s.step for s in steps] == [RecoveryStep.QUANTIZED_KV]
    assert failing_device(plan, Failure(FailureCode.KILLED)) == HOST_KEY
    # The engine's own line (b10435) for an RPC device, and one for the host.
    gpu = plan.devices[0]
    rpc_line = f"alloc_tensor_range: failed to allocate {gpu.engine_name}[127.0.0.1:5] buffer"
    assert failing_device(plan, Failure(FailureCode.OOM_KV, log_tail=(rpc_line,))) == gpu.key
    cpu_line = "ggml_backend_cpu_buffer_type_alloc_buffer: failed to allocate buffer of size 9"
    assert failing_device(plan, Failure(FailureCode.OOM_KV, log_tail=(cpu_line,))) == HOST_KEY


def test_an_rpc_abort_takes_layers_from_the_remote_device() -> None:
    # The engine aborts without naming the remote that stopped answering: with a local GPU
    # and a remote one in use, the remote gives up layers, never the GPU or the host.
    rpc = rpc_inventory([3000])
    local = fake_inventory("GPU0:12GiB,HOST:64GiB")
    inventory = DeviceInventory((*rpc.devices, *local.devices), local.host)
    planner = Planner(toy_summary(n_layer=32, layer_mib=400), Path("m.gguf"), inventory)
    plan = planner.plan(PlanRequest(ctx=4096))
    remote, gpu = plan.devices[0], plan.devices[1]
    assert remote.engine_name == "RPC0" and remote.layers > 0 and gpu.layers > 0
    # The GPU is the fuller of the two: a failure naming no device would cost it layers.
    assert gpu.predicted.total / gpu.budget > remote.predicted.total / remote.budget
    # How studio.core.server.failures reports it: an out-of-memory code and the device kind.
    aborted = Failure(FailureCode.OOM_WEIGHTS, MappingProxyType({"device_kind": "rpc"}))
    assert failing_device(plan, aborted) == remote.key
    step = SmallerPlanStep(planner, plan)(plan.launch, aborted)
    assert step is not None and step.step is RecoveryStep.FEWER_LAYERS
    assert dict(step.params) == {"device": "RPC0", "layers": remote.layers - 5}
    # Without a remote device in use there is nothing to name.
    gpu_only = Planner(DENSE, Path("m.gguf"), local).plan(PlanRequest(ctx=4096))
    assert failing_device(gpu_only, aborted) is None
