"""The local library: every GGUF in the Hugging Face cache and in the user's model folders,
each with a summary read from its header; import and delete.

Partial downloads are never listed: the HF cache keeps them as `blobs/*.incomplete` outside
any snapshot, our folders as `*.part`, and neither ends in `.gguf`.
Everything here blocks on the disk; callers run it in a worker thread.
"""

from __future__ import annotations

import enum
import errno
import logging
import os
import shutil
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType

import gguf
from huggingface_hub import scan_cache_dir
from huggingface_hub.errors import CacheNotFound

from studio.core.errors import StudioError
from studio.core.gguf import read_model
from studio.core.hub.errors import (
    LIBRARY_FOLDER_TOO_DEEP,
    LIBRARY_FOLDER_TOO_LARGE,
    LIBRARY_FOLDER_UNREADABLE,
    LIBRARY_IS_MMPROJ,
    LIBRARY_NOT_GGUF,
    LIBRARY_UNREADABLE,
    LibraryError,
)
from studio.core.hub.naming import is_gguf, is_mmproj, quant_of, shard_of
from studio.core.memory import summarize

log = logging.getLogger(__name__)

# The architecture llama.cpp's multimodal projectors declare.
PROJECTOR_ARCHITECTURES = frozenset({"clip", "mmproj"})
# How deep a scan goes below a models folder (the HF cache nests five): a folder built to be
# 1,100 deep must cost its own branch, not the stack or the whole list.
MAX_FOLDER_DEPTH = 32
# How many folders one models folder may make a scan list: a link to `/` in it must not
# turn every library scan (and every on-demand load of `studio serve`) into a disk crawl.
MAX_FOLDERS = 20_000


class Source(enum.Enum):
    HF_CACHE = "hf-cache"
    FOLDER = "folder"


@dataclass(frozen=True)
class LocalModel:
    path: Path  # the file to load (the first shard of a split model)
    files: tuple[Path, ...]  # every shard
    size: int
    source: Source
    repo_id: str  # the Hub repository for cached files, "" for folder files
    architecture: str
    name: str
    parameters: int
    quant: str
    context_length: int
    is_projector: bool
    # A code when the header could not be read (truncated, missing shard, implausible
    # hyper-parameters...); the row is still listed, with its reason, so the user can
    # see what is wrong and delete it. One bad file never hides the others.
    problem: str = ""
    # The code's parameters (for the translated sentence) and the English detail (CLI).
    problem_params: Mapping[str, object] = field(
        default_factory=lambda: MappingProxyType({}), compare=False
    )
    problem_detail: str = field(default="", compare=False)

    @property
    def file_name(self) -> str:
        return self.path.name


def _file_type_label(file_type: int | None) -> str:
    if file_type is None:
        return ""
    try:
        name = gguf.LlamaFileType(file_type).name
    except ValueError:
        return ""
    return name.removeprefix("MOSTLY_").removeprefix("ALL_")


def describe(
    path: Path, source: Source = Source.FOLDER, repo_id: str = "", files: Sequence[Path] = ()
) -> LocalModel:
    """A library row for one model file (the first shard for split models)."""
    shards = tuple(files) or (path,)
    row = LocalModel(
        path=path,
        files=shards,
        size=sum(_size(f) for f in shards),
        source=source,
        repo_id=repo_id,
        architecture="",
        name=path.stem,
        parameters=0,
        quant=quant_of(path.name),
        context_length=0,
        is_projector=is_mmproj(path.name),
    )
    try:
        return _described(row, path)
    except StudioError as error:
        return _with_problem(row, error)
    except OSError as error:
        return _with_problem(
            row, LibraryError(LIBRARY_UNREADABLE, f"{path}: {error}", path=str(path))
        )
    except Exception:
        # A file no check foresaw must cost its own row, never the whole list.
        log.exception("reading %s for the library failed", path)
        return _with_problem(
            row, LibraryError(LIBRARY_UNREADABLE, f"{path}: unexpected failure", path=str(path))
        )


def _with_problem(row: LocalModel, error: StudioError) -> LocalModel:
    return replace(
        row,
        problem=error.code,
        problem_params=MappingProxyType({"path": str(row.path), **error.params}),
        problem_detail=error.detail,
    )


def _described(row: LocalModel, path: Path) -> LocalModel:
    model = read_model(path)
    meta = model.metadata
    architecture = str(meta.get("general.architecture") or "")
    file_type = meta.get("general.file_type")
    row = replace(
        row,
        architecture=architecture,
        name=str(meta.get("general.name") or path.stem),
        quant=row.quant or _file_type_label(file_type if isinstance(file_type, int) else None),
        is_projector=row.is_projector or architecture in PROJECTOR_ARCHITECTURES,
    )
    try:
        summary = summarize(model)
    except (StudioError, KeyError, ValueError, ArithmeticError):
        return row  # projectors and unknown layouts: what the metadata says is enough
    return replace(
        row,
        parameters=summary.parameter_count,
        context_length=summary.context_length,
        # No quant in the name or the metadata: the type most of the weights use.
        quant=row.quant or _dominant_type(summary.quant_mix),
    )


