"""The streaming GGUF header reader against gguf-py's own reader and against broken files."""

from __future__ import annotations

import struct
import tempfile
from pathlib import Path

import gguf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studio.core.gguf import (
    CorruptHeaderError,
    GGUFError,
    HeaderTooLargeError,
    MissingShardError,
    NeedMoreBytes,
    NotGGUFError,
    TruncatedError,
    UnsupportedVersionError,
    parse_header,
    parse_shard_name,
    read_header,
    read_model,
)
from tests.support.synthetic import TINY_QWEN3MOE, ModelSpec, synthetic_model, write_model


@pytest.fixture(scope="module")
def tiny_moe() -> Path:
    return synthetic_model("tiny-qwen3moe")


def test_header_matches_gguf_py_reader(tiny_moe: Path) -> None:
    ours = read_header(tiny_moe)
    theirs = gguf.GGUFReader(tiny_moe)
    assert [t.name for t in ours.tensors] == [t.name for t in theirs.tensors]
    for mine, reference in zip(ours.tensors, theirs.tensors, strict=True):
        assert mine.shape == tuple(int(d) for d in reference.shape)
        assert mine.ggml_type == int(reference.tensor_type)
        assert mine.n_bytes == int(reference.n_bytes)
        assert ours.data_offset + mine.offset == int(reference.data_offset)
    assert ours.metadata["qwen3moe.expert_count"] == 8
    assert ours.metadata["general.architecture"] == "qwen3moe"
    assert ours.metadata["tokenizer.ggml.tokens"][:3] == ("<unk>", "<s>", "</s>")
    assert ours.file_size == tiny_moe.stat().st_size
    assert ours.data_offset + ours.data_bytes <= ours.file_size


def test_big_vocabulary_header_needs_several_reads() -> None:
    # 262k tokens: the header alone is several MiB, more than the first 2 MiB read.
    path = synthetic_model("gemma3-12b-shape")
    header = read_header(path)
    assert header.header_bytes > 2 << 20
    assert len(header.metadata["tokenizer.ggml.tokens"]) == 262144
    assert header.file_size is not None and header.file_size > 6 << 30


def test_split_model_reads_every_shard(tmp_path: Path) -> None:
    whole = read_model(write_model(tmp_path / "whole" / "m.gguf", TINY_QWEN3MOE))
    first = write_model(tmp_path / "split" / "m.gguf", TINY_QWEN3MOE, split_max_tensors=20)
    shards = sorted(first.parent.glob("m-*-of-*.gguf"))
    assert len(shards) > 2
    for shard in shards:  # any shard names the whole model
        split = read_model(shard)
        assert len(split.shards) == len(shards)
        assert [t.name for t in split.tensors] == [t.name for t in whole.tensors]
        assert split.metadata["qwen3moe.block_count"] == 6
    shards[-1].unlink()
    with pytest.raises(MissingShardError) as caught:
        read_model(shards[0])
    assert caught.value.code == "gguf.missing_shard"


def test_shard_names() -> None:
    shard = parse_shard_name("Qwen3-30B-Q4_K_M-00002-of-00003.gguf")
    assert shard is not None
    assert (shard.prefix, shard.index, shard.count) == ("Qwen3-30B-Q4_K_M", 2, 3)
    assert shard.name(1) == "Qwen3-30B-Q4_K_M-00001-of-00003.gguf"
    assert parse_shard_name("model.gguf") is None
    assert parse_shard_name("m-00004-of-00003.gguf") is None


