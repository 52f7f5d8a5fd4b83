"""The estimator: settings + devices -> bytes per device and component, like llama.cpp.

Pure and fast (about a tenth of a millisecond for 100 layers, bench/plan_speed.py): the UI
re-estimates on every slider move, and the planner calls it in loops. What depends on the
model alone is derived once per model (`ModelSummary`'s tables), and layers are summed by
stretches on one device rather than one by one.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from studio.core.devices import DeviceKind, SplitMode
from studio.core.memory.compute import compute_bytes, pipeline_copies
from studio.core.memory.graph import BASE_GRAPH, EngineGraph
from studio.core.memory.kv import (
    ContextGeometry,
    EstimateError,
    block_kv_bytes,
    context_geometry,
    recurrent_state_bytes_per_layer,
)
from studio.core.memory.placement import assign_layers, layer_runs
from studio.core.memory.repack import (
    REPACK_GPU_HOST_BUFFER,
    HostWeights,
    WeightTensor,
    host_weights,
    repacked_bytes,
    skip_reason,
)
from studio.core.memory.settings import HOST, KV_CACHE_TYPES, DeviceSpec, EstimateSettings
from studio.core.memory.summary import ModelSummary


@dataclass(frozen=True)
class DeviceEstimate:
    """Predicted allocations on one device (bytes). The host row also holds the input
    embeddings, the CPU layers and the output (logits) buffer."""

    device: DeviceSpec
    weights: int
    kv: int  # attention KV cache
    recurrent: int  # recurrent (SSM) state
    output: int
    compute: int
    layers: tuple[int, ...]  # repeating layers placed here
    has_output_layer: bool
    repack: int = 0  # of `weights`: repacked copies of host weights (CPU_REPACK / AMX)
    prompt_cache: int = 0  # host: --cache-ram, filled as slots go idle (not in `total`)
    # Weights of layers placed here that the device's backend refuses (larger than its
    # per-tensor limit): the engine keeps them in host memory instead.
    kept_on_host: int = 0

    @property
    def context(self) -> int:
        """KV + recurrent state: llama.cpp's "context" column."""
        return self.kv + self.recurrent

    @property
    def total(self) -> int:
        return self.weights + self.kv + self.recurrent + self.output + self.compute

    def to_json(self) -> dict[str, object]:
        return {
            "device": self.device.name,
            "kind": self.device.kind.value,
            "weights": self.weights,
            "kv": self.kv + self.recurrent,
            "kv_attention": self.kv,
            "recurrent": self.recurrent,
            "output": self.output,
            "compute": self.compute,
            "total": self.total,
            "repack": self.repack,
            "prompt_cache": self.prompt_cache,
            "layers": len(self.layers),
            "output_layer": self.has_output_layer,
            "kept_on_host": self.kept_on_host,
        }


@dataclass(frozen=True)
class Estimate:
    """Per-device estimate; `devices` lists the given devices in order, then the host.

    `settings` are the settings as the engine resolves them: `-fa auto` becomes explicit
    off where llama-server would turn flash attention off (see flash_attention_moved).
    """

    settings: EstimateSettings
    geometry: ContextGeometry
    n_outputs_max: int
    devices: tuple[DeviceEstimate, ...]
    notes: tuple[str, ...] = ()  # codes: why a term is left out (e.g. memory.repack_off)

    @property
    def host(self) -> DeviceEstimate:
        return self.devices[-1]

    @property
    def accelerators(self) -> tuple[DeviceEstimate, ...]:
        return self.devices[:-1]

    @property
    def total(self) -> int:
        return sum(d.total for d in self.devices)

    @property
    def host_budget(self) -> int:
        """Host RAM the server needs once its prompt cache has filled up."""
        return self.host.total + self.host.prompt_cache

    def to_json(self) -> dict[str, object]:
        g = self.geometry
        return {
            "n_ctx": g.n_ctx,
            "n_ctx_seq": g.n_ctx_seq,
            "n_seq": g.n_seq,
            "n_stream": g.n_stream,
            "cells_swa": g.cells_swa,
            "n_outputs_max": self.n_outputs_max,
            "devices": [d.to_json() for d in self.devices],
            "total": self.total,
            "host_budget": self.host_budget,
            "notes": list(self.notes),
        }


