"""One repository's downloadable models: GGUF files grouped by quant, split shards as one
entry, mmproj companions apart, and a short summary of the model card."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import PurePosixPath

from studio.core.hub.naming import is_gguf, is_mmproj, quant_of, shard_of


@dataclass(frozen=True)
class RemoteFile:
    path: str  # relative to the repository root, as the Hub names it
    size: int
    # The Hub's sha256 of the content for LFS files (every real GGUF); None for git files.
    sha256: str | None
    # The git blob id (sha1 of "blob <size>\0<content>"); verifies non-LFS files.
    blob_id: str

    @property
    def etag(self) -> str:
        """What the Hub sends as X-Linked-Etag/ETag, and the blob name in the HF cache."""
        return self.sha256 or self.blob_id


@dataclass(frozen=True)
class ModelFile:
    """One model as a user picks it: a single GGUF or all shards of a split one."""

    name: str  # the file name, or the shard base name for a split model
    quant: str
    files: tuple[RemoteFile, ...]  # shards in order; the header is in files[0]
    expected_shards: int  # 1 for a single file

    @property
    def size(self) -> int:
        return sum(f.size for f in self.files)

    @property
    def split(self) -> bool:
        return self.expected_shards > 1

    @property
    def complete(self) -> bool:
        """False when the repository lacks some shards of a split model."""
        return len(self.files) == self.expected_shards

    @property
    def first(self) -> RemoteFile:
        return self.files[0]


@dataclass(frozen=True)
class RepoDetails:
    repo_id: str
    revision: str  # the commit the file list belongs to; downloads pin it
    models: tuple[ModelFile, ...]  # smallest first
    mmproj: tuple[ModelFile, ...]
    summary: str
    license: str
    base_model: str
    gated: bool
    downloads: int
    likes: int
    tags: tuple[str, ...]


def group_models(
    files: Iterable[RemoteFile],
) -> tuple[tuple[ModelFile, ...], tuple[ModelFile, ...]]:
    """(main models, mmproj companions), each smallest first."""
    singles: list[ModelFile] = []
    shard_sets: dict[str, list[tuple[int, int, RemoteFile]]] = {}
    for remote in files:
        if not is_gguf(remote.path):
            continue
        shard = shard_of(remote.path)
        if shard is None:
            singles.append(
                ModelFile(PurePosixPath(remote.path).name, quant_of(remote.path), (remote,), 1)
            )
        else:
            shard_sets.setdefault(shard.base, []).append((shard.index, shard.count, remote))
    for base, members in shard_sets.items():
        members.sort(key=lambda m: m[0])
        count = max(m[1] for m in members)
        ordered = tuple(m[2] for m in members)
        singles.append(ModelFile(PurePosixPath(base).name, quant_of(base), ordered, count))
    singles.sort(key=lambda m: (m.size, m.name))
    models = tuple(m for m in singles if not is_mmproj(m.files[0].path))
    companions = tuple(m for m in singles if is_mmproj(m.files[0].path))
    return models, companions


_FRONT_MATTER = re.compile(r"\A---\s*\n.*?\n---\s*\n", re.DOTALL)
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"(\*\*|__|\*|`)")
_SKIPPED_STARTS = ("#", "<", "|", "```", ">", "---", "- ", "* ", "!")
SUMMARY_LIMIT = 400


def card_summary(readme: str) -> str:
    """The first prose paragraph of a model card, without markup, at most ~400 characters."""
    body = _FRONT_MATTER.sub("", readme.replace("\r\n", "\n"), count=1)
    in_code = False
    for block in re.split(r"\n\s*\n", body):
        text = block.strip()
        if text.startswith("```"):
            in_code = not in_code if text.count("```") % 2 else in_code
            continue
        if in_code or not text or text.startswith(_SKIPPED_STARTS):
            continue
        plain = _EMPHASIS.sub("", _LINK.sub(r"\1", text))
        plain = " ".join(plain.split())
        if sum(c.isalpha() for c in plain) < 30:
            continue
        if len(plain) <= SUMMARY_LIMIT:
            return plain
        cut = plain[:SUMMARY_LIMIT].rsplit(" ", 1)[0]
        return cut + "…"
    return ""
