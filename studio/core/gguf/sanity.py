"""Plausibility of the hyper-parameters a GGUF declares, checked once while reading.

The parser bounds what it allocates for the header itself; this bounds what everything
downstream allocates *from* the header: the summary builds per-layer tables of
`block_count` entries and the estimator sums over them. A hostile or corrupt value (a
layer count of 2**32 - 1, an infinite head count, a negative width) is refused here with
`ImplausibleMetadataError`, so no caller ever sees it. The limits are llama.cpp's own
(`src/llama-hparams.h`, `llama_model::load_hparams`): a file past them would not load
anyway, so nothing a real model uses is refused.

Only keys that are present are checked; a missing key is the summary's business.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from studio.core.gguf.errors import ImplausibleMetadataError
from studio.core.gguf.header import MetadataValue

LLAMA_MAX_LAYERS: Final = 512
LLAMA_MAX_EXPERTS: Final = 1024  # llama.cpp b11434 (Kimi K3); older builds allow fewer
# llama.cpp reads every count and width into a uint32_t.
U32_MAX: Final = (1 << 32) - 1


@dataclass(frozen=True)
class _Rule:
    low: int = 0
    high: int = U32_MAX
    per_layer: bool = False  # an int, or an array of at most LLAMA_MAX_LAYERS ints
    bool_array: bool = False  # sliding_window_pattern: an int period or per-layer flags


# Keys under `<arch>.` that hold counts or sizes (every one the summary reads).
_RULES: Final[dict[str, _Rule]] = {
    "block_count": _Rule(1, LLAMA_MAX_LAYERS),
    "embedding_length": _Rule(1),
    "context_length": _Rule(1),
    "vocab_size": _Rule(),
    "nextn_predict_layers": _Rule(0, LLAMA_MAX_LAYERS),
    "leading_dense_block_count": _Rule(0, LLAMA_MAX_LAYERS),
    "feed_forward_length": _Rule(per_layer=True),
    "expert_count": _Rule(0, LLAMA_MAX_EXPERTS),
    "expert_used_count": _Rule(0, LLAMA_MAX_EXPERTS, per_layer=True),
    "expert_feed_forward_length": _Rule(),
    "full_attention_interval": _Rule(1),  # a divisor: layer i is full when (i+1) % n == 0
    "attention.head_count": _Rule(per_layer=True),
    "attention.head_count_kv": _Rule(per_layer=True),
    "attention.key_length": _Rule(),
    "attention.value_length": _Rule(),
    "attention.key_length_swa": _Rule(),
    "attention.value_length_swa": _Rule(),
    "attention.key_length_mla": _Rule(),
    "attention.value_length_mla": _Rule(),
    "attention.kv_lora_rank": _Rule(),
    "attention.q_lora_rank": _Rule(),
    "attention.sliding_window": _Rule(),
    "attention.sliding_window_pattern": _Rule(bool_array=True),
    "ssm.conv_kernel": _Rule(),
    "ssm.inner_size": _Rule(),
    "ssm.state_size": _Rule(),
    "ssm.group_count": _Rule(),
    "ssm.time_step_rank": _Rule(),
}


def check_metadata(metadata: Mapping[str, MetadataValue], source: str) -> None:
    """Raise `ImplausibleMetadataError` for the first hyper-parameter llama.cpp would refuse."""
    arch = metadata.get("general.architecture")
    if not isinstance(arch, str):
        return  # not a model header (a later shard, a projector): nothing sized by it
    prefix = f"{arch}."
    for suffix, rule in _RULES.items():
        key = prefix + suffix
        value = metadata.get(key)
        if value is not None:
            _check_value(source, key, value, rule)
    _check_relations(metadata, prefix, source)
    for key, value in metadata.items():
        if key.startswith(prefix):
            _check_finite(source, key, value)


def _is_int(value: object) -> bool:
    # GGUF bools arrive as Python bools, which are ints too; a count is never a bool.
    return isinstance(value, int) and not isinstance(value, bool)


def _check_value(source: str, key: str, value: MetadataValue, rule: _Rule) -> None:
    if isinstance(value, tuple) and (rule.per_layer or rule.bool_array):
        if len(value) > LLAMA_MAX_LAYERS:
            raise ImplausibleMetadataError(
                source, key, f"[{len(value)} items]", f"more than {LLAMA_MAX_LAYERS} layers"
            )
        for item in value:
            if rule.bool_array and isinstance(item, bool):
                continue
            _check_int(source, key, item, rule)
        return
    _check_int(source, key, value, rule)


def _check_int(source: str, key: str, value: MetadataValue, rule: _Rule) -> None:
    if not _is_int(value):
        raise ImplausibleMetadataError(source, key, value, "not an integer")
    assert isinstance(value, int)
    if not rule.low <= value <= rule.high:
        raise ImplausibleMetadataError(source, key, value, f"outside {rule.low}..{rule.high}")


def _largest(value: MetadataValue | None) -> int:
    if isinstance(value, tuple):
        return max((v for v in value if isinstance(v, int) and not isinstance(v, bool)), default=0)
    return value if _is_int(value) and isinstance(value, int) else 0


def _check_relations(metadata: Mapping[str, MetadataValue], prefix: str, source: str) -> None:
    """The cross-key asserts of `llama_model::load_hparams`."""
    layers = metadata.get(prefix + "block_count")
    for key in ("nextn_predict_layers", "leading_dense_block_count"):
        value = metadata.get(prefix + key)
        if isinstance(layers, int) and isinstance(value, int) and value > layers:
            raise ImplausibleMetadataError(
                source, prefix + key, value, f"more than the {layers} blocks"
            )
    experts = _largest(metadata.get(prefix + "expert_count"))
    used = _largest(metadata.get(prefix + "expert_used_count"))
    if used > experts:
        raise ImplausibleMetadataError(
            source, prefix + "expert_used_count", used, f"more than the {experts} experts"
        )


def _check_finite(source: str, key: str, value: MetadataValue) -> None:
    items = value if isinstance(value, tuple) else (value,)
    for item in items:
        if isinstance(item, float) and not math.isfinite(item):
            raise ImplausibleMetadataError(source, key, item, "not a finite number")
