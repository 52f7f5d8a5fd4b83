"""A tiny random-weight llama GGUF that any llama-server loads and runs in well under a second.

The self-test runs an engine on it: loading weights and generating one token executes the CPU
backend's matrix kernels (quantized Q4_0 and F32), which is exactly where a build compiled
for instructions this CPU lacks dies with SIGILL. Deterministic, so one file serves every run.
"""

from __future__ import annotations

import os
from pathlib import Path

import gguf
import numpy as np

ARCH = "llama"
N_LAYER = 2
N_EMBD = 128
N_FF = 256
N_HEAD = 4
N_VOCAB = 512
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


def _tensors() -> list[tuple[str, tuple[int, ...]]]:
    """(name, numpy shape) of every tensor; 2-D matrices are quantized, norms stay F32."""
    head_dim = N_EMBD // N_HEAD
    shapes: list[tuple[str, tuple[int, ...]]] = [("token_embd.weight", (N_VOCAB, N_EMBD))]
    for il in range(N_LAYER):
        shapes += [
            (f"blk.{il}.attn_norm.weight", (N_EMBD,)),
            (f"blk.{il}.attn_q.weight", (N_HEAD * head_dim, N_EMBD)),
            (f"blk.{il}.attn_k.weight", (N_HEAD * head_dim, N_EMBD)),
            (f"blk.{il}.attn_v.weight", (N_HEAD * head_dim, N_EMBD)),
            (f"blk.{il}.attn_output.weight", (N_EMBD, N_HEAD * head_dim)),
            (f"blk.{il}.ffn_norm.weight", (N_EMBD,)),
            (f"blk.{il}.ffn_gate.weight", (N_FF, N_EMBD)),
            (f"blk.{il}.ffn_up.weight", (N_FF, N_EMBD)),
            (f"blk.{il}.ffn_down.weight", (N_EMBD, N_FF)),
        ]
    shapes += [("output_norm.weight", (N_EMBD,)), ("output.weight", (N_VOCAB, N_EMBD))]
    return shapes


def write_tiny_model(path: Path) -> Path:
    """Write the self-test model to `path` atomically and return it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    writer = gguf.GGUFWriter(partial, ARCH)
    writer.add_name("studio-self-test")
    writer.add_uint32(f"{ARCH}.block_count", N_LAYER)
    writer.add_uint32(f"{ARCH}.context_length", 512)
    writer.add_uint32(f"{ARCH}.embedding_length", N_EMBD)
    writer.add_uint32(f"{ARCH}.feed_forward_length", N_FF)
    writer.add_uint32(f"{ARCH}.attention.head_count", N_HEAD)
    writer.add_uint32(f"{ARCH}.attention.head_count_kv", N_HEAD)
    writer.add_uint32(f"{ARCH}.rope.dimension_count", N_EMBD // N_HEAD)
    writer.add_float32(f"{ARCH}.attention.layer_norm_rms_epsilon", 1e-6)
    writer.add_float32(f"{ARCH}.rope.freq_base", 10000.0)
    writer.add_uint32(f"{ARCH}.vocab_size", N_VOCAB)
    _tokenizer(writer)
    rng = np.random.default_rng(1234)
    for name, shape in _tensors():
        if len(shape) == 1:
            writer.add_tensor(name, np.ones(shape, dtype=np.float32))
            continue
        data = rng.standard_normal(shape, dtype=np.float32) * 0.02
        quantized = gguf.quants.quantize(data, gguf.GGMLQuantizationType.Q4_0)
        writer.add_tensor(name, quantized, raw_dtype=gguf.GGMLQuantizationType.Q4_0)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    partial.replace(path)
    return path


def tiny_model(directory: Path) -> Path:
    """The self-test model in `directory`, written the first time it is needed."""
    path = directory / FILE_NAME
    if not path.is_file():
        write_tiny_model(path)
    return path
