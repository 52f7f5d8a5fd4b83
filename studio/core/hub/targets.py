"""Where downloaded files go, and how a verified partial file becomes a complete one.

Two layouts: the standard Hugging Face cache (blobs named by etag, snapshot symlinks, refs),
so every HF tool shares what we download; or a models folder the user picks, as
`<folder>/<org>/<repo>/<path>`. In both, bytes arrive in a file whose name no GGUF scanner
takes for a model (`.incomplete`, `.part`) and are moved into place only after verification.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from studio.core.hub.errors import DownloadError
from studio.core.hub.naming import contained_path, safe_relative_path
from studio.core.hub.repo import RemoteFile

PART_SUFFIX = ".part"


class DownloadTarget(Protocol):
    @property
    def root(self) -> Path:
        """The directory whose file system receives the bytes (for the disk-space check)."""
        ...

    def partial_path(self, remote: RemoteFile) -> Path: ...

    def final_path(self, remote: RemoteFile) -> Path:
        """Where the file is usable once complete (for the HF cache: its snapshot path)."""
        ...

    def is_complete(self, remote: RemoteFile) -> bool: ...

    def finalize(self, remote: RemoteFile) -> Path:
        """Move the verified partial file into place; returns `final_path`."""
        ...


def downloaded_in(files: Sequence[RemoteFile], targets: Sequence[DownloadTarget]) -> bool:
    """Whether every one of `files` is complete in one of `targets` (blocking: stats)."""
    for target in targets:
        try:
            if all(target.is_complete(remote) for remote in files):
                return True
        except (OSError, DownloadError):
            continue  # an unreadable folder or an unsafe name is simply not a copy
    return False


def _repo_folder_name(repo_id: str) -> str:
    # huggingface_hub's own naming: models--org--name
    return "models--" + "--".join(safe_relative_path(repo_id).parts)


@dataclass(frozen=True)
class HfCacheTarget:
    cache_dir: Path
    repo_id: str
    revision: str  # a commit sha

    @property
    def root(self) -> Path:
        return self.cache_dir

    @property
    def repo_dir(self) -> Path:
        return self.cache_dir / _repo_folder_name(self.repo_id)

    def _blob(self, remote: RemoteFile) -> Path:
        return contained_path(self.repo_dir / "blobs", remote.etag)

    def partial_path(self, remote: RemoteFile) -> Path:
        blob = self._blob(remote)
        return blob.with_name(blob.name + ".incomplete")  # huggingface_hub's own suffix

    def final_path(self, remote: RemoteFile) -> Path:
        snapshot = self.repo_dir / "snapshots" / safe_relative_path(self.revision).as_posix()
        return contained_path(snapshot, remote.path)

    def is_complete(self, remote: RemoteFile) -> bool:
        blob = self._blob(remote)
        final = self.final_path(remote)
        # is_file, not exists: a FIFO in the snapshot is not a finished download.
        return blob.is_file() and blob.stat().st_size == remote.size and final.is_file()

    def finalize(self, remote: RemoteFile) -> Path:
        blob = self._blob(remote)
        self.partial_path(remote).replace(blob)
        final = self.final_path(remote)
        final.parent.mkdir(parents=True, exist_ok=True)
        if final.is_symlink() or final.exists():
            final.unlink()
        try:
            final.symlink_to(os.path.relpath(blob, final.parent))
        except OSError:
            # No symlinks (Windows without developer mode): huggingface_hub then keeps a
            # copy in the snapshot too.
            shutil.copyfile(blob, final)
        refs = self.repo_dir / "refs"
        refs.mkdir(parents=True, exist_ok=True)
        (refs / "main").write_text(self.revision)
        return final


@dataclass(frozen=True)
class FolderTarget:
    folder: Path
    repo_id: str

    @property
    def root(self) -> Path:
        return self.folder

    @property
    def repo_dir(self) -> Path:
        return contained_path(self.folder, self.repo_id)

    def partial_path(self, remote: RemoteFile) -> Path:
        final = self.final_path(remote)
        return final.with_name(final.name + PART_SUFFIX)

    def final_path(self, remote: RemoteFile) -> Path:
        return contained_path(self.repo_dir, remote.path)

    def is_complete(self, remote: RemoteFile) -> bool:
        final = self.final_path(remote)
        return final.is_file() and final.stat().st_size == remote.size

    def finalize(self, remote: RemoteFile) -> Path:
        final = self.final_path(remote)
        self.partial_path(remote).replace(final)
        return final
