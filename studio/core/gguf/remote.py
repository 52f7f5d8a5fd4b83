"""Reading GGUF headers over HTTP with Range requests, fetching only what the header needs.

Like llama.cpp's own test helper: ask for the first 2 MiB, try to parse, and double the
range until the header parses or the cap (64 MiB) is reached. Only the new bytes are
requested each round. A server that answers a Range request with the whole body (200) is
an error: reading a header must never download a 20 GB file.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final
from urllib.parse import urlsplit, urlunsplit

import httpx

from studio.core.gguf.errors import (
    HeaderTooLargeError,
    RangeUnsupportedError,
    RemoteReadError,
    TruncatedError,
)
from studio.core.gguf.header import GGUFHeader, GGUFModel
from studio.core.gguf.parser import NeedMoreBytes, parse_header
from studio.core.gguf.split import parse_shard_name

INITIAL_RANGE: Final = 2 << 20
MAX_REMOTE_HEADER: Final = 64 << 20
_CONTENT_RANGE = re.compile(r"bytes\s+(?:(\d+)-(\d+)|\*)/(\d+|\*)")


async def _fetch_range(
    client: httpx.AsyncClient, url: str, start: int, end: int
) -> tuple[bytes, int | None]:
    """Bytes [start, end] (inclusive) and the file's total size if the server said it."""
    try:
        async with client.stream("GET", url, headers={"Range": f"bytes={start}-{end}"}) as reply:
            if reply.status_code == 200:
                raise RangeUnsupportedError(url, 200)
            total: int | None = None
            match = _CONTENT_RANGE.match(reply.headers.get("content-range", ""))
            if match and match[3] != "*":
                total = int(match[3])
            if reply.status_code == 416:
                return b"", total
            if reply.status_code != 206:
                raise RemoteReadError(url, f"HTTP {reply.status_code}", reply.status_code)
            if match is None or match[1] is None or int(match[1]) != start:
                raise RangeUnsupportedError(url, reply.status_code)
            limit = end - start + 1
            chunks = bytearray()
            async for chunk in reply.aiter_bytes():
                chunks += chunk
                if len(chunks) >= limit:
                    break
            return bytes(chunks[:limit]), total
    except httpx.HTTPError as error:
        raise RemoteReadError(url, _network_failure(error)) from error


def _network_failure(error: httpx.HTTPError) -> str:
    """What went wrong, in words (never an exception's class name)."""
    if isinstance(error, httpx.ConnectError):
        return "nothing answers at that address"
    if isinstance(error, httpx.TimeoutException):
        return "the server did not answer in time"
    return "the connection failed"


async def read_remote_header(
    client: httpx.AsyncClient,
    url: str,
    *,
    initial_bytes: int = INITIAL_RANGE,
    max_bytes: int = MAX_REMOTE_HEADER,
) -> GGUFHeader:
    """Parse the header of the GGUF at `url` using as few ranged requests as doubling allows."""
    buffer = bytearray()
    total: int | None = None
    want = initial_bytes
    while True:
        chunk, reported = await _fetch_range(client, url, len(buffer), want - 1)
        total = reported if reported is not None else total
        buffer += chunk
        at_eof = (total is not None and len(buffer) >= total) or len(buffer) < want
        try:
            header = parse_header(buffer, url, at_eof=at_eof)
        except NeedMoreBytes as more:
            if want >= max_bytes or more.needed > max_bytes:
                raise HeaderTooLargeError(url, max_bytes) from None
            want = min(max(2 * want, more.needed), max_bytes)
            continue
        break
    if total is not None and header.tensors and total < header.data_offset + header.data_bytes:
        raise TruncatedError(url, header.data_offset + header.data_bytes, total)
    return replace(header, file_size=total)


def _with_file_name(url: str, name: str) -> str:
    parts = urlsplit(url)
    directory = parts.path.rsplit("/", 1)[0]
    return urlunsplit(parts._replace(path=f"{directory}/{name}"))


async def read_remote_model(
    client: httpx.AsyncClient,
    url: str,
    *,
    initial_bytes: int = INITIAL_RANGE,
    max_bytes: int = MAX_REMOTE_HEADER,
) -> GGUFModel:
    """Headers of a remote model; a split GGUF URL (any shard) reads every shard in order."""
    shard = parse_shard_name(urlsplit(url).path.rsplit("/", 1)[-1])
    urls = [url] if shard is None else [_with_file_name(url, n) for n in shard.all_names()]
    headers = [
        await read_remote_header(client, u, initial_bytes=initial_bytes, max_bytes=max_bytes)
        for u in urls
    ]
    return GGUFModel(tuple(headers))
