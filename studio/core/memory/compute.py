"""Compute-buffer heuristic: the peak of ggml's graph allocator, per device.

Not derivable in closed form (it depends on the allocator's reuse order), so this models the
tensors that set the peak, with coefficients fitted to what the real engine reports
(`sched_reserve: <buft> compute buffer size`, CPU and RPC backends). Per device:

    graph inputs that live all along (the KQ masks its layers use, f16 with flash attention)
  + n_ubatch * 4 bytes * the widest phase among its layers:
      FFN (dense): 3*n_ff + r*n_embd, r = 4 on the host, 3 on a device when every layer is
                   offloaded, 2 on a device when the host runs the first layers;
      FFN (MoE):   n_used*(3*n_ff_exp + n_embd) + n_head*head_dim + 3*n_embd;
      attention:   4*n_embd with flash attention; without it the f32 KQ scores
                   n_head*n_kv plus ~5.5*n_embd (Gemma's extra norms: 7.3);
      recurrent:   2*(ssm input projection) + 3*d_inner, plus the f32 states of every slot.
    The last layer runs its FFN only for the rows that produce logits (a handful), so a device
    that holds just the last layer needs only the attention phase, and one that holds just the
    output layer only the logits (n_vocab * n_outputs * 4).
    The host without layers keeps the input embeddings (2*n_embd per token) and the masks.

Measured error (bench/estimate_accuracy.py): within ~1% for dense models and big MoE shapes
with flash attention; high (safe) by up to ~50% of the compute buffer for toy MoE layers,
where attention rather than the experts sets the peak.
"""

from __future__ import annotations

from collections.abc import Sequence

from studio.core.memory.kv import ContextGeometry, attention_layers
from studio.core.memory.settings import EstimateSettings
from studio.core.memory.summary import ModelSummary

SLACK = 16 << 10  # small graph inputs (positions, output ids, state copies): ~10 KiB measured
_WIDE_ATTENTION_ARCHS = frozenset({"gemma2", "gemma3", "gemma3n"})


def _query_width(summary: ModelSummary) -> int:
    return max(summary.head_count, default=0) * summary.key_length


def _ffn_width(summary: ModelSummary, layers: Sequence[int], residual: int) -> int:
    n_embd = summary.embedding_length
    extra_query = max(0, _query_width(summary) - n_embd)
    dense_ff = max((summary.feed_forward_length[il] for il in layers), default=0)
    dense = 3 * dense_ff + residual * n_embd + extra_query
    if not summary.is_moe:
        return dense
    dense_layers = [il for il in layers if il < summary.leading_dense_layers]
    n_ff_exp = summary.expert_feed_forward_length or dense_ff
    moe = summary.expert_used_count * (3 * n_ff_exp + n_embd) + _query_width(summary) + 3 * n_embd
    if len(dense_layers) == len(layers):
        return dense
    return max(moe, dense if dense_layers else 0)


def _attention_width(summary: ModelSummary, n_kv: int, flash: bool, on_host: bool) -> float:
    n_embd = summary.embedding_length
    if flash:
        return 4 * n_embd + max(0, _query_width(summary) - n_embd)
    n_head = max(summary.head_count, default=0)
    if summary.architecture in _WIDE_ATTENTION_ARCHS:
        rest = 7.3 * max(n_embd, _query_width(summary))
    else:
        rest = 5.5 * n_embd + 2 * max(0, _query_width(summary) - n_embd)
    return n_head * n_kv + rest - (0 if on_host else n_embd)


def _recurrent_width(summary: ModelSummary) -> int:
    ssm = summary.ssm
    if ssm is None:
        return 0
    heads = ssm.inner_size // max(summary.key_length, 1) if summary.key_length else 0
    in_proj = 2 * ssm.inner_size + 2 * ssm.group_count * ssm.state_size + heads
    return 2 * in_proj + 3 * ssm.inner_size


def _mask_bytes_per_token(
    summary: ModelSummary,
    settings: EstimateSettings,
    geometry: ContextGeometry,
    layers: Sequence[int],
) -> int:
    """One mask per kind (full, sliding) used by `layers`, n_kv wide, per ubatch token."""
    with_kv = set(attention_layers(summary))
    used = [il for il in layers if il in with_kv]
    kinds = {bool(summary.swa_layers[il]) and summary.sliding_window > 0 for il in used}
    element = 2 if settings.flash_attention else 4
    total = 0
    if False in kinds:
        total += geometry.n_ctx_seq
    if True in kinds:
        total += geometry.cells_swa // geometry.n_stream
    return total * element


_Memo = dict[tuple[object, ...], float]


def _layer_width(
    memo: _Memo,
    summary: ModelSummary,
    settings: EstimateSettings,
    geometry: ContextGeometry,
    il: int,
    residual: int,
    on_host: bool,
    *,
    ffn: bool = True,
    attention: bool = True,
) -> float:
    """Floats per ubatch token live at the peak of layer `il` (or of its FFN or attention
    part only, when the other part runs on another device).

    Layers of the same shape share a result (`memo`), which keeps a 100-layer estimate
    well under a millisecond.
    """
    recurrent = summary.recurrent_layers[il]
    key = (
        summary.feed_forward_length[il],
        il < summary.leading_dense_layers,
        summary.head_count_kv[il] > 0 and not recurrent,
        recurrent,
        il == summary.repeating_layers - 1,
        residual,
        on_host,
        ffn,
        attention,
    )
    cached = memo.get(key)
    if cached is None:
        cached = memo[key] = _compute_layer_width(
            summary, settings, geometry, il, residual, on_host, ffn=ffn, attention=attention
        )
    return cached


