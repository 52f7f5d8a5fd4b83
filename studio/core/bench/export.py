"""A benchmark as a file for other programs: JSON (everything, with the key and the
verdicts' sentences) and CSV (one figure a row, as plotting tools read it)."""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import stat
from pathlib import Path
from typing import Any

from studio.core.bench.results import Outcome
from studio.core.bench.stats import Spread
from studio.core.bench.store import BenchKey, BenchRecord
from studio.core.bench.verdict import Say
from studio.core.errors import StudioError

CSV_COLUMNS = (
    "variant",
    "measure",
    "prompt_tokens",
    "device",
    "median",
    "low",
    "high",
    "runs",
    "unit",
)
# measure -> (how a prompt length's figures give it, its unit)
_SPEEDS = (
    ("prompt_per_s", "tokens/s"),
    ("generation_per_s", "tokens/s"),
    ("first_token_s", "s"),
)


def export_json(
    record: BenchRecord,
    key: BenchKey,
    say: Say | None = None,
) -> str:
    """The record and its key as JSON; with `say` (`Voice.code`), the verdicts in words."""
    return json.dumps({"key": key.to_json(), **record.to_json(say)}, indent=2, default=str)


def export_csv(record: BenchRecord) -> str:
    """One row per figure: speeds and times per prompt length, then bytes per device and
    component (`median` = `low` = `high` for those, measured once)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for outcome in record.comparison.outcomes:
        writer.writerows(_rows(outcome))
    return out.getvalue()


def _rows(outcome: Outcome) -> list[list[Any]]:
    result = outcome.result
    if result is None:
        return []
    rows: list[list[Any]] = []
    for length in result.lengths:
        for measure, unit in _SPEEDS:
            spread: Spread = getattr(length, measure)
            rows.append(
                [
                    outcome.variant,
                    measure,
                    length.prompt_tokens,
                    "",
                    spread.median,
                    spread.low,
                    spread.high,
                    spread.runs,
                    unit,
                ]
            )
    for device in result.memory:
        for part, size in device.memory.parts():
            rows.append([outcome.variant, part, "", device.label, size, size, size, 1, "bytes"])
    return rows


# Non-blocking: a FIFO nobody reads refuses the open (ENXIO) instead of hanging on it.
_WRITE_FLAGS = (
    os.O_WRONLY
    | os.O_CREAT
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)  # Windows: a PNG's bytes as they are, no \r\n
)


def check_export_target(path: Path) -> None:
    """Refuse up front, before minutes of measuring, a target `write_export` would refuse
    for what it is: a folder or a special file, or a file in a folder that is not there."""
    if (path.exists() and not path.is_file()) or not path.parent.is_dir():
        raise StudioError(
            "bench_export_failed",
            f"{path}: not a regular file in an existing folder",
            path=str(path),
            reason="not a regular file in an existing folder",
        )


def write_export(path: Path, text: str | bytes) -> None:
    """Write an export (text, or an image's bytes) to a regular file (made or replaced);
    raises `bench_export_failed` with the reason, for a path that is a FIFO, a device or a
    folder too."""
    try:
        descriptor = os.open(path, _WRITE_FLAGS, 0o644)
        with os.fdopen(descriptor, "wb") as out:
            if not stat.S_ISREG(os.fstat(out.fileno()).st_mode):
                raise OSError(errno.EINVAL, "not a regular file")
            out.truncate(0)
            out.write(text.encode("utf-8") if isinstance(text, str) else text)
    except OSError as error:
        raise StudioError(
            "bench_export_failed",
            f"{path}: {error}",
            path=str(path),
            reason=error.strerror or str(error),
        ) from error
