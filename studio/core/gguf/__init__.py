"""Streaming GGUF header reading: metadata and the tensor table, never the tensor data.

- `read_header(path)` / `read_model(path)`: local files; `read_model` reads every shard of a
  split GGUF (`-00001-of-0000N.gguf`) and returns a `GGUFModel`.
- `read_remote_header(client, url)` / `read_remote_model(client, url)`: HTTP Range requests,
  2 MiB first, doubling up to 64 MiB; a server without Range support is `RangeUnsupportedError`.
- `parse_header(prefix, source, at_eof=...)`: the pure parser both use.

Every failure is a `GGUFError` (a `StudioError`) with a stable code: `gguf.not_gguf`,
`gguf.unsupported_version`, `gguf.truncated`, `gguf.corrupt`, `gguf.header_too_large`,
`gguf.missing_shard`, `gguf.range_unsupported`, `gguf.remote_failed`.
"""

from studio.core.gguf.errors import (
    CorruptHeaderError,
    GGUFError,
    HeaderTooLargeError,
    MissingShardError,
    NotGGUFError,
    RangeUnsupportedError,
    RemoteReadError,
    TruncatedError,
    UnsupportedVersionError,
)
from studio.core.gguf.header import GGUFHeader, GGUFModel, MetadataValue, TensorInfo
from studio.core.gguf.local import read_header, read_model
from studio.core.gguf.parser import NeedMoreBytes, parse_header
from studio.core.gguf.remote import read_remote_header, read_remote_model
from studio.core.gguf.split import ShardName, parse_shard_name

__all__ = [
    "CorruptHeaderError",
    "GGUFError",
    "GGUFHeader",
    "GGUFModel",
    "HeaderTooLargeError",
    "MetadataValue",
    "MissingShardError",
    "NeedMoreBytes",
    "NotGGUFError",
    "RangeUnsupportedError",
    "RemoteReadError",
    "ShardName",
    "TensorInfo",
    "TruncatedError",
    "UnsupportedVersionError",
    "parse_header",
    "parse_shard_name",
    "read_header",
    "read_model",
    "read_remote_header",
    "read_remote_model",
]
