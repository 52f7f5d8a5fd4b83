"""One streamed POST to the engine on loopback, on plain asyncio streams.

The manager's streams to its own child go through here instead of httpx: on loopback
there is no proxy, TLS, redirect or pooling to handle, and httpx's layers cost about as
much CPU per streamed token again as the rest of `studio serve` (measured with
`bench/serve_overhead.py`: serve's CPU 1.06 -> 0.57 ms per token). On a machine whose cores
the engine keeps busy that CPU comes out of the engine's tokens, and with eight streams
the slower hop delayed the later requests past the engine's first decode step.

Each stream has its own connection and asks the engine to close it after the answer, so
closing the stream (a Stop, a client gone) closes the socket and frees the engine's slot.
Failures are raised as the httpx exceptions the callers already handle (a lost connection
is what makes the manager recover), and an HTTP error status as `ServerError`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Mapping
from typing import Any

import httpx

from studio.core.server.client import ServerError

_MAX_LINE = 1 << 24  # one SSE line holds one chunk; a huge tool call stays well below this
# Set here, not taken from the client: the body is read as it comes (no compression), and
# the connection closes after the answer.
_OWN_HEADERS = frozenset(
    {"host", "content-length", "content-type", "connection", "accept-encoding"}
)


async def _with_timeout(seconds: float | None, operation: Any, error: type[Exception]) -> Any:
    try:
        async with asyncio.timeout(seconds):
            return await operation
    except TimeoutError as timed_out:
        raise error(f"no answer from the engine within {seconds} s") from timed_out


class _Body:
    """The response body after its head: chunked, sized or up to the close."""

    def __init__(
        self, reader: asyncio.StreamReader, headers: Mapping[str, str], read_s: float | None
    ) -> None:
        self._reader = reader
        self._read_s = read_s
        self._chunked = "chunked" in headers.get("transfer-encoding", "").lower()
        length = headers.get("content-length")
        self._left = int(length) if length is not None and length.isdigit() else None

    async def _read(self, operation: Any) -> bytes:
        try:
            data: bytes = await _with_timeout(self._read_s, operation, httpx.ReadTimeout)
        except asyncio.IncompleteReadError as error:
            raise httpx.RemoteProtocolError("the engine closed the answer early") from error
        except (ConnectionError, OSError) as error:
            raise httpx.ReadError(f"reading from the engine: {error}") from error
        return data

    async def pieces(self) -> AsyncIterator[bytes]:
        reader = self._reader
        if self._chunked:
            while True:
                size_line = await self._read(reader.readline())
                try:
                    size = int(size_line.split(b";", 1)[0].strip(), 16)
                except ValueError as error:
                    raise httpx.RemoteProtocolError("a malformed chunk from the engine") from error
                if size == 0:
                    return
                chunk = await self._read(reader.readexactly(size + 2))
                yield chunk[:-2]
        elif self._left is not None:
            while self._left > 0:
                data = await self._read(reader.read(min(self._left, 1 << 16)))
                if not data:
                    raise httpx.RemoteProtocolError("the engine closed the answer early")
                self._left -= len(data)
                yield data
        else:
            while data := await self._read(reader.read(1 << 16)):
                yield data

    async def lines(self) -> AsyncIterator[str]:
        pending = b""
        async for piece in self.pieces():
            pending += piece
            *complete, pending = pending.split(b"\n")
            for line in complete:
                yield line.rstrip(b"\r").decode("utf-8", "replace")
            if len(pending) > _MAX_LINE:
                raise httpx.RemoteProtocolError("an SSE line from the engine is too long")
        if pending:
            yield pending.rstrip(b"\r").decode("utf-8", "replace")

    async def text(self) -> str:
        return b"".join([piece async for piece in self.pieces()]).decode("utf-8", "replace")


async def _head(reader: asyncio.StreamReader, read_s: float | None) -> tuple[int, dict[str, str]]:
    async def read_head() -> bytes:
        return await reader.readuntil(b"\r\n\r\n")

    try:
        head: bytes = await _with_timeout(read_s, read_head(), httpx.ReadTimeout)
    except asyncio.IncompleteReadError as error:
        if not error.partial:
            raise httpx.RemoteProtocolError(
                "Server disconnected without sending a response."
            ) from error
        raise httpx.RemoteProtocolError("the engine closed its answer's head early") from error
    except asyncio.LimitOverrunError as error:
        raise httpx.RemoteProtocolError("the engine's answer head is too long") from error
    except (ConnectionError, OSError) as error:
        raise httpx.ReadError(f"reading from the engine: {error}") from error
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    parts = status_line.split(" ", 2)
    if len(parts) < 2 or not parts[0].startswith("HTTP/") or not parts[1].isdigit():
        raise httpx.RemoteProtocolError(f"not an HTTP answer: {status_line[:80]!r}")
    headers: dict[str, str] = {}
    for line in header_lines:
        name, colon, value = line.partition(":")
        if colon:
            headers[name.strip().lower()] = value.strip()
    return int(parts[1]), headers


@contextlib.asynccontextmanager
async def post_stream(
    client: httpx.AsyncClient, path: str, body: Mapping[str, Any]
) -> AsyncIterator[AsyncIterator[str]]:
    """POST `body` as JSON to `path` of the engine `client` talks to (its address, headers
    and timeouts), yielding the response's lines. Leaving the block closes the connection."""
    url, timeout = client.base_url, client.timeout
    host, port = url.host, url.port or 80
    try:
        reader, writer = await _with_timeout(
            timeout.connect,
            asyncio.open_connection(host, port, limit=_MAX_LINE),
            httpx.ConnectTimeout,
        )
    except (ConnectionError, OSError) as error:
        raise httpx.ConnectError(f"cannot reach the engine at {host}:{port}: {error}") from error
    try:
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        lines = [f"POST {path} HTTP/1.1", f"Host: {host}:{port}"]
        lines += [
            f"{name}: {value}"
            for name, value in client.headers.items()
            if name.lower() not in _OWN_HEADERS
        ]
        lines += [
            "Content-Type: application/json",
            f"Content-Length: {len(data)}",
            "Connection: close",
        ]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + data)
        try:
            await _with_timeout(timeout.write, writer.drain(), httpx.WriteTimeout)
        except (ConnectionError, OSError) as error:
            raise httpx.WriteError(f"writing to the engine: {error}") from error
        status, headers = await _head(reader, timeout.read)
        answer = _Body(reader, headers, timeout.read)
        if status != 200:
            text = await answer.text()
            error_type = ""
            with contextlib.suppress(ValueError, AttributeError):
                error_type = str(json.loads(text).get("error", {}).get("type") or "")
            raise ServerError(status, text, error_type)
        yield answer.lines()
    finally:
        writer.close()  # the engine sees the close at its next write and frees the slot