def _dominant_type(quant_mix: Mapping[str, int]) -> str:
    return max(quant_mix, key=lambda name: quant_mix[name]).upper() if quant_mix else ""


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _group(paths: Iterable[Path]) -> list[tuple[Path, tuple[Path, ...]]]:
    """(first file, all shards) for each model among `paths`."""
    singles: list[tuple[Path, tuple[Path, ...]]] = []
    sets: dict[tuple[Path, str], list[tuple[int, Path]]] = {}
    for path in paths:
        shard = shard_of(path.name)
        if shard is None:
            singles.append((path, (path,)))
        else:
            sets.setdefault((path.parent, shard.base), []).append((shard.index, path))
    for members in sets.values():
        members.sort()
        ordered = tuple(p for _, p in members)
        singles.append((ordered[0], ordered))
    return singles


def scan_folder(folder: Path) -> list[LocalModel]:
    """The models below `folder`, and one row for each part of it the scan had to skip
    (a folder it could not list, one nested too deep), so that part is said, not lost."""
    if not folder.is_dir():
        return []
    paths, skipped = _gguf_files(folder)
    models = [describe(first, Source.FOLDER, "", shards) for first, shards in _group(paths)]
    return models + [_skipped_row(error) for error in skipped]


def _gguf_files(folder: Path) -> tuple[list[Path], list[LibraryError]]:
    """Every `*.gguf` below `folder` (sorted) and what could not be searched.

    Iterative, so depth costs no stack; linked folders are followed (a models folder may
    link to another disk) but each real folder, by (device, inode), is searched once, so a
    link back up the tree (or a bind mount of a parent) ends instead of looping. Not only
    regular files: a FIFO or a device named *.gguf is listed as a row that says what it is
    (describe never opens it), rather than silently left out.
    """
    found: list[Path] = []
    skipped: list[LibraryError] = []
    visited: set[tuple[int, int]] = set()
    pending: list[tuple[Path, int]] = [(folder, 0)]
    while pending:
        directory, depth = pending.pop()
        if len(visited) >= MAX_FOLDERS:
            skipped.append(_too_large(folder))
            break
        try:
            identity = directory.stat()
            if (identity.st_dev, identity.st_ino) in visited:
                log.debug("%s was already searched (a link loop); skipped", directory)
                continue
            visited.add((identity.st_dev, identity.st_ino))
            entries = _listing(directory)
        except OSError as error:
            skipped.append(_unreadable_folder(directory, error))
            continue
        for entry in entries:
            if _is_folder(entry):
                if depth + 1 > MAX_FOLDER_DEPTH:
                    skipped.append(_too_deep(entry.path))
                else:
                    pending.append((Path(entry.path), depth + 1))
            elif entry.name.endswith(".gguf") and not entry.name.startswith("."):
                found.append(Path(entry.path))
    return sorted(found), skipped


def _listing(directory: Path) -> list[os.DirEntry[str]]:
    with os.scandir(directory) as entries:
        return list(entries)


def _is_folder(entry: os.DirEntry[str]) -> bool:
    """Whether to search `entry` (a folder, or a link to one). A link that loops or leads
    nowhere is not a folder: as a `*.gguf` it becomes a row that says so."""
    try:
        return entry.is_dir()
    except OSError:
        return False


def _unreadable_folder(path: Path, error: Exception) -> LibraryError:
    if isinstance(error, RecursionError):
        reason = "its folders are nested too deep"
    elif isinstance(error, OSError):
        reason = error.strerror or str(error)
    else:
        reason = str(error)
    return LibraryError(
        LIBRARY_FOLDER_UNREADABLE, f"{path}: {reason}; not searched", path=str(path), reason=reason
    )


def _too_deep(path: str) -> LibraryError:
    detail = f"{path}: nested more than {MAX_FOLDER_DEPTH} folders deep; not searched"
    return LibraryError(LIBRARY_FOLDER_TOO_DEEP, detail, path=path, depth=MAX_FOLDER_DEPTH)


def _too_large(folder: Path) -> LibraryError:
    detail = f"{folder}: holds more than {MAX_FOLDERS} folders; the rest was not searched"
    return LibraryError(LIBRARY_FOLDER_TOO_LARGE, detail, path=str(folder), folders=MAX_FOLDERS)


def _skipped_row(error: LibraryError) -> LocalModel:
    """A row for a part of a models folder the scan skipped. It has no files: nothing to
    load (it has a problem), and deleting it removes nothing."""
    path = Path(str(error.params["path"]))
    row = LocalModel(
        path=path,
        files=(),
        size=0,
        source=Source.FOLDER,
        repo_id="",
        architecture="",
        name=path.name,
        parameters=0,
        quant="",
        context_length=0,
        is_projector=False,
    )
    return _with_problem(row, error)


