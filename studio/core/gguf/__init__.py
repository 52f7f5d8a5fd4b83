"""Streaming GGUF header reading: metadata and the tensor table, never the tensor data.

- `read_header(path)` / `read_model(path)`: local files; `read_model` reads every shard of a
  split GGUF (`-00001-of-0000N.gguf`) and returns a `GGUFModel`.
- `read_remote_header(client, url)` / `read_remote_model(client, url)`: HTTP Range requests,
  2 MiB first, doubling up to 64 MiB; a server without Range support is `RangeUnsupportedError`.
- `parse_header(prefix, source, at_eof=...)`: the pure parser both use.

Every failure is a `GGUFError` (a `StudioError`) with a stable code: `gguf.not_gguf`,
`gguf.unsupported_version`, `gguf.truncated`, `gguf.corrupt`, `gguf.header_too_large`,
`gguf.missing_shard`, `gguf.range_unsupported`, `gguf.remote_failed`, `gguf.bad_metadata`
(a hyper-parameter llama.cpp would refuse, see `sanity.py`), and for local paths
`model_missing`, `model_not_regular_file` (FIFOs, devices: never opened) and `model_unreadable`.

- `check_model_file(path)`: everything a launch needs checked before it stops anything.
- `refuse_special_file(path)`: only the "regular file" part, cheap, for any launch path.
"""

from studio.core.gguf.errors import (
    CorruptHeaderError,
    GGUFError,
    HeaderTooLargeError,
    ImplausibleMetadataError,
    MissingShardError,
    ModelFileMissingError,
    NotGGUFError,
    NotRegularFileError,
    RangeUnsupportedError,
    RemoteReadError,
    TruncatedError,
    UnreadableFileError,
    UnsupportedVersionError,
)
from studio.core.gguf.files import open_regular, refuse_special_file
from studio.core.gguf.header import GGUFHeader, GGUFModel, MetadataValue, TensorInfo
from studio.core.gguf.local import check_model_file, read_header, read_model
from studio.core.gguf.parser import NeedMoreBytes, parse_header
from studio.core.gguf.remote import read_remote_header, read_remote_model
from studio.core.gguf.split import ShardName, parse_shard_name

__all__ = [
    "CorruptHeaderError",
    "GGUFError",
    "GGUFHeader",
    "GGUFModel",
    "HeaderTooLargeError",
    "ImplausibleMetadataError",
    "MetadataValue",
    "MissingShardError",
    "ModelFileMissingError",
    "NeedMoreBytes",
    "NotGGUFError",
    "NotRegularFileError",
    "RangeUnsupportedError",
    "RemoteReadError",
    "ShardName",
    "TensorInfo",
    "TruncatedError",
    "UnreadableFileError",
    "UnsupportedVersionError",
    "check_model_file",
    "open_regular",
    "parse_header",
    "parse_shard_name",
    "read_header",
    "read_model",
    "read_remote_header",
    "read_remote_model",
    "refuse_special_file",
]