def _validate(
    summary: ModelSummary, settings: EstimateSettings, devices: Sequence[DeviceSpec]
) -> None:
    for cache_type in (settings.cache_type_k, settings.cache_type_v):
        if cache_type not in KV_CACHE_TYPES:
            raise EstimateError(
                "memory.unknown_cache_type", f"unknown KV cache type {cache_type}", type=cache_type
            )
    if KV_CACHE_TYPES[settings.cache_type_v][0] > 1 and not settings.flash_attention:
        raise EstimateError(
            "memory.quantized_v_needs_flash_attn",
            "a quantized V cache requires flash attention",
        )
    if summary.mla and settings.cache_type_k != settings.cache_type_v:
        # llama_init_from_model: "model does not support different K and V cache types"
        raise EstimateError(
            "memory.mla_needs_equal_cache_types",
            "an MLA model needs the same K and V cache types",
        )
    if settings.ubatch <= 0 or settings.batch <= 0:
        raise EstimateError("memory.bad_batch", "batch and ubatch must be positive")
    if any(d.kind is DeviceKind.HOST for d in devices):
        raise EstimateError("memory.host_in_devices", "the host is added by the estimator")
    if settings.split_mode is SplitMode.TENSOR and (
        not settings.flash_attention
        or KV_CACHE_TYPES[settings.cache_type_k][0] > 1
        or KV_CACHE_TYPES[settings.cache_type_v][0] > 1
    ):
        raise EstimateError(
            "memory.tensor_split_needs_fa_f16",
            "--split-mode tensor requires flash attention and an unquantized KV cache",
        )


def flash_attention_moved(
    summary: ModelSummary, settings: EstimateSettings, assignment: Sequence[int], host: int
) -> int | None:
    """The host layer whose attention makes llama-server resolve `-fa auto` to off, if any.

    Seen on the engine we ship (resolve_fused_ops: "layer N is assigned to device CPU but
    Flash Attention is assigned to device RPC0 ... set to disabled"): when the host's last
    layer is an attention layer and the first offloaded layer is recurrent, the scheduler
    puts that attention's ops on the device, and auto mode then disables FA everywhere: the
    device then holds that layer's f32 KQ scores, the host only its projections.
    Device-to-device boundaries do not trigger it. A quantized V cache needs FA (the engine
    would refuse the context), so the estimate keeps FA on there.
    """
    if settings.flash_attn is not None or KV_CACHE_TYPES[settings.cache_type_v][0] > 1:
        return None
    for il in range(summary.repeating_layers - 1):
        if assignment[il] == host and assignment[il + 1] != host:
            attention = summary.head_count_kv[il] > 0 and not summary.recurrent_layers[il]
            return il if attention and summary.recurrent_layers[il + 1] else None
    return None


def n_outputs_max(settings: EstimateSettings, draft_n_max: int = 0) -> int:
    """llama-server caps the logits buffer at one output per slot per drafted token + 1."""
    return settings.n_seq * (1 + draft_n_max)