def test_truncated_header_and_truncated_data(tiny_moe: Path, tmp_path: Path) -> None:
    data = tiny_moe.read_bytes()
    header = read_header(tiny_moe)
    cut = tmp_path / "cut.gguf"
    for size in (0, 3, 10, 30, header.header_bytes // 2, header.header_bytes - 1):
        cut.write_bytes(data[:size])
        with pytest.raises(TruncatedError) as caught:
            read_header(cut)
        assert caught.value.code == "gguf.truncated"
    # The whole header but only part of the tensor data: still an error for a local model
    # (llama.cpp would refuse it), unless the caller only wants the header.
    cut.write_bytes(data[: header.data_offset + 100])
    with pytest.raises(TruncatedError):
        read_header(cut)
    assert len(read_header(cut, check_data=False).tensors) == len(header.tensors)


def test_not_gguf_and_wrong_version(tmp_path: Path) -> None:
    path = tmp_path / "x.gguf"
    path.write_bytes(b"PK\x03\x04" + bytes(100))
    with pytest.raises(NotGGUFError) as caught:
        read_header(path)
    assert caught.value.code == "gguf.not_gguf"
    path.write_bytes(b"GGUF" + struct.pack("<IQQ", 7, 0, 0))
    with pytest.raises(UnsupportedVersionError) as version:
        read_header(path)
    assert version.value.params["version"] == 7


def _header(n_tensors: int, n_kv: int, body: bytes = b"") -> bytes:
    return b"GGUF" + struct.pack("<IQQ", 3, n_tensors, n_kv) + body


def _string(text: bytes) -> bytes:
    return struct.pack("<Q", len(text)) + text


@pytest.mark.parametrize(
    "blob",
    [
        _header(1 << 60, 0),
        _header(0, 1 << 60),
        _header(0, 1, struct.pack("<Q", 1 << 62)),  # key length
        _header(0, 1, _string(b"k") + struct.pack("<IIQ", 9, 4, 1 << 40)),  # array count
        _header(0, 1, _string(b"k") + struct.pack("<II", 9, 9) + bytes(8)),  # nested array
        _header(0, 1, _string(b"k") + struct.pack("<I", 99)),  # value type
        _header(1, 0, _string(b"t") + struct.pack("<I", 9)),  # dimensions
        _header(1, 0, _string(b"t") + struct.pack("<IqIQ", 1, 32, 250, 0)),  # ggml type
        _header(1, 0, _string(b"t") + struct.pack("<IqIQ", 1, 33, 2, 0)),  # Q4_0 row of 33
        _header(1, 0, _string(b"t") + struct.pack("<IqIQ", 1, -4, 0, 0)),  # negative dim
        _header(1, 0, _string(b"t") + struct.pack("<IqIQ", 1, 32, 0, 3)),  # unaligned offset
        _header(0, 2, (_string(b"k") + struct.pack("<IB", 0, 1)) * 2),  # duplicate key
    ],
)
def test_absurd_or_invalid_headers_fail_fast(blob: bytes) -> None:
    with pytest.raises(CorruptHeaderError) as caught:
        parse_header(blob, "blob", at_eof=False)
    assert caught.value.code == "gguf.corrupt"


def test_prefix_asks_for_more_bytes(tiny_moe: Path) -> None:
    data = tiny_moe.read_bytes()
    with pytest.raises(NeedMoreBytes) as more:
        parse_header(data[:1000], "prefix", at_eof=False)
    assert more.value.needed > 1000


def test_header_budget(tiny_moe: Path) -> None:
    with pytest.raises(HeaderTooLargeError):
        read_header(tiny_moe, max_header_bytes=4096)


def _small_valid_file() -> bytes:
    tiny = ModelSpec(
        arch="llama", n_layer=1, n_embd=32, n_ff=32, n_head=1, n_head_kv=1, head_dim=32, n_vocab=300
    )
    with tempfile.TemporaryDirectory() as scratch:
        return write_model(Path(scratch) / "fuzz.gguf", tiny).read_bytes()


_VALID = _small_valid_file()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cut=st.integers(min_value=0, max_value=len(_VALID)),
    flips=st.lists(
        st.tuples(st.integers(min_value=0, max_value=len(_VALID) - 1), st.integers(0, 255)),
        max_size=6,
    ),
)
def test_fuzzed_headers_give_typed_errors_only(cut: int, flips: list[tuple[int, int]]) -> None:
    blob = bytearray(_VALID)
    for position, value in flips:
        blob[position] = value
    blob = blob[:cut]
    try:
        header = parse_header(bytes(blob), "fuzz", at_eof=True)
    except GGUFError:
        return
    assert header.header_bytes <= len(blob)
    assert all(t.n_bytes >= 0 for t in header.tensors)
