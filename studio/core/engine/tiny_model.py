"""A tiny random-weight llama GGUF that any llama-server loads and runs in well under a second.

The self-test runs an engine on it: loading weights and generating one token executes the CPU
backend's matrix kernels (quantized Q4_0 and F32), which is exactly where a build compiled
for instructions this CPU lacks dies with SIGILL. Deterministic, so one file serves every run.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import gguf
import numpy as np

ARCH = "llama"
N_VOCAB = 512


@dataclass(frozen=True)
class TinyShape:
    """A llama shape small enough to load in milliseconds."""

    n_layer: int
    n_embd: int
    n_ff: int
    n_head: int
    n_head_kv: int

    @property
    def file_name(self) -> str:
        return f"studio-tiny-llama-{self.n_layer}x{self.n_embd}x{self.n_ff}-kv{self.n_head_kv}.gguf"


SELF_TEST_SHAPE = TinyShape(n_layer=2, n_embd=128, n_ff=256, n_head=4, n_head_kv=4)
FILE_NAME = "studio-self-test-llama-2x128-q4_0.gguf"
# The first filler word ("▁w0"), after the 3 specials and the 256 byte tokens. Random
# weights may pick a lone byte token, which llama-server refuses to return as text (HTTP 500);
# the self-test biases the sampler to this plain word, after the model computed its logits.
PLAIN_TOKEN = 3 + 256


def _tokenizer(writer: gguf.GGUFWriter) -> None:
    # SentencePiece-style: the specials, the 256 byte tokens, then filler words.
    tokens = ["<unk>", "<s>", "</s>"] + [f"<0x{b:02X}>" for b in range(256)]
    types = [2, 3, 3] + [6] * 256
    tokens += [f"\u2581w{i}" for i in range(N_VOCAB - len(tokens))]
    types += [1] * (N_VOCAB - len(types))
    writer.add_tokenizer_model("llama")
    writer.add_token_list(tokens)
    writer.add_token_scores([-float(i) for i in range(N_VOCAB)])
    writer.add_token_types(types)
    writer.add_bos_token_id(1)
    writer.add_eos_token_id(2)
    writer.add_unk_token_id(0)


def _tensors(shape: TinyShape) -> list[tuple[str, tuple[int, ...]]]:
    """(name, numpy shape) of every tensor; 2-D matrices are quantized, norms stay F32."""
    n_embd, n_ff = shape.n_embd, shape.n_ff
    head_dim = n_embd // shape.n_head
    kv = shape.n_head_kv * head_dim
    shapes: list[tuple[str, tuple[int, ...]]] = [("token_embd.weight", (N_VOCAB, n_embd))]
    for il in range(shape.n_layer):
        shapes += [
            (f"blk.{il}.attn_norm.weight", (n_embd,)),
            (f"blk.{il}.attn_q.weight", (n_embd, n_embd)),
            (f"blk.{il}.attn_k.weight", (kv, n_embd)),
            (f"blk.{il}.attn_v.weight", (kv, n_embd)),
            (f"blk.{il}.attn_output.weight", (n_embd, n_embd)),
            (f"blk.{il}.ffn_norm.weight", (n_embd,)),
            (f"blk.{il}.ffn_gate.weight", (n_ff, n_embd)),
            (f"blk.{il}.ffn_up.weight", (n_ff, n_embd)),
            (f"blk.{il}.ffn_down.weight", (n_embd, n_ff)),
        ]
    shapes += [("output_norm.weight", (n_embd,)), ("output.weight", (N_VOCAB, n_embd))]
    return shapes


def write_tiny_model(path: Path, shape: TinyShape = SELF_TEST_SHAPE) -> Path:
    """Write a tiny model of `shape` to `path` atomically and return it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    writer = gguf.GGUFWriter(partial, ARCH)
    writer.add_name("studio-self-test")
    writer.add_uint32(f"{ARCH}.block_count", shape.n_layer)
    writer.add_uint32(f"{ARCH}.context_length", 512)
    writer.add_uint32(f"{ARCH}.embedding_length", shape.n_embd)
    writer.add_uint32(f"{ARCH}.feed_forward_length", shape.n_ff)
    writer.add_uint32(f"{ARCH}.attention.head_count", shape.n_head)
    writer.add_uint32(f"{ARCH}.attention.head_count_kv", shape.n_head_kv)
    writer.add_uint32(f"{ARCH}.rope.dimension_count", shape.n_embd // shape.n_head)
    writer.add_float32(f"{ARCH}.attention.layer_norm_rms_epsilon", 1e-6)
    writer.add_float32(f"{ARCH}.rope.freq_base", 10000.0)
    writer.add_uint32(f"{ARCH}.vocab_size", N_VOCAB)
    _tokenizer(writer)
    rng = np.random.default_rng(1234)
    for name, dims in _tensors(shape):
        if len(dims) == 1:
            writer.add_tensor(name, np.ones(dims, dtype=np.float32))
            continue
        data = rng.standard_normal(dims, dtype=np.float32) * 0.02
        quantized = gguf.quants.quantize(data, gguf.GGMLQuantizationType.Q4_0)
        writer.add_tensor(name, quantized, raw_dtype=gguf.GGMLQuantizationType.Q4_0)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    partial.replace(path)
    return path


def tiny_model(directory: Path, shape: TinyShape = SELF_TEST_SHAPE) -> Path:
    """A tiny model of `shape` (the self-test's by default) in `directory`, written the
    first time it is needed."""
    path = directory / (FILE_NAME if shape == SELF_TEST_SHAPE else shape.file_name)
    if not path.is_file():
        write_tiny_model(path, shape)
    return path


# A tiny Mamba2 and a tiny Granite-hybrid (Mamba2 layers with two attention layers and an
# FFN in every layer), the shapes of the accuracy matrix's: what an engine's graph keeps
# alive for recurrent layers, alone and beside attention, is measured on them (calibrate.py).
MAMBA2_FILE_NAME = "studio-tiny-mamba2-4x256.gguf"
HYBRID_FILE_NAME = "studio-tiny-granitehybrid-6x256.gguf"
_MAMBA2 = {"n_layer": 4, "n_embd": 256, "d_inner": 512, "d_state": 64, "heads": 8, "d_conv": 4}
_HYBRID = {"n_layer": 6, "n_ff": 512, "n_head": 4, "n_head_kv": 2, "head_dim": 64}
_HYBRID_ATTENTION = (2, 5)


def _mamba2_layer(il: int) -> list[tuple[str, tuple[int, ...]]]:
    """(name, numpy shape) of one Mamba2 block: numpy shapes are ggml's dimensions reversed."""
    m = _MAMBA2
    e, d_inner, d_state, heads = m["n_embd"], m["d_inner"], m["d_state"], m["heads"]
    conv_dim = d_inner + 2 * d_state
    return [
        (f"blk.{il}.attn_norm.weight", (e,)),
        (f"blk.{il}.ssm_in.weight", (2 * d_inner + 2 * d_state + heads, e)),
        (f"blk.{il}.ssm_conv1d.weight", (conv_dim, m["d_conv"])),
        (f"blk.{il}.ssm_conv1d.bias", (conv_dim,)),
        (f"blk.{il}.ssm_dt.bias", (heads,)),
        (f"blk.{il}.ssm_a", (heads, 1)),
        (f"blk.{il}.ssm_d", (heads, 1)),
        (f"blk.{il}.ssm_norm.weight", (1, d_inner)),
        (f"blk.{il}.ssm_out.weight", (e, d_inner)),
    ]


def _hybrid_layer(il: int) -> list[tuple[str, tuple[int, ...]]]:
    """One Granite-hybrid block: attention or Mamba2, then a dense FFN."""
    e, h = _MAMBA2["n_embd"], _HYBRID
    q, kv, ff = h["n_head"] * h["head_dim"], h["n_head_kv"] * h["head_dim"], h["n_ff"]
    if il in _HYBRID_ATTENTION:
        mixer = [
            (f"blk.{il}.attn_norm.weight", (e,)),
            (f"blk.{il}.attn_q.weight", (q, e)),
            (f"blk.{il}.attn_k.weight", (kv, e)),
            (f"blk.{il}.attn_v.weight", (kv, e)),
            (f"blk.{il}.attn_output.weight", (e, q)),
        ]
    else:
        mixer = _mamba2_layer(il)
    return [
        *mixer,
        (f"blk.{il}.ffn_norm.weight", (e,)),
        (f"blk.{il}.ffn_gate.weight", (ff, e)),
        (f"blk.{il}.ffn_up.weight", (ff, e)),
        (f"blk.{il}.ffn_down.weight", (e, ff)),
    ]


def _recurrent_tensors(hybrid: bool) -> list[tuple[str, tuple[int, ...]]]:
    e = _MAMBA2["n_embd"]
    n_layer = _HYBRID["n_layer"] if hybrid else _MAMBA2["n_layer"]
    shapes: list[tuple[str, tuple[int, ...]]] = [("token_embd.weight", (N_VOCAB, e))]
    for il in range(n_layer):
        shapes += _hybrid_layer(il) if hybrid else _mamba2_layer(il)
    shapes += [("output_norm.weight", (e,)), ("output.weight", (N_VOCAB, e))]
    return shapes


def _recurrent_metadata(writer: gguf.GGUFWriter, arch: str, hybrid: bool) -> None:
    m, h = _MAMBA2, _HYBRID
    writer.add_uint32(f"{arch}.block_count", h["n_layer"] if hybrid else m["n_layer"])
    writer.add_uint32(f"{arch}.context_length", 4096)
    writer.add_uint32(f"{arch}.embedding_length", m["n_embd"])
    writer.add_uint32(f"{arch}.feed_forward_length", h["n_ff"] if hybrid else 0)
    writer.add_uint32(f"{arch}.attention.head_count", h["n_head"] if hybrid else 0)
    if hybrid:
        # A layer is recurrent where its KV head count is 0.
        kv = [h["n_head_kv"] if il in _HYBRID_ATTENTION else 0 for il in range(h["n_layer"])]
        writer.add_array(f"{arch}.attention.head_count_kv", kv)
        writer.add_uint32(f"{arch}.attention.key_length", h["head_dim"])
        writer.add_uint32(f"{arch}.attention.value_length", h["head_dim"])
        writer.add_uint32(f"{arch}.rope.dimension_count", h["head_dim"])
        writer.add_float32(f"{arch}.rope.freq_base", 10000.0)
    writer.add_float32(f"{arch}.attention.layer_norm_rms_epsilon", 1e-6)
    writer.add_uint32(f"{arch}.ssm.conv_kernel", m["d_conv"])
    writer.add_uint32(f"{arch}.ssm.inner_size", m["d_inner"])
    writer.add_uint32(f"{arch}.ssm.state_size", m["d_state"])
    writer.add_uint32(f"{arch}.ssm.group_count", 1)
    writer.add_uint32(f"{arch}.ssm.time_step_rank", m["heads"])
    writer.add_uint32(f"{arch}.vocab_size", N_VOCAB)


def write_tiny_mamba2(path: Path, hybrid: bool = False) -> Path:
    """Write the tiny Mamba2 (or Granite-hybrid) to `path` atomically (F16 matrices, F32
    vectors)."""
    arch = "granitehybrid" if hybrid else "mamba2"
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    writer = gguf.GGUFWriter(partial, arch)
    writer.add_name(f"studio-calibration-{arch}")
    _recurrent_metadata(writer, arch, hybrid)
    _tokenizer(writer)
    rng = np.random.default_rng(1234)
    for name, dims in _recurrent_tensors(hybrid):
        data = rng.standard_normal(dims, dtype=np.float32) * 0.02
        matrix = len(dims) == 2 and min(dims) > 1
        writer.add_tensor(name, data.astype(np.float16) if matrix else data)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    partial.replace(path)
    return path


def tiny_mamba2(directory: Path) -> Path:
    """The tiny Mamba2 in `directory`, written the first time it is needed."""
    path = directory / MAMBA2_FILE_NAME
    if not path.is_file():
        write_tiny_mamba2(path)
    return path


def tiny_hybrid(directory: Path) -> Path:
    """The tiny Granite-hybrid in `directory`, written the first time it is needed."""
    path = directory / HYBRID_FILE_NAME
    if not path.is_file():
        write_tiny_mamba2(path, hybrid=True)
    return path


# A tiny GLM-4.5-style MoE with one MTP (nextn) block, the accuracy matrix's shape: how an
# engine keeps and runs the MTP head (`--spec-type draft-mtp`) is measured on it.
GLM4MOE_MTP_FILE_NAME = "studio-tiny-glm4moe-mtp-5x256.gguf"
_GLM = {"n_layer": 5, "n_embd": 256, "n_ff": 512, "n_head": 4, "n_head_kv": 2, "head_dim": 64}
_GLM_MOE = {"n_expert": 8, "n_used": 2, "n_ff_exp": 128, "leading_dense": 1}


def _glm4moe_tensors() -> list[tuple[str, tuple[int, ...]]]:
    """(name, ggml dimensions, ne0 first) of the tiny GLM-4.5 MoE with its nextn block."""
    g, m = _GLM, _GLM_MOE
    e, ff, hd, n, f = g["n_embd"], g["n_ff"], g["head_dim"], m["n_expert"], m["n_ff_exp"]
    q, kv = g["n_head"] * hd, g["n_head_kv"] * hd
    out: list[tuple[str, tuple[int, ...]]] = [("token_embd.weight", (e, N_VOCAB))]
    for il in range(g["n_layer"]):
        b = f"blk.{il}"
        out += [
            (f"{b}.attn_norm.weight", (e,)),
            (f"{b}.attn_q.weight", (e, q)),
            (f"{b}.attn_k.weight", (e, kv)),
            (f"{b}.attn_v.weight", (e, kv)),
            (f"{b}.attn_output.weight", (q, e)),
            (f"{b}.attn_q.bias", (q,)),
            (f"{b}.attn_k.bias", (kv,)),
            (f"{b}.attn_v.bias", (kv,)),
            (f"{b}.post_attention_norm.weight", (e,)),
        ]
        if il < m["leading_dense"]:
            out += [
                (f"{b}.ffn_gate.weight", (e, ff)),
                (f"{b}.ffn_up.weight", (e, ff)),
                (f"{b}.ffn_down.weight", (ff, e)),
            ]
        else:
            out += [
                (f"{b}.ffn_gate_inp.weight", (e, n)),
                (f"{b}.ffn_gate_exps.weight", (e, f, n)),
                (f"{b}.ffn_up_exps.weight", (e, f, n)),
                (f"{b}.ffn_down_exps.weight", (f, e, n)),
                (f"{b}.ffn_gate_shexp.weight", (e, f)),
                (f"{b}.ffn_up_shexp.weight", (e, f)),
                (f"{b}.ffn_down_shexp.weight", (f, e)),
                (f"{b}.exp_probs_b.bias", (n,)),
            ]
        if il == g["n_layer"] - 1:
            out += [
                (f"{b}.nextn.eh_proj.weight", (2 * e, e)),
                (f"{b}.nextn.enorm.weight", (e,)),
                (f"{b}.nextn.hnorm.weight", (e,)),
                (f"{b}.nextn.shared_head_norm.weight", (e,)),
            ]
    out += [("output_norm.weight", (e,)), ("output.weight", (e, N_VOCAB))]
    return out


def write_tiny_glm4moe_mtp(path: Path) -> Path:
    """Write the tiny GLM-4.5 MoE with its MTP block to `path` atomically."""
    arch = "glm4moe"
    g, m = _GLM, _GLM_MOE
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    writer = gguf.GGUFWriter(partial, arch)
    writer.add_name("studio-calibration-glm4moe-mtp")
    for key, value in (
        ("block_count", g["n_layer"]),
        ("context_length", 4096),
        ("embedding_length", g["n_embd"]),
        ("feed_forward_length", g["n_ff"]),
        ("attention.head_count", g["n_head"]),
        ("attention.head_count_kv", g["n_head_kv"]),
        ("attention.key_length", g["head_dim"]),
        ("attention.value_length", g["head_dim"]),
        ("rope.dimension_count", g["head_dim"]),
        ("leading_dense_block_count", m["leading_dense"]),
        ("expert_shared_count", 1),
        ("expert_gating_func", 2),
        ("vocab_size", N_VOCAB),
        ("expert_count", m["n_expert"]),
        ("expert_used_count", m["n_used"]),
        ("expert_feed_forward_length", m["n_ff_exp"]),
        ("nextn_predict_layers", 1),
    ):
        writer.add_uint32(f"{arch}.{key}", value)
    writer.add_float32(f"{arch}.attention.layer_norm_rms_epsilon", 1e-6)
    writer.add_float32(f"{arch}.rope.freq_base", 10000.0)
    writer.add_float32(f"{arch}.expert_weights_scale", 1.0)
    writer.add_bool(f"{arch}.expert_weights_norm", True)
    _tokenizer(writer)
    rng = np.random.default_rng(1234)
    for name, ne in _glm4moe_tensors():
        data = rng.standard_normal(tuple(reversed(ne)), dtype=np.float32) * 0.02
        matrix = len(ne) >= 2 and "gate_inp" not in name
        writer.add_tensor(name, data.astype(np.float16) if matrix else data)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    partial.replace(path)
    return path


def tiny_glm4moe_mtp(directory: Path) -> Path:
    """The tiny GLM-4.5 MoE with its MTP block in `directory`, written when first needed."""
    path = directory / GLM4MOE_MTP_FILE_NAME
    if not path.is_file():
        write_tiny_glm4moe_mtp(path)
    return path
