"""Compute-buffer heuristic: the peak of ggml's graph allocator, per device.

Not derivable in closed form (it depends on the allocator's reuse order), so this models the
few tensors that set the peak, with coefficients fitted to what the real engine reports
(`sched_reserve: <buft> compute buffer size`) on the CPU backend, per token of a ubatch:

- flash attention on: the FFN phase dominates. Dense: 3*n_ff + 4*n_embd floats (the host,
  which also holds the input embeddings) or 3*n_ff + 2*n_embd (an offload device); MoE:
  n_used*(3*n_ff_exp + n_embd) + n_head*head_dim + 3*n_embd. Plus the KQ mask, f16, one per
  mask kind (full, sliding window), n_ctx_seq (or the SWA cells) wide.
- flash attention off: the attention phase dominates: the f32 KQ scores n_head*n_kv, the f32
  masks, and about 5.5*n_embd (+2 per query dim beyond n_embd; Gemma's extra norms: 7.3).

Measured error (bench/estimate_accuracy.py): within 1% for dense and big MoE shapes with
flash attention; over by up to ~50% for toy MoE layers (where attention, not the experts, sets
the peak) and by a few % with flash attention off. It errs high, never low, on every row
measured: an under-estimate is an out-of-memory crash.
"""

from __future__ import annotations

from collections.abc import Sequence

from studio.core.memory.kv import ContextGeometry
from studio.core.memory.settings import EstimateSettings
from studio.core.memory.summary import ModelSummary

SLACK = 16 << 10  # small graph inputs (positions, output ids): ~10 KiB measured
_WIDE_ATTENTION_ARCHS = frozenset({"gemma2", "gemma3", "gemma3n"})


def _ffn_width(summary: ModelSummary, on_host: bool) -> int:
    n_embd = summary.embedding_length
    if summary.is_moe:
        n_ff_exp = summary.expert_feed_forward_length or max(summary.feed_forward_length)
        n_head = max(summary.head_count, default=0)
        moe = (
            summary.expert_used_count * (3 * n_ff_exp + n_embd)
            + n_head * summary.key_length
            + 3 * n_embd
        )
        dense_ff = max(
            (summary.feed_forward_length[i] for i in range(summary.leading_dense_layers)),
            default=0,
        )
        return max(moe, 3 * dense_ff + 4 * n_embd)
    n_ff = max(summary.feed_forward_length, default=0)
    query = max(summary.head_count, default=0) * summary.key_length
    return 3 * n_ff + (4 if on_host else 2) * n_embd + max(0, query - n_embd)


def _attention_width(summary: ModelSummary) -> float:
    n_embd = summary.embedding_length
    query = max(summary.head_count, default=0) * summary.key_length
    if summary.architecture in _WIDE_ATTENTION_ARCHS:
        return 7.3 * max(n_embd, query)
    return 5.5 * n_embd + 2 * max(0, query - n_embd)


def device_compute_bytes(
    summary: ModelSummary, settings: EstimateSettings, geometry: ContextGeometry, *, on_host: bool
) -> int:
    n_tokens = min(geometry.n_ctx, settings.ubatch)
    n_kv = geometry.n_ctx_seq
    masks = [n_kv]
    if summary.sliding_window and any(summary.swa_layers):
        masks.append(geometry.cells_swa // geometry.n_stream)
    if settings.flash_attention:
        per_token = 4 * _ffn_width(summary, on_host) + 2 * sum(masks)
    else:
        n_head = max(summary.head_count, default=0)
        per_token = int(4 * n_head * n_kv + 4 * sum(masks) + 4 * _attention_width(summary))
    return n_tokens * per_token + SLACK


def compute_bytes(
    summary: ModelSummary,
    settings: EstimateSettings,
    geometry: ContextGeometry,
    assignment: Sequence[int],
    n_devices: int,
    n_outputs: int,
) -> list[int]:
    """Compute buffer bytes per device slot (accelerators, then the host).

    Every device that holds a layer gets a buffer sized for one layer's peak; the host
    always gets one (it runs the input embedding lookup and any CPU layers).
    """
    result = [0] * (n_devices + 1)
    used = set(assignment)
    for index in range(n_devices):
        if index in used:
            result[index] = device_compute_bytes(summary, settings, geometry, on_host=False)
    result[n_devices] = device_compute_bytes(summary, settings, geometry, on_host=True)
    return result
