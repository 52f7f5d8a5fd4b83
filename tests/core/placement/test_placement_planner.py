"""The planner on real model shapes (synthetic GGUF headers) and fake devices."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from studio.core.devices import DeviceKind
from studio.core.engine.info import EngineFeatures
from studio.core.hardware import GIB, MIB, Device, DeviceInventory, HostMemory
from studio.core.memory import ModelSummary
from studio.core.placement import (
    HOST_KEY,
    Mtp,
    Plan,
    Planner,
    PlanRequest,
    Projector,
    ReasonCode,
    Setting,
    Severity,
    SplitMode,
    default_host_margin,
    default_margin,
)
from studio.core.placement.budget import (
    CUDA_CONTEXT_OVERHEAD,
    MARGIN_CEILING,
    MARGIN_FLOOR,
    RPC_CONTEXT_OVERHEAD,
)
from studio.core.placement.request import DraftModel, DraftType
from studio.core.voice import ENGLISH
from tests.core.placement.placement_helpers import (
    fake_inventory,
    rpc_inventory,
    shape_summary,
    toy_summary,
)
from tests.support.models import cache_dir

Shape = tuple[Path, ModelSummary]


@pytest.fixture(scope="module")
def llama8b() -> Shape:
    return shape_summary(cache_dir() / "synthetic", "llama-8b-shape")


@pytest.fixture(scope="module")
def qwen30b() -> Shape:
    return shape_summary(cache_dir() / "synthetic", "qwen3-30b-a3b-shape")


def _plan(shape: Shape, devices: str, request: PlanRequest | None = None, **kw: object) -> Plan:
    path, summary = shape
    planner = Planner(summary, path, fake_inventory(devices), **kw)  # type: ignore[arg-type]
    return planner.plan(request or PlanRequest())


def _codes(plan: Plan) -> set[ReasonCode]:
    return {r.code for r in plan.reasons}


def _assert_within_budgets(plan: Plan) -> None:
    for device in plan.devices:
        if device.layers or device.predicted.total:
            assert device.predicted.total <= device.budget, device.key
    assert plan.host.predicted.total <= plan.host.budget


def _flag(argv: list[str], flag: str) -> str:
    return argv[argv.index(flag) + 1]


def test_full_offload_at_the_trained_context_on_one_big_gpu(llama8b: Shape) -> None:
    plan = _plan(llama8b, "GPU0:24GiB,HOST:64GiB")
    assert plan.fits and plan.ctx == 131072
    assert plan.n_gpu_layers == llama8b[1].block_count + 1 == 33
    _assert_within_budgets(plan)
    argv = plan.argv
    assert _flag(argv, "-ngl") == "33" and _flag(argv, "-c") == "131072"
    assert _flag(argv, "-dev") == "CUDA0" and _flag(argv, "-fit") == "off"
    assert "-ts" not in argv


def test_fewer_devices_when_one_holds_everything(llama8b: Shape) -> None:
    plan = _plan(llama8b, "GPU0:24GiB,GPU1:12GiB,HOST:64GiB")
    assert [d.layers for d in plan.devices] == [33, 0]
    assert plan.devices[1].predicted.total == 0
    assert _flag(plan.argv, "-dev") == "CUDA0"


def test_two_gpus_share_the_layers_when_one_is_not_enough(llama8b: Shape) -> None:
    plan = _plan(llama8b, "GPU0:12GiB,GPU1:12GiB,HOST:64GiB")
    assert plan.fits and plan.ctx == 131072
    counts = [d.layers for d in plan.devices]
    assert all(c > 0 for c in counts) and sum(counts) == 33
    assert plan.devices[1].has_output_layer  # the last device carries the output layer
    assert _flag(plan.argv, "-ts") == ",".join(str(c) for c in counts)
    assert _flag(plan.argv, "-dev") == "CUDA0,CUDA1"
    _assert_within_budgets(plan)


def test_context_shrinks_before_anything_leaves_the_gpu(llama8b: Shape) -> None:
    plan = _plan(llama8b, "GPU0:8GiB,HOST:64GiB")
    assert plan.fits and plan.n_gpu_layers == 33
    assert 4096 <= plan.ctx < 131072 and plan.ctx % 256 == 0
    assert ReasonCode.CTX_REDUCED_TO_FIT in _codes(plan)
    _assert_within_budgets(plan)


def test_dense_model_spills_whole_layers_at_the_floor_context(llama8b: Shape) -> None:
    plan = _plan(llama8b, "GPU0:4GiB,HOST:64GiB")
    assert plan.fits and plan.ctx == 4096
    assert 0 < plan.n_gpu_layers < 33
    assert plan.host.layers == 33 - plan.n_gpu_layers
    assert ReasonCode.LAYERS_SPILLED_TO_HOST in _codes(plan)
    # One layer more would not fit: the spill is as small as it can be.
    key = plan.devices[0].key
    bigger = Planner(llama8b[1], llama8b[0], fake_inventory("GPU0:4GiB,HOST:64GiB")).plan(
        plan.with_layers(key, plan.n_gpu_layers + 1)
    )
    assert not bigger.fits
    assert {r.code for r in bigger.reasons} >= {ReasonCode.DEVICE_OVER_BUDGET}
    _assert_within_budgets(plan)


def test_moe_model_moves_experts_before_layers(qwen30b: Shape) -> None:
    plan = _plan(qwen30b, "GPU0:8GiB,HOST:64GiB")
    assert plan.fits and plan.n_gpu_layers == 49  # every layer's attention stays on the GPU
    assert 0 < plan.n_cpu_moe <= plan.limits.n_cpu_moe_max == 48
    assert _flag(plan.argv, "-ncmoe") == str(plan.n_cpu_moe)
    assert ReasonCode.EXPERTS_SPILLED_TO_HOST in _codes(plan)
    _assert_within_budgets(plan)
    # One expert layer fewer on the host would not fit.
    planner = Planner(qwen30b[1], qwen30b[0], fake_inventory("GPU0:8GiB,HOST:64GiB"))
    assert not planner.plan(plan.with_n_cpu_moe(plan.n_cpu_moe - 1)).fits


def test_n_cpu_moe_steps_report_the_bytes_they_move(qwen30b: Shape) -> None:
    plan = _plan(qwen30b, "GPU0:24GiB,HOST:64GiB")
    summary = qwen30b[1]
    steps = plan.limits.n_cpu_moe_step_bytes
    assert len(steps) == 48 and steps[0] == summary.layer_expert_bytes[0] > 0
    planner = Planner(summary, qwen30b[0], fake_inventory("GPU0:24GiB,HOST:64GiB"))
    moved = planner.plan(plan.with_n_cpu_moe(3))
    gpu_drop = plan.devices[0].predicted.weights - moved.devices[0].predicted.weights
    assert gpu_drop == sum(steps[:3])
    assert moved.host.predicted.weights - plan.host.predicted.weights == sum(steps[:3])


def test_n_cpu_moe_is_refused_for_a_dense_model(llama8b: Shape) -> None:
    plan = _plan(llama8b, "GPU0:24GiB,HOST:64GiB", PlanRequest(n_cpu_moe=4))
    refused = [r for r in plan.reasons if r.code is ReasonCode.DENSE_MODEL_HAS_NO_EXPERTS]
    assert refused and refused[0].setting is Setting.N_CPU_MOE
    assert plan.n_cpu_moe == 0 and "-ncmoe" not in plan.argv
    assert plan.limits.n_cpu_moe_max == 0 and plan.limits.n_cpu_moe_step_bytes == ()


def test_cpu_only_plan_is_sized_against_host_ram_never_vram(llama8b: Shape) -> None:
    roomy = _plan(llama8b, "HOST:64GiB")
    assert roomy.fits and _flag(roomy.argv, "-dev") == "none" and _flag(roomy.argv, "-ngl") == "0"
    assert roomy.host.predicted.weights == llama8b[1].total_bytes
    # The GPU is switched off: its memory must not count.
    gpu = fake_inventory("GPU0:80GiB,HOST:6GiB").devices[0]
    tight = _plan(llama8b, "GPU0:80GiB,HOST:6GiB", PlanRequest(disabled=frozenset({gpu.key})))
    assert tight.devices[0].predicted.total == 0 and not tight.devices[0].enabled
    assert tight.ctx < roomy.ctx
    _assert_within_budgets(tight)
    starved = _plan(llama8b, "HOST:4GiB")
    assert not starved.fits
    assert {ReasonCode.NOTHING_FITS, ReasonCode.HOST_OVER_BUDGET} <= _codes(starved)
    host_reason = next(r for r in starved.reasons if r.code is ReasonCode.HOST_OVER_BUDGET)
    assert host_reason.setting is Setting.CTX


def test_explicit_context_is_honoured_and_rounded_like_llama_cpp(llama8b: Shape) -> None:
    plan = _plan(llama8b, "GPU0:24GiB,HOST:64GiB", PlanRequest(ctx=5000))
    assert plan.ctx == 5120 and _flag(plan.argv, "-c") == "5120"
    assert ReasonCode.CTX_ROUNDED in _codes(plan)
    above = _plan(llama8b, "GPU0:80GiB,HOST:64GiB", PlanRequest(ctx=262144))
    assert ReasonCode.CTX_ABOVE_TRAINING in _codes(above)


def test_resolved_request_reproduces_the_plan(qwen30b: Shape) -> None:
    path, summary = qwen30b
    planner = Planner(summary, path, fake_inventory("GPU0:8GiB,GPU1:6GiB,HOST:64GiB"))
    plan = planner.plan(PlanRequest())
    again = planner.plan(plan.request)
    assert again.launch == plan.launch
    assert [d.predicted for d in again.devices] == [d.predicted for d in plan.devices]


def test_over_budget_reasons_name_the_device_and_the_setting(llama8b: Shape) -> None:
    inventory = fake_inventory("GPU0:4GiB,HOST:64GiB")
    key = inventory.devices[0].key
    plan = Planner(llama8b[1], llama8b[0], inventory).plan(PlanRequest(layers={key: 33}))
    (reason,) = [r for r in plan.reasons if r.code is ReasonCode.DEVICE_OVER_BUDGET]
    assert reason.setting is Setting.LAYERS and reason.severity is Severity.ERROR
    assert reason.params["device"] == key
    assert reason.params["needed"] == plan.devices[0].predicted.total
    assert reason.params["budget"] == plan.devices[0].budget < plan.devices[0].predicted.total


def test_default_margin_scales_with_total_memory() -> None:
    assert default_margin(4 * GIB) == MARGIN_FLOOR
    assert default_margin(8 * GIB) == int(8 * GIB * 0.04)
    assert default_margin(80 * GIB) == MARGIN_CEILING
    assert default_host_margin(64 * GIB) == 2048 * MIB


def test_user_margin_changes_the_budget(llama8b: Shape) -> None:
    path, summary = llama8b
    planner = Planner(summary, path, fake_inventory("GPU0:8GiB,HOST:64GiB"))
    plan = planner.plan(PlanRequest())
    key = plan.devices[0].key
    wider = planner.plan(plan.with_margin(key, 2 * GIB))
    assert wider.devices[0].margin == 2 * GIB
    assert wider.devices[0].budget == plan.devices[0].free_bytes - 2 * GIB
    assert wider.ctx < plan.ctx
    host = planner.plan(plan.with_margin(HOST_KEY, 0))
    assert host.host.budget == host.host.free_bytes


def test_gpu_overhead_is_charged_only_where_layers_go(llama8b: Shape) -> None:
    plan = _plan(llama8b, "GPU0:24GiB,GPU1:12GiB,HOST:64GiB")
    assert plan.devices[0].predicted.overhead == CUDA_CONTEXT_OVERHEAD
    assert plan.devices[1].predicted.overhead == 0
    assert plan.devices[1].fixed_overhead == CUDA_CONTEXT_OVERHEAD


def test_rpc_devices_are_renumbered_as_the_launch_names_them() -> None:
    summary = toy_summary(n_layer=8, layer_mib=50)
    inventory = rpc_inventory([600, 600, 600])
    planner = Planner(summary, Path("toy.gguf"), inventory)
    first_off = planner.plan(PlanRequest(disabled=frozenset({inventory.devices[0].key}), ctx=1024))
    assert _flag(first_off.argv, "--rpc") == "127.0.0.1:50001,127.0.0.1:50002"
    used = [d for d in first_off.devices if d.layers]
    assert [d.engine_name for d in used] == ["RPC0", "RPC1"][: len(used)]
    # Only RPC devices: the --rpc list is exactly the device set, and --device (which the
    # engine checks before it has parsed --rpc) is left out.
    assert "-dev" not in first_off.argv
    assert all(d.predicted.overhead == RPC_CONTEXT_OVERHEAD for d in used)


def test_rpc_and_local_devices_are_named_explicitly() -> None:
    rpc = rpc_inventory([4000])
    local = fake_inventory("GPU0:8GiB,HOST:64GiB")
    inventory = DeviceInventory((*rpc.devices, *local.devices), local.host)
    summary = toy_summary(n_layer=16, layer_mib=600)
    plan = Planner(summary, Path("toy.gguf"), inventory).plan(PlanRequest(ctx=4096))
    assert plan.fits and [d.engine_name for d in plan.devices] == ["RPC0", "CUDA0"]
    assert _flag(plan.argv, "-dev") == "RPC0,CUDA0"
    assert _flag(plan.argv, "--rpc") == "127.0.0.1:50000"


def test_moving_a_gpu_slider_rebalances_the_others(llama8b: Shape) -> None:
    path, summary = llama8b
    planner = Planner(summary, path, fake_inventory("GPU0:12GiB,GPU1:12GiB,HOST:64GiB"))
    plan = planner.plan(PlanRequest(ctx=8192))
    first, second = (d.key for d in plan.devices)
    fewer = planner.plan(plan.with_layers(first, 10))
    assert fewer.device(first).layers == 10
    assert fewer.device(second).layers == 23  # room on GPU1: the layers move there
    assert fewer.ctx == 8192 and fewer.fits
    all_on_one = planner.plan(fewer.with_layers(second, 33))
    assert all_on_one.device(second).layers == 33 and all_on_one.device(first).layers == 0
    assert all_on_one.n_gpu_layers == 33


def test_disabling_a_gpu_replans_on_the_rest(llama8b: Shape) -> None:
    path, summary = llama8b
    planner = Planner(summary, path, fake_inventory("GPU0:12GiB,GPU1:12GiB,HOST:64GiB"))
    plan = planner.plan(PlanRequest())
    second = plan.devices[1].key
    alone = planner.plan(plan.with_device_enabled(second, False))
    assert not alone.device(second).enabled and alone.device(second).layers == 0
    assert alone.ctx < plan.ctx and _flag(alone.argv, "-dev") == "CUDA0"
    back = planner.plan(alone.with_device_enabled(second, True))
    assert back.launch == plan.launch


FEATURES = EngineFeatures(
    flags=frozenset({"--split-mode", "--spec-type"}),
    split_modes=("none", "layer", "row", "tensor"),
    spec_types=("none", "draft-mtp"),
    cache_types=("f32", "f16", "bf16", "q8_0", "q4_0", "q4_1", "iq4_nl", "q5_0", "q5_1"),
)


@pytest.mark.parametrize(
    ("devices", "request_", "code", "setting"),
    [
        ("GPU0:24GiB", PlanRequest(), ReasonCode.TENSOR_NEEDS_TWO_DEVICES, Setting.DEVICES),
        (
            "GPU0:12GiB,GPU1:12GiB",
            PlanRequest(flash_attn=False),
            ReasonCode.TENSOR_NEEDS_FLASH_ATTN,
            Setting.FLASH_ATTN,
        ),
        (
            "GPU0:12GiB,GPU1:12GiB",
            PlanRequest(cache_type_k="q8_0"),
            ReasonCode.TENSOR_NEEDS_UNQUANTIZED_KV,
            Setting.CACHE_TYPE_K,
        ),
    ],
)
def test_tensor_parallel_is_refused_with_the_reason(
    llama8b: Shape, devices: str, request_: PlanRequest, code: ReasonCode, setting: Setting
) -> None:
    plan = _plan(
        llama8b,
        devices + ",HOST:64GiB",
        request_.with_changes(split_mode=SplitMode.TENSOR),
        features=FEATURES,
    )
    refused = [r for r in plan.reasons if r.code is code]
    assert refused and refused[0].setting is setting
    assert plan.split_mode is SplitMode.LAYER and _flag(plan.argv, "-sm") == "layer"
    assert not plan.limits.tensor_parallel.allowed
    assert code in {r.code for r in plan.limits.tensor_parallel.reasons}


def test_tensor_parallel_needs_an_engine_that_offers_it(llama8b: Shape) -> None:
    old = EngineFeatures(flags=frozenset(), split_modes=("none", "layer", "row"))
    plan = _plan(
        llama8b,
        "GPU0:12GiB,GPU1:12GiB,HOST:64GiB",
        PlanRequest(split_mode=SplitMode.TENSOR),
        features=old,
    )
    assert ReasonCode.TENSOR_UNSUPPORTED_ENGINE in _codes(plan)


def test_tensor_parallel_plan_shards_across_all_devices(llama8b: Shape) -> None:
    plan = _plan(
        llama8b,
        "GPU0:12GiB,GPU1:12GiB,HOST:64GiB",
        PlanRequest(split_mode=SplitMode.TENSOR, ctx=8192),
        features=FEATURES,
    )
    assert plan.split_mode is SplitMode.TENSOR and plan.limits.tensor_parallel.allowed
    assert _flag(plan.argv, "-sm") == "tensor" and _flag(plan.argv, "-ngl") == "33"
    assert _flag(plan.argv, "-ts") == "1,1"
    assert all(d.predicted.total > 0 for d in plan.devices)


def test_mtp_is_offered_only_when_the_nextn_tensors_exist() -> None:
    summary = toy_summary(n_layer=9, nextn=1, expert_fraction=0.5)
    names = {f"blk.8.nextn.{n}.weight" for n in ("eh_proj", "enorm", "hnorm")}
    inventory = fake_inventory("GPU0:24GiB,HOST:64GiB")
    present = Planner(summary, Path("m.gguf"), inventory, FEATURES, names)
    assert present.mtp.allowed
    plan = present.plan(PlanRequest(speculative=Mtp(), ctx=4096))
    assert _flag(plan.argv, "--spec-type") == "draft-mtp"
    assert plan.devices[0].predicted.draft > 0  # the MTP head's own KV
    without = present.plan(PlanRequest(ctx=4096))
    assert plan.devices[0].predicted.weights > without.devices[0].predicted.weights

    dropped = Planner(summary, Path("m.gguf"), inventory, FEATURES, names - {names.pop()})
    refused = dropped.plan(PlanRequest(speculative=Mtp(), ctx=4096))
    assert ReasonCode.MTP_TENSORS_MISSING in _codes(refused)
    assert "--spec-type" not in refused.argv and not dropped.mtp.allowed


def test_mtp_refused_for_models_without_nextn_layers(llama8b: Shape) -> None:
    plan = _plan(llama8b, "GPU0:24GiB,HOST:64GiB", PlanRequest(speculative=Mtp()))
    (reason,) = [r for r in plan.reasons if r.code is ReasonCode.MTP_NOT_IN_MODEL]
    assert reason.setting is Setting.SPECULATIVE
    assert "--spec-type" not in plan.argv


def test_mtp_without_tensor_names_checks_the_blocks_hold_bytes() -> None:
    from tests.core.placement.placement_helpers import without_nextn_bytes

    summary = without_nextn_bytes(toy_summary(n_layer=9, nextn=1))
    planner = Planner(summary, Path("m.gguf"), fake_inventory("GPU0:24GiB"), FEATURES)
    assert ReasonCode.MTP_TENSORS_MISSING in {r.code for r in planner.mtp.reasons}


def test_a_draft_model_reserves_its_weights_and_kv(llama8b: Shape, tmp_path: Path) -> None:
    draft = DraftModel(tmp_path / "draft.gguf", toy_summary(n_layer=4, layer_mib=20))
    base = _plan(llama8b, "GPU0:24GiB,HOST:64GiB", PlanRequest(ctx=8192))
    plan = _plan(llama8b, "GPU0:24GiB,HOST:64GiB", PlanRequest(ctx=8192, speculative=draft))
    assert plan.devices[0].predicted.draft > 4 * 20 * MIB
    assert plan.devices[0].predicted.total > base.devices[0].predicted.total
    assert _flag(plan.argv, "--spec-draft-model") == str(draft.path)


def test_a_draft_mtp_file_is_planned_as_draft_mtp(llama8b: Shape, tmp_path: Path) -> None:
    head = toy_summary(n_layer=5, nextn=1, layer_mib=20)
    draft = DraftModel(tmp_path / "mtp-head.gguf", head, spec_type=DraftType.MTP)
    plan = _plan(llama8b, "GPU0:24GiB,HOST:64GiB", PlanRequest(ctx=8192, speculative=draft))
    assert _flag(plan.argv, "--spec-type") == "draft-mtp"
    assert _flag(plan.argv, "--spec-draft-model") == str(draft.path)
    # The head's nextn block is loaded (draft-mtp), so it is priced with the trunk.
    assert plan.devices[0].predicted.draft > 5 * 20 * MIB
    assert not {ReasonCode.MTP_NOT_IN_MODEL, ReasonCode.MTP_TENSORS_MISSING} & _codes(plan)


def test_a_draft_mtp_file_without_nextn_blocks_is_refused(llama8b: Shape, tmp_path: Path) -> None:
    draft = DraftModel(tmp_path / "d.gguf", toy_summary(n_layer=4), spec_type=DraftType.MTP)
    plan = _plan(llama8b, "GPU0:24GiB,HOST:64GiB", PlanRequest(ctx=8192, speculative=draft))
    assert ReasonCode.MTP_NOT_IN_MODEL in _codes(plan)
    assert "--spec-draft-model" not in plan.argv and "--spec-type" not in plan.argv
    assert plan.devices[0].predicted.draft == 0


def test_a_draft_keeps_f16_kv_when_the_target_quantizes(llama8b: Shape, tmp_path: Path) -> None:
    # llama-server gives the draft -ctkd/-ctvd (f16 by default), not the target's types.
    draft = DraftModel(tmp_path / "draft.gguf", toy_summary(n_layer=4, layer_mib=20))
    f16 = _plan(llama8b, "GPU0:24GiB,HOST:64GiB", PlanRequest(ctx=8192, speculative=draft))
    q8 = _plan(
        llama8b,
        "GPU0:24GiB,HOST:64GiB",
        PlanRequest(ctx=8192, speculative=draft, cache_type_k="q8_0", cache_type_v="q8_0"),
    )
    assert q8.devices[0].predicted.draft == f16.devices[0].predicted.draft


def test_quantized_v_without_flash_attention_is_an_error(llama8b: Shape) -> None:
    plan = _plan(
        llama8b, "GPU0:24GiB,HOST:64GiB", PlanRequest(cache_type_v="q8_0", flash_attn=False)
    )
    assert not plan.fits
    (reason,) = [r for r in plan.reasons if r.code is ReasonCode.QUANTIZED_V_NEEDS_FLASH_ATTN]
    assert reason.setting is Setting.CACHE_TYPE_V


def test_quantized_kv_buys_context(llama8b: Shape) -> None:
    f16 = _plan(llama8b, "GPU0:8GiB,HOST:64GiB")
    q8 = _plan(
        llama8b, "GPU0:8GiB,HOST:64GiB", PlanRequest(cache_type_k="q8_0", cache_type_v="q8_0")
    )
    assert q8.ctx > f16.ctx and _flag(q8.argv, "-ctk") == "q8_0"


def test_unknown_device_keys_are_reported(llama8b: Shape) -> None:
    plan = _plan(llama8b, "GPU0:24GiB,HOST:64GiB", PlanRequest(disabled=frozenset({"GPU-gone"})))
    (reason,) = [r for r in plan.reasons if r.code is ReasonCode.DEVICE_UNKNOWN]
    assert reason.params["key"] == "GPU-gone"


def test_plan_json_round_trips_through_the_json_module(qwen30b: Shape) -> None:
    import json

    plan = _plan(qwen30b, "GPU0:8GiB,HOST:64GiB")
    data = json.loads(json.dumps(plan.to_json()))
    assert data["n_cpu_moe"] == plan.n_cpu_moe and data["fits"] is True
    assert data["devices"][0]["predicted"]["total"] == plan.devices[0].predicted.total
    assert data["argv"][0] == "-m"


def test_a_projector_is_reserved_on_the_first_device_or_the_host(
    llama8b: Shape, tmp_path: Path
) -> None:
    projector = Projector(tmp_path / "mmproj.gguf", 600 * MIB)
    base = _plan(llama8b, "GPU0:24GiB,HOST:64GiB", PlanRequest(ctx=8192))
    plan = _plan(llama8b, "GPU0:24GiB,HOST:64GiB", PlanRequest(ctx=8192, projector=projector))
    assert plan.devices[0].predicted.weights - base.devices[0].predicted.weights == 600 * MIB
    assert _flag(plan.argv, "--mmproj") == str(projector.path)
    on_host = _plan(
        llama8b,
        "GPU0:24GiB,HOST:64GiB",
        PlanRequest(ctx=8192, projector=Projector(projector.path, 600 * MIB, offload=False)),
    )
    assert on_host.host.predicted.weights - base.host.predicted.weights == 600 * MIB
    assert "--no-mmproj-offload" in on_host.argv


def test_a_device_that_refuses_a_weight_is_said_and_the_host_holds_it() -> None:
    path, model = shape_summary(cache_dir() / "synthetic", "gemma3-270m-shape")
    lavapipe = Device(
        key="Vulkan0",
        kind=DeviceKind.GPU,
        engine_name="Vulkan0",
        name="llvmpipe (LLVM 15.0.6, 256 bits)",
        total_bytes=2 * GIB,
        free_bytes=2 * GIB,
        max_tensor_bytes=128 * MIB,
    )
    machine = DeviceInventory((lavapipe,), HostMemory(32 * GIB, 32 * GIB))
    plan = Planner(model, path, machine).plan(PlanRequest(ctx=4096, layers={"Vulkan0": 19}))
    (kept,) = [r for r in plan.reasons if r.code is ReasonCode.KEPT_ON_HOST]
    assert dict(kept.params) == {
        "device": "Vulkan0",
        "kept": model.token_embd_bytes,
        "limit": 128 * MIB,
    }
    assert ENGLISH.reason(kept) == (
        "Vulkan0 takes at most 128 MiB in one tensor: 170 MiB of weights stay in system memory."
    )
    roomy = replace(lavapipe, max_tensor_bytes=0)
    unlimited = DeviceInventory((roomy,), machine.host)
    same = Planner(model, path, unlimited).plan(PlanRequest(ctx=4096, layers={"Vulkan0": 19}))
    assert ReasonCode.KEPT_ON_HOST not in _codes(same)
    assert same.devices[0].predicted.weights - plan.devices[0].predicted.weights == (
        model.token_embd_bytes
    )