def _compute_layer_width(
    summary: ModelSummary,
    settings: EstimateSettings,
    geometry: ContextGeometry,
    il: int,
    residual: int,
    on_host: bool,
    *,
    ffn: bool,
    attention: bool,
) -> float:
    widths: list[float] = [4 * summary.embedding_length]
    # The last layer runs its FFN only for the rows that produce logits.
    if ffn and il != summary.repeating_layers - 1:
        widths.append(_ffn_width(summary, [il], residual))
    if attention and summary.head_count_kv[il] > 0 and not summary.recurrent_layers[il]:
        widths.append(
            _attention_width(summary, geometry.n_ctx_seq, settings.flash_attention, on_host)
        )
    if summary.recurrent_layers[il]:
        widths.append(_recurrent_width(summary))
    return max(widths)


def _host_peak(
    memo: _Memo,
    summary: ModelSummary,
    settings: EstimateSettings,
    geometry: ContextGeometry,
    layers: Sequence[int],
    moved_attention: int | None,
) -> int:
    """The host builds every graph input (all mask kinds, recurrent state copies) and keeps
    them for the whole graph, on top of its own layers' widest phase."""
    n_tokens = min(geometry.n_ctx, settings.ubatch, settings.batch)
    width = max(
        _layer_width(
            memo, summary, settings, geometry, il, 4, True, attention=il != moved_attention
        )
        for il in layers
    )
    masks = _mask_bytes_per_token(summary, settings, geometry, range(summary.block_count))
    states = 0
    if summary.ssm is not None and any(summary.recurrent_layers[il] for il in layers):
        states = 4 * summary.ssm.state_size * summary.ssm.inner_size * geometry.n_seq
    return int(n_tokens * (4 * width + masks)) + states


def _device_peak(
    memo: _Memo,
    summary: ModelSummary,
    settings: EstimateSettings,
    geometry: ContextGeometry,
    layers: Sequence[int],
    full_offload: bool,
    moved_attention: int | None = None,
) -> int:
    """The scheduler copies a device's inputs (the masks its layers use) when the device's
    part of the graph starts, and the allocator frees each after its last use there; so the
    peak is the largest layer width plus the masks still live at that layer."""
    n_tokens = min(geometry.n_ctx, settings.ubatch, settings.batch)
    # -nkvo: K and V views stream in from the host, as on the host itself.
    residual = 4 if not settings.kv_offload else (3 if full_offload else 2)
    element = 2 if settings.flash_attention else 4
    spans: dict[bool, tuple[int, int]] = {}
    with_kv = set(attention_layers(summary))
    for il in layers:
        if il in with_kv:
            kind = bool(summary.swa_layers[il]) and summary.sliding_window > 0
            spans[kind] = (layers[0], il)
    cells = {False: geometry.n_ctx_seq, True: geometry.cells_swa // geometry.n_stream}
    peak = 0.0
    for il in layers:
        live = sum(cells[k] for k, (a, b) in spans.items() if a <= il <= b) * element
        moved = il == moved_attention
        width = _layer_width(memo, summary, settings, geometry, il, residual, False, ffn=not moved)
        peak = max(peak, n_tokens * (4 * width + live))
    return int(peak)


def compute_bytes(
    summary: ModelSummary,
    settings: EstimateSettings,
    geometry: ContextGeometry,
    assignment: Sequence[int],
    n_devices: int,
    n_outputs: int,
    moved_attention: int | None = None,
) -> list[int]:
    """Compute buffer bytes per device slot (accelerators, then the host).

    `moved_attention`: a host layer whose attention ops the scheduler runs on the next
    (offloaded) layer's device (see estimate.flash_attention_moved).
    """
    host = n_devices
    # llama.cpp clamps the ubatch to the batch, and reserves for at most n_ctx tokens.
    n_tokens = min(geometry.n_ctx, settings.ubatch, settings.batch)
    last = summary.repeating_layers - 1
    layers_of: list[list[int]] = [[] for _ in range(n_devices + 1)]
    for il in range(summary.repeating_layers):
        layers_of[assignment[il]].append(il)
    output_slot = assignment[summary.block_count]
    full_offload = not layers_of[host]
    logits = summary.vocab_size * n_outputs * 4
    experts_on_host = (
        (summary.block_count if settings.cpu_moe else settings.n_cpu_moe) if summary.is_moe else 0
    )
    result = [0] * (n_devices + 1)
    memo: _Memo = {}
    for slot in range(n_devices + 1):
        layers = layers_of[slot]
        on_host = slot == host
        if on_host and not layers and experts_on_host:
            # --n-cpu-moe: the host runs those layers' expert matmuls.
            layers = [il for il in range(min(experts_on_host, last))]
        if not layers:
            if on_host:
                all_layers = range(summary.repeating_layers)
                masks = _mask_bytes_per_token(summary, settings, geometry, all_layers)
                result[slot] = n_tokens * (8 * summary.embedding_length + masks) + SLACK
            elif slot == output_slot:
                result[slot] = logits + SLACK
            continue
        if on_host:
            result[slot] = _host_peak(memo, summary, settings, geometry, layers, moved_attention)
        else:
            if moved_attention is not None and assignment[moved_attention + 1] == slot:
                layers = [moved_attention, *layers]
            result[slot] = _device_peak(
                memo, summary, settings, geometry, layers, full_offload, moved_attention
            )
        result[slot] += SLACK
        if slot == output_slot:
            result[slot] = max(result[slot], logits + SLACK)
    return result
