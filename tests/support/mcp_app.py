"""What the MCP service and Settings tests share: the test servers as list entries, a
wait for a server's state, and the rule that no test leaves a process behind."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator

import psutil

from studio.core.mcp import McpSnapshot, McpState, ServerConfig, StdioTransport
from studio.services.mcp_service import McpService
from tests.support.mcp_servers import command

# Bounds a start only on a slow machine; no test waits for it.
START_S = 60.0
# The start timeout of `silent`, which never answers: long enough to watch the GUI while
# it starts, short enough to keep the test quick.
HANG_S = 1.5


def stdio_entry(name: str, kind: str = "tools", *, enabled: bool = True) -> ServerConfig:
    program, args = command(kind)
    return ServerConfig(name, StdioTransport(program, tuple(args)), enabled)


def children() -> set[int]:
    return {child.pid for child in psutil.Process().children(recursive=True)}


def leftover_processes() -> Iterator[None]:
    """A fixture's body: after the test, fail on (and end) any process it left."""
    yield
    left = psutil.Process().children(recursive=True)
    for child in left:
        child.kill()
    assert not left, f"processes left behind: {[c.cmdline() for c in left]}"


async def state(
    service: McpService,
    name: str,
    condition: Callable[[McpSnapshot], bool],
    within: float = START_S,
) -> McpSnapshot:
    """The state of `name` once it meets `condition`, as the service tells it."""
    async with asyncio.timeout(within):
        while not condition(snapshot := service.state_of(name)):
            changed: asyncio.Future[None] = asyncio.get_running_loop().create_future()

            def on_change(_: McpSnapshot, changed: asyncio.Future[None] = changed) -> None:
                if not changed.done():
                    changed.set_result(None)

            service.state_changed.connect(on_change)
            try:
                await changed
            finally:
                service.state_changed.disconnect(on_change)
    return snapshot


def settled(snapshot: McpSnapshot) -> bool:
    return snapshot.state in (McpState.READY, McpState.FAILED)


def is_ready(snapshot: McpSnapshot) -> bool:
    return snapshot.state is McpState.READY


def is_failed(snapshot: McpSnapshot) -> bool:
    return snapshot.state is McpState.FAILED


def is_stopped(snapshot: McpSnapshot) -> bool:
    return snapshot.state is McpState.STOPPED
