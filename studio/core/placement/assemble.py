"""Turning the chosen placement into a `Plan`: per-device rows, the resolved request, the
`LaunchSpec` the manager runs, and the limits the controls bind to."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from studio.core.devices import HOST_KEY, DeviceKind, SplitMode
from studio.core.engine_knobs import launch_copies
from studio.core.hardware import MIB, Device
from studio.core.memory import KV_CACHE_TYPES
from studio.core.memory.kv import context_geometry, layer_kv_bytes
from studio.core.placement import eligibility
from studio.core.placement.budget import HOST_PROCESS_OVERHEAD, context_overhead
from studio.core.placement.evaluate import Components, Evaluation, Evaluator, launch_names
from studio.core.placement.plan import DevicePlan, Limits, Plan
from studio.core.placement.reasons import Reason
from studio.core.placement.request import DraftModel, DraftType, PlanRequest
from studio.core.placement.search import CTX_STEP, MIN_CTX, round_down
from studio.core.server.launch import LaunchSpec

if TYPE_CHECKING:
    from studio.core.placement.planner import Planner

PARALLEL_MAX = 64
DEFAULT_CACHE_TYPES = tuple(KV_CACHE_TYPES)


def build_plan(
    planner: Planner,
    asked: PlanRequest,
    priced: PlanRequest,
    mode: SplitMode,
    enabled: Sequence[Device],
    evaluator: Evaluator,
    evaluation: Evaluation,
    reasons: list[Reason],
) -> Plan:
    """The Plan for `evaluation`: every inventory device (used, unused or switched off) and
    the host with their predictions and budgets, the request with every automatic choice
    resolved (planning it again gives this plan), and the LaunchSpec."""
    candidate = evaluation.candidate
    used = evaluation.used
    used_devices = [enabled[i] for i in used]
    names = dict(zip((d.key for d in used_devices), launch_names(used_devices), strict=True))
    tensor = mode is SplitMode.TENSOR
    estimate_rows = {
        enabled[i].key: evaluation.estimate.devices[slot] for slot, i in enumerate(used)
    }
    device_plans = []
    enabled_index = {d.key: i for i, d in enumerate(enabled)}
    for device in planner.inventory.devices:
        index = enabled_index.get(device.key)
        row = estimate_rows.get(device.key)
        if tensor and row is not None:
            layers = len(row.layers) + int(row.has_output_layer)
        else:
            layers = candidate.counts[index] if index is not None else 0
        margin, budget = (
            (evaluator.margins[index], evaluator.budgets[index])
            if index is not None
            else (0, device.free_bytes)
        )
        device_plans.append(
            DevicePlan(
                key=device.key,
                engine_name=names.get(device.key, ""),
                label=device.name,
                kind=device.kind,
                enabled=index is not None,
                layers=layers,
                has_output_layer=row.has_output_layer if row is not None else False,
                total_bytes=device.total_bytes,
                free_bytes=device.free_bytes,
                margin=margin,
                budget=budget,
                predicted=evaluation.components[index] if index is not None else Components(),
                fixed_overhead=context_overhead(device),
            )
        )
    host = planner.inventory.host
    host_plan = DevicePlan(
        key=HOST_KEY,
        engine_name="",
        label="Host",
        kind=DeviceKind.HOST,
        enabled=True,
        layers=planner.positions - candidate.gpu_positions if not tensor else 0,
        has_output_layer=evaluation.estimate.host.has_output_layer,
        total_bytes=host.total_bytes,
        free_bytes=host.available_bytes,
        margin=evaluator.host_margin,
        budget=evaluator.host_budget,
        predicted=evaluation.host,
        fixed_overhead=HOST_PROCESS_OVERHEAD,
    )
    if tensor:
        ngl = planner.positions if used else 0
        split = tuple(candidate.tensor_shares[i] for i in used) if len(used) > 1 else ()
        shares = {enabled[i].key: candidate.tensor_shares[i] for i in used}
    else:
        ngl = candidate.gpu_positions
        split = tuple(float(candidate.counts[i]) for i in used) if len(used) > 1 else ()
        shares = None
    resolved = priced.with_changes(
        ctx=candidate.ctx,
        layers={
            d.key: p.layers
            for d, p in zip(planner.inventory.devices, device_plans, strict=True)
            if p.enabled
        }
        if not tensor
        else None,
        n_cpu_moe=candidate.n_cpu_moe,
        split_mode=mode,
        tensor_shares=shares,
        cache_type_k=asked.cache_type_k,
        cache_type_v=asked.cache_type_v,
        flash_attn=asked.flash_attn,
    )
    launch = _launch(
        planner, resolved, used_devices, names, ngl, split, mode, evaluator, evaluation
    )
    limits = _limits(planner, priced, evaluation, mode)
    return Plan(
        asked=asked,
        request=resolved,
        model_path=planner.model_path,
        ctx=candidate.ctx,
        split_mode=mode,
        n_gpu_layers=ngl,
        tensor_split=split,
        n_cpu_moe=candidate.n_cpu_moe,
        devices=tuple(device_plans),
        host=host_plan,
        reasons=tuple(reasons),
        limits=limits,
        launch=launch,
        estimate=evaluation.estimate,
    )


def _launch(
    planner: Planner,
    request: PlanRequest,
    used: Sequence[Device],
    names: dict[str, str],
    ngl: int,
    split: tuple[float, ...],
    mode: SplitMode,
    evaluator: Evaluator,
    evaluation: Evaluation,
) -> LaunchSpec:
    speculative = request.speculative
    projector = request.projector
    return LaunchSpec(
        **launch_copies(request),
        model=planner.model_path,
        n_gpu_layers=ngl,
        split_mode=mode if used else None,
        tensor_split=split,
        # Our plan is the placement; llama.cpp's own fit must not move it.
        fit=False,
        devices=_device_argument(planner, used, names),
        rpc_servers=tuple(d.endpoint for d in used if d.kind is DeviceKind.RPC),
        mmproj=projector.path if projector else None,
        mmproj_offload=projector.offload if projector else True,
        # A draft file alone means draft-simple to llama-server, so only MTP is named.
        spec_type=DraftType.MTP.value if evaluator.load_mtp else None,
        draft_model=speculative.path if isinstance(speculative, DraftModel) else None,
        draft_n_max=evaluator.draft_n_max or None,
        # The engine's own default (8 GiB) is not what the host budget holds.
        cache_ram_mib=evaluation.host.prompt_cache // MIB,
        label=planner.model.name or planner.model_path.stem,
    )


def _device_argument(
    planner: Planner, used: Sequence[Device], names: dict[str, str]
) -> tuple[str, ...]:
    """`--device` names for the used devices; () when the engine's default is the same.

    llama-server checks `--device` names while parsing, and RPC devices exist only once
    `--rpc` has been parsed; `to_argv` writes `--device` first. With RPC devices only
    (and no local GPUs) the engine's default set is exactly the `--rpc` list, which
    holds only the used servers, so `--device` is left out rather than rejected.
    """
    if not used:
        return ("none",)
    local = any(d.kind is not DeviceKind.RPC for d in planner.inventory.devices)
    if not local and all(d.kind is DeviceKind.RPC for d in used):
        return ()
    return tuple(names[d.key] for d in used)


def _limits(
    planner: Planner, request: PlanRequest, evaluation: Evaluation, mode: SplitMode
) -> Limits:
    model = planner.model
    settings = evaluation.estimate.settings
    kv = layer_kv_bytes(model, settings, context_geometry(model, settings))
    moe = evaluation.candidate.n_cpu_moe
    position_bytes = []
    for il in range(model.block_count):
        skipped = il >= model.repeating_layers and not settings.load_mtp  # unloaded MTP block
        experts = model.layer_expert_bytes[il] if il < moe else 0
        weights = 0 if skipped else model.layer_bytes[il] - experts
        position_bytes.append(weights + kv.get(il, 0))
    output = model.output_bytes + (model.token_embd_bytes if model.output_is_tied else 0)
    position_bytes.append(output)
    host_index = len(evaluation.used)
    owner = {il: slot for slot, row in enumerate(evaluation.estimate.devices) for il in row.layers}
    steps = tuple(
        model.layer_expert_bytes[il] if owner.get(il, host_index) != host_index else 0
        for il in range(planner.n_cpu_moe_max)
    )
    offered = (
        planner.features.cache_types if planner.features and planner.features.cache_types else ()
    )
    enabled_count = len(_enabled_quiet(planner, request))
    return Limits(
        positions=planner.positions,
        n_cpu_moe_max=planner.n_cpu_moe_max,
        n_cpu_moe_step_bytes=steps,
        position_bytes=tuple(position_bytes),
        ctx_min=MIN_CTX,
        ctx_max=max(round_down(planner.trained_ctx), MIN_CTX),
        ctx_step=CTX_STEP,
        ctx_trained=planner.trained_ctx,
        parallel_max=PARALLEL_MAX,
        cache_types=tuple(t for t in (offered or DEFAULT_CACHE_TYPES) if t in KV_CACHE_TYPES),
        tensor_parallel=eligibility.tensor_parallel(
            model, enabled_count, request.flash_attn, request.cache_types, planner.features
        ),
        mtp=planner.mtp,
        flash_attn=eligibility.flash_attn(planner.features),
        cache_type=eligibility.cache_type(planner.features),
        mmproj=eligibility.mmproj(planner.projector is not None, planner.features),
        draft=eligibility.draft(planner.features),
        n_cpu_moe=eligibility.n_cpu_moe(planner.n_cpu_moe_max, mode is SplitMode.TENSOR),
        layers=eligibility.layers(mode is SplitMode.TENSOR),
    )


def _enabled_quiet(planner: Planner, request: PlanRequest) -> list[Device]:
    return [d for d in planner.inventory.devices if d.key not in request.disabled]
