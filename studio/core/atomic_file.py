"""Writing a file so that a crash, a full disk or a power cut leaves the old file or the new
one, never half of one: the settings, the download list, presets and benchmark results."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any


def write_text_atomically(path: Path, text: str) -> None:
    """Write `text` to a temporary file beside `path`, sync it, rename it over `path` and
    sync the folder, so the rename itself survives a power cut. Raises OSError."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        Path(temporary).replace(path)  # os.replace: atomic on POSIX and Windows
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _fsync_directory(path.parent)


def write_json_atomically(path: Path, data: Mapping[str, Any], *, sort_keys: bool = False) -> None:
    """`data` as indented UTF-8 JSON, written as `write_text_atomically` writes."""
    text = json.dumps(data, indent=2, ensure_ascii=False, sort_keys=sort_keys) + "\n"
    write_text_atomically(path, text)


def _fsync_directory(directory: Path) -> None:
    # Windows has no directory handles to sync; there the rename is as durable as it gets.
    if os.name != "posix":
        return
    descriptor = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
