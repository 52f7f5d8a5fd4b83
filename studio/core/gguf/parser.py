"""Pure, incremental parsing of a GGUF header from a byte prefix of the file.

The parser never trusts a count: every length is checked against hard limits before any
allocation, so a hostile or corrupt file fails fast with a typed error. When the prefix is
too short it raises `NeedMoreBytes` (the caller fetches more) unless the prefix is the whole
file, in which case it is a `TruncatedError`.
"""

from __future__ import annotations

import struct
from typing import Final, cast

from gguf import GGML_QUANT_SIZES, GGUF_DEFAULT_ALIGNMENT, GGUF_MAGIC, GGMLQuantizationType

from studio.core.gguf.errors import (
    CorruptHeaderError,
    NotGGUFError,
    TruncatedError,
    UnsupportedVersionError,
)
from studio.core.gguf.header import GGUFHeader, MetadataScalar, MetadataValue, TensorInfo
from studio.core.gguf.sanity import check_metadata

# Limits far above any real model, far below anything that could exhaust memory.
# Each key and tensor entry becomes a few hundred bytes of Python objects; real models have
# ~50 keys and a few thousand tensors (llama.cpp merges experts into one tensor per layer).
MAX_KEYS: Final = 1 << 16
MAX_TENSORS: Final = 1 << 16
MAX_STRING_BYTES: Final = 1 << 26  # 64 MiB: chat templates are KBs, nothing is MBs
MAX_ARRAY_ITEMS: Final = 1 << 24  # 16M: vocabularies are ~260k
# Items of all arrays together. Each item becomes a Python object (a 9-byte string entry a
# ~60-byte str), so bytes alone would let a 256 MiB header cost gigabytes. Real models
# hold about 1M (tokens, scores, types and merges of a 262k vocabulary).
MAX_TOTAL_ITEMS: Final = 1 << 22
MAX_DIMS: Final = 4  # GGML_MAX_DIMS
MAX_ELEMENTS: Final = 1 << 62

# GGUF value type id -> struct format for fixed-size scalars.
_SCALAR_FORMATS: Final[dict[int, str]] = {
    0: "B",
    1: "b",
    2: "H",
    3: "h",
    4: "I",
    5: "i",
    6: "f",
    7: "?",
    10: "Q",
    11: "q",
    12: "d",
}
_U64: Final = struct.Struct("<Q")
_STRING: Final = 8
_ARRAY: Final = 9
_KNOWN_TYPES: Final = frozenset(int(t) for t in GGMLQuantizationType)


class NeedMoreBytes(Exception):  # noqa: N818 - a signal to the caller, not an error
    """The prefix ended inside the header; at least `needed` bytes of the file are required."""

    def __init__(self, needed: int) -> None:
        super().__init__(needed)
        self.needed = needed


class _Cursor:
    def __init__(self, data: bytes | bytearray | memoryview, source: str, at_eof: bool) -> None:
        # One copy to immutable bytes: slicing and decoding bytes is the fast path.
        self.data = data if isinstance(data, bytes) else bytes(data)
        self.pos = 0
        self.source = source
        self.at_eof = at_eof
        self.items = 0  # array items parsed so far, against MAX_TOTAL_ITEMS

    def need(self, size: int) -> None:
        end = self.pos + size
        if end > len(self.data):
            if self.at_eof:
                raise TruncatedError(self.source, end, len(self.data))
            raise NeedMoreBytes(end)

    def corrupt(self, reason: str) -> CorruptHeaderError:
        return CorruptHeaderError(self.source, reason, self.pos)

    def unpack(self, fmt: str) -> tuple[object, ...]:
        size = struct.calcsize("<" + fmt)
        self.need(size)
        values = struct.unpack_from("<" + fmt, self.data, self.pos)
        self.pos += size
        return values

    def u32(self) -> int:
        value = self.unpack("I")[0]
        assert isinstance(value, int)
        return value

    def u64(self) -> int:
        value = self.unpack("Q")[0]
        assert isinstance(value, int)
        return value

    def string(self) -> str:
        length = self.u64()
        if length > MAX_STRING_BYTES:
            raise self.corrupt(f"string of {length} bytes")
        self.need(length)
        raw = self.data[self.pos : self.pos + length]
        self.pos += length
        # llama.cpp does not validate UTF-8 either; keep odd token bytes readable.
        return raw.decode("utf-8", errors="replace")

    def strings(self, count: int) -> tuple[str, ...]:
        """`count` strings: the tokenizer's vocabulary and merges, so a tight loop."""
        data, pos, end = self.data, self.pos, len(self.data)
        unpack_length = _U64.unpack_from
        out: list[str] = []
        append = out.append
        for _ in range(count):
            if pos + 8 > end:
                self.pos = pos
                self.need(8)
            (length,) = unpack_length(data, pos)
            pos += 8
            if length > MAX_STRING_BYTES:
                self.pos = pos
                raise self.corrupt(f"string of {length} bytes")
            if pos + length > end:
                self.pos = pos
                self.need(length)
            append(data[pos : pos + length].decode("utf-8", errors="replace"))
            pos += length
        self.pos = pos
        return tuple(out)

    def scalar(self, value_type: int) -> MetadataScalar:
        if value_type == _STRING:
            return self.string()
        fmt = _SCALAR_FORMATS.get(value_type)
        if fmt is None:
            raise self.corrupt(f"unknown value type {value_type}")
        value = self.unpack(fmt)[0]
        assert isinstance(value, int | float | bool)
        return value

    def value(self, value_type: int) -> MetadataValue:
        if value_type != _ARRAY:
            return self.scalar(value_type)
        item_type = self.u32()
        count = self.u64()
        if count > MAX_ARRAY_ITEMS:
            raise self.corrupt(f"array of {count} items")
        self.items += count
        if self.items > MAX_TOTAL_ITEMS:
            raise self.corrupt(f"more than {MAX_TOTAL_ITEMS} array items in all")
        if item_type == _ARRAY:
            raise self.corrupt("nested arrays are not supported")
        fmt = _SCALAR_FORMATS.get(item_type)
        if fmt is not None:
            if fmt == "?":
                fmt = "B"  # bulk-unpack bools as bytes, then convert
            values = self.unpack(f"{count}{fmt}")
            if item_type == 7:
                return tuple(bool(v) for v in values)
            return cast(tuple[int | float, ...], values)
        if item_type != _STRING:
            raise self.corrupt(f"unknown array item type {item_type}")
        return self.strings(count)


