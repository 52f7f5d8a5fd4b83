"""Hyper-parameters are checked for sense while the header is read, before anything is
sized by them; memory stays small whatever a header claims, local or remote."""

from __future__ import annotations

import contextlib
import math
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

import gguf
import httpx
import pytest

from studio.core.gguf import (
    CorruptHeaderError,
    GGUFError,
    ImplausibleMetadataError,
    read_model,
    read_remote_model,
)
from studio.core.gguf.sanity import LLAMA_MAX_EXPERTS, LLAMA_MAX_LAYERS
from studio.core.hub import HubClient, HubConfig
from studio.core.hub.fit import FitKind, remote_assessor
from studio.core.memory import ModelSummary, summarize
from tests.support.fake_hub import FakeFile, FakeHub, FakeRepo, repo_url
from tests.support.hostile import (
    claims_huge_array,
    claims_huge_counts,
    claims_huge_string,
    hostile_gguf,
    many_array_items,
)

V = gguf.GGUFValueType
MIB = 1 << 20

# (override, the key the error names) for each finding of issue 13 and its neighbours.
HOSTILE: dict[str, tuple[dict[str, tuple[object, gguf.GGUFValueType]], str]] = {
    "block_count_u32_max": ({"llama__block_count": (0xFFFFFFFF, V.UINT32)}, "block_count"),
    "block_count_20m": ({"llama__block_count": (20_000_000, V.UINT32)}, "block_count"),
    "block_count_past_llama": ({"llama__block_count": (LLAMA_MAX_LAYERS + 1, V.UINT32)}, ""),
    "block_count_zero": ({"llama__block_count": (0, V.UINT32)}, "block_count"),
    "block_count_inf": ({"llama__block_count": (math.inf, V.FLOAT32)}, "block_count"),
    "block_count_nan": ({"llama__block_count": (math.nan, V.FLOAT32)}, "block_count"),
    "block_count_float": ({"llama__block_count": (32.0, V.FLOAT32)}, "block_count"),
    "block_count_bool": ({"llama__block_count": (True, V.BOOL)}, "block_count"),
    "head_count_inf": ({"llama__attention__head_count": (math.inf, V.FLOAT32)}, "head_count"),
    "head_count_nan_array": (
        {"llama__attention__head_count": ([4.0, math.nan], V.FLOAT32)},
        "head_count",
    ),
    "head_count_array_too_long": (
        {"llama__attention__head_count": ([4] * (LLAMA_MAX_LAYERS + 1), V.UINT32)},
        "head_count",
    ),
    "embedding_negative": ({"llama__embedding_length": (-4096, V.INT32)}, "embedding_length"),
    "ffn_negative": ({"llama__feed_forward_length": (-1, V.INT64)}, "feed_forward_length"),
    "experts_past_llama": (
        {"llama__expert_count": (LLAMA_MAX_EXPERTS + 1, V.UINT32)},
        "expert_count",
    ),
    "experts_used_past_count": (
        {
            "llama__expert_count": (8, V.UINT32),
            "llama__expert_used_count": (9, V.UINT32),
        },
        "expert_used_count",
    ),
    "nextn_past_blocks": ({"llama__nextn_predict_layers": (3, V.UINT32)}, "nextn"),
    "interval_zero": ({"llama__full_attention_interval": (0, V.UINT32)}, "interval"),
    "rope_base_inf": ({"llama__rope__freq_base": (math.inf, V.FLOAT32)}, "freq_base"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_each_hostile_value_is_a_typed_error_naming_the_key(tmp_path: Path, case: str) -> None:
    overrides, key_part = HOSTILE[case]
    path = hostile_gguf(tmp_path / f"{case}.gguf", **overrides)
    with pytest.raises(ImplausibleMetadataError) as caught:
        read_model(path)
    assert caught.value.code == "gguf.bad_metadata"
    assert key_part in str(caught.value.params["key"])
    assert caught.value.params["source"] == str(path)
    assert len(str(caught.value.params["value"])) <= 40  # a sentence, not a dump


def test_a_sane_header_still_reads_and_summarises(tmp_path: Path) -> None:
    per_layer = {"llama__attention__head_count_kv": ([2, 1], V.INT32)}
    summary = summarize(read_model(hostile_gguf(tmp_path / "sane.gguf", **per_layer)))
    assert summary.block_count == 2 and summary.head_count_kv == (2, 1)
    assert summary.embedding_length == 64


def _peak_bytes(action: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        with contextlib.suppress(GGUFError):
            action()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


CLAIMS = {
    "array_2_64": claims_huge_array(),
    "array_16m_u64": claims_huge_array(count=1 << 24),
    "array_16m_strings": claims_huge_array(item_type=8, count=1 << 24),
    "string_2_64": claims_huge_string(),
    "string_60m": claims_huge_string(60 * MIB),
    "tensors_2_63": claims_huge_counts(),
    "tensors_65k": claims_huge_counts(n_tensors=1 << 16),
    "keys_2_63": claims_huge_counts(n_tensors=0, n_kv=1 << 63),
}


@pytest.mark.parametrize("case", sorted(CLAIMS))
def test_local_memory_is_bounded_whatever_the_header_claims(tmp_path: Path, case: str) -> None:
    path = tmp_path / f"{case}.gguf"
    path.write_bytes(CLAIMS[case])
    with pytest.raises(GGUFError):
        read_model(path)
    assert _peak_bytes(lambda: read_model(path)) < 2 * MIB


def test_block_count_claims_cost_no_memory_local(tmp_path: Path) -> None:
    # The summary built per-layer tables of block_count entries: 20M cost gigabytes.
    path = hostile_gguf(tmp_path / "layers.gguf", llama__block_count=(20_000_000, V.UINT32))
    assert _peak_bytes(lambda: summarize(read_model(path))) < 2 * MIB


def test_array_items_in_all_are_bounded_even_when_backed_by_bytes(tmp_path: Path) -> None:
    # 5 MB of uint8 items would be 5M Python ints in a tuple (40 MB of pointers).
    path = tmp_path / "items.gguf"
    path.write_bytes(many_array_items(5_000_000))
    with pytest.raises(CorruptHeaderError):
        read_model(path)
    assert _peak_bytes(lambda: read_model(path)) < 16 * MIB


@pytest.fixture
def hostile_hub(tmp_path: Path) -> Iterator[FakeHub]:
    layers = hostile_gguf(tmp_path / "h.gguf", llama__block_count=(0xFFFFFFFF, V.UINT32))
    files = {
        "Layers-Q4_K_M.gguf": FakeFile(layers.read_bytes()),
        "Array-Q4_K_M.gguf": FakeFile(claims_huge_array(count=1 << 24)),
        "String-Q4_K_M.gguf": FakeFile(claims_huge_string(60 * MIB)),
    }
    fake = FakeHub([FakeRepo("evil/Hostile-GGUF", files)])
    with fake.running():
        yield fake


async def test_remote_reads_are_bounded_and_typed(hostile_hub: FakeHub) -> None:
    for name in ("Layers-Q4_K_M.gguf", "Array-Q4_K_M.gguf", "String-Q4_K_M.gguf"):
        url = repo_url(hostile_hub.endpoint, "evil/Hostile-GGUF", name)
        tracemalloc.start()
        try:
            async with httpx.AsyncClient(trust_env=False) as client:
                with pytest.raises(GGUFError):
                    summarize(await read_remote_model(client, url))
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < 8 * MIB, name


async def test_fit_before_download_says_unknown_with_the_reason(
    hostile_hub: FakeHub, tmp_path: Path
) -> None:
    # `studio files --fit` and Discover: 6.4 GB for two minutes before; now one read.
    client = HubClient(HubConfig(endpoint=hostile_hub.endpoint, cache_dir=tmp_path))
    details = await client.repo("evil/Hostile-GGUF")
    model = next(m for m in details.models if m.name.startswith("Layers"))

    def judge(summary: ModelSummary, name: str) -> object:
        raise AssertionError("a hostile header must never reach the planner")

    verdict = await remote_assessor(client, judge)(details, model)  # type: ignore[arg-type]
    assert verdict.kind is FitKind.UNKNOWN and verdict.problem == "gguf.bad_metadata"
