"""Compute-buffer heuristic: the peak of ggml's graph allocator, per device.

Not derivable in closed form (it depends on the allocator's reuse order), so this models the
tensors that set the peak, with coefficients fitted to what the real engine reports
(`sched_reserve: <buft> compute buffer size`, CPU and RPC backends). Widths are floats per
ubatch token (n_tokens = min(n_ctx, ubatch, batch)) of the widest phase of a layer:

    FFN (dense): 3*n_ff + r*n_embd, r = 4 on the host, 3 on a device when every layer is
                 offloaded, 2 on a device when the host runs the first layers (and 4 with
                 -nkvo, where K and V stream in from the host);
    FFN (MoE):   n_used*(3*n_ff_exp + n_embd) + n_head*head_dim + 3*n_embd (exact for real
                 shapes, high for toy ones);
    attention:   4*n_embd with flash attention; without it the f32 KQ scores n_head*n_kv plus
                 ~5.5*n_embd (Gemma's extra norms: 7.3);
    recurrent:   SSM input projection + 4*conv_dim (conv_dim = d_inner + 2*groups*d_state).

The last layer runs its FFN only for the rows that produce logits, so it contributes only its
attention phase; a device holding just the output layer needs only the logits. The host
builds every graph input (all KQ masks, f16 with flash attention, and the recurrent states)
and keeps them for the whole graph. An offload device receives the masks its layers use when
its part of the graph starts; a mask freed after its last reader's attention leaves a hole
that later phases reuse only if their tensors fit in it.

Measured error (bench/estimate_accuracy.py): within ~1% for dense models, big MoE shapes,
sliding-window and hybrid models; high (safe) by up to ~60% of the compute buffer for toy MoE
layers, where attention rather than the experts sets the peak.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Collection, Iterable, Mapping, Sequence
from itertools import pairwise

from studio.core.memory.graph import BASE_GRAPH, EngineGraph
from studio.core.memory.kv import ContextGeometry
from studio.core.memory.placement import layer_runs
from studio.core.memory.settings import EstimateSettings
from studio.core.memory.summary import ModelSummary

SLACK = 16 << 10  # small graph inputs (positions, output ids, state copies): ~10 KiB measured
# Per ubatch token, the small inputs a split receives (positions, KV cell indexes, slots);
# with pipeline parallelism each copy holds its own.
SMALL_INPUTS_PER_TOKEN = 16
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
    # The input projection (z, x, B, C, dt) lives until the output gate; around it the
    # convolution's padded input, its output and activation, and the scan output, each about
    # conv_dim wide. Fitted on Mamba2 and Granite-hybrid layers, which scatter by +-2%
    # between host and devices; the 3% margin keeps the devices from being under-estimated.
    conv_dim = ssm.inner_size + 2 * ssm.group_count * ssm.state_size
    in_proj = ssm.inner_size + conv_dim + ssm.time_step_rank
    return int(1.03 * (in_proj + 4 * conv_dim))


def _mask_bytes_per_token(
    summary: ModelSummary,
    settings: EstimateSettings,
    geometry: ContextGeometry,
    layers: Sequence[int],
) -> int:
    """One mask per kind (full, sliding) used by `layers`, n_kv wide, per ubatch token."""
    kinds = {summary.mask_kinds[il] for il in layers}
    element = 2 if settings.flash_attention else 4
    total = 0
    if False in kinds:
        total += geometry.n_ctx_seq
    if True in kinds:
        total += geometry.cells_swa // geometry.n_stream
    return total * element


def _v_index_bytes_per_token(
    summary: ModelSummary, settings: EstimateSettings, layers: Sequence[int]
) -> int:
    """Without flash attention V is cached transposed, and each KV cache (full, sliding)
    takes a graph input of one int64 cell index per V element of every token
    (llama-kv-cache.cpp, build_input_v_idxs): n_embd_v_gqa x 8 bytes a token."""
    if settings.flash_attention or summary.mla:
        return 0
    widest: dict[bool, int] = {}
    for il in layers:
        if summary.mask_kinds[il] is None:
            continue
        sliding = bool(summary.swa_layers[il])
        v_dim = summary.value_length_swa if sliding else summary.value_length
        widest[sliding] = max(widest.get(sliding, 0), v_dim * summary.head_count_kv[il])
    return 8 * sum(widest.values())


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
    key = (summary.layer_shapes[il], residual, on_host, ffn, attention)
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
    if ffn and summary.recurrent_layers[il]:  # the SSM phase goes with the FFN phase
        widths.append(_recurrent_width(summary))
    return max(widths)


def _representatives(
    summary: ModelSummary, layers: Iterable[int], apart: int | None = None
) -> list[int]:
    """One of `layers` per shape (layers of one shape have the same widths, so a peak over
    them is a peak over these), and `apart` alone if it is among them (priced differently)."""
    shapes = summary.layer_shapes
    chosen = {shapes[il]: il for il in layers if il != apart}
    return [*chosen.values(), *((apart,) if apart is not None and apart in layers else ())]


def _by_hole(
    layers: Sequence[int], last_use: Mapping[bool, int], mask_bytes: Mapping[bool, int]
) -> list[tuple[int, Sequence[int]]]:
    """`layers` grouped by the mask bytes freed before they run: a mask is freed after the
    attention of the last layer that reads it, so the freed bytes change only there."""
    ordered = sorted(layers)
    edges = sorted(set(last_use.values()))
    cuts = [0, *(bisect_left(ordered, edge) for edge in edges), len(ordered)]
    groups: list[tuple[int, Sequence[int]]] = []
    for begin, end in pairwise(cuts):
        if begin < end:
            first = ordered[begin]
            hole = sum(mask_bytes[k] for k, last in last_use.items() if last <= first)
            groups.append((hole, ordered[begin:end]))
    return groups


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
        for il in _representatives(summary, layers, moved_attention)
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
    pipeline: tuple[int, int] = (1, 0),
) -> int:
    """The scheduler copies a device's inputs (the masks its layers use) into its buffer
    when the device's part of the graph starts; the allocator frees each after the attention
    of the last layer that reads it, but the freed block stays part of the buffer's
    high-water mark and later tensors only reuse it if they fit in it whole. So the peak is
    the masks plus the widest phase, less a freed mask block that phase's tensors fit in."""
    n_tokens = min(geometry.n_ctx, settings.ubatch, settings.batch)
    # -nkvo: K and V views stream in from the host, as on the host itself.
    residual = 4 if not settings.kv_offload else (3 if full_offload else 2)
    element = 2 if settings.flash_attention else 4
    kinds = summary.mask_kinds
    last_use = {kind: il for il in layers if (kind := kinds[il]) is not None}
    mask_bytes = {
        False: n_tokens * geometry.n_ctx_seq * element,
        True: n_tokens * (geometry.cells_swa // geometry.n_stream) * element,
    }
    # The largest single activation of a non-attention phase: an FFN or SSM projection row.
    widest = max(
        max((summary.feed_forward_length[il] for il in layers), default=0),
        summary.expert_feed_forward_length * max(summary.expert_used_count, 1),
        summary.embedding_length,
    )
    largest_tensor = 4 * n_tokens * widest
    masks = sum(mask_bytes[k] for k in last_use)
    copies, input_rows = pipeline
    if copies > 1:
        return _pipelined_device_peak(
            memo, summary, settings, geometry, layers, residual, masks, copies, input_rows
        )
    # A layer's peak depends on its shape and the freed masks before it: one layer of each
    # such pair sets the device's peak.
    priced = [
        (hole, il)
        for hole, group in _by_hole(layers, last_use, mask_bytes)
        for il in _representatives(summary, group, moved_attention)
    ]
    peak = 0
    for hole, il in priced:
        moved = il == moved_attention
        attention = _layer_width(memo, summary, settings, geometry, il, residual, False, ffn=False)
        rest = _layer_width(
            memo, summary, settings, geometry, il, residual, False, ffn=not moved, attention=False
        )
        rest_bytes = int(4 * n_tokens * rest)
        if hole >= largest_tensor:
            rest_bytes = max(0, rest_bytes - hole)
        peak = max(peak, masks + int(4 * n_tokens * attention), masks + rest_bytes)
    return peak


def _pipelined_device_peak(
    memo: _Memo,
    summary: ModelSummary,
    settings: EstimateSettings,
    geometry: ContextGeometry,
    layers: Sequence[int],
    residual: int,
    masks: int,
    copies: int,
    input_rows: int,
) -> int:
    """With pipeline parallelism the scheduler allocates `copies` of every split input
    (masks, the incoming hidden rows, positions) first and never frees them, so they sit
    beside the widest phase instead of leaving holes in it. The first layer's incoming row
    is one of those inputs, so that layer's phase counts one row less."""
    n_tokens = min(geometry.n_ctx, settings.ubatch, settings.batch)
    row = 4 * n_tokens * summary.embedding_length
    v_index = n_tokens * _v_index_bytes_per_token(summary, settings, layers)
    inputs = masks + v_index + n_tokens * SMALL_INPUTS_PER_TOKEN + input_rows * row

    def phase(il: int) -> int:
        attention = _layer_width(memo, summary, settings, geometry, il, residual, False, ffn=False)
        other = _layer_width(
            memo, summary, settings, geometry, il, residual, False, attention=False
        )
        return int(4 * n_tokens * max(attention, other))

    first = layers[0]
    rest = max(0, phase(first) - row, *map(phase, _representatives(summary, layers[1:])))
    return copies * inputs + rest


def _hybrid_slot_bytes(
    summary: ModelSummary, geometry: ContextGeometry, graph: EngineGraph, layers: Sequence[int]
) -> int:
    """The SSM states a host running a whole hybrid model (recurrent and attention layers)
    keeps per slot beyond the first (measured per engine: graph.hybrid_slot_states).

    Nothing for a Mamba model (no attention) or when the host runs only a hybrid's first
    layers: there b11434's measured peak does not move with the slots (-ngl 4 and 5 of the
    accuracy matrix), so the gathered states are freed before it."""
    ssm = summary.ssm
    if ssm is None or not graph.hybrid_slot_states:
        return 0
    if len(layers) < summary.repeating_layers or all(summary.recurrent_layers):
        return 0
    state = 4 * ssm.state_size * ssm.inner_size
    return graph.hybrid_slot_states * max(0, geometry.n_seq - 1) * state


def pipeline_copies(
    graph: EngineGraph,
    settings: EstimateSettings,
    assignment: Sequence[int],
    n_devices: int,
    rpc_devices: int,
) -> int:
    """The scheduler's copies for this placement (1: pipeline parallelism off).

    llama-context.cpp turns it on with more than one device, every layer and the output
    offloaded, layer split, the KV cache offloaded and no tensor overrides (--n-cpu-moe is
    one), when every device reports async compute and events.
    """
    host = n_devices
    capable = (rpc_devices == 0 or graph.rpc_pipeline) and (
        rpc_devices == n_devices or graph.gpu_pipeline
    )
    on = (
        capable
        and n_devices > 1
        and host not in assignment
        and settings.kv_offload
        and not settings.n_cpu_moe
        and not settings.cpu_moe
    )
    return graph.sched_copies if on else 1


def compute_bytes(
    summary: ModelSummary,
    settings: EstimateSettings,
    geometry: ContextGeometry,
    assignment: Sequence[int],
    n_devices: int,
    n_outputs: int,
    moved_attention: int | None = None,
    graph: EngineGraph = BASE_GRAPH,
    copies: int = 1,
    gpu_slots: Collection[int] = (),
) -> list[int]:
    """Compute buffer bytes per device slot (accelerators, then the host).

    `moved_attention`: a host layer whose attention ops the scheduler runs on the next
    (offloaded) layer's device (see estimate.flash_attention_moved). `graph`: the engine's
    measured graph differences; `copies`: the scheduler's copies (see pipeline_copies).
    `gpu_slots`: the slots that are GPUs, whose entry rows the engine's GPU calibration
    measured (graph.gpu_entry_rows) where it ran.
    """
    host = n_devices
    # llama.cpp clamps the ubatch to the batch, and reserves for at most n_ctx tokens.
    n_tokens = min(geometry.n_ctx, settings.ubatch, settings.batch)
    last = summary.repeating_layers - 1
    layers_of: list[list[int]] = [[] for _ in range(n_devices + 1)]
    for slot, begin, end in layer_runs(assignment, summary.repeating_layers):
        layers_of[slot].extend(range(begin, end))
    output_slot = assignment[summary.block_count]
    full_offload = not layers_of[host]
    logits = summary.vocab_size * n_outputs * 4
    experts_on_host = settings.host_expert_layers(summary.block_count) if summary.is_moe else 0
    result = [0] * (n_devices + 1)
    memo: _Memo = {}
    row = 4 * n_tokens * summary.embedding_length
    entry = assignment[0]
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
                masks += _v_index_bytes_per_token(summary, settings, all_layers)
                result[slot] = n_tokens * (8 * summary.embedding_length + masks) + SLACK
                result[slot] += graph.host_offloaded_rows * row
                if copies > 1:
                    per_copy = n_tokens * (masks + SMALL_INPUTS_PER_TOKEN)
                    per_copy += graph.pipeline_host_rows * row
                    result[slot] += (copies - 1) * per_copy
            elif slot == output_slot:
                result[slot] = logits + SLACK
            continue
        if on_host:
            result[slot] = _host_peak(memo, summary, settings, geometry, layers, moved_attention)
            result[slot] += graph.host_rows * row
            if any(summary.recurrent_layers[il] for il in layers):
                result[slot] += graph.recurrent_host_rows * row
                result[slot] += _hybrid_slot_bytes(summary, geometry, graph, layers)
        else:
            if moved_attention is not None and assignment[moved_attention + 1] == slot:
                layers = [moved_attention, *layers]
            is_entry = full_offload and slot == entry
            input_rows = graph.pipeline_entry_rows if is_entry else graph.pipeline_device_rows
            result[slot] = _device_peak(
                memo,
                summary,
                settings,
                geometry,
                layers,
                full_offload,
                moved_attention,
                (copies, input_rows),
            )
            if is_entry:
                extra = graph.entry_rows if settings.kv_offload else graph.entry_nkvo_rows
                if graph.gpus_measured and settings.kv_offload and slot in gpu_slots:
                    extra = graph.gpu_entry_rows
                result[slot] += extra * row
        result[slot] += SLACK
        if slot == output_slot:
            result[slot] = max(result[slot], logits + SLACK)
    if copies > 1:
        _add_recurrent_boundaries(result, summary, layers_of, assignment, n_tokens, graph, copies)
    return result


def _add_recurrent_boundaries(
    result: list[int],
    summary: ModelSummary,
    layers_of: Sequence[Sequence[int]],
    assignment: Sequence[int],
    n_tokens: int,
    graph: EngineGraph,
    copies: int,
) -> None:
    """Where a device's first layer follows a recurrent layer on another device, the next
    device receives that layer's SSM input projection and the previous one its gate back,
    per scheduler copy (graph.recurrent_boundary_copies, measured per engine)."""
    ssm = summary.ssm
    if ssm is None or not graph.recurrent_boundary_copies:
        return
    conv_dim = ssm.inner_size + 2 * ssm.group_count * ssm.state_size
    projection = 4 * n_tokens * (ssm.inner_size + conv_dim + ssm.time_step_rank)
    gate = 4 * n_tokens * ssm.inner_size
    times = graph.recurrent_boundary_copies * copies
    for slot, layers in enumerate(layers_of[:-1]):
        before = layers[0] - 1 if layers else -1
        if before < 0 or not summary.recurrent_layers[before]:
            continue
        previous = assignment[before]
        if previous != slot and previous < len(layers_of) - 1:
            result[slot] += times * projection
            result[previous] += times * gate
