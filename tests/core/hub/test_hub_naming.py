"""File names from the Hub: quants, shards, mmproj, card summaries, and the path guard."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studio.core.hub.errors import DOWNLOAD_UNSAFE_PATH, DownloadError
from studio.core.hub.naming import contained_path, is_mmproj, quant_of, safe_relative_path, shard_of
from studio.core.hub.repo import RemoteFile, card_summary, group_models


@pytest.mark.parametrize(
    ("name", "quant"),
    [
        ("Qwen3-8B-Q4_K_M.gguf", "Q4_K_M"),
        ("Llama-3.2-1B-Instruct-Q8_0.gguf", "Q8_0"),
        ("model.IQ2_XXS.gguf", "IQ2_XXS"),
        ("gemma-3-4b-it-qat-q4_0.gguf", "Q4_0"),
        ("UD/Qwen3-30B-A3B-UD-Q4_K_XL-00001-of-00002.gguf", "UD-Q4_K_XL"),
        ("gpt-oss-20b-MXFP4.gguf", "MXFP4"),
        ("x-bf16.gguf", "BF16"),
        ("SmolLM2-135M-Instruct.Q4_1.gguf", "Q4_1"),
        ("no-quant-here.gguf", ""),
    ],
)
def test_quant_label_from_file_name(name: str, quant: str) -> None:
    assert quant_of(name) == quant


def test_shards_and_mmproj_are_recognised() -> None:
    shard = shard_of("BF16/m-BF16-00002-of-00003.gguf")
    assert shard is not None and (shard.base, shard.index, shard.count) == ("BF16/m-BF16", 2, 3)
    assert shard_of("m-00004-of-00003.gguf") is None  # index beyond count is not a shard
    assert shard_of("m-Q4_K_M.gguf") is None
    assert is_mmproj("mmproj-model-f16.gguf") and not is_mmproj("model-f16.gguf")


def _file(path: str, size: int) -> RemoteFile:
    return RemoteFile(path, size, "0" * 64, "1" * 40)


def test_grouping_merges_shards_sums_sizes_and_separates_mmproj() -> None:
    models, mmproj = group_models(
        [
            _file("README.md", 10),
            _file("m-Q8_0.gguf", 800),
            _file("BF16/m-BF16-00002-of-00002.gguf", 700),
            _file("BF16/m-BF16-00001-of-00002.gguf", 900),
            _file("m-Q4_K_M.gguf", 500),
            _file("mmproj-m-f16.gguf", 60),
            _file("Q2/m-Q2_K-00001-of-00003.gguf", 100),  # shards 2 and 3 missing
        ]
    )
    assert [(m.name, m.quant, m.size, m.complete) for m in models] == [
        ("m-Q2_K", "Q2_K", 100, False),
        ("m-Q4_K_M.gguf", "Q4_K_M", 500, True),
        ("m-Q8_0.gguf", "Q8_0", 800, True),
        ("m-BF16", "BF16", 1600, True),
    ]
    bf16 = models[-1]
    assert bf16.split and [f.path for f in bf16.files] == [
        "BF16/m-BF16-00001-of-00002.gguf",
        "BF16/m-BF16-00002-of-00002.gguf",
    ]
    assert [m.name for m in mmproj] == ["mmproj-m-f16.gguf"]


def test_card_summary_skips_front_matter_headings_and_markup() -> None:
    card = (
        "---\nlicense: mit\n---\n# Title\n\n<p align=center><img src=x></p>\n\n"
        "[![badge](b.svg)](https://x)\n\n```\ncode block that is long enough to count\n```\n\n"
        "This **model** is a [fine-tune](https://x) of `Base` for chatting in many languages.\n"
    )
    assert card_summary(card) == (
        "This model is a fine-tune of Base for chatting in many languages."
    )
    long = "word " * 200
    summary = card_summary(long)
    assert summary.endswith("…") and len(summary) <= 401
    assert card_summary("# Only a heading\n") == ""


@pytest.mark.parametrize(
    "name",
    ["../x.gguf", "a/../../x.gguf", "/etc/passwd", "C:evil.gguf", "a\\..\\b", "", "a//b", "./a"],
)
def test_unsafe_names_are_refused(name: str, tmp_path: Path) -> None:
    with pytest.raises(DownloadError) as caught:
        contained_path(tmp_path, name)
    assert caught.value.code == DOWNLOAD_UNSAFE_PATH


def test_a_symlinked_folder_cannot_lead_outside(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    (root / "link").symlink_to(tmp_path)
    with pytest.raises(DownloadError):
        contained_path(root, "link/escape.gguf")


@given(st.text(alphabet="ab./\\:\x00", max_size=12))
def test_any_accepted_name_stays_inside(name: str) -> None:
    root = Path("/srv/models")
    try:
        relative = safe_relative_path(name)
    except DownloadError:
        return
    assert (root / relative).resolve().is_relative_to(root)
