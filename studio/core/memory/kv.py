"""KV cache and recurrent state sizes: exact arithmetic from llama.cpp's cache constructors.

`llama-context.cpp` sizes the context, `llama-kv-cache(-iswa).cpp` the attention cache per
layer, `llama-memory-recurrent.cpp` the recurrent state (always F32, independent of -c).
"""

from __future__ import annotations

from dataclasses import dataclass

from studio.core.errors import StudioError
from studio.core.memory.settings import KV_CACHE_TYPES, EstimateSettings
from studio.core.memory.summary import ModelSummary

CTX_PAD = 256  # llama.cpp pads context sizes and SWA cell counts to this


class EstimateError(StudioError):
    """Settings the engine itself would refuse (so there is nothing to estimate)."""


def _pad(value: int, multiple: int) -> int:
    return -(-value // multiple) * multiple


def row_bytes(cache_type: str, n_elements: int) -> int:
    """ggml_row_size for a KV cache type."""
    try:
        block, size = KV_CACHE_TYPES[cache_type]
    except KeyError:
        raise EstimateError(
            "memory.unknown_cache_type", f"unknown KV cache type {cache_type}", type=cache_type
        ) from None
    return n_elements // block * size


@dataclass(frozen=True)
class ContextGeometry:
    """How llama.cpp sizes the context for these settings."""

    n_ctx: int  # total cells of a full-attention layer (all streams)
    n_ctx_seq: int  # cells one sequence can use
    n_seq: int  # n_seq_max (slots)
    n_stream: int  # 1 with a unified cache, else one per slot
    cells_swa: int  # cells of a sliding-window layer (all streams)


def context_geometry(summary: ModelSummary, settings: EstimateSettings) -> ContextGeometry:
    n_seq = settings.n_seq
    requested = settings.ctx if settings.ctx > 0 else summary.context_length
    n_ctx = _pad(max(requested, 1), CTX_PAD)
    if settings.unified:
        n_ctx_seq, n_stream = n_ctx, 1
    else:
        n_ctx_seq, n_stream = _pad(n_ctx // n_seq, CTX_PAD), n_seq
        n_ctx = n_ctx_seq * n_seq
    if summary.sliding_window > 0 and not settings.swa_full:
        window = summary.sliding_window * (n_seq if settings.unified else 1) + settings.ubatch
        cells_swa = n_stream * _pad(min(n_ctx_seq, window), CTX_PAD)
    else:
        cells_swa = n_ctx_seq * n_stream
    return ContextGeometry(n_ctx, n_ctx_seq, n_seq, n_stream, cells_swa)


def attention_layers(summary: ModelSummary) -> tuple[int, ...]:
    """Layers that own an attention KV cache: every non-recurrent block, including the
    nextn/MTP blocks (the engine allocates their cache even when it skips their weights)."""
    return tuple(
        il
        for il in range(summary.block_count)
        if not summary.recurrent_layers[il] and summary.head_count_kv[il] > 0
    )


def layer_kv_bytes(
    summary: ModelSummary, settings: EstimateSettings, geometry: ContextGeometry
) -> dict[int, int]:
    """Attention KV bytes of every layer that has a KV cache."""
    swa = summary.swa_layers
    result: dict[int, int] = {}
    for il in attention_layers(summary):
        n_head_kv = summary.head_count_kv[il]
        if swa[il]:
            k_dim, v_dim = summary.key_length_swa, summary.value_length_swa
            cells = geometry.cells_swa
        else:
            k_dim, v_dim = summary.key_length, summary.value_length
            cells = geometry.n_ctx
        k_bytes = row_bytes(settings.cache_type_k, k_dim * n_head_kv)
        # MLA caches the compressed latent once; V is a view into K.
        v_bytes = 0 if summary.mla else row_bytes(settings.cache_type_v, v_dim * n_head_kv)
        result[il] = (k_bytes + v_bytes) * cells
    return result


def recurrent_state_bytes_per_layer(summary: ModelSummary, settings: EstimateSettings) -> int:
    """Recurrent state (conv + ssm), F32, for n_seq_max sequences, one recurrent layer."""
    ssm = summary.ssm
    if ssm is None:
        return 0
    n_embd_r = max(ssm.conv_kernel - 1, 0) * (ssm.inner_size + 2 * ssm.group_count * ssm.state_size)
    n_embd_s = ssm.state_size * ssm.inner_size
    return (n_embd_r + n_embd_s) * 4 * settings.n_seq


def layer_recurrent_bytes(summary: ModelSummary, settings: EstimateSettings) -> dict[int, int]:
    per_layer = recurrent_state_bytes_per_layer(summary, settings)
    return {il: per_layer for il in range(summary.repeating_layers) if summary.recurrent_layers[il]}
