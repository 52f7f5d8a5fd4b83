"""Property: whatever bytes follow (or replace part of) a valid GGUF header, reading it gives
a header or a typed `GGUFError`: never another exception, a hang or a large allocation.

The mutations are aimed where a reader is weakest: every count, length, type and dimension
field of a small real GGUF (written by the `gguf` package) is set to hostile values (0,
2**32 - 1, 2**63, 2**64 - 1, the reader's own limits plus one, the file's size), bytes are
flipped, inserted and cut, and a valid prefix is followed by random bytes. Each case is
read from memory (whole and as a growing prefix) and from a file, as the library does.
"""

from __future__ import annotations

import struct
import tempfile
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import gguf
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studio.core.gguf import GGUFError, read_model
from studio.core.gguf.header import GGUFHeader
from studio.core.gguf.parser import (
    MAX_ARRAY_ITEMS,
    MAX_KEYS,
    MAX_STRING_BYTES,
    MAX_TENSORS,
    NeedMoreBytes,
    parse_header,
)

# Far above what parsing a header of a few KB needs, far below a count-sized allocation.
MEMORY_BUDGET = 4 << 20
PROPERTY = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _seed() -> bytes:
    """A small real GGUF with every kind of field: strings, scalars, arrays of numbers and
    of strings, and tensors of two types and ranks."""
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "seed.gguf"
        writer = gguf.GGUFWriter(path, "llama")
        writer.add_string("general.name", "seed")
        writer.add_uint32("llama.block_count", 1)
        writer.add_uint32("llama.context_length", 128)
        writer.add_uint32("llama.embedding_length", 32)
        writer.add_uint32("llama.attention.head_count", 1)
        writer.add_float32("llama.rope.freq_base", 10000.0)
        writer.add_bool("seed.flag", True)
        writer.add_array("tokenizer.ggml.tokens", ["<s>", "a", "b", "ab"])
        writer.add_array("tokenizer.ggml.scores", [0.0, -1.0, -2.0, -3.0])
        writer.add_array("seed.ints", [1, 2, 3])
        writer.add_tensor("token_embd.weight", np.zeros((4, 32), dtype=np.float32))
        writer.add_tensor("blk.0.attn_q.weight", np.zeros((32, 32), dtype=np.float16))
        writer.add_tensor("output_norm.weight", np.zeros(32, dtype=np.float32))
        writer.write_header_to_file()
        writer.write_kv_data_to_file()
        writer.write_tensors_to_file()
        writer.close()
        return path.read_bytes()


SEED = _seed()


def _fields(data: bytes) -> list[tuple[int, int]]:
    """(offset, size) of every count, length, type and dimension field of a valid header."""
    fields: list[tuple[int, int]] = [(4, 4), (8, 8), (16, 8)]
    pos = 24
    n_tensors, n_kv = struct.unpack_from("<QQ", data, 8)

    def string() -> None:
        nonlocal pos
        fields.append((pos, 8))
        (length,) = struct.unpack_from("<Q", data, pos)
        pos += 8 + length

    sizes = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}
    for _ in range(n_kv):
        string()
        fields.append((pos, 4))
        (value_type,) = struct.unpack_from("<I", data, pos)
        pos += 4
        if value_type == 8:
            string()
        elif value_type == 9:
            fields += [(pos, 4), (pos + 4, 8)]
            item_type, count = struct.unpack_from("<IQ", data, pos)
            pos += 12
            for _ in range(count):
                if item_type == 8:
                    string()
                else:
                    pos += sizes[item_type]
        else:
            pos += sizes[value_type]
    for _ in range(n_tensors):
        string()
        fields.append((pos, 4))
        (n_dims,) = struct.unpack_from("<I", data, pos)
        pos += 4
        fields += [(pos + 8 * i, 8) for i in range(n_dims)]
        pos += 8 * n_dims
        fields += [(pos, 4), (pos + 4, 8)]
        pos += 12
    return fields


