"""Benchmark results kept per model, engine build and device set, as JSON under the app's
data folder (`AppPaths.data_dir / "bench"`): one file per key, the newest records kept.

A figure is only comparable with one taken on the same file, by the same engine build,
on the same devices, so those three are the key (the model by path, size and
modification time: hashing gigabytes to file a benchmark would take longer than one).
Read with `safe_read` under a cap; a damaged file or record is left out, never fatal.
Blocking (file I/O): the app calls it with `asyncio.to_thread`.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from studio.core.atomic_file import write_json_atomically
from studio.core.bench.results import BenchOptions, BenchResult
from studio.core.bench.verdict import Comparison, Say
from studio.core.engine.info import EngineInfo
from studio.core.paths import AppPaths
from studio.core.placement.plan import Plan
from studio.core.safe_read import read_regular

log = logging.getLogger(__name__)

STORE_FORMAT = "gguf-studio-bench"
STORE_VERSION = 1
MAX_STORE_BYTES = 8 * 1024 * 1024
MAX_RECORDS = 50  # per key; older ones make way


@dataclass(frozen=True)
class BenchKey:
    """What a result is comparable under: the model file, the engine build and every
    device the plan knows ("kind key label", the host last)."""

    model: str
    model_size: int
    model_mtime_ns: int
    engine: str
    devices: tuple[str, ...]

    @classmethod
    def of(cls, plan: Plan, engine: EngineInfo | None) -> BenchKey:
        """Blocking: it reads the model file's size and time."""
        path = plan.model_path.expanduser().resolve()
        stat = path.stat()
        devices = tuple(f"{d.kind.value} {d.key} {d.label}" for d in (*plan.devices, plan.host))
        engine_label = engine.version.label if engine is not None else ""
        return cls(str(path), stat.st_size, stat.st_mtime_ns, engine_label, devices)

    def to_json(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "model_size": self.model_size,
            "model_mtime_ns": self.model_mtime_ns,
            "engine": self.engine,
            "devices": list(self.devices),
        }

    @property
    def file_name(self) -> str:
        text = json.dumps(self.to_json(), sort_keys=True)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24] + ".json"


class RecordKind(StrEnum):
    BENCHMARK = "benchmark"  # one plan
    COMPARISON = "comparison"  # A/B
    TUNING = "tuning"


@dataclass(frozen=True)
class BenchRecord:
    """One benchmark, comparison or tuning: when (seconds since the epoch), how it was
    measured and what it found (a benchmark's single outcome included)."""

    kind: RecordKind
    when: float
    options: BenchOptions
    comparison: Comparison

    def to_json(self, say: Say | None = None) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "when": self.when,
            "options": self.options.to_json(),
            **self.comparison.to_json(say),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BenchRecord:
        return cls(
            RecordKind(data["kind"]),
            float(data["when"]),
            BenchOptions.from_json(data["options"]),
            Comparison.from_json(data),
        )


class BenchStore:
    """The records of every key, one JSON file each in `directory`."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    @classmethod
    def of(cls, paths: AppPaths) -> BenchStore:
        return cls(paths.data_dir / "bench")

    def path(self, key: BenchKey) -> Path:
        return self.directory / key.file_name

    def records(self, key: BenchKey) -> tuple[BenchRecord, ...]:
        """The key's records, oldest first; damaged ones are left out."""
        records: list[BenchRecord] = []
        for item in self._raw(key):
            try:
                records.append(BenchRecord.from_json(item))
            except (KeyError, TypeError, ValueError) as error:
                log.warning("a benchmark record of %s is left out: %r", self.path(key), error)
        return tuple(records)

    def latest(self, key: BenchKey) -> BenchRecord | None:
        records = self.records(key)
        return records[-1] if records else None

    def reference(self, key: BenchKey) -> BenchResult | None:
        """The base plan's result of the latest record (its first outcome): what a tuning
        estimate is measured from."""
        latest = self.latest(key)
        first = latest.comparison.outcomes[0] if latest and latest.comparison.outcomes else None
        return first.result if first is not None else None

    def add(self, key: BenchKey, record: BenchRecord) -> None:
        """Keep `record`, dropping the oldest past MAX_RECORDS. Raises OSError."""
        kept = [*self._raw(key), record.to_json()][-MAX_RECORDS:]
        document = {
            "format": STORE_FORMAT,
            "version": STORE_VERSION,
            "key": key.to_json(),
            "records": kept,
        }
        write_json_atomically(self.path(key), document)

    def _raw(self, key: BenchKey) -> list[Mapping[str, Any]]:
        path = self.path(key)
        try:
            document = json.loads(read_regular(path, limit=MAX_STORE_BYTES).decode("utf-8"))
        except FileNotFoundError:
            return []
        except (OSError, ValueError, RecursionError) as error:
            log.warning("benchmark results in %s are left out: %s", path, error)
            return []
        if not isinstance(document, dict) or document.get("format") != STORE_FORMAT:
            log.warning("%s is not a benchmark results file: left out", path)
            return []
        records = document.get("records")
        return [r for r in records if isinstance(r, dict)] if isinstance(records, list) else []