def scan_hf_cache(cache_dir: Path) -> list[LocalModel]:
    try:
        info = scan_cache_dir(cache_dir)
    except CacheNotFound:
        return []
    except (OSError, ValueError, RecursionError) as error:
        # huggingface_hub walks each snapshot recursively: a folder nested 1,100 deep in
        # it raises RecursionError. The cache is said as one row; the folders still list.
        log.warning("the Hugging Face cache %s could not be scanned: %r", cache_dir, error)
        return [_skipped_row(_unreadable_folder(cache_dir, error))]
    found: list[LocalModel] = []
    for repo in sorted(info.repos, key=lambda r: r.repo_id):
        if repo.repo_type != "model":
            continue
        seen_blobs: set[Path] = set()
        for revision in sorted(repo.revisions, key=lambda r: r.commit_hash):
            paths = []
            for cached in sorted(revision.files, key=lambda f: str(f.file_path)):
                if is_gguf(cached.file_name) and cached.blob_path not in seen_blobs:
                    seen_blobs.add(cached.blob_path)
                    paths.append(cached.file_path)
            found += [
                describe(first, Source.HF_CACHE, repo.repo_id, shards)
                for first, shards in _group(paths)
            ]
    return found


def scan_library(hf_cache: Path | None, folders: Sequence[Path]) -> list[LocalModel]:
    """Every model in the HF cache and the folders, projectors included (flagged).

    A file is listed once, however it is reached: a folder that contains the HF cache, two
    folders that overlap, or a link to a cached blob all lead to the same real file.
    """
    found = scan_hf_cache(hf_cache) if hf_cache is not None else []
    for folder in folders:
        found += scan_folder(folder)
    unique: list[LocalModel] = []
    seen: set[Path] = set()
    for model in found:
        real = _real_path(model.path)
        if real not in seen:
            seen.add(real)
            unique.append(model)
    return unique


def _real_path(path: Path) -> Path:
    """Where `path` really leads; a link loop (RuntimeError before Python 3.13) or an
    unreadable link leads to itself, so its row stays, with the reason it cannot be read."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()


def validate_importable(path: Path) -> LocalModel:
    """The file's library row if it is a GGUF main model; otherwise a `LibraryError`."""
    if not path.is_file():
        raise LibraryError(LIBRARY_UNREADABLE, f"{path} is not a file", path=str(path))
    model = describe(path, files=_shards_beside(path))
    if model.problem:
        code = LIBRARY_UNREADABLE if model.problem in _UNREADABLE else LIBRARY_NOT_GGUF
        raise LibraryError(code, f"{path}: {model.problem}", path=str(path), reason=model.problem)
    if model.is_projector:
        raise LibraryError(LIBRARY_IS_MMPROJ, f"{path} is a projector", path=str(path))
    return model


# Problems of the file itself rather than of its content.
_UNREADABLE = frozenset(
    {LIBRARY_UNREADABLE, "model_missing", "model_unreadable", "model_not_regular_file"}
)


def _shards_beside(path: Path) -> tuple[Path, ...]:
    shard = shard_of(path.name)
    if shard is None:
        return (path,)
    return tuple(
        path.with_name(f"{Path(shard.base).name}-{i:05d}-of-{shard.count:05d}.gguf")
        for i in range(1, shard.count + 1)
    )


def import_model(path: Path, folder: Path) -> LocalModel:
    """Validate `path` and bring it (every shard) into `folder`: a hard link when both are
    on one file system (instant, no extra space), else a copy. The original stays."""
    model = validate_importable(path)
    folder.mkdir(parents=True, exist_ok=True)
    placed: list[Path] = []
    for source in model.files:
        target = folder / source.name
        if target.exists():
            raise LibraryError(LIBRARY_UNREADABLE, f"{target} exists", path=str(target))
        try:
            os.link(source, target)
        except OSError as error:
            if error.errno not in (errno.EXDEV, errno.EPERM, errno.EMLINK, errno.ENOTSUP):
                raise
            partial = target.with_name(target.name + ".part")
            shutil.copyfile(source, partial)
            partial.replace(target)
        placed.append(target)
    return describe(placed[0], Source.FOLDER, "", placed)


def delete_model(model: LocalModel, hf_cache: Path | None = None) -> None:
    """Remove a model's files. In the HF cache, the snapshot links go and each blob goes
    once no other snapshot still points at it."""
    if model.source is Source.FOLDER:
        for path in model.files:
            path.unlink(missing_ok=True)
        return
    if hf_cache is None:
        raise LibraryError(LIBRARY_UNREADABLE, "no cache directory given", path=str(model.path))
    info = scan_cache_dir(hf_cache)
    ours = {p.absolute() for p in model.files}
    blobs_kept: set[Path] = set()
    blobs_ours: set[Path] = set()
    for repo in info.repos:
        for revision in repo.revisions:
            for cached in revision.files:
                if cached.file_path.absolute() in ours:
                    blobs_ours.add(cached.blob_path)
                else:
                    blobs_kept.add(cached.blob_path)
    for path in model.files:
        path.unlink(missing_ok=True)
    for blob in blobs_ours - blobs_kept:
        blob.unlink(missing_ok=True)
