"""What the MCP tests share: the real servers of `tests/support/mcp_servers.py` as
configs, and one connection run for the length of a `with` block."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import pytest

from studio.core.errors import StudioError
from studio.core.mcp import McpSnapshot, ServerConfig, StdioTransport
from studio.core.mcp.connection import McpConnection
from studio.core.tasks import TaskOwner
from tests.support.mcp_servers import command

# Generous: bounds a start or a call only when the machine is slow; no test waits for it.
START_S = 60.0
# Bounds a call to `hang`, which never answers, and the start of `silent`.
HANG_S = 1.5


def stdio_server(name: str, kind: str = "tools", env: dict[str, str] | None = None) -> ServerConfig:
    program, args = command(kind)
    return ServerConfig(name, StdioTransport(program, tuple(args), tuple((env or {}).items())))


@asynccontextmanager
async def running(
    config: ServerConfig,
    *,
    start_timeout: float = START_S,
    call_timeout: float = START_S,
    on_change: Callable[[McpSnapshot], None] | None = None,
) -> AsyncIterator[McpConnection]:
    """`config`'s server started; stopped, and its owner's tasks ended, afterwards."""
    owner = TaskOwner("test")
    connection = McpConnection(
        config,
        owner,
        start_timeout=start_timeout,
        call_timeout=call_timeout,
        on_change=on_change,
    )
    connection.start()
    try:
        yield connection
    finally:
        await connection.stop()
        await owner.shutdown()


async def refused(connection: McpConnection, tool: str) -> StudioError:
    """The error a call of `tool` (without arguments) raises."""
    with pytest.raises(StudioError) as raised:
        await connection.call(tool, {})
    return raised.value
