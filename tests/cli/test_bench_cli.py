"""`studio bench`: variants as a person types them, read as the knob table's options read
them; and on the real engine, `--json` holds the same figures the store keeps."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from studio.cli import main
from studio.cli.bench import parse_variant
from studio.core.bench import BenchStore, Changes
from studio.core.devices import SplitMode
from studio.core.errors import StudioError
from studio.core.paths import AppPaths


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("ub=1024,t=4", Changes({"ubatch": 1024, "threads": 4})),
        ("ctk=q8_0, ctv=q8_0", Changes({"cache_type_k": "q8_0", "cache_type_v": "q8_0"})),
        ("fa=off,sm=tensor", Changes({"flash_attn": False, "split_mode": SplitMode.TENSOR})),
        ("n-cpu-moe=4,layers:CUDA0=20", Changes({"n_cpu_moe": 4}, {"CUDA0": 20})),
        ("n_cpu_moe=4,kv-unified=on", Changes({"n_cpu_moe": 4, "kv_unified": True})),
        ("", Changes()),
    ],
)
def test_a_variant_is_read_as_the_options_read_it(text: str, changes: Changes) -> None:
    assert parse_variant(text) == changes


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("ub", "bench_variant_invalid"),
        ("=3", "bench_variant_invalid"),
        ("ub=0", "bench_knob_value_invalid"),
        ("ctk=q9_9", "bench_knob_value_invalid"),
        ("layers:CUDA0=many", "bench_knob_value_invalid"),
        ("ngl=3", "bench_knob_unknown"),  # the placement's: vary layers:DEV instead
        ("speed=11", "bench_knob_unknown"),
    ],
)
def test_a_bad_variant_is_refused_with_its_code(text: str, code: str) -> None:
    with pytest.raises(StudioError) as raised:
        parse_variant(text)
    assert raised.value.code == code


@pytest.mark.engine
def test_json_holds_the_figures_the_store_keeps(
    smollm2: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("STUDIO_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", "HOST:16GiB")
    quick = ["-c", "1024", "--runs", "1", "--prompt-lengths", "32", "--tokens", "4"]
    exported = tmp_path / "bench.csv"
    code = main(
        ["bench", str(smollm2), *quick, "--variant", "ub=256", "--json", "--csv", str(exported)]
    )
    assert code == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["kind"] == "comparison"
    assert [o["variant"] for o in printed["outcomes"]] == ["base", "ubatch=256"]
    assert printed["sentences"]  # the verdict in words
    (kept,) = BenchStore.of(AppPaths.default()).directory.iterdir()
    (record,) = json.loads(kept.read_text())["records"]
    assert printed["outcomes"] == record["outcomes"]
    with exported.open(newline="") as rows:
        figures = {(r["variant"], r["measure"]): float(r["median"]) for r in csv.DictReader(rows)}
    base = printed["outcomes"][0]["result"]
    assert figures["base", "generation_per_s"] == base["generation_per_s"]["median"]
