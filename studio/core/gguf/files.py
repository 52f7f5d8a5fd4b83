"""Opening model files safely: only regular files, and never in a way that can block.

Reading a FIFO with no writer blocks forever, and a device (/dev/zero, /dev/urandom) never
ends; llama-server itself would hang on either. So every path is `stat`ed first and
refused unless it is a regular file, and the open itself uses O_NONBLOCK, which cannot
block even if a FIFO is swapped in after the check, followed by `fstat` on what was
actually opened. O_NONBLOCK changes nothing for reads of a regular file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO, Final

from studio.core.gguf.errors import (
    GGUFError,
    ModelFileMissingError,
    NotRegularFileError,
    UnreadableFileError,
)
from studio.core.safe_read import kind_of as file_kind

_OPEN_FLAGS: Final = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)  # a terminal device must never become our controlling tty
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def _require_regular(source: str, mode: int) -> None:
    if not stat.S_ISREG(mode):
        raise NotRegularFileError(source, file_kind(mode))


def os_failure(source: str, error: OSError) -> GGUFError:
    """The typed error for an OS failure on a model path."""
    if isinstance(error, FileNotFoundError):
        return ModelFileMissingError(source)
    return UnreadableFileError(source, error.strerror or type(error).__name__)


def refuse_special_file(path: Path | str) -> None:
    """Raise `NotRegularFileError` if `path` exists and is not a regular file.

    A missing path passes: whoever opens it next reports it missing in their own terms
    (llama-server's `model_missing`), so this is safe in front of any launch."""
    try:
        mode = Path(path).stat().st_mode
    except FileNotFoundError:
        return
    except OSError as error:
        raise os_failure(str(path), error) from error
    _require_regular(str(path), mode)


def open_regular(path: Path | str) -> BinaryIO:
    """Open `path` for binary reading if, and only if, it is a regular file."""
    source = str(path)
    try:
        _require_regular(source, Path(path).stat().st_mode)
        descriptor = os.open(path, _OPEN_FLAGS)
    except OSError as error:
        raise os_failure(source, error) from error
    try:
        _require_regular(source, os.fstat(descriptor).st_mode)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise
