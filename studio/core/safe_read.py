"""The one way to read a file whose path came from outside: a person, a model's answer,
a database row, a setting, a cache or another program's output.

Such a path can name a FIFO with no writer (a plain `open()` blocks forever), a device
that never ends (`/dev/zero` fills the memory), or a regular file far larger than its use
allows. So the open is non-blocking and cannot take a controlling terminal, what was
actually opened is `fstat`ed (a check of the path before the open would race a swap), and
no more than the caller's cap plus one byte is ever read: a file that grows while it is
read is caught too. O_NONBLOCK changes nothing for reads of a regular file, so once the
descriptor is known to be one, nothing here can block on a pipe.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Final

_OPEN_FLAGS: Final = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


class ReadRefusedError(ValueError):
    """The path exists but is not something this use may read: `reason` is
    `not_regular` (a FIFO, device, socket or directory; `kind` names it) or `too_large`
    (`size` bytes against the `limit`). A ValueError, so a caller's existing handling of
    malformed content covers it; an OSError from the open itself passes through."""

    def __init__(
        self, path: Path | str, reason: str, *, kind: str = "", size: int = 0, limit: int = 0
    ):
        self.path = str(path)
        self.reason = reason
        self.kind = kind
        self.size = size
        self.limit = limit
        if reason == "too_large":
            message = f"{self.path} is larger than {limit} bytes"
        else:
            message = f"{self.path} is a {kind}, not a regular file"
        super().__init__(message)


def kind_of(mode: int) -> str:
    """A plain-English name for what `mode` describes (for messages)."""
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "directory"
    if stat.S_ISFIFO(mode):
        return "FIFO"
    if stat.S_ISCHR(mode):
        return "character device"
    if stat.S_ISBLK(mode):
        return "block device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "special file"


def read_regular(path: Path | str, *, limit: int) -> bytes:
    """The bytes of `path`, if it is a regular file of at most `limit` bytes.

    Raises `ReadRefusedError` otherwise, and OSError (FileNotFoundError, PermissionError…)
    when it cannot be opened at all."""
    descriptor = os.open(path, _OPEN_FLAGS)
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise ReadRefusedError(path, "not_regular", kind=kind_of(mode))
        size = os.fstat(descriptor).st_size
        if size > limit:
            raise ReadRefusedError(path, "too_large", size=size, limit=limit)
        chunks: list[bytes] = []
        remaining = limit + 1
        while remaining > 0:
            chunk = os.read(descriptor, min(remaining, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
        data = b"".join(chunks)
        if len(data) > limit:
            raise ReadRefusedError(path, "too_large", size=len(data), limit=limit)
        return data
    finally:
        os.close(descriptor)


def read_regular_text(
    path: Path | str, *, limit: int, encoding: str = "utf-8", errors: str = "strict"
) -> str:
    """`read_regular`, decoded (a UnicodeDecodeError is a ValueError too)."""
    return read_regular(path, limit=limit).decode(encoding, errors)
