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


def layer_kv_bytes(
    summary: ModelSummary, settings: EstimateSettings, geometry: ContextGeometry
) -> dict[int, int]:
    """Attention KV bytes of every layer that has a KV cache."""
    sizes = block_kv_bytes(summary, settings, geometry)
    return {il: sizes[il] for il in summary.attention_layers}


def block_kv_bytes(
    summary: ModelSummary, settings: EstimateSettings, geometry: ContextGeometry
) -> list[int]:
    """Attention KV bytes of each block, 0 for one without a KV cache. Blocks with the same
    KV heads and window cost the same, so each such shape is computed once."""
    by_shape: dict[tuple[int, bool], int] = {}
    sizes = [0] * summary.block_count
    for il in summary.attention_layers:
        shape = (summary.head_count_kv[il], bool(summary.swa_layers[il]))
        size = by_shape.get(shape)
        if size is None:
            size = by_shape[shape] = _kv_bytes(summary, settings, geometry, *shape)
        sizes[il] = size
    return sizes


def _kv_bytes(
    summary: ModelSummary,
    settings: EstimateSettings,
    geometry: ContextGeometry,
    n_head_kv: int,
    sliding: bool,
) -> int:
    if sliding:
        k_dim, v_dim = summary.key_length_swa, summary.value_length_swa
        cells = geometry.cells_swa
    else:
        k_dim, v_dim = summary.key_length, summary.value_length
        cells = geometry.n_ctx
    k_bytes = row_bytes(settings.cache_type_k, k_dim * n_head_kv)
    # MLA caches the compressed latent once; V is a view into K.
    v_bytes = 0 if summary.mla else row_bytes(settings.cache_type_v, v_dim * n_head_kv)
    return (k_bytes + v_bytes) * cells


def recurrent_state_bytes_per_layer(summary: ModelSummary, settings: EstimateSettings) -> int:
    """Recurrent state (conv + ssm), F32, for n_seq_max sequences, one recurrent layer."""
    ssm = summary.ssm
    if ssm is None:
        return 0
    n_embd_r = max(ssm.conv_kernel - 1, 0) * (ssm.inner_size + 2 * ssm.group_count * ssm.state_size)
    n_embd_s = ssm.state_size * ssm.inner_size
    return (n_embd_r + n_embd_s) * 4 * settings.n_seq
