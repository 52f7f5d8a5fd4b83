"""Hostile GGUF files: tiny, valid-looking files whose header claims absurd things.

Written with gguf-py's own writer (so the bytes are what a converter could produce) or as
raw bytes where the writer itself would refuse (claims not backed by any bytes)."""

from __future__ import annotations

import struct
from pathlib import Path

import gguf
import numpy as np

V = gguf.GGUFValueType
# A sane small llama header that every hostile variant starts from.
SANE: dict[str, tuple[object, gguf.GGUFValueType]] = {
    "llama.block_count": (2, V.UINT32),
    "llama.context_length": (512, V.UINT32),
    "llama.embedding_length": (64, V.UINT32),
    "llama.feed_forward_length": (128, V.UINT32),
    "llama.attention.head_count": (4, V.UINT32),
    "llama.attention.head_count_kv": (2, V.UINT32),
}


def hostile_gguf(path: Path, **overrides: tuple[object, gguf.GGUFValueType]) -> Path:
    """A llama header (plus one small tensor) with `overrides` replacing or adding keys;
    the key is the override's name with `__` for `.` (`llama__block_count`)."""
    values = dict(SANE)
    values.update({key.replace("__", "."): value for key, value in overrides.items()})
    writer = gguf.GGUFWriter(path, "llama")
    for key, (value, vtype) in values.items():
        if isinstance(value, list):
            writer.add_key_value(key, value, V.ARRAY, sub_type=vtype)
        else:
            writer.add_key_value(key, value, vtype)
    writer.add_tensor("token_embd.weight", np.zeros((8, 64), dtype=np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


def _string(text: bytes) -> bytes:
    return struct.pack("<Q", len(text)) + text


def raw_header(n_tensors: int, kvs: bytes, n_kv: int, tail: bytes = b"") -> bytes:
    """GGUF v3 bytes with counts exactly as given, whatever follows them."""
    return b"GGUF" + struct.pack("<IQQ", 3, n_tensors, n_kv) + kvs + tail


def claims_huge_array(item_type: int = 10, count: int = (1 << 64) - 1) -> bytes:
    """One key whose array claims `count` items of `item_type`, then a few bytes."""
    kv = _string(b"tokenizer.ggml.scores") + struct.pack("<IIQ", 9, item_type, count)
    return raw_header(0, kv, 1, b"\0" * 64)


def claims_huge_string(length: int = (1 << 64) - 1) -> bytes:
    kv = _string(b"general.name") + struct.pack("<I", 8) + struct.pack("<Q", length)
    return raw_header(0, kv, 1, b"x" * 64)


def claims_huge_counts(n_tensors: int = (1 << 63), n_kv: int = 1) -> bytes:
    kv = _string(b"general.architecture") + struct.pack("<I", 8) + _string(b"llama")
    return raw_header(n_tensors, kv, n_kv, b"\0" * 64)


def many_array_items(count: int) -> bytes:
    """An array backed by real bytes: `count` uint8 items (each a Python int once parsed)."""
    kv = _string(b"tokenizer.ggml.token_type") + struct.pack("<IIQ", 9, 0, count)
    return raw_header(0, kv + b"\1" * count, 1)
