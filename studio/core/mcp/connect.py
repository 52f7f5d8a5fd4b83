"""Opening one MCP session with the official SDK: the server's process over stdio, or its
streamable HTTP endpoint, then the SDK's handshake (it probes the 2026 `server/discover`
and falls back to `initialize` for older servers).

The SDK's transports are anyio context managers, so `connect` must be entered and left in
one task (`connection.py`'s runner). A stdio server whose process exits ends its stdout:
the read stream is watched, and `lost` is set, so the runner notices a crash while nothing
is being asked of the server.
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Final, TextIO
from urllib.parse import urlsplit

import anyio
import httpx2
from mcp import Client, StdioServerParameters
from mcp.client._transport import ReadStream, TransportStreams  # the pinned SDK's aliases
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.message import SessionMessage
from mcp_types import Implementation

from studio import __version__
from studio.core.mcp.config import HttpTransport, ServerConfig, StdioTransport

# The SDK's own HTTP defaults: a server may hold a response stream open for a long time;
# how long a call may take is `connection.py`'s timeout, not the socket's.
_HTTP_TIMEOUT: Final = httpx2.Timeout(30.0, read=300.0)
_CLIENT: Final = Implementation(name="gguf-studio", version=__version__)

Incoming = SessionMessage | Exception


class _Watched:
    """The server's messages, passed through; their end sets `lost`."""

    def __init__(self, inner: ReadStream[Incoming], lost: asyncio.Event) -> None:
        self._inner = inner
        self._lost = lost

    async def receive(self) -> Incoming:
        try:
            return await self._inner.receive()
        except (anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError):
            self._lost.set()
            raise

    async def aclose(self) -> None:
        await self._inner.aclose()

    def __aiter__(self) -> _Watched:
        return self

    async def __anext__(self) -> Incoming:
        try:
            return await self.receive()
        except (anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError):
            raise StopAsyncIteration from None

    async def __aenter__(self) -> _Watched:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()


@asynccontextmanager
async def _stdio(
    transport: StdioTransport, lost: asyncio.Event, errlog: TextIO
) -> AsyncIterator[TransportStreams]:
    parameters = StdioServerParameters(
        command=transport.command, args=list(transport.args), env=dict(transport.env) or None
    )
    # The SDK runs the server in its own process group and, on the way out, closes its
    # stdin, then terminates and kills the whole group, each step bounded.
    async with stdio_client(parameters, errlog=errlog) as (read, write):
        yield _Watched(read, lost), write


def _loopback(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@asynccontextmanager
async def _http(transport: HttpTransport) -> AsyncIterator[TransportStreams]:
    # A proxy from the environment is for the outside world, never for this computer.
    async with (
        httpx2.AsyncClient(
            headers=dict(transport.headers),
            timeout=_HTTP_TIMEOUT,
            trust_env=not _loopback(transport.url),
        ) as http,
        streamable_http_client(transport.url, http_client=http) as streams,
    ):
        yield streams


@asynccontextmanager
async def connect(
    config: ServerConfig, lost: asyncio.Event, errlog: TextIO
) -> AsyncIterator[Client]:
    """A session with `config`'s server, handshake done; `errlog` takes a stdio server's
    stderr. Raises what the SDK and the transports raise (see `failures.py`)."""
    transport = config.transport
    opened = (
        _stdio(transport, lost, errlog)
        if isinstance(transport, StdioTransport)
        else _http(transport)
    )
    # No response cache: the tools are listed once per session.
    async with Client(opened, cache=None, client_info=_CLIENT) as client:
        yield client
