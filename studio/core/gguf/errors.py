"""Typed failures of GGUF reading; each carries a stable code for the UI to translate."""

from __future__ import annotations

from studio.core.errors import StudioError


class GGUFError(StudioError):
    """Base of every GGUF reading failure."""


class NotGGUFError(GGUFError):
    """The bytes do not start with the GGUF magic."""

    def __init__(self, source: str, magic: bytes) -> None:
        super().__init__(
            "gguf.not_gguf", f"{source}: not a GGUF file (magic {magic!r})", source=source
        )


class UnsupportedVersionError(GGUFError):
    """A GGUF version this reader does not understand (only 2 and 3 exist in the wild)."""

    def __init__(self, source: str, version: int) -> None:
        super().__init__(
            "gguf.unsupported_version",
            f"{source}: unsupported GGUF version {version}",
            source=source,
            version=version,
        )


class TruncatedError(GGUFError):
    """The file ends before its header (or its declared tensor data) does."""

    def __init__(self, source: str, needed: int, available: int) -> None:
        super().__init__(
            "gguf.truncated",
            f"{source}: file is truncated ({available} bytes, needs at least {needed})",
            source=source,
            needed=needed,
            available=available,
        )


class CorruptHeaderError(GGUFError):
    """The header is structurally invalid: absurd counts, unknown types, bad shapes."""

    def __init__(self, source: str, reason: str, offset: int) -> None:
        super().__init__(
            "gguf.corrupt",
            f"{source}: corrupt GGUF header at byte {offset}: {reason}",
            source=source,
            reason=reason,
            offset=offset,
        )


class HeaderTooLargeError(GGUFError):
    """The header did not end within the byte budget the caller allowed."""

    def __init__(self, source: str, limit: int) -> None:
        super().__init__(
            "gguf.header_too_large",
            f"{source}: GGUF header is larger than {limit} bytes",
            source=source,
            limit=limit,
        )


class MissingShardError(GGUFError):
    """A split GGUF is missing one of its shards, or a shard disagrees with the first."""

    def __init__(self, source: str, shard: str) -> None:
        super().__init__(
            "gguf.missing_shard", f"{source}: shard {shard} is missing", source=source, shard=shard
        )


class RangeUnsupportedError(GGUFError):
    """The HTTP server ignores Range requests; reading a header would need the whole file."""

    def __init__(self, url: str, status: int) -> None:
        super().__init__(
            "gguf.range_unsupported",
            f"{url}: server does not support HTTP range requests (status {status})",
            url=url,
            status=status,
        )


class RemoteReadError(GGUFError):
    """The HTTP request for header bytes failed (network error or an error status)."""

    def __init__(self, url: str, reason: str, status: int | None = None) -> None:
        super().__init__(
            "gguf.remote_failed",
            f"{url}: reading the GGUF header failed: {reason}",
            url=url,
            reason=reason,
            status=status,
        )


class ImplausibleMetadataError(GGUFError):
    """A hyper-parameter no real model has and llama.cpp would refuse: a layer count past
    LLAMA_MAX_LAYERS, a float or infinity where a count belongs, a negative dimension.
    Refused while reading, so nothing downstream sizes a table or a sum by it."""

    def __init__(self, source: str, key: str, value: object, reason: str) -> None:
        shown = _short(value)
        super().__init__(
            "gguf.bad_metadata",
            f"{source}: metadata {key} = {shown} is not plausible ({reason})",
            source=source,
            key=key,
            value=shown,
            reason=reason,
        )


class ModelFileMissingError(GGUFError):
    """The model path does not exist (or a link points nowhere)."""

    def __init__(self, path: str) -> None:
        super().__init__("model_missing", f"{path}: no such file", path=path)


class NotRegularFileError(GGUFError):
    """The path is a FIFO, a device, a socket or a directory: reading one could block
    forever (a FIFO without a writer) or never end (/dev/zero), so it is never opened."""

    def __init__(self, path: str, kind: str) -> None:
        super().__init__(
            "model_not_regular_file",
            f"{path} is a {kind}, not a regular file; only regular files are opened as models",
            path=path,
            kind=kind,
        )


class UnreadableFileError(GGUFError):
    """The operating system refused to open or read the file (permissions, I/O error)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(
            "model_unreadable", f"{path} cannot be read: {reason}", path=path, reason=reason
        )


def _short(value: object, limit: int = 40) -> str:
    # Shown in messages: a hostile array or string must not become a megabyte of text.
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
