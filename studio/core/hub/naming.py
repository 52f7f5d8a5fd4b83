"""What a GGUF file name tells us: its quant, whether it is one shard of a split model, and
whether it is a multimodal projector. Also the guard that keeps Hub file names inside the
target directory.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from studio.core.hub.errors import DOWNLOAD_UNSAFE_PATH, DownloadError

# llama.cpp's gguf-split names shards `<base>-00001-of-00003.gguf`.
_SHARD = re.compile(r"^(?P<base>.+)-(?P<index>\d{5})-of-(?P<count>\d{5})\.gguf$", re.IGNORECASE)
# Quant labels as llama.cpp's quantize tool and the usual uploaders spell them; the longest
# alternatives come first so `Q4_K_M` wins over `Q4_K`.
_QUANT = re.compile(
    r"(?<![A-Za-z0-9])("
    r"UD-(?:IQ|Q)\d(?:_[A-Z0-9]+)*"
    r"|IQ\d_(?:XXS|XS|S|M|NL|L)"
    r"|I?Q\d_K(?:_(?:XL|S|M|L))?"
    r"|Q\d_[01]"
    r"|TQ\d_\d"
    r"|MXFP4(?:_MOE)?"
    r"|BF16|F16|F32|FP16|FP32|Q8"
    r")(?![A-Za-z0-9])",
    re.IGNORECASE,
)
_MMPROJ = re.compile(r"mmproj", re.IGNORECASE)


@dataclass(frozen=True)
class ShardName:
    base: str  # the path without the `-0000k-of-0000n.gguf` suffix
    index: int  # 1-based
    count: int


def shard_of(path: str) -> ShardName | None:
    """The shard position of `path`, or None for a single-file model."""
    match = _SHARD.match(path)
    if match is None:
        return None
    index, count = int(match["index"]), int(match["count"])
    if not 1 <= index <= count:
        return None
    return ShardName(match["base"], index, count)


def quant_of(path: str) -> str:
    """The quant label in a file name (upper case), or "" when the name does not say."""
    name = PurePosixPath(path).name
    matches = _QUANT.findall(name)
    return matches[-1].upper() if matches else ""


def is_mmproj(path: str) -> bool:
    return bool(_MMPROJ.search(PurePosixPath(path).name))


def is_gguf(path: str) -> bool:
    return path.lower().endswith(".gguf")


def safe_relative_path(name: str) -> PurePosixPath:
    """A Hub file name as a relative path that cannot leave its directory.

    Refuses absolute paths, drive letters, backslashes, `..`, empty and `.` parts and NUL:
    the name comes from a server and is never trusted.
    """
    bad = (
        not name
        or "\x00" in name
        or "\\" in name
        or name.startswith("/")
        or re.match(r"^[A-Za-z]:", name) is not None
    )
    parts = name.split("/")
    if bad or any(part in ("", ".", "..") for part in parts):
        raise DownloadError(DOWNLOAD_UNSAFE_PATH, f"refusing file name {name!r}", name=name)
    return PurePosixPath(*parts)


def contained_path(root: Path, name: str) -> Path:
    """`root / name` after checking that its folder resolves inside `root` (symlinked
    folders included). The last part may itself be a symlink we made (HF cache snapshots
    point into `blobs`); writes replace such a link rather than follow it."""
    relative = safe_relative_path(name)
    target = root.joinpath(*relative.parts)
    resolved_root = root.resolve()
    if not target.parent.resolve().is_relative_to(resolved_root):
        raise DownloadError(DOWNLOAD_UNSAFE_PATH, f"{name!r} leaves {root}", name=name)
    return target
