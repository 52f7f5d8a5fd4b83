"""The estimator: settings + devices -> bytes per device and component, like llama.cpp.

Pure and fast (a few hundred microseconds for 100 layers): the UI re-estimates on every
slider move, and the planner calls it in loops.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from studio.core.memory.compute import compute_bytes
from studio.core.memory.kv import (
    ContextGeometry,
    EstimateError,
    context_geometry,
    layer_kv_bytes,
    layer_recurrent_bytes,
)
from studio.core.memory.placement import assign_layers
from studio.core.memory.settings import (
    HOST,
    KV_CACHE_TYPES,
    DeviceKind,
    DeviceSpec,
    EstimateSettings,
    SplitMode,
)
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
            "layers": len(self.layers),
            "output_layer": self.has_output_layer,
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

    @property
    def host(self) -> DeviceEstimate:
        return self.devices[-1]

    @property
    def accelerators(self) -> tuple[DeviceEstimate, ...]:
        return self.devices[:-1]

    @property
    def total(self) -> int:
        return sum(d.total for d in self.devices)

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
) -> Estimate:
    """Predict what llama-server allocates for `summary` on `devices` (+ the host).

    `devices` are the accelerators (GPUs, RPC servers) in llama.cpp's device order.
    `draft_n_max` is --spec-draft-n-max when speculative decoding is on (0 otherwise).
    """
    _validate(summary, settings, devices)
    if settings.split_mode is SplitMode.TENSOR and devices:
        return _tensor_parallel(summary, settings, devices, draft_n_max)
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

    cpu_moe_layers = n_layer_all if settings.cpu_moe else settings.n_cpu_moe
    first_mtp = summary.repeating_layers
    for il in range(n_layer_all):
        if il >= first_mtp and not settings.load_mtp:
            continue  # llama.cpp skips the nextn/MTP tensors unless draft-mtp loads them
        dev = assignment[il]
        layers[dev].append(il)
        layer = summary.layer_bytes[il]
        if il < cpu_moe_layers:
            experts = summary.layer_expert_bytes[il]
            weights[host] += experts
            layer -= experts
        weights[dev] += layer

    output_dev = assignment[n_layer_all]
    weights[host] += summary.token_embd_bytes
    weights[output_dev] += summary.output_bytes
    if summary.output_is_tied and output_dev != host:
        weights[output_dev] += summary.token_embd_bytes

    kv_dev = (lambda il: assignment[il]) if settings.kv_offload else (lambda il: host)
    for il, size in layer_kv_bytes(summary, settings, geometry).items():
        kv[kv_dev(il)] += size
    for il, size in layer_recurrent_bytes(summary, settings).items():
        recurrent[kv_dev(il)] += size

    outputs = n_outputs_max(settings, draft_n_max)
    output = [0] * slots
    output[host] = summary.vocab_size * outputs * 4

    if settings.mmproj_bytes:
        target = 0 if (n_dev and settings.mmproj_offload) else host
        weights[target] += settings.mmproj_bytes

    compute = compute_bytes(
        summary, settings, geometry, assignment, n_dev, outputs, moved_attention
    )

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
            )
        )
    return Estimate(settings, geometry, outputs, tuple(rows))


def _tensor_parallel(
    summary: ModelSummary,
    settings: EstimateSettings,
    devices: Sequence[DeviceSpec],
    draft_n_max: int,
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
    return Estimate(settings, meta.geometry, meta.n_outputs_max, (*rows, meta.host))
