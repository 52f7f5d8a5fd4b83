"""The manager's requests to its own engine on loopback, on plain asyncio streams: one
streamed POST per answer, and the one-shot GETs that ask whether it is ready or alive.

The manager's streams to its own child go through here instead of httpx: on loopback
there is no proxy, TLS, redirect or pooling to handle, and httpx's layers cost about as
much CPU per streamed token again as the rest of `studio serve` (measured with
`bench/serve_overhead.py`: serve's CPU 1.06 -> 0.57 ms per token). On a machine whose cores
the engine keeps busy that CPU comes out of the engine's tokens, and with eight streams
the slower hop delayed the later requests past the engine's first decode step.

Per token it does one read of whatever has arrived and takes framing, lines and JSON
apart in one pass (`_Events`); read timeouts cost one timer per stream, not one per read.

Each stream has its own connection and asks the engine to close it after the answer, so
closing the stream (a Stop, a client gone) closes the socket and frees the engine's slot;
a `StreamCancel` closes it from another task. Failures are raised as the httpx exceptions
the callers already handle (a lost connection is what makes the manager recover), and an
HTTP error status as `ServerError`.

`get` serves the start's readiness check (/health, then /props), the hung-engine probes
and /slots. A start is ready 2.2 ms after the engine's "model loaded" line with it, 4.1 ms
with the httpx client it replaced (medians of 20 SmolLM2 loads; that time counts in
`bench/manager_overhead.py`'s "manager time beyond the child log").
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from collections.abc import AsyncIterator, Mapping
from typing import Any

import httpx
import orjson

from studio.core.server.client import ServerError
from studio.core.server.streams import StreamCancel

log = logging.getLogger(__name__)

_MAX_LINE = 1 << 24  # one SSE line holds one chunk; a huge tool call stays well below this
_SILENT = "the engine sent nothing for longer than the read timeout"
_MAX_SIZE_LINE = 4096  # a chunk's size line: hex digits and perhaps an extension
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


class _Dechunker:
    """The data of a chunked body, decoded as its bytes arrive in pieces of any size."""

    def __init__(self) -> None:
        self._pending = b""
        self._data_left = 0  # of the chunk being read
        self._skip = 0  # the CRLF after a chunk's data
        self.done = False  # the last (empty) chunk was read

    def feed(self, received: bytes) -> bytes:
        buffer, at, data = self._pending + received, 0, []
        while not self.done:
            if self._data_left:
                piece = buffer[at : at + self._data_left]
                data.append(piece)
                at += len(piece)
                self._data_left -= len(piece)
                if self._data_left:
                    break
                self._skip = 2
            if self._skip:
                skipped = min(self._skip, len(buffer) - at)
                at += skipped
                self._skip -= skipped
                if self._skip:
                    break
            end = buffer.find(b"\r\n", at)
            if end < 0:
                if len(buffer) - at > _MAX_SIZE_LINE:
                    raise httpx.RemoteProtocolError("a malformed chunk from the engine")
                break
            try:
                size = int(buffer[at:end].split(b";", 1)[0].strip(), 16)
            except ValueError as error:
                raise httpx.RemoteProtocolError("a malformed chunk from the engine") from error
            at = end + 2
            self.done = size == 0  # trailers after it are not read: the connection closes
            self._data_left = size
        self._pending = buffer[at:]
        return b"".join(data)


class _ReadDeadline:
    """Ends a read that has waited `seconds` or more (at most twice that) without data, at
    the cost of one timer per `seconds`, not one per read: a streamed answer reads once
    per token, and a timer set and cancelled per read is CPU taken from the engine."""

    def __init__(self, seconds: float | None, transport: asyncio.WriteTransport) -> None:
        self._seconds = seconds
        self._transport = transport
        self.fed = True
        self.expired = False
        self._timer: asyncio.TimerHandle | None = None
        self._arm()

    def _arm(self) -> None:
        if self._seconds is not None:
            self._timer = asyncio.get_running_loop().call_later(self._seconds, self._check)

    def _check(self) -> None:
        if self.fed:
            self.fed = False
            self._arm()
        else:
            self.expired = True
            self._transport.abort()  # the read waiting on it returns at once

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()


class _Body:
    """The response body after its head: chunked, sized or up to the close."""

    def __init__(
        self, reader: asyncio.StreamReader, headers: Mapping[str, str], deadline: _ReadDeadline
    ) -> None:
        self._reader = reader
        self._deadline = deadline
        self._chunks = (
            _Dechunker() if "chunked" in headers.get("transfer-encoding", "").lower() else None
        )
        length = headers.get("content-length")
        self._left = int(length) if length is not None and length.isdigit() else None

    async def _read(self) -> bytes:
        """Whatever has arrived, b"" at the end of the connection."""
        try:
            data = await self._reader.read(1 << 16)
        except (ConnectionError, OSError) as error:
            if self._deadline.expired:
                raise httpx.ReadTimeout(_SILENT) from error
            raise httpx.ReadError(f"reading from the engine: {error}") from error
        if self._deadline.expired:
            raise httpx.ReadTimeout(_SILENT)
        self._deadline.fed = True
        return data

    async def next_piece(self) -> bytes:
        """The body's data that has arrived (one read per streamed token), b"" at its end."""
        chunks = self._chunks
        while not (chunks is not None and chunks.done) and (self._left is None or self._left > 0):
            received = await self._read()
            if not received:
                if chunks is None and self._left is None:
                    break  # a body that ends with the connection
                raise httpx.RemoteProtocolError("the engine closed the answer early")
            if self._left is not None:
                self._left -= len(received)
            data = received if chunks is None else chunks.feed(received)
            if data:
                return data
        return b""

    async def read_all(self) -> bytes:
        pieces = []
        while piece := await self.next_piece():
            pieces.append(piece)
        return b"".join(pieces)

    async def text(self) -> str:
        return (await self.read_all()).decode("utf-8", "replace")


