"""What went wrong with an MCP server, as the core's codes: whatever the SDK, the process
or the network raised, turned into a `StudioError` naming the server."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from typing import Final

import anyio
import httpx2
from mcp import MCPError
from mcp_types import CONNECTION_CLOSED
from pydantic import ValidationError

from studio.core.errors import StudioError
from studio.core.mcp.config import ServerConfig, StdioTransport

log = logging.getLogger(__name__)

# A server's own words in a sentence: its first line, and not a page of it.
_REASON_CHARS: Final = 300
_STREAM_ENDED: Final = (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream)


def _leaves(error: BaseException) -> Iterator[BaseException]:
    if isinstance(error, BaseExceptionGroup):
        for inner in error.exceptions:
            yield from _leaves(inner)
    else:
        yield error


def cause(error: BaseException) -> BaseException:
    """The exception that says what happened: inside anyio's exception groups, the first
    that is not a cancellation the group's own teardown caused."""
    found = list(_leaves(error))
    for leaf in found:
        if not isinstance(leaf, asyncio.CancelledError):
            return leaf
    return found[0] if found else error


def seconds(value: float) -> int | float:
    """A timeout as a sentence shows it: 30, not 30.0."""
    return int(value) if value == int(value) else round(value, 1)


def is_crash(error: BaseException) -> bool:
    """Whether `error` means the connection ended under the session: the server's
    process exited, or its HTTP endpoint stopped answering."""
    error = cause(error)
    if isinstance(error, MCPError):
        return error.code == CONNECTION_CLOSED
    return isinstance(error, (httpx2.TransportError, ConnectionError, *_STREAM_ENDED))


def crashed(server: str, detail: str) -> StudioError:
    return StudioError("mcp_crashed", detail, server=server)


def _reason(text: str) -> str:
    first = text.strip().splitlines()[0] if text.strip() else ""
    return first[:_REASON_CHARS]


def start_failure(error: BaseException, config: ServerConfig, timeout: float) -> StudioError:
    """Why `config`'s server could not start (spawn, connect, handshake, tool list)."""
    name = config.name
    error = cause(error)
    transport = config.transport
    if isinstance(error, TimeoutError):
        return StudioError(
            "mcp_timeout", f"{name}: no answer at start", server=name, seconds=seconds(timeout)
        )
    if is_crash(error):
        if not isinstance(transport, StdioTransport) and isinstance(error, httpx2.HTTPError):
            return StudioError(
                "mcp_unreachable", f"{name}: {error!r}", server=name, url=transport.url
            )
        return crashed(name, f"{name}: the connection ended at start ({error!r})")
    # Left by the spawn itself: the program is missing, or not one this system runs.
    if isinstance(transport, StdioTransport) and isinstance(error, OSError):
        if isinstance(error, FileNotFoundError):
            return StudioError(
                "mcp_command_missing", f"{name}: {error}", server=name, command=transport.command
            )
        return StudioError(
            "mcp_command_failed",
            f"{name}: {error}",
            server=name,
            command=transport.command,
            reason=error.strerror or type(error).__name__,
        )
    if isinstance(error, MCPError):
        return StudioError(
            "mcp_refused", f"{name}: {error!r}", server=name, reason=_reason(error.message)
        )
    # A server that answers what MCP does not allow, or fails in a way no one foresaw:
    # its own words, and the traceback in the log.
    log.warning("MCP server %s failed to start", name, exc_info=error)
    return StudioError("mcp_refused", f"{name}: {error!r}", server=name, reason=_reason(str(error)))


def call_failure(error: BaseException, server: str, tool: str) -> StudioError | None:
    """Why calling `tool` on `server` gave no result; None for an exception that is not
    the server's doing (a bug, to be raised as it is)."""
    error = cause(error)
    if is_crash(error):
        return crashed(server, f"{server}: the connection ended during {tool} ({error!r})")
    if isinstance(error, MCPError):
        return StudioError(
            "mcp_call_failed",
            f"{server}.{tool}: {error!r}",
            server=server,
            tool=tool,
            reason=_reason(error.message),
        )
    if isinstance(error, ValidationError):  # a result the protocol does not allow
        return StudioError(
            "mcp_result_invalid", f"{server}.{tool}: {error}", server=server, tool=tool
        )
    return None