FIELDS = _fields(SEED)
HOSTILE_VALUES = [
    0,
    1,
    7,
    8,
    9,
    13,
    (1 << 31) - 1,
    1 << 31,
    (1 << 32) - 1,
    1 << 32,
    (1 << 63) - 1,
    1 << 63,
    (1 << 64) - 1,
    MAX_STRING_BYTES + 1,
    MAX_ARRAY_ITEMS + 1,
    MAX_KEYS + 1,
    MAX_TENSORS + 1,
    len(SEED),
    len(SEED) * 4,
]


def _set(data: bytearray, field: tuple[int, int], value: int) -> None:
    offset, size = field
    data[offset : offset + size] = (value % (1 << (8 * size))).to_bytes(size, "little")


field_edits = st.tuples(
    st.sampled_from(FIELDS),
    st.one_of(st.sampled_from(HOSTILE_VALUES), st.integers(0, (1 << 64) - 1)),
)
byte_edits = st.tuples(st.integers(0, len(SEED) - 1), st.integers(0, 255))
insertions = st.tuples(st.integers(0, len(SEED)), st.binary(min_size=1, max_size=64))


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = bytearray(SEED)
    for field, value in draw(st.lists(field_edits, max_size=3)):
        _set(data, field, value)
    for position, value in draw(st.lists(byte_edits, max_size=4)):
        if position < len(data):
            data[position] = value
    for position, blob in draw(st.lists(insertions, max_size=2)):
        data[position:position] = blob
    return bytes(data[: draw(st.integers(0, len(data)))])


@st.composite
def valid_prefix_then_noise(draw: st.DrawFn) -> bytes:
    return SEED[: draw(st.integers(0, len(SEED)))] + draw(st.binary(max_size=512))


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder)


def _check_parsed(header: GGUFHeader, data: bytes) -> None:
    assert header.header_bytes <= len(data)
    assert header.data_offset % header.alignment == 0
    assert all(t.n_bytes >= 0 and t.n_elements >= 0 for t in header.tensors)


def _read_whole(data: bytes) -> None:
    tracemalloc.start()
    try:
        try:
            header = parse_header(data, "fuzz", at_eof=True)
        except GGUFError:
            header = None
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < MEMORY_BUDGET, f"{peak} bytes to read a {len(data)}-byte header"
    if header is not None:
        _check_parsed(header, data)


def _read_growing(data: bytes) -> None:
    """As a reader does with a remote file: a prefix, then as many bytes as it asks for."""
    length = min(len(data), 32)
    while True:
        try:
            parse_header(data[:length], "fuzz", at_eof=length >= len(data))
        except GGUFError:
            return
        except NeedMoreBytes as more:
            assert more.needed > length, "asked for bytes it already had"
            length = min(more.needed, len(data))
            continue
        return


def _read_file(data: bytes, scratch: Path) -> None:
    path = scratch / "fuzz.gguf"
    path.write_bytes(data)
    try:
        model = read_model(path)
    except GGUFError:
        return
    (header,) = model.shards
    _check_parsed(header, data)


def test_the_seed_is_a_header_and_its_fields_are_found(scratch: Path) -> None:
    header = parse_header(SEED, "seed", at_eof=True)
    assert len(header.tensors) == 3 and header.metadata["general.name"] == "seed"
    # 3 fixed fields, per key: length and type (+ a string's length, an array's type and
    # count, each string item's length), per tensor: name, rank, dims, type and offset.
    assert len(FIELDS) > 40
    _read_file(SEED, scratch)


@PROPERTY
@given(data=mutated())
def test_a_mutated_header_reads_or_fails_typed(data: bytes, scratch: Path) -> None:
    _read_whole(data)
    _read_growing(data)
    _read_file(data, scratch)


@PROPERTY
@given(data=valid_prefix_then_noise())
def test_noise_after_a_valid_prefix_reads_or_fails_typed(data: bytes, scratch: Path) -> None:
    _read_whole(data)
    _read_growing(data)
    _read_file(data, scratch)