def _tensor_bytes(cursor: _Cursor, name: str, shape: tuple[int, ...], ggml_type: int) -> int:
    if ggml_type not in _KNOWN_TYPES:
        raise cursor.corrupt(f"tensor {name!r} has unknown ggml type {ggml_type}")
    block_size, type_size = GGML_QUANT_SIZES[GGMLQuantizationType(ggml_type)]
    if shape[0] % block_size != 0:
        raise cursor.corrupt(f"tensor {name!r} row of {shape[0]} is not a multiple of {block_size}")
    n_elements = 1
    for dim in shape:
        n_elements *= dim
        if n_elements > MAX_ELEMENTS:
            raise cursor.corrupt(f"tensor {name!r} has too many elements")
    return n_elements // block_size * type_size


def parse_header(data: bytes | bytearray | memoryview, source: str, *, at_eof: bool) -> GGUFHeader:
    """Parse the header contained in `data`, a prefix of the file (the whole file if `at_eof`).

    Raises `NeedMoreBytes` if the prefix is too short (and not at EOF), or a `GGUFError`.
    """
    cursor = _Cursor(data, source, at_eof)
    cursor.need(4)
    magic = bytes(cursor.data[0:4])
    if struct.unpack("<I", magic)[0] != GGUF_MAGIC:
        raise NotGGUFError(source, magic)
    cursor.pos = 4
    version = cursor.u32()
    if version not in (2, 3):
        raise UnsupportedVersionError(source, version)
    n_tensors = cursor.u64()
    n_kv = cursor.u64()
    if n_tensors > MAX_TENSORS:
        raise cursor.corrupt(f"{n_tensors} tensors")
    if n_kv > MAX_KEYS:
        raise cursor.corrupt(f"{n_kv} metadata keys")

    metadata: dict[str, MetadataValue] = {}
    for _ in range(n_kv):
        key = cursor.string()
        value_type = cursor.u32()
        if key in metadata:
            raise cursor.corrupt(f"duplicate key {key!r}")
        metadata[key] = cursor.value(value_type)
    # Before the tensor table: a hostile count must fail before anything is sized by it.
    check_metadata(metadata, source)

    alignment_value = metadata.get("general.alignment", GGUF_DEFAULT_ALIGNMENT)
    if (
        not isinstance(alignment_value, int)
        or isinstance(alignment_value, bool)
        or alignment_value <= 0
        or alignment_value & (alignment_value - 1)
    ):
        raise cursor.corrupt(f"general.alignment {alignment_value!r} is not a power of two")
    alignment = alignment_value

    tensors: list[TensorInfo] = []
    names: set[str] = set()
    for _ in range(n_tensors):
        name = cursor.string()
        n_dims = cursor.u32()
        if not 1 <= n_dims <= MAX_DIMS:
            raise cursor.corrupt(f"tensor {name!r} has {n_dims} dimensions")
        shape = tuple(int(d) for d in cursor.unpack(f"{n_dims}q"))  # type: ignore[call-overload]
        if any(d < 0 for d in shape):
            raise cursor.corrupt(f"tensor {name!r} has a negative dimension")
        ggml_type = cursor.u32()
        offset = cursor.u64()
        if name in names:
            raise cursor.corrupt(f"duplicate tensor {name!r}")
        if offset % alignment:
            raise cursor.corrupt(f"tensor {name!r} offset {offset} is not aligned")
        n_bytes = _tensor_bytes(cursor, name, shape, ggml_type)
        names.add(name)
        n_elements = 1
        for dim in shape:
            n_elements *= dim
        tensors.append(TensorInfo(name, shape, ggml_type, offset, n_elements, n_bytes))

    header_bytes = cursor.pos
    data_offset = -(-header_bytes // alignment) * alignment
    return GGUFHeader(
        source=source,
        version=version,
        metadata=metadata,
        tensors=tuple(tensors),
        alignment=alignment,
        header_bytes=header_bytes,
        data_offset=data_offset,
        file_size=len(cursor.data) if at_eof else None,
    )