def estimate(
    summary: ModelSummary,
    settings: EstimateSettings,
    devices: Sequence[DeviceSpec] = (),
    *,
    draft_n_max: int = 0,
    cpu_features: Collection[str] | None = None,
    graph: EngineGraph | None = None,
) -> Estimate:
    """Predict what llama-server allocates for `summary` on `devices` (+ the host).

    `devices` are the accelerators (GPUs, RPC servers) in llama.cpp's device order.
    `draft_n_max` is --spec-draft-n-max when speculative decoding is on (0 otherwise).
    `cpu_features`: the instruction sets the engine's CPU backend was built with (its
    self-test's `built_features`); they decide which host weights get repacked. None means
    unknown: no repack term, and `notes` says so.
    `graph`: the engine's measured compute-graph differences (its calibration, cached with
    its self-test); None prices the base graph, with pipeline parallelism on GPUs only.
    """
    _validate(summary, settings, devices)
    graph = BASE_GRAPH if graph is None else graph
    if settings.load_mtp and not graph.mtp_loads_nextn:
        settings = replace(settings, load_mtp=False)  # the engine leaves them unused
    if settings.split_mode is SplitMode.TENSOR and devices:
        return _tensor_parallel(summary, settings, devices, draft_n_max, cpu_features, graph)
    geometry = context_geometry(summary, settings)
    n_dev = len(devices)
    slots = n_dev + 1  # accelerators, then the host
    host = n_dev
    n_layer_all = summary.block_count
    assignment = assign_layers(n_layer_all, devices, settings)
    moved_attention = flash_attention_moved(summary, settings, assignment, host)
    if moved_attention is not None:
        settings = replace(settings, flash_attn=False)
    weights = [0] * slots
    kv = [0] * slots
    recurrent = [0] * slots
    layers: list[list[int]] = [[] for _ in range(slots)]

    cpu_moe_layers = settings.host_expert_layers(n_layer_all)
    repeating = summary.repeating_layers
    loaded = _loaded_blocks(summary, settings)
    cached = n_layer_all if graph.nextn_kv_in_target else repeating
    kv_of = block_kv_bytes(summary, settings, geometry)
    state = recurrent_state_bytes_per_layer(summary, settings)
    for dev, begin, end in layer_runs(assignment, n_layer_all):
        layers[dev].extend(range(begin, min(end, loaded)))
        weights[dev] += _span(summary.layer_bytes_before, begin, min(end, loaded))
        experts = _span(summary.expert_bytes_before, begin, min(end, loaded, cpu_moe_layers))
        weights[host] += experts
        weights[dev] -= experts
        cache = dev if settings.kv_offload else host
        kv[cache] += sum(kv_of[begin : min(end, cached)])
        recurrent[cache] += state * sum(summary.recurrent_layers[begin : min(end, repeating)])

    output_dev = assignment[n_layer_all]
    weights[host] += summary.token_embd_bytes
    weights[output_dev] += summary.output_bytes
    kept_on_host = [0] * slots
    tied_output = _tied_output(summary)
    tied_spilled = False
    if tied_output is not None and output_dev != host:
        tied_spilled = _too_large(tied_output, devices[output_dev])
        # Refused, the duplicate stays on the host, where the mapped embedding serves it.
        (kept_on_host if tied_spilled else weights)[output_dev] += tied_output.n_bytes
    spilled = _spilled(summary, settings, devices, assignment)
    for tensor, dev in spilled.items():
        weights[dev] -= tensor.n_bytes
        kept_on_host[dev] += tensor.n_bytes

    outputs = n_outputs_max(settings, draft_n_max)
    output = [0] * slots
    output[host] = summary.vocab_size * outputs * 4

    if settings.mmproj_bytes:
        target = 0 if (n_dev and settings.mmproj_offload) else host
        weights[target] += settings.mmproj_bytes

    rpc_devices = sum(d.kind is DeviceKind.RPC for d in devices)
    copies = pipeline_copies(graph, settings, assignment, n_dev, rpc_devices)
    offload_gpu = _op_offload_gpu(assignment, devices, settings)
    compute_assignment = assignment
    if offload_gpu is not None:
        compute_assignment = tuple(offload_gpu if s == host else s for s in assignment)
    compute = compute_bytes(
        summary,
        settings,
        geometry,
        compute_assignment,
        n_dev,
        outputs,
        moved_attention,
        graph,
        copies,
        gpu_slots={i for i, d in enumerate(devices) if d.kind is DeviceKind.GPU},
    )
    if offload_gpu is not None:
        n_tokens = min(geometry.n_ctx, settings.ubatch, settings.batch)
        compute[offload_gpu] += graph.op_offload_rows * 4 * n_tokens * summary.embedding_length
    has_gpu = any(d.kind is DeviceKind.GPU for d in devices)
    reason = skip_reason(settings.repack, cpu_features, has_gpu)
    features = None if reason is not None else cpu_features
    notes = (reason,) if reason is not None else ()
    # A weight its device refused skips that device's pinned host buffer too (the same
    # device must support it), so the CPU's repack buffers take it even beside a GPU.
    spill_features = cpu_features if reason in (None, REPACK_GPU_HOST_BUFFER) else None
    packed = HostWeights(weights[host], 0)
    # Only a host tensor the CPU backend may repack moves the host's bytes off the
    # per-layer sums; with none (a GPU's pinned buffer wins, --no-repack, features unknown)
    # the per-tensor pass, the estimate's dearest part, would give those sums back.
    may_repack = features is not None or (
        spill_features is not None and (bool(spilled) or tied_spilled)
    )
    if summary.weight_tensors and may_repack:
        kept = _host_tensors(summary, settings, assignment, host)
        tied_repack = 0
        if tied_output is not None and (output_dev == host or tied_spilled):
            chosen = features if output_dev == host else spill_features
            tied_repack = repacked_bytes(tied_output, chosen) if chosen is not None else 0
        packed = host_weights(
            ((kept, features), (spilled, spill_features)),
            mmap=settings.mmap,
            tied_output_bytes=tied_repack,
        )
        # The per-layer sums counted these tensors plain: swap in the repack view.
        plain = sum(t.n_bytes for t in kept) + sum(t.n_bytes for t in spilled)
        packed = HostWeights(packed.weights + weights[host] - plain, packed.repack)
    weights[host] = packed.weights

    rows = []
    for index in range(slots):
        spec = devices[index] if index < n_dev else HOST
        rows.append(
            DeviceEstimate(
                device=spec,
                weights=weights[index],
                kv=kv[index],
                recurrent=recurrent[index],
                output=output[index],
                compute=compute[index],
                layers=tuple(layers[index]),
                has_output_layer=output_dev == index,
                repack=packed.repack if index == host else 0,
                prompt_cache=_prompt_cache(settings) if index == host else 0,
                kept_on_host=kept_on_host[index],
            )
        )
    return Estimate(settings, geometry, outputs, tuple(rows), notes)


