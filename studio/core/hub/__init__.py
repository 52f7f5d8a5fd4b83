"""Hugging Face discovery, downloads and the local library.

- `HubClient(config)`: async `search(query, sort, page)`, `repo(repo_id)` (GGUF files grouped
  by quant, shards merged, mmproj apart, card summary), `file_url`, `file_metadata`.
  `HubConfig` holds the endpoint, proxy, timeouts and cache folder; the token is read from
  huggingface_hub's store.
- `fit`: `remote_assessor(client, judge)` reads a remote header (HTTP Range) and judges it;
  `plan_fit` is the judge built on the placement planner's auto-fit.
- `DownloadQueue`: jobs of files that belong together (shards + mmproj), resumable after
  stalls and drops, sha256-verified, with progress, pause/resume/cancel; `journal` keeps
  unfinished jobs across sessions. `transfer.FileTransfer` moves one file.
- `HfCacheTarget` / `FolderTarget`: where downloaded files land (`targets`).
- `library`: scan the HF cache and folders, import, delete.
- Failures are `HubError` / `DownloadError` / `LibraryError` with codes from `errors`.
"""

from studio.core.hub.client import FileMetadata, HubClient
from studio.core.hub.config import HubConfig
from studio.core.hub.downloads import (
    DownloadQueue,
    DownloadRequest,
    DownloadSnapshot,
    FileProgress,
    JobState,
)
from studio.core.hub.errors import DownloadError, HubError, LibraryError
from studio.core.hub.repo import ModelFile, RemoteFile, RepoDetails
from studio.core.hub.search import RepoSummary, SearchPage, SearchSort
from studio.core.hub.targets import DownloadTarget, FolderTarget, HfCacheTarget
from studio.core.hub.transfer import RetryNotice, RetryPolicy

__all__ = [
    "DownloadError",
    "DownloadQueue",
    "DownloadRequest",
    "DownloadSnapshot",
    "DownloadTarget",
    "FileMetadata",
    "FileProgress",
    "FolderTarget",
    "HfCacheTarget",
    "HubClient",
    "HubConfig",
    "HubError",
    "JobState",
    "LibraryError",
    "ModelFile",
    "RemoteFile",
    "RepoDetails",
    "RepoSummary",
    "RetryNotice",
    "RetryPolicy",
    "SearchPage",
    "SearchSort",
]
