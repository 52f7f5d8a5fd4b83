"""Reading GGUF headers from local files: progressive reads, never the tensor data."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import BinaryIO, Final

from studio.core.gguf.errors import HeaderTooLargeError, MissingShardError, TruncatedError
from studio.core.gguf.files import open_regular, os_failure
from studio.core.gguf.header import GGUFHeader, GGUFModel
from studio.core.gguf.parser import NeedMoreBytes, parse_header
from studio.core.gguf.split import parse_shard_name

INITIAL_READ: Final = 2 << 20
MAX_HEADER_BYTES: Final = 256 << 20


def read_header(
    path: Path, *, check_data: bool = True, max_header_bytes: int = MAX_HEADER_BYTES
) -> GGUFHeader:
    """Parse one file's header. With `check_data`, a file shorter than its tensor table
    declares is reported as truncated (llama.cpp would refuse to load it).

    Only a regular file is opened (see `files.open_regular`); OS failures are typed too."""
    source = str(path)
    with open_regular(path) as handle:
        try:
            header, size = _read_prefix(handle, source, max_header_bytes)
        except OSError as error:
            raise os_failure(source, error) from error
    header = replace(header, file_size=size)
    needed = header.data_offset + header.data_bytes
    if check_data and header.tensors and size < needed:
        raise TruncatedError(source, needed, size)
    return header


def _read_prefix(handle: BinaryIO, source: str, max_header_bytes: int) -> tuple[GGUFHeader, int]:
    """The parsed header and the file size. Memory stays below `max_header_bytes` (plus one
    copy for parsing) whatever the header claims: bytes are read only as the parser asks
    for them, never past the end of the file."""
    size = handle.seek(0, 2)
    handle.seek(0)
    buffer = bytearray()
    want = min(INITIAL_READ, size, max_header_bytes)
    while True:
        buffer += handle.read(want - len(buffer))
        try:
            return parse_header(buffer, source, at_eof=len(buffer) >= size), size
        except NeedMoreBytes as more:
            if more.needed > max_header_bytes:
                raise HeaderTooLargeError(source, max_header_bytes) from None
            # Local reads are cheap, re-parsing is not: grow by 4x.
            want = min(max(more.needed, 4 * len(buffer)), size, max_header_bytes)


def read_model(path: Path, *, check_data: bool = True) -> GGUFModel:
    """Read a model's headers; for a split GGUF (any shard given), every shard in order."""
    shard = parse_shard_name(path.name)
    if shard is None:
        return GGUFModel((read_header(path, check_data=check_data),))
    headers = []
    for name in shard.all_names():
        shard_path = path.with_name(name)
        if not shard_path.exists():  # a FIFO shard is refused by `read_header`, not "missing"
            raise MissingShardError(str(path), name)
        headers.append(read_header(shard_path, check_data=check_data))
    return GGUFModel(tuple(headers))


def check_model_file(path: Path | str) -> GGUFModel:
    """Everything a launch needs to know about a model file before touching anything:
    it exists, is a regular file (every shard), is readable, and its header parses with
    plausible hyper-parameters and tensor data that is all there. Raises a typed
    `GGUFError` (`model_missing`, `model_not_regular_file`, `model_unreadable`, `gguf.*`).

    Blocking (reads the headers): run it with `asyncio.to_thread` from async code."""
    return read_model(Path(path), check_data=True)
