"""Compute-buffer heuristic: the peak of ggml's graph allocator, per device.

Not derivable in closed form; the terms below are the tensors that dominate the peak
(activations of the widest layer, the KQ mask, the KQ scores without flash attention),
with coefficients fitted to what the real engine reports (`sched_reserve: ... compute
buffer size`). See bench/estimate_accuracy.py for the current error.
"""

from __future__ import annotations

from collections.abc import Sequence

from studio.core.memory.kv import ContextGeometry
from studio.core.memory.settings import EstimateSettings
from studio.core.memory.summary import ModelSummary


def _activation_width(summary: ModelSummary) -> int:
    n_embd = summary.embedding_length
    n_ff = max(summary.feed_forward_length, default=0)
    if summary.is_moe:
        n_ff_exp = summary.expert_feed_forward_length or n_ff
        n_head = max(summary.head_count, default=0)
        return (
            summary.expert_used_count * (3 * n_ff_exp + n_embd)
            + n_head * summary.key_length
            + 3 * n_embd
        )
    return 3 * n_ff + 4 * n_embd


def compute_bytes(
    summary: ModelSummary,
    settings: EstimateSettings,
    geometry: ContextGeometry,
    assignment: Sequence[int],
    n_devices: int,
    n_outputs: int,
) -> list[int]:
    """Compute buffer bytes per device slot (accelerators, then the host)."""
    n_tokens = min(geometry.n_ctx, settings.ubatch)
    n_kv = geometry.n_ctx
    masks = [n_kv]
    if summary.sliding_window and any(summary.swa_layers):
        masks.append(geometry.cells_swa)
    n_head = max(summary.head_count, default=0)
    act = _activation_width(summary)
    if settings.flash_attention:
        per_device = n_tokens * (4 * act + 2 * sum(masks))
    else:
        per_device = n_tokens * (4 * act + 4 * n_head * n_kv + 4 * sum(masks))
    result = [0] * (n_devices + 1)
    used = set(assignment)
    for index in range(n_devices + 1):
        if index in used or index == n_devices:
            result[index] = per_device
    return result
