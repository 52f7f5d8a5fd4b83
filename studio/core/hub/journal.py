"""The download queue on disk: unfinished jobs survive a restart and come back paused.

One small JSON file, written atomically (temporary file, then rename) so a crash leaves the
old list or the new one. A file that cannot be read is ignored: the partial files stay on
disk, and downloading the same model again resumes from them anyway.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from studio.core.atomic_file import write_json_atomically
from studio.core.hub.downloads import DownloadRequest
from studio.core.hub.repo import RemoteFile
from studio.core.hub.targets import DownloadTarget, FolderTarget, HfCacheTarget
from studio.core.safe_read import read_regular_text

log = logging.getLogger(__name__)
JOURNAL_VERSION = 1
# A job is its files' names, sizes and hashes: thousands of jobs fit in a few MiB. A
# larger file (or a FIFO, a device) in its place is unreadable, like a damaged one.
MAX_JOURNAL_BYTES = 16 * 1024 * 1024


def _target_to_json(target: DownloadTarget) -> dict[str, str]:
    if isinstance(target, HfCacheTarget):
        return {
            "kind": "hf-cache",
            "cache_dir": str(target.cache_dir),
            "repo_id": target.repo_id,
            "revision": target.revision,
        }
    if isinstance(target, FolderTarget):
        return {"kind": "folder", "folder": str(target.folder), "repo_id": target.repo_id}
    raise TypeError(f"cannot remember a {type(target).__name__}")


def _target_from_json(data: dict[str, Any]) -> DownloadTarget:
    if data["kind"] == "hf-cache":
        return HfCacheTarget(Path(data["cache_dir"]), str(data["repo_id"]), str(data["revision"]))
    if data["kind"] == "folder":
        return FolderTarget(Path(data["folder"]), str(data["repo_id"]))
    raise ValueError(f"unknown target kind {data['kind']!r}")


def request_to_json(request: DownloadRequest) -> dict[str, Any]:
    return {
        "repo_id": request.repo_id,
        "revision": request.revision,
        "title": request.title,
        "files": [
            {"path": f.path, "size": f.size, "sha256": f.sha256, "blob_id": f.blob_id}
            for f in request.files
        ],
        "target": _target_to_json(request.target),
    }


def request_from_json(data: dict[str, Any]) -> DownloadRequest:
    files = tuple(
        RemoteFile(str(f["path"]), int(f["size"]), f["sha256"], str(f["blob_id"]))
        for f in data["files"]
    )
    return DownloadRequest(
        str(data["repo_id"]),
        str(data["revision"]),
        files,
        str(data["title"]),
        _target_from_json(data["target"]),
    )


class DownloadJournal:
    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> list[DownloadRequest]:
        try:
            data = json.loads(read_regular_text(self.path, limit=MAX_JOURNAL_BYTES))
            return [request_from_json(job) for job in data["jobs"]]
        except FileNotFoundError:
            return []
        # RecursionError: JSON nested deeper than the parser's stack (a crafted file).
        except (OSError, ValueError, KeyError, TypeError, RecursionError) as error:
            log.warning("download list %s unreadable, starting empty: %s", self.path, error)
            return []

    def save(self, requests: Sequence[DownloadRequest]) -> None:
        payload = {"version": JOURNAL_VERSION, "jobs": [request_to_json(r) for r in requests]}
        write_json_atomically(self.path, payload)
