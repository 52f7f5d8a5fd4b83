"""Real GGUF files written with the `gguf` package, for tests of every layer.

Two kinds:
- tiny models with random weights that the real llama-server loads and runs in well under a
  second on a CPU (dense llama, MoE qwen3moe, sliding-window gemma3, MLA deepseek2, a
  recurrent mamba2 and a hybrid granitehybrid, plus glm4moe with nextn/MTP layers);
- big-model-shaped files (8B dense, 30B-A3B MoE, 12B SWA) with complete headers and sparse
  tensor data (a hole the size of the weights), for estimates and the engine's fit pass.

`write_model(path, spec)` writes one; the `SPECS` dict names the standard shapes. Everything is
deterministic (fixed seeds), so a cached file can be reused across runs.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import gguf
import numpy as np
from gguf import GGML_QUANT_SIZES, GGMLQuantizationType

Q = GGMLQuantizationType


@dataclass(frozen=True)
class ModelSpec:
    """Shape of a synthetic model. `weight_type` is used for 2-D matrices, norms are F32."""

    arch: str
    n_layer: int
    n_embd: int
    n_ff: int
    n_head: int
    n_head_kv: int
    head_dim: int
    n_vocab: int = 512
    n_ctx_train: int = 4096
    weight_type: GGMLQuantizationType = Q.F16
    embd_type: GGMLQuantizationType | None = None  # defaults to weight_type
    tied_output: bool = False
    # MoE
    n_expert: int = 0
    n_expert_used: int = 0
    n_ff_exp: int = 0
    n_expert_shared: int = 0
    leading_dense: int = 0
    # sliding window
    sliding_window: int = 0
    # MLA
    kv_lora_rank: int = 0
    q_lora_rank: int = 0  # 0: a plain attn_q (V2-Lite); >0: q LoRA, as MTP heads need
    qk_rope: int = 0
    qk_nope: int = 0
    v_head_dim: int = 0
    # SSM / hybrid
    ssm_d_conv: int = 4
    ssm_d_inner: int = 0
    ssm_d_state: int = 0
    ssm_n_group: int = 1
    ssm_n_head: int = 0
    attention_layers: tuple[int, ...] = ()  # hybrid: which layers are attention
    # nextn / MTP
    nextn_layers: int = 0
    omit_nextn_tensors: bool = False  # declare nextn layers but leave their tensors out
    # Only the nextn block plus embeddings and output, as `convert_hf_to_gguf.py --mtp`
    # writes an `mtp-*.gguf` draft (deepseek2 and qwen35 load such trunk-less files).
    mtp_only: bool = False
    chat_template: bool = True
    sparse: bool = False  # header only + a hole instead of tensor data
    extra_kv: tuple[tuple[str, object], ...] = field(default=())


@dataclass(frozen=True)
class _Tensor:
    name: str
    ne: tuple[int, ...]  # ggml order: ne0 (row length) first
    qtype: GGMLQuantizationType


def _attention(spec: ModelSpec, il: int, *, qk_norm: bool) -> Iterator[_Tensor]:
    e, hd, w = spec.n_embd, spec.head_dim, spec.weight_type
    yield _Tensor(f"blk.{il}.attn_norm.weight", (e,), Q.F32)
    yield _Tensor(f"blk.{il}.attn_q.weight", (e, spec.n_head * hd), w)
    yield _Tensor(f"blk.{il}.attn_k.weight", (e, spec.n_head_kv * hd), w)
    yield _Tensor(f"blk.{il}.attn_v.weight", (e, spec.n_head_kv * hd), w)
    yield _Tensor(f"blk.{il}.attn_output.weight", (spec.n_head * hd, e), w)
    if qk_norm:
        yield _Tensor(f"blk.{il}.attn_q_norm.weight", (hd,), Q.F32)
        yield _Tensor(f"blk.{il}.attn_k_norm.weight", (hd,), Q.F32)


def _dense_ffn(spec: ModelSpec, il: int, n_ff: int | None = None) -> Iterator[_Tensor]:
    e, f, w = spec.n_embd, n_ff or spec.n_ff, spec.weight_type
    yield _Tensor(f"blk.{il}.ffn_norm.weight", (e,), Q.F32)
    yield _Tensor(f"blk.{il}.ffn_gate.weight", (e, f), w)
    yield _Tensor(f"blk.{il}.ffn_up.weight", (e, f), w)
    yield _Tensor(f"blk.{il}.ffn_down.weight", (f, e), w)


def _moe_ffn(spec: ModelSpec, il: int) -> Iterator[_Tensor]:
    e, f, n, w = spec.n_embd, spec.n_ff_exp, spec.n_expert, spec.weight_type
    yield _Tensor(f"blk.{il}.ffn_norm.weight", (e,), Q.F32)
    yield _Tensor(f"blk.{il}.ffn_gate_inp.weight", (e, n), Q.F32)
    yield _Tensor(f"blk.{il}.ffn_gate_exps.weight", (e, f, n), w)
    yield _Tensor(f"blk.{il}.ffn_up_exps.weight", (e, f, n), w)
    yield _Tensor(f"blk.{il}.ffn_down_exps.weight", (f, e, n), w)
    if spec.n_expert_shared:
        fs = f * spec.n_expert_shared
        yield _Tensor(f"blk.{il}.ffn_gate_shexp.weight", (e, fs), w)
        yield _Tensor(f"blk.{il}.ffn_up_shexp.weight", (e, fs), w)
        yield _Tensor(f"blk.{il}.ffn_down_shexp.weight", (fs, e), w)


def _llama_layer(spec: ModelSpec, il: int) -> Iterator[_Tensor]:
    yield from _attention(spec, il, qk_norm=False)
    yield from _dense_ffn(spec, il)


def _qwen3moe_layer(spec: ModelSpec, il: int) -> Iterator[_Tensor]:
    yield from _attention(spec, il, qk_norm=True)
    yield from _moe_ffn(spec, il)


def _gemma3_layer(spec: ModelSpec, il: int) -> Iterator[_Tensor]:
    yield from _attention(spec, il, qk_norm=True)
    yield _Tensor(f"blk.{il}.post_attention_norm.weight", (spec.n_embd,), Q.F32)
    yield from _dense_ffn(spec, il)
    yield _Tensor(f"blk.{il}.post_ffw_norm.weight", (spec.n_embd,), Q.F32)


def _deepseek2_layer(spec: ModelSpec, il: int) -> Iterator[_Tensor]:
    """MLA attention (DeepSeek-V2-Lite style: no q LoRA, split k_b / v_b) + MoE FFN."""
    e, w, nh = spec.n_embd, spec.weight_type, spec.n_head
    yield _Tensor(f"blk.{il}.attn_norm.weight", (e,), Q.F32)
    q_width = nh * (spec.qk_nope + spec.qk_rope)
    if spec.q_lora_rank:
        yield _Tensor(f"blk.{il}.attn_q_a.weight", (e, spec.q_lora_rank), w)
        yield _Tensor(f"blk.{il}.attn_q_a_norm.weight", (spec.q_lora_rank,), Q.F32)
        yield _Tensor(f"blk.{il}.attn_q_b.weight", (spec.q_lora_rank, q_width), w)
    else:
        yield _Tensor(f"blk.{il}.attn_q.weight", (e, q_width), w)
    yield _Tensor(f"blk.{il}.attn_kv_a_mqa.weight", (e, spec.kv_lora_rank + spec.qk_rope), w)
    yield _Tensor(f"blk.{il}.attn_kv_a_norm.weight", (spec.kv_lora_rank,), Q.F32)
    yield _Tensor(f"blk.{il}.attn_k_b.weight", (spec.qk_nope, spec.kv_lora_rank, nh), w)
    yield _Tensor(f"blk.{il}.attn_v_b.weight", (spec.kv_lora_rank, spec.v_head_dim, nh), w)
    yield _Tensor(f"blk.{il}.attn_output.weight", (nh * spec.v_head_dim, e), w)
    if il < spec.leading_dense:
        yield from _dense_ffn(spec, il)
    else:
        yield from _moe_ffn(spec, il)
    if il >= spec.n_layer - spec.nextn_layers:
        yield _Tensor(f"blk.{il}.nextn.eh_proj.weight", (2 * e, e), w)
        yield _Tensor(f"blk.{il}.nextn.enorm.weight", (e,), Q.F32)
        yield _Tensor(f"blk.{il}.nextn.hnorm.weight", (e,), Q.F32)


def _mamba2_layer(spec: ModelSpec, il: int) -> Iterator[_Tensor]:
    e, w = spec.n_embd, spec.weight_type
    d_inner, d_state, groups, heads = (
        spec.ssm_d_inner,
        spec.ssm_d_state,
        spec.ssm_n_group,
        spec.ssm_n_head,
    )
    conv_dim = d_inner + 2 * groups * d_state
    yield _Tensor(f"blk.{il}.attn_norm.weight", (e,), Q.F32)
    yield _Tensor(f"blk.{il}.ssm_in.weight", (e, 2 * d_inner + 2 * groups * d_state + heads), w)
    yield _Tensor(f"blk.{il}.ssm_conv1d.weight", (spec.ssm_d_conv, conv_dim), Q.F32)
    yield _Tensor(f"blk.{il}.ssm_conv1d.bias", (conv_dim,), Q.F32)
    yield _Tensor(f"blk.{il}.ssm_dt.bias", (heads,), Q.F32)
    yield _Tensor(f"blk.{il}.ssm_a", (1, heads), Q.F32)
    yield _Tensor(f"blk.{il}.ssm_d", (1, heads), Q.F32)
    yield _Tensor(f"blk.{il}.ssm_norm.weight", (d_inner // groups, groups), Q.F32)
    yield _Tensor(f"blk.{il}.ssm_out.weight", (d_inner, e), w)


def _granitehybrid_layer(spec: ModelSpec, il: int) -> Iterator[_Tensor]:
    if il in spec.attention_layers:
        yield from _attention(spec, il, qk_norm=False)
    else:
        yield from _mamba2_layer(spec, il)
    yield from _dense_ffn(spec, il)


def _glm4moe_layer(spec: ModelSpec, il: int) -> Iterator[_Tensor]:
    e, w = spec.n_embd, spec.weight_type
    yield from _attention(spec, il, qk_norm=False)
    yield _Tensor(f"blk.{il}.attn_q.bias", (spec.n_head * spec.head_dim,), Q.F32)
    yield _Tensor(f"blk.{il}.attn_k.bias", (spec.n_head_kv * spec.head_dim,), Q.F32)
    yield _Tensor(f"blk.{il}.attn_v.bias", (spec.n_head_kv * spec.head_dim,), Q.F32)
    yield _Tensor(f"blk.{il}.post_attention_norm.weight", (e,), Q.F32)
    if il < spec.leading_dense:
        for tensor in _dense_ffn(spec, il):
            if not tensor.name.endswith("ffn_norm.weight"):
                yield tensor
    else:
        for tensor in _moe_ffn(spec, il):
            if not tensor.name.endswith("ffn_norm.weight"):
                yield tensor
        yield _Tensor(f"blk.{il}.exp_probs_b.bias", (spec.n_expert,), Q.F32)
    if il >= spec.n_layer - spec.nextn_layers:
        yield _Tensor(f"blk.{il}.nextn.eh_proj.weight", (2 * e, e), w)
        yield _Tensor(f"blk.{il}.nextn.enorm.weight", (e,), Q.F32)
        yield _Tensor(f"blk.{il}.nextn.hnorm.weight", (e,), Q.F32)
        yield _Tensor(f"blk.{il}.nextn.shared_head_norm.weight", (e,), Q.F32)


_LAYERS: dict[str, Callable[[ModelSpec, int], Iterator[_Tensor]]] = {
    "llama": _llama_layer,
    "qwen3moe": _qwen3moe_layer,
    "gemma3": _gemma3_layer,
    "deepseek2": _deepseek2_layer,
    "mamba2": _mamba2_layer,
    "granitehybrid": _granitehybrid_layer,
    "glm4moe": _glm4moe_layer,
}


def _tensors(spec: ModelSpec) -> list[_Tensor]:
    embd_type = spec.embd_type or spec.weight_type
    tensors = [_Tensor("token_embd.weight", (spec.n_embd, spec.n_vocab), embd_type)]
    layer_fn = _LAYERS[spec.arch]
    for il in range(spec.n_layer):
        nextn = il >= spec.n_layer - spec.nextn_layers
        if (spec.omit_nextn_tensors and nextn) or (spec.mtp_only and not nextn):
            continue
        tensors.extend(layer_fn(spec, il))
    tensors.append(_Tensor("output_norm.weight", (spec.n_embd,), Q.F32))
    if not spec.tied_output:
        tensors.append(_Tensor("output.weight", (spec.n_embd, spec.n_vocab), spec.weight_type))
    return tensors


def _metadata(writer: gguf.GGUFWriter, spec: ModelSpec) -> None:
    a = spec.arch
    writer.add_name(f"synthetic-{a}")
    writer.add_uint32(f"{a}.block_count", spec.n_layer)
    writer.add_uint32(f"{a}.context_length", spec.n_ctx_train)
    writer.add_uint32(f"{a}.embedding_length", spec.n_embd)
    writer.add_float32(f"{a}.attention.layer_norm_rms_epsilon", 1e-6)
    writer.add_float32(f"{a}.rope.freq_base", 10000.0)
    if a == "mamba2":
        writer.add_uint32(f"{a}.feed_forward_length", 0)
        writer.add_uint32(f"{a}.attention.head_count", 0)
    elif a == "granitehybrid":
        writer.add_uint32(f"{a}.feed_forward_length", spec.n_ff)
        writer.add_uint32(f"{a}.attention.head_count", spec.n_head)
        kv = [spec.n_head_kv if i in spec.attention_layers else 0 for i in range(spec.n_layer)]
        writer.add_array(f"{a}.attention.head_count_kv", kv)
    else:
        writer.add_uint32(f"{a}.feed_forward_length", spec.n_ff)
        writer.add_uint32(f"{a}.attention.head_count", spec.n_head)
        writer.add_uint32(f"{a}.attention.head_count_kv", spec.n_head_kv)
    if a == "deepseek2":
        # Modern MLA GGUFs: one latent "head" of kv_lora_rank + rope dims is cached.
        writer.add_uint32(f"{a}.attention.key_length", spec.kv_lora_rank + spec.qk_rope)
        writer.add_uint32(f"{a}.attention.value_length", spec.kv_lora_rank)
        writer.add_uint32(f"{a}.attention.key_length_mla", spec.qk_nope + spec.qk_rope)
        writer.add_uint32(f"{a}.attention.value_length_mla", spec.v_head_dim)
        writer.add_uint32(f"{a}.attention.kv_lora_rank", spec.kv_lora_rank)
        writer.add_uint32(f"{a}.attention.q_lora_rank", spec.q_lora_rank)
        writer.add_uint32(f"{a}.rope.dimension_count", spec.qk_rope)
        writer.add_uint32(f"{a}.leading_dense_block_count", spec.leading_dense)
        writer.add_uint32(f"{a}.expert_shared_count", spec.n_expert_shared)
        writer.add_float32(f"{a}.expert_weights_scale", 1.0)
    elif a not in ("mamba2",):
        writer.add_uint32(f"{a}.attention.key_length", spec.head_dim)
        writer.add_uint32(f"{a}.attention.value_length", spec.head_dim)
        writer.add_uint32(f"{a}.rope.dimension_count", spec.head_dim)
    if a in ("mamba2", "granitehybrid"):
        writer.add_uint32(f"{a}.ssm.conv_kernel", spec.ssm_d_conv)
        writer.add_uint32(f"{a}.ssm.inner_size", spec.ssm_d_inner)
        writer.add_uint32(f"{a}.ssm.state_size", spec.ssm_d_state)
        writer.add_uint32(f"{a}.ssm.group_count", spec.ssm_n_group)
        writer.add_uint32(f"{a}.ssm.time_step_rank", spec.ssm_n_head)
    if a == "glm4moe":
        writer.add_uint32(f"{a}.leading_dense_block_count", spec.leading_dense)
        writer.add_uint32(f"{a}.expert_shared_count", spec.n_expert_shared)
        writer.add_float32(f"{a}.expert_weights_scale", 1.0)
        writer.add_bool(f"{a}.expert_weights_norm", True)
        writer.add_uint32(f"{a}.expert_gating_func", 2)
    writer.add_uint32(f"{a}.vocab_size", spec.n_vocab)
    if spec.n_expert:
        writer.add_uint32(f"{a}.expert_count", spec.n_expert)
        writer.add_uint32(f"{a}.expert_used_count", spec.n_expert_used)
        writer.add_uint32(f"{a}.expert_feed_forward_length", spec.n_ff_exp)
    if spec.sliding_window:
        writer.add_uint32(f"{a}.attention.sliding_window", spec.sliding_window)
    if spec.nextn_layers:
        writer.add_uint32(f"{a}.nextn_predict_layers", spec.nextn_layers)
    for key, value in spec.extra_kv:
        if isinstance(value, bool):
            writer.add_bool(key, value)
        elif isinstance(value, int):
            writer.add_uint32(key, value)
        elif isinstance(value, float):
            writer.add_float32(key, value)
        elif isinstance(value, str):
            writer.add_string(key, value)
        elif isinstance(value, list | tuple):
            writer.add_array(key, list(value))
        else:
            raise TypeError(f"{key}: {value!r}")
    _tokenizer(writer, spec)


def _tokenizer(writer: gguf.GGUFWriter, spec: ModelSpec) -> None:
    """A SentencePiece-style vocabulary: specials, the 256 byte tokens, then filler words."""
    tokens = ["<unk>", "<s>", "</s>"] + [f"<0x{b:02X}>" for b in range(256)]
    types = [2, 3, 3] + [6] * 256
    tokens += [f"\u2581w{i}" for i in range(spec.n_vocab - len(tokens))]
    types += [1] * (spec.n_vocab - len(types))
    writer.add_tokenizer_model("llama")
    writer.add_token_list(tokens[: spec.n_vocab])
    writer.add_token_scores([-float(i) for i in range(spec.n_vocab)])
    writer.add_token_types(types[: spec.n_vocab])
    writer.add_bos_token_id(1)
    writer.add_eos_token_id(2)
    writer.add_unk_token_id(0)
    if spec.chat_template:
        writer.add_chat_template(
            "{% for m in messages %}<s>{{ m['role'] }}\n{{ m['content'] }}</s>\n{% endfor %}"
            "{% if add_generation_prompt %}<s>assistant\n{% endif %}"
        )


def _random(rng: np.random.Generator, tensor: _Tensor) -> np.ndarray:
    shape = tuple(reversed(tensor.ne))
    data = rng.standard_normal(shape, dtype=np.float32) * 0.02
    if tensor.name.endswith("norm.weight"):
        data = np.ones(shape, dtype=np.float32)
    if tensor.qtype == Q.F32:
        return data
    if tensor.qtype == Q.F16:
        return data.astype(np.float16)
    if not _can_quantize(tensor.qtype):
        # gguf-py has no quantizer for this type: zero blocks of the right size (a zero
        # scale dequantizes to zeros), enough for allocation and repacking.
        block, size = GGML_QUANT_SIZES[tensor.qtype]
        return np.zeros((*shape[:-1], shape[-1] // block * size), dtype=np.uint8)
    return gguf.quants.quantize(data, tensor.qtype)


def _can_quantize(qtype: GGMLQuantizationType) -> bool:
    try:
        gguf.quants.quantize(np.zeros((1, GGML_QUANT_SIZES[qtype][0]), np.float32), qtype)
    except NotImplementedError:
        return False
    return True


def tensor_bytes(tensor: _Tensor) -> int:
    block, size = GGML_QUANT_SIZES[tensor.qtype]
    count = 1
    for dim in tensor.ne:
        count *= dim
    return count // block * size


def write_model(path: Path, spec: ModelSpec, *, split_max_tensors: int = 0) -> Path:
    """Write `spec` to `path` (split into shards if `split_max_tensors`); returns the first file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    writer = gguf.GGUFWriter(path, spec.arch, split_max_tensors=split_max_tensors)
    _metadata(writer, spec)
    tensors = _tensors(spec)
    rng = np.random.default_rng(1234)
    for tensor in tensors:
        if spec.sparse:
            writer.add_tensor_info(
                tensor.name,
                tuple(reversed(tensor.ne)),
                np.dtype(np.float32),
                tensor_bytes(tensor),
                raw_dtype=tensor.qtype,
            )
        else:
            array = _random(rng, tensor)
            raw_dtype = None if tensor.qtype in (Q.F32, Q.F16) else tensor.qtype
            writer.add_tensor(tensor.name, array, raw_dtype=raw_dtype)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    if spec.sparse:
        writer.write_ti_data_to_file()
        shard_paths = [Path(f.name) for f in writer.fout or []]
        writer.close()
        for shard in shard_paths:
            _extend_with_hole(shard)
    else:
        writer.write_tensors_to_file()
        writer.close()
    if split_max_tensors:
        return next(iter(sorted(path.parent.glob(f"{path.stem}-00001-of-*.gguf"))))
    return path