def _span(before: Sequence[int], begin: int, end: int) -> int:
    """The sum over blocks begin..end-1 from running totals (`before[i]`: blocks 0..i-1)."""
    return before[end] - before[begin] if begin < end else 0


# GPU backends (CUDA, Vulkan) take a host layer's ops over from a batch of this many
# tokens on ("op offload", on by default): the weights are copied in per batch.
OP_OFFLOAD_MIN_BATCH = 32


def _op_offload_gpu(
    assignment: Sequence[int], devices: Sequence[DeviceSpec], settings: EstimateSettings
) -> int | None:
    """The GPU that runs the host layers' batch ops, if any: with a GPU present the
    scheduler hands them to the first one (RPC devices never take them), copying their
    weights in per batch, so the host keeps only its inputs and that GPU the whole graph
    plus the activations crossing between host and GPU splits."""
    host = len(devices)
    if host not in assignment[:-1] or min(settings.ubatch, settings.batch) < OP_OFFLOAD_MIN_BATCH:
        return None
    return next((i for i, d in enumerate(devices) if d.kind is DeviceKind.GPU), None)


def _prompt_cache(settings: EstimateSettings) -> int:
    # -1 is "unlimited": nothing to plan against, so it is shown as 0 and the UI says so.
    return max(settings.cache_ram, 0)


def _host_tensors(
    summary: ModelSummary, settings: EstimateSettings, assignment: Sequence[int], host: int
) -> list[WeightTensor]:
    """The tensors the host holds by the same rules as the per-layer sums: the input
    embeddings, its layers' tensors, the experts --n-cpu-moe keeps there, the output layer
    if it is the host's (not the weights a device refused: see _spilled)."""
    index = summary.tensor_index
    cpu_moe_layers = settings.host_expert_layers(summary.block_count)
    kept = list(index.inputs)
    if assignment[summary.block_count] == host:
        kept += index.outputs
    for il in range(_loaded_blocks(summary, settings)):
        if assignment[il] == host:
            kept += index.experts[il]
            kept += index.others[il]
        elif il < cpu_moe_layers:
            kept += index.experts[il]
    return kept