class _Events:
    """The decoded `data:` payloads of the engine's event stream, up to `[DONE]`.

    An iterator class, not a chain of generators: framing, lines and JSON are taken apart
    here in one pass per arrival, because every layer between the socket and the consumer
    cost CPU per token. Comments, `event:` lines and blank lines are skipped, and a
    malformed JSON line is logged and skipped rather than ending the answer."""

    def __init__(self, body: _Body) -> None:
        self._body = body
        self._ready: deque[Any] = deque()
        self._pending = b""
        self._done = False

    def __aiter__(self) -> _Events:
        return self

    async def __anext__(self) -> Any:
        while not self._ready:
            if self._done:
                raise StopAsyncIteration
            data = await self._body.next_piece()
            if data:
                self._take(data)
            else:
                self._done = True
                self._take(b"\n")  # a last line without its newline
        return self._ready.popleft()

    def _take(self, data: bytes) -> None:
        *lines, self._pending = (self._pending + data).split(b"\n")
        for line in lines:
            if not line.startswith(b"data:"):
                continue
            payload = line[5:].strip()
            if payload == b"[DONE]":
                self._done = True
                return
            if payload:
                try:
                    self._ready.append(orjson.loads(payload))
                except ValueError:
                    log.warning("skipping a malformed SSE line: %.200r", payload)
        if len(self._pending) > _MAX_LINE:
            raise httpx.RemoteProtocolError("an SSE line from the engine is too long")


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


async def _connect(
    client: httpx.AsyncClient, timeout_s: float | None
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    url = client.base_url
    host, port = url.host, url.port or 80
    try:
        connection: tuple[asyncio.StreamReader, asyncio.StreamWriter] = await _with_timeout(
            timeout_s, asyncio.open_connection(host, port, limit=_MAX_LINE), httpx.ConnectTimeout
        )
    except (ConnectionError, OSError) as error:
        raise httpx.ConnectError(f"cannot reach the engine at {host}:{port}: {error}") from error
    return connection


def _request_head(
    client: httpx.AsyncClient, method: str, path: str, body_length: int | None
) -> bytes:
    """The request line and headers: the client's own (its key) and ours, asking the engine
    to close the connection after its answer."""
    url = client.base_url
    lines = [f"{method} {path} HTTP/1.1", f"Host: {url.host}:{url.port or 80}"]
    lines += [
        f"{name}: {value}"
        for name, value in client.headers.items()
        if name.lower() not in _OWN_HEADERS
    ]
    if body_length is not None:
        lines += ["Content-Type: application/json", f"Content-Length: {body_length}"]
    lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


async def get(client: httpx.AsyncClient, path: str, timeout_s: float) -> tuple[int, bytes]:
    """GET `path` from the engine `client` talks to, on a connection of its own: the status
    and the body. The whole exchange takes at most `timeout_s` (`httpx.ReadTimeout` after
    it); a connection that cannot be made or is lost raises httpx's transport errors."""

    async def exchange() -> tuple[int, bytes]:
        reader, writer = await _connect(client, None)
        try:
            writer.write(_request_head(client, "GET", path, None))
            status, headers = await _head(reader, None)
            # No read deadline of its own: the whole exchange is bounded by the caller's.
            body = _Body(reader, headers, _ReadDeadline(None, writer.transport))
            return status, await body.read_all()
        finally:
            writer.close()

    answer: tuple[int, bytes] = await _with_timeout(timeout_s, exchange(), httpx.ReadTimeout)
    return answer


@contextlib.asynccontextmanager
async def post_stream(
    client: httpx.AsyncClient,
    path: str,
    body: Mapping[str, Any],
    cancel: StreamCancel | None = None,
) -> AsyncIterator[AsyncIterator[Any]]:
    """POST `body` as JSON to `path` of the engine `client` talks to (its address, headers
    and timeouts), yielding the decoded `data:` payloads of its event stream. Leaving the
    block closes the connection; so does `cancel`, at once, from any task."""
    timeout = client.timeout
    reader, writer = await _connect(client, timeout.connect)
    deadline: _ReadDeadline | None = None
    if cancel is not None:
        cancel.bind(writer.transport.abort)
    try:
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        writer.write(_request_head(client, "POST", path, len(data)) + data)
        try:
            if writer.transport.get_write_buffer_size():  # else all sent: nothing to wait for
                await _with_timeout(timeout.write, writer.drain(), httpx.WriteTimeout)
        except (ConnectionError, OSError) as error:
            raise httpx.WriteError(f"writing to the engine: {error}") from error
        status, headers = await _head(reader, timeout.read)
        deadline = _ReadDeadline(timeout.read, writer.transport)
        answer = _Body(reader, headers, deadline)
        if status != 200:
            text = await answer.text()
            error_type = ""
            with contextlib.suppress(ValueError, AttributeError):
                error_type = str(json.loads(text).get("error", {}).get("type") or "")
            raise ServerError(status, text, error_type)
        yield _Events(answer)
    finally:
        if deadline is not None:
            deadline.cancel()
        writer.close()  # the engine sees the close at its next write and frees the slot