def _extend_with_hole(path: Path) -> None:
    """Make a header-only file as long as its tensor table says, without writing data."""
    from studio.core.gguf import read_header

    header = read_header(path, check_data=False)
    os.truncate(path, header.data_offset + header.data_bytes)


def cached_model(directory: Path, name: str, spec: ModelSpec) -> Path:
    """`directory/name-<spec hash>.gguf`, written once (the specs are deterministic)."""
    digest = hashlib.sha256(repr(spec).encode()).hexdigest()[:10]
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / f"{name}-{digest}.gguf"
    with (directory / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not target.exists():
            partial = directory / f".{name}.{os.getpid()}.gguf"
            write_model(partial, spec)
            partial.replace(target)
    return target


def synthetic_model(name: str) -> Path:
    """The model `SPECS[name]`, cached under the test cache (STUDIO_TEST_CACHE)."""
    from tests.support.models import cache_dir

    return cached_model(cache_dir() / "synthetic", name, SPECS[name])


TINY_LLAMA = ModelSpec(
    arch="llama", n_layer=6, n_embd=256, n_ff=640, n_head=8, n_head_kv=2, head_dim=32
)
TINY_LLAMA_Q8 = replace(TINY_LLAMA, weight_type=Q.Q8_0, embd_type=Q.Q8_0, tied_output=True)
# One model per quant type the CPU backend may repack (x86: Q4_0, Q4_K, IQ4_NL with AVX2;
# Q8_0 only on ARM/RISC-V): n_ff a multiple of 256 so K-quants fit, every matrix 8-row aligned.
_TINY_REPACK = replace(TINY_LLAMA, n_ff=768, embd_type=Q.F16)
TINY_LLAMA_Q4_0 = replace(_TINY_REPACK, weight_type=Q.Q4_0)
TINY_LLAMA_Q4_K = replace(_TINY_REPACK, weight_type=Q.Q4_K)
TINY_LLAMA_IQ4_NL = replace(_TINY_REPACK, weight_type=Q.IQ4_NL)
TINY_LLAMA_Q8_0 = replace(_TINY_REPACK, weight_type=Q.Q8_0)
TINY_QWEN3MOE = ModelSpec(
    arch="qwen3moe",
    n_layer=6,
    n_embd=256,
    n_ff=512,
    n_head=8,
    n_head_kv=2,
    head_dim=32,
    n_expert=8,
    n_expert_used=2,
    n_ff_exp=128,
)
TINY_GEMMA3 = ModelSpec(
    arch="gemma3",
    n_layer=8,
    n_embd=256,
    n_ff=640,
    n_head=4,
    n_head_kv=2,
    head_dim=64,
    sliding_window=128,
    tied_output=True,
    n_ctx_train=8192,
)

# Big-model shapes: real headers, sparse data. Q4_0-ish weights keep the sizes realistic.
LLAMA_8B = ModelSpec(
    arch="llama",
    n_layer=32,
    n_embd=4096,
    n_ff=14336,
    n_head=32,
    n_head_kv=8,
    head_dim=128,
    n_vocab=128256,
    n_ctx_train=131072,
    weight_type=Q.Q4_K,
    embd_type=Q.Q6_K,
    sparse=True,
)
QWEN3_30B_A3B = ModelSpec(
    arch="qwen3moe",
    n_layer=48,
    n_embd=2048,
    n_ff=6144,
    n_head=32,
    n_head_kv=4,
    head_dim=128,
    n_vocab=151936,
    n_ctx_train=40960,
    n_expert=128,
    n_expert_used=8,
    n_ff_exp=768,
    weight_type=Q.Q4_K,
    embd_type=Q.Q6_K,
    sparse=True,
)
# bench/plan_speed.py's model: Qwen3-30B-A3B's layer shape 100 deep (about 34 GiB at Q4_K).
MOE_100 = replace(QWEN3_30B_A3B, n_layer=100, n_vocab=32000, n_ctx_train=131072)
GEMMA3_12B = ModelSpec(
    arch="gemma3",
    n_layer=48,
    n_embd=3840,
    n_ff=15360,
    n_head=16,
    n_head_kv=8,
    head_dim=256,
    n_vocab=262144,
    n_ctx_train=131072,
    sliding_window=1024,
    tied_output=True,
    weight_type=Q.Q4_K,
    embd_type=Q.Q6_K,
    sparse=True,
)

# gemma-3-270m's shape: a 262144-token vocabulary tied to the output, so the one embedding
# matrix (170 MiB at Q8_0) is larger than some GPUs take in one tensor (lavapipe: 128 MiB)
# and stays on the host when its layer is offloaded there. Sparse: 278 MiB on paper only.
GEMMA3_270M = ModelSpec(
    arch="gemma3",
    n_layer=18,
    n_embd=640,
    n_ff=2048,
    n_head=4,
    n_head_kv=1,
    head_dim=256,
    n_vocab=262144,
    n_ctx_train=32768,
    sliding_window=512,
    tied_output=True,
    weight_type=Q.Q8_0,
    embd_type=Q.Q8_0,
    sparse=True,
)

TINY_DEEPSEEK2 = ModelSpec(
    arch="deepseek2",
    n_layer=4,
    n_embd=256,
    n_ff=512,
    n_head=4,
    n_head_kv=1,
    head_dim=96,
    n_expert=8,
    n_expert_used=2,
    n_ff_exp=128,
    n_expert_shared=1,
    leading_dense=1,
    kv_lora_rank=128,
    qk_rope=32,
    qk_nope=64,
    v_head_dim=64,
)
TINY_MAMBA2 = ModelSpec(
    arch="mamba2",
    n_layer=4,
    n_embd=256,
    n_ff=0,
    n_head=0,
    n_head_kv=0,
    head_dim=0,
    ssm_d_inner=512,
    ssm_d_state=64,
    ssm_n_group=1,
    ssm_n_head=8,
)
TINY_GRANITE_HYBRID = ModelSpec(
    arch="granitehybrid",
    n_layer=6,
    n_embd=256,
    n_ff=512,
    n_head=4,
    n_head_kv=2,
    head_dim=64,
    ssm_d_inner=512,
    ssm_d_state=64,
    ssm_n_group=1,
    ssm_n_head=8,
    attention_layers=(2, 5),
)
TINY_GLM4MOE_MTP = ModelSpec(
    arch="glm4moe",
    n_layer=5,  # 4 regular blocks + 1 nextn/MTP block
    n_embd=256,
    n_ff=512,
    n_head=4,
    n_head_kv=2,
    head_dim=64,
    n_expert=8,
    n_expert_used=2,
    n_ff_exp=128,
    n_expert_shared=1,
    leading_dense=1,
    nextn_layers=1,
)
# The same model with its MTP block stripped (as many published quants are): loads, no MTP.
TINY_GLM4MOE_NO_MTP = replace(TINY_GLM4MOE_MTP, n_layer=4, nextn_layers=0)
# Declares an MTP block but lacks its tensors: llama.cpp refuses to load it at all.
TINY_GLM4MOE_MTP_MISSING = replace(TINY_GLM4MOE_MTP, omit_nextn_tensors=True)

# A GLM-4.7-Flash-like pair whose MTP head ships as a separate draft file: the target
# declares its nextn block but carries no tensors for it (`--no-mtp`), the draft carries
# only that block (`--mtp`). MLA with q LoRA and a MoE nextn block, as the MTP graph needs.
TINY_DEEPSEEK2_TRUNK = replace(
    TINY_DEEPSEEK2, n_layer=5, nextn_layers=1, q_lora_rank=64, omit_nextn_tensors=True
)
TINY_DEEPSEEK2_MTP_DRAFT = replace(TINY_DEEPSEEK2_TRUNK, omit_nextn_tensors=False, mtp_only=True)

SPECS: dict[str, ModelSpec] = {
    "tiny-deepseek2-trunk": TINY_DEEPSEEK2_TRUNK,
    "mtp-tiny-deepseek2": TINY_DEEPSEEK2_MTP_DRAFT,
    "tiny-deepseek2": TINY_DEEPSEEK2,
    "tiny-mamba2": TINY_MAMBA2,
    "tiny-granitehybrid": TINY_GRANITE_HYBRID,
    "tiny-glm4moe-mtp": TINY_GLM4MOE_MTP,
    "tiny-glm4moe-no-mtp": TINY_GLM4MOE_NO_MTP,
    "tiny-glm4moe-mtp-missing": TINY_GLM4MOE_MTP_MISSING,
    "tiny-llama": TINY_LLAMA,
    "tiny-llama-q8-tied": TINY_LLAMA_Q8,
    "tiny-llama-q4_0": TINY_LLAMA_Q4_0,
    "tiny-llama-q4_k": TINY_LLAMA_Q4_K,
    "tiny-llama-iq4_nl": TINY_LLAMA_IQ4_NL,
    "tiny-llama-q8_0": TINY_LLAMA_Q8_0,
    "tiny-qwen3moe": TINY_QWEN3MOE,
    "tiny-gemma3": TINY_GEMMA3,
    "llama-8b-shape": LLAMA_8B,
    "qwen3-30b-a3b-shape": QWEN3_30B_A3B,
    "moe-100-shape": MOE_100,
    "gemma3-12b-shape": GEMMA3_12B,
    "gemma3-270m-shape": GEMMA3_270M,
}