def _loaded_blocks(summary: ModelSummary, settings: EstimateSettings) -> int:
    """How many blocks the engine loads: llama.cpp skips the nextn/MTP blocks' tensors
    unless draft-mtp loads them."""
    return summary.block_count if settings.load_mtp else summary.repeating_layers


def _tied_output(summary: ModelSummary) -> WeightTensor | None:
    """A tied output layer: llama.cpp loads token_embd a second time for its MUL_MAT."""
    if not summary.output_is_tied:
        return None
    inputs = summary.tensor_index.inputs
    if not inputs:
        # Only the byte count is known (a header without its tensor table).
        return WeightTensor(WeightTensor.OUTPUT, "", 0, 2, False, -1, 0, summary.token_embd_bytes)
    embd = max(inputs, key=lambda t: t.n_bytes)
    return replace(embd, layer=WeightTensor.OUTPUT, shard=-1, offset=0)


def _too_large(tensor: WeightTensor, device: DeviceSpec) -> bool:
    return 0 < device.max_tensor_bytes < tensor.n_bytes


def _spilled(
    summary: ModelSummary,
    settings: EstimateSettings,
    devices: Sequence[DeviceSpec],
    assignment: Sequence[int],
) -> dict[WeightTensor, int]:
    """Weights of offloaded layers that their device's backend refuses (larger than its
    per-tensor limit), with that device: llama.cpp keeps each on the host instead."""
    limits = [d.max_tensor_bytes for d in devices if d.max_tensor_bytes > 0]
    if not limits:
        return {}
    smallest_limit = min(limits)
    cpu_moe_layers = settings.host_expert_layers(summary.block_count)
    loaded = _loaded_blocks(summary, settings)
    spilled: dict[WeightTensor, int] = {}
    # Only a tensor over some device's limit can be refused, and the largest come first.
    for tensor in summary.tensor_index.by_size:
        if tensor.n_bytes <= smallest_limit:
            break
        if tensor.layer == WeightTensor.INPUT or tensor.layer >= loaded:
            continue
        if tensor.expert and tensor.layer < cpu_moe_layers:
            continue
        position = summary.block_count if tensor.layer == WeightTensor.OUTPUT else tensor.layer
        dev = assignment[position]
        if dev < len(devices) and _too_large(tensor, devices[dev]):
            spilled[tensor] = dev
    return spilled


def _tensor_parallel(
    summary: ModelSummary,
    settings: EstimateSettings,
    devices: Sequence[DeviceSpec],
    draft_n_max: int,
    cpu_features: Collection[str] | None,
    graph: EngineGraph,
) -> Estimate:
    """--split-mode tensor: llama.cpp builds one "meta" device over the GPUs, places layers
    on it as on a single device, and shards every offloaded weight and the KV cache across
    the members (-ts proportions, even by default). Each member runs the whole graph on its
    shard, so each needs the full single-device compute buffer."""
    meta = estimate(
        summary,
        replace(settings, split_mode=SplitMode.LAYER, tensor_split=None),
        [DeviceSpec("meta", DeviceKind.GPU)],
        draft_n_max=draft_n_max,
        cpu_features=cpu_features,
        graph=graph,
    )
    shares = settings.tensor_split if settings.tensor_split else (1.0,) * len(devices)
    shares = tuple(shares[: len(devices)]) + (0.0,) * (len(devices) - len(shares))
    total_share = sum(shares) or 1.0
    group = meta.devices[0]
    # A tied output layer is a duplicate of token_embd that every member keeps whole.
    duplicated = (
        summary.token_embd_bytes if summary.output_is_tied and group.has_output_layer else 0
    )
    rows = [
        DeviceEstimate(
            device=device,
            weights=round((group.weights - duplicated) * share / total_share)
            + (duplicated if share > 0 else 0),
            kv=round(group.kv * share / total_share),
            recurrent=round(group.recurrent * share / total_share),
            output=0,
            compute=group.compute if share > 0 else 0,
            layers=group.layers if share > 0 else (),
            has_output_layer=group.has_output_layer and share > 0,
        )
        for device, share in zip(devices, shares, strict=True)
    ]
    return Estimate(settings, meta.geometry, meta.n_outputs_max, (*rows, meta.host), meta.notes)
