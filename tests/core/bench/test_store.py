"""Results are kept per model, engine build and device set, read back, and exported as
JSON and CSV that parse back to the same figures."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pytest

from studio.core.bench import (
    BenchKey,
    BenchRecord,
    BenchStore,
    Comparison,
    Outcome,
    RecordKind,
    export_csv,
    export_json,
    write_export,
)
from studio.core.bench.export import check_export_target
from studio.core.bench.store import MAX_RECORDS
from studio.core.errors import Problem, StudioError
from studio.core.voice import ENGLISH
from tests.core.bench.bench_support import OPTIONS
from tests.core.bench.test_stats import result

KEY = BenchKey("/models/m.gguf", 1000, 7, "b1234 (abc)", ("gpu GPU-1 RTX", "host host Host"))


def record(when: float = 1.0) -> BenchRecord:
    outcomes = [
        Outcome("base", result=result(10.0, 11.0, 12.0)),
        Outcome("ubatch=1024", {"ubatch": "1024"}, result(20.0, 21.0, 22.0)),
        Outcome("too big", {"layers:GPU-1": "99"}, problem=Problem("model_does_not_fit")),
    ]
    return BenchRecord(RecordKind.COMPARISON, when, OPTIONS, Comparison.of(outcomes))


def test_records_are_kept_per_key_and_read_back(tmp_path: Path) -> None:
    store = BenchStore(tmp_path / "bench")
    store.add(KEY, record(1.0))
    store.add(KEY, record(2.0))
    assert store.records(KEY) == (record(1.0), record(2.0))
    assert store.latest(KEY) == record(2.0)
    other_engine = BenchKey(KEY.model, KEY.model_size, KEY.model_mtime_ns, "b9999", KEY.devices)
    assert store.path(other_engine) != store.path(KEY)
    assert store.records(other_engine) == () and store.latest(other_engine) is None


def test_the_oldest_records_make_way(tmp_path: Path) -> None:
    store = BenchStore(tmp_path)
    for when in range(MAX_RECORDS + 2):
        store.add(KEY, record(float(when)))
    kept = store.records(KEY)
    assert len(kept) == MAX_RECORDS and kept[0].when == 2.0


def test_a_damaged_file_or_record_is_left_out(tmp_path: Path) -> None:
    store = BenchStore(tmp_path)
    store.path(KEY).write_text("{not json")
    assert store.records(KEY) == ()
    store.add(KEY, record())  # replaces the damage
    data = json.loads(store.path(KEY).read_text())
    data["records"].insert(0, {"kind": "comparison", "when": "yesterday"})
    store.path(KEY).write_text(json.dumps(data))
    assert store.records(KEY) == (record(),)


def test_the_key_is_the_model_file_the_engine_and_the_devices(tmp_path: Path) -> None:
    from studio.core.placement.setup import Machine
    from tests.support.synthetic import synthetic_model

    setup = Machine.of({"STUDIO_FAKE_DEVICES": "GPU0:8GiB,HOST:16GiB"}).setup(
        synthetic_model("tiny-llama"), None
    )
    plan = setup.planner.plan(setup.base_request)
    key = BenchKey.of(plan, None)
    assert key.model == str(plan.model_path.resolve())
    assert key.model_size == plan.model_path.stat().st_size
    assert [d.split()[0] for d in key.devices] == ["gpu", "host"]


def test_json_and_csv_exports_parse_back_to_the_same_figures() -> None:
    kept = record()
    data = json.loads(export_json(kept, KEY, ENGLISH.code))
    assert data["key"] == KEY.to_json()
    assert Comparison.from_json(data) == kept.comparison
    assert data["sentences"][0] == "ubatch=1024 generates 1.91 times as fast as base."
    rows = list(csv.DictReader(io.StringIO(export_csv(kept))))
    generation = [r for r in rows if r["measure"] == "generation_per_s"]
    assert [(r["variant"], float(r["median"]), r["runs"]) for r in generation] == [
        ("base", 11.0, "3"),
        ("ubatch=1024", 21.0, "3"),
    ]
    assert {r["variant"] for r in rows} == {"base", "ubatch=1024"}  # "too big" has no figures


def test_an_export_is_refused_by_a_fifo_or_a_folder_without_waiting(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "out.csv")  # nobody reads it: a blocking open would wait forever
    with pytest.raises(StudioError) as raised:
        write_export(tmp_path / "out.csv", "x")
    assert raised.value.code == "bench_export_failed"
    with pytest.raises(StudioError):
        write_export(tmp_path, "x")
    for refused in (tmp_path, tmp_path / "out.csv", tmp_path / "no-folder" / "x.csv"):
        with pytest.raises(StudioError):
            check_export_target(refused)  # before anything is measured
    check_export_target(tmp_path / "new.csv")
    target = tmp_path / "kept.csv"
    target.write_text("an older and much longer export\n")
    write_export(target, "new\n")
    assert target.read_text() == "new\n"
    assert target.stat().st_size == 4
