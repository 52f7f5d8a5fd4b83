"""ModelSummary: the hyper-parameters and weight sizes that decide memory, from a GGUF header.

Key names and defaults follow llama.cpp's `load_hparams` (`src/llama-model.cpp`):
`<arch>.block_count` counts every block including the nextn/MTP ones, head counts may be
per-layer arrays, head dims default to n_embd / n_head, and the sliding-window pattern falls
back to the architecture's hard-coded period when the file does not store one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import accumulate

from gguf import GGMLQuantizationType

from studio.core.errors import StudioError
from studio.core.gguf import GGUFModel, MetadataValue, TensorInfo
from studio.core.memory.repack import WeightTensor
from studio.core.memory.tensor_index import TensorIndex

_LAYER = re.compile(r"^blk\.(\d+)\.")
_EXPERTS = re.compile(r"\.ffn_(up|down|gate|gate_up)_(ch|)exps\.")  # LLM_FFN_EXPS_REGEX
_INPUT = ("token_embd.", "position_embd.", "token_types.")

# Architectures whose every layer is recurrent (no attention KV at all).
_RECURRENT_ARCHS = frozenset({"mamba", "mamba2", "rwkv6", "rwkv6qwen2", "rwkv7", "arwkv7"})
# Hybrids that mark recurrent layers with head_count_kv == 0.
_KV0_HYBRIDS = frozenset({"jamba", "granitehybrid", "lfm2", "lfm2moe", "plamo2", "nemotron_h"})
# Hybrids whose layer i is recurrent unless (i + 1) % full_attention_interval == 0.
_INTERVAL_HYBRIDS = frozenset({"qwen3next", "qwen35", "qwen35moe"})
# Hard-coded sliding-window periods (every n-th layer is full attention).
_SWA_PERIOD = {"gemma2": 2, "gemma3": 6, "cohere2": 4, "gpt-oss": 2, "exaone4": 4}


class SummaryError(StudioError):
    """The header lacks something every estimate needs (e.g. block_count)."""


@dataclass(frozen=True)
class SSMDims:
    """Recurrent-state dimensions (Mamba-style)."""

    conv_kernel: int
    inner_size: int
    state_size: int
    group_count: int
    time_step_rank: int = 0  # Mamba2: the number of SSM heads


@dataclass(frozen=True)
class ModelSummary:
    """Everything about a model the estimator and the UI need. Sizes are bytes.

    Per-layer tuples have `block_count` entries (nextn/MTP blocks included, at the end).
    `output_bytes` covers every non-block tensor except the input embeddings (output.weight,
    output_norm, rope_freqs ...). With tied embeddings (`output_is_tied`) llama.cpp duplicates
    token_embd onto the output layer's device when that is not the host.
    """

    architecture: str
    name: str
    parameter_count: int
    quant_mix: Mapping[str, int]  # ggml type name -> bytes of tensors of that type
    file_type: int | None
    context_length: int
    block_count: int
    nextn_layers: int
    embedding_length: int
    vocab_size: int
    head_count: tuple[int, ...]
    head_count_kv: tuple[int, ...]
    feed_forward_length: tuple[int, ...]
    key_length: int
    value_length: int
    key_length_swa: int
    value_length_swa: int
    mla: bool
    kv_lora_rank: int
    sliding_window: int
    swa_layers: tuple[bool, ...]
    recurrent_layers: tuple[bool, ...]
    ssm: SSMDims | None
    expert_count: int
    expert_used_count: int
    expert_feed_forward_length: int
    leading_dense_layers: int
    has_chat_template: bool
    layer_bytes: tuple[int, ...]
    layer_expert_bytes: tuple[int, ...]
    token_embd_bytes: int
    output_bytes: int
    output_is_tied: bool
    total_bytes: int
    tensor_count: int = field(default=0)
    q_lora_rank: int = field(default=0)  # MLA query LoRA rank (0: plain q projection)
    # Per tensor: what the CPU repack rules and the memory-mapped range depend on.
    weight_tensors: tuple[WeightTensor, ...] = field(default=(), repr=False)

    @property
    def is_moe(self) -> bool:
        return self.expert_count > 0

    @property
    def repeating_layers(self) -> int:
        """Blocks loaded without MTP (llama.cpp skips the trailing nextn blocks)."""
        return self.block_count - self.nextn_layers

    # Per-block tables the estimator reads on every call, derived once per model: the
    # planner prices hundreds of placements of the same model.

    @cached_property
    def tensor_index(self) -> TensorIndex:
        """The weight tensors by block and by size."""
        return TensorIndex.of(self.weight_tensors, self.block_count)

    @cached_property
    def layer_bytes_before(self) -> tuple[int, ...]:
        """At index i, the bytes of blocks 0..i-1: a stretch of blocks sums by a subtraction."""
        return tuple(accumulate(self.layer_bytes, initial=0))

    @cached_property
    def expert_bytes_before(self) -> tuple[int, ...]:
        """At index i, the expert bytes of blocks 0..i-1."""
        return tuple(accumulate(self.layer_expert_bytes, initial=0))

    @cached_property
    def mask_kinds(self) -> tuple[bool | None, ...]:
        """Per block, the KQ mask its attention reads: True the sliding-window one, False
        the full one, None for a block without an attention KV cache (recurrent)."""
        sliding = self.sliding_window > 0
        return tuple(
            None
            if self.recurrent_layers[il] or self.head_count_kv[il] <= 0
            else bool(self.swa_layers[il]) and sliding
            for il in range(self.block_count)
        )

    @cached_property
    def attention_layers(self) -> tuple[int, ...]:
        """Blocks that own an attention KV cache: every non-recurrent block, including the
        nextn/MTP blocks (the engine allocates their cache even when it skips their weights)."""
        return tuple(il for il, kind in enumerate(self.mask_kinds) if kind is not None)

    @cached_property
    def layer_shapes(self) -> tuple[int, ...]:
        """Per block, an id shared by the blocks whose compute phases are alike: the same FFN
        width, dense or expert FFN, attention or recurrent, and whether it is the last
        repeating block (which runs its FFN only for the rows that produce logits)."""
        ids: dict[tuple[int, bool, bool, bool, bool], int] = {}
        last = self.repeating_layers - 1
        return tuple(
            ids.setdefault(
                (
                    self.feed_forward_length[il],
                    il < self.leading_dense_layers,
                    self.mask_kinds[il] is not None,
                    self.recurrent_layers[il],
                    il == last,
                ),
                len(ids),
            )
            for il in range(self.block_count)
        )


def _get(meta: Mapping[str, MetadataValue], key: str, default: MetadataValue) -> MetadataValue:
    value = meta.get(key)
    return default if value is None else value


def _int(meta: Mapping[str, MetadataValue], key: str, default: int = 0) -> int:
    value = _get(meta, key, default)
    if isinstance(value, tuple):
        value = max((v for v in value if isinstance(v, int | float)), default=default)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return default
    return int(value)


def _per_layer(
    meta: Mapping[str, MetadataValue], key: str, n_layer: int, default: int
) -> tuple[int, ...]:
    value = meta.get(key)
    if isinstance(value, tuple):
        items = [int(v) for v in value if isinstance(v, int | float)]
        items += [items[-1] if items else default] * (n_layer - len(items))
        return tuple(items[:n_layer])
    if isinstance(value, int | float) and not isinstance(value, bool):
        return (int(value),) * n_layer
    return (default,) * n_layer


def _swa_layers(arch: str, meta: Mapping[str, MetadataValue], n_layer: int) -> tuple[bool, ...]:
    if _int(meta, f"{arch}.attention.sliding_window") <= 0:
        return (False,) * n_layer
    pattern = meta.get(f"{arch}.attention.sliding_window_pattern")
    if isinstance(pattern, tuple):
        flags = [bool(v) for v in pattern]
        return tuple(flags[i] if i < len(flags) else False for i in range(n_layer))
    if isinstance(pattern, int) and not isinstance(pattern, bool):
        period = pattern
    else:
        period = _SWA_PERIOD.get(arch, 0)
    # llama_hparams::set_swa_pattern: period 0 means every layer is SWA.
    return tuple(period == 0 or (i % period) < period - 1 for i in range(n_layer))


def _recurrent_layers(
    arch: str, meta: Mapping[str, MetadataValue], head_count_kv: Sequence[int]
) -> tuple[bool, ...]:
    n_layer = len(head_count_kv)
    if arch in _RECURRENT_ARCHS:
        return (True,) * n_layer
    if arch in _KV0_HYBRIDS:
        return tuple(n == 0 for n in head_count_kv)
    if arch in _INTERVAL_HYBRIDS:
        interval = _int(meta, f"{arch}.full_attention_interval", 4)
        return tuple((i + 1) % interval != 0 for i in range(n_layer))
    return (False,) * n_layer


def _tensor_groups(
    tensors: Sequence[TensorInfo], n_layer: int
) -> tuple[list[int], list[int], int, int, bool]:
    layer_bytes = [0] * n_layer
    expert_bytes = [0] * n_layer
    embd = output = 0
    has_output_weight = False
    for tensor in tensors:
        match = _LAYER.match(tensor.name)
        if match is not None:
            index = int(match[1])
            if index < n_layer:
                layer_bytes[index] += tensor.n_bytes
                if _EXPERTS.search(tensor.name):
                    expert_bytes[index] += tensor.n_bytes
                continue
        if tensor.name.startswith(_INPUT):
            embd += tensor.n_bytes
        else:
            output += tensor.n_bytes
            has_output_weight |= tensor.name == "output.weight"
    return layer_bytes, expert_bytes, embd, output, not has_output_weight


def _n_dims(shape: Sequence[int]) -> int:
    """ggml_n_dims: trailing dimensions of size 1 do not count."""
    dims = len(shape)
    while dims > 1 and shape[dims - 1] == 1:
        dims -= 1
    return max(dims, 1)


def _weight_tensors(model: GGUFModel) -> tuple[WeightTensor, ...]:
    result = []
    for shard, header in enumerate(model.shards):
        for tensor in header.tensors:
            match = _LAYER.match(tensor.name)
            if match is not None:
                layer = int(match[1])
            elif tensor.name.startswith(_INPUT):
                layer = WeightTensor.INPUT
            else:
                layer = WeightTensor.OUTPUT
            result.append(
                WeightTensor(
                    layer=layer,
                    type_name=tensor.type_name,
                    rows=tensor.shape[1] if len(tensor.shape) > 1 else 1,
                    dims=_n_dims(tensor.shape),
                    expert=_EXPERTS.search(tensor.name) is not None,
                    shard=shard,
                    offset=tensor.offset,
                    n_bytes=tensor.n_bytes,
                    row_length=tensor.shape[0] if tensor.shape else 0,
                )
            )
    return tuple(result)


def summarize(model: GGUFModel) -> ModelSummary:
    """Summarise a model (all shards) for estimation and display."""
    meta = model.metadata
    arch_value = meta.get("general.architecture")
    if not isinstance(arch_value, str):
        raise SummaryError("memory.no_architecture", f"{model.source}: no general.architecture")
    arch = arch_value
    n_layer = _int(meta, f"{arch}.block_count")
    if n_layer <= 0:
        raise SummaryError("memory.no_block_count", f"{model.source}: no {arch}.block_count")
    n_embd = _int(meta, f"{arch}.embedding_length")
    head_count = _per_layer(meta, f"{arch}.attention.head_count", n_layer, 0)
    n_head_max = max(head_count, default=0)
    head_count_kv = _per_layer(meta, f"{arch}.attention.head_count_kv", n_layer, n_head_max)
    default_head_dim = n_embd // n_head_max if n_head_max else 0
    key_length = _int(meta, f"{arch}.attention.key_length", default_head_dim)
    value_length = _int(meta, f"{arch}.attention.value_length", default_head_dim)
    tensors = model.tensors
    layer_bytes, expert_bytes, embd, output, tied = _tensor_groups(tensors, n_layer)
    vocab = _int(meta, f"{arch}.vocab_size")
    if vocab == 0:
        tokens = meta.get("tokenizer.ggml.tokens")
        vocab = len(tokens) if isinstance(tokens, tuple) else 0
    ssm_inner = _int(meta, f"{arch}.ssm.inner_size")
    ssm = (
        SSMDims(
            conv_kernel=_int(meta, f"{arch}.ssm.conv_kernel"),
            inner_size=ssm_inner,
            state_size=_int(meta, f"{arch}.ssm.state_size"),
            group_count=_int(meta, f"{arch}.ssm.group_count"),
            time_step_rank=_int(meta, f"{arch}.ssm.time_step_rank"),
        )
        if ssm_inner
        else None
    )
    quant_mix: dict[str, int] = {}
    for tensor in tensors:
        type_name = GGMLQuantizationType(tensor.ggml_type).name
        quant_mix[type_name] = quant_mix.get(type_name, 0) + tensor.n_bytes
    file_type = meta.get("general.file_type")
    name = meta.get("general.name")
    return ModelSummary(
        architecture=arch,
        name=name if isinstance(name, str) else "",
        parameter_count=sum(t.n_elements for t in tensors),
        quant_mix=quant_mix,
        file_type=file_type if isinstance(file_type, int) else None,
        context_length=_int(meta, f"{arch}.context_length"),
        block_count=n_layer,
        nextn_layers=_int(meta, f"{arch}.nextn_predict_layers"),
        embedding_length=n_embd,
        vocab_size=vocab,
        head_count=head_count,
        head_count_kv=head_count_kv,
        feed_forward_length=_per_layer(meta, f"{arch}.feed_forward_length", n_layer, 0),
        key_length=key_length,
        value_length=value_length,
        key_length_swa=_int(meta, f"{arch}.attention.key_length_swa", key_length),
        value_length_swa=_int(meta, f"{arch}.attention.value_length_swa", value_length),
        mla=f"{arch}.attention.key_length_mla" in meta,
        kv_lora_rank=_int(meta, f"{arch}.attention.kv_lora_rank"),
        q_lora_rank=_int(meta, f"{arch}.attention.q_lora_rank"),
        sliding_window=_int(meta, f"{arch}.attention.sliding_window"),
        swa_layers=_swa_layers(arch, meta, n_layer),
        recurrent_layers=_recurrent_layers(arch, meta, head_count_kv),
        ssm=ssm,
        expert_count=_int(meta, f"{arch}.expert_count"),
        expert_used_count=_int(meta, f"{arch}.expert_used_count"),
        expert_feed_forward_length=_int(meta, f"{arch}.expert_feed_forward_length"),
        leading_dense_layers=_int(meta, f"{arch}.leading_dense_block_count"),
        has_chat_template=isinstance(meta.get("tokenizer.chat_template"), str),
        layer_bytes=tuple(layer_bytes),
        layer_expert_bytes=tuple(expert_bytes),
        token_embd_bytes=embd,
        output_bytes=output,
        output_is_tied=tied,
        total_bytes=sum(t.n_bytes for t in tensors),
        tensor_count=len(tensors),
        weight_tensors=_weight_tensors(model),
    )
