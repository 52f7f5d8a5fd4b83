"""Every configured MCP server together: started and stopped as one, their tools under one
set of names, offered to a model as OpenAI-style function definitions and called by
those names.

A tool keeps its own name while one ready server offers it; a name several servers offer
is given as `server__tool` for each, the server's name made safe for a function name, so
the same servers always give the same names. The registry owns the servers' tasks: `close`
stops every server (no process is left behind) and cancels whatever is still running.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

# The SDK's asyncio backend, which anyio would import at the first server's start on the
# event loop's thread (8 ms of the GUI's): imported with this module, which the app
# imports on a worker thread.
import anyio._backends._asyncio  # noqa: F401

from studio.core.errors import StudioError
from studio.core.mcp.config import ServerConfig
from studio.core.mcp.connection import (
    CALL_TIMEOUT_S,
    START_TIMEOUT_S,
    Listener,
    McpConnection,
)
from studio.core.mcp.results import ToolResult
from studio.core.mcp.states import McpSnapshot, McpState, ToolInfo
from studio.core.tasks import TaskOwner

log = logging.getLogger(__name__)

# A stdio server is a fork of this process, some milliseconds of the event loop's thread
# (the GUI's, in the app): spawned a frame apart, several never stall it together.
SPAWN_SPACING_S: Final = 0.02
SEPARATOR: Final = "__"
_UNSAFE: Final = re.compile(r"[^A-Za-z0-9_-]")


@dataclass(frozen=True)
class OfferedTool:
    """A tool under the name a model calls it by, and the server it runs on."""

    name: str
    server: str
    tool: ToolInfo


def prefix(server: str) -> str:
    """`server` as the front of a function name (letters, digits, `_` and `-` only)."""
    return _UNSAFE.sub("_", server)


def offered(snapshots: Iterable[McpSnapshot]) -> tuple[OfferedTool, ...]:
    """The tools of the ready servers, in the servers' order, each under its one name."""
    ready = [s for s in snapshots if s.state is McpState.READY]
    counts = Counter(name for snapshot in ready for name in {t.name for t in snapshot.tools})
    tools: list[OfferedTool] = []
    taken: set[str] = set()
    for snapshot in ready:
        for tool in snapshot.tools:
            name = (
                tool.name
                if counts[tool.name] == 1
                else f"{prefix(snapshot.name)}{SEPARATOR}{tool.name}"
            )
            # A server listing a name twice, or `a__b` meeting `b`'s prefixed `b`: the first
            # keeps it. Debug only: this runs for every lookup.
            if name in taken:
                log.debug(
                    "MCP tool %s of %s is left out: the name is taken", tool.name, snapshot.name
                )
                continue
            taken.add(name)
            tools.append(OfferedTool(name, snapshot.name, tool))
    return tuple(tools)


def definition(tool: OfferedTool) -> dict[str, Any]:
    """`tool` as an OpenAI-style function definition (llama-server's `tools`)."""
    parameters: dict[str, Any] = copy.deepcopy(dict(tool.tool.parameters))
    if parameters.get("type") != "object":
        parameters = {"type": "object", "properties": {}}
    function: dict[str, Any] = {"name": tool.name, "parameters": parameters}
    if tool.tool.description:
        function["description"] = tool.tool.description
    return {"type": "function", "function": function}


class McpRegistry:
    """The enabled servers of `configs`; the disabled ones are listed as stopped."""

    def __init__(
        self,
        configs: Sequence[ServerConfig],
        *,
        start_timeout: float = START_TIMEOUT_S,
        call_timeout: float = CALL_TIMEOUT_S,
        on_change: Listener | None = None,
    ) -> None:
        self._owner = TaskOwner("mcp")
        self._start_timeout = start_timeout
        self._call_timeout = call_timeout
        self._on_change = on_change
        self._configs = tuple(configs)
        self._connections = {c.name: self._connection(c) for c in configs if c.enabled}
        self._started = False
        # One `update` at a time: each compares with what the one before left.
        self._updating = asyncio.Lock()

    def _connection(self, config: ServerConfig) -> McpConnection:
        return McpConnection(
            config,
            self._owner,
            start_timeout=self._start_timeout,
            call_timeout=self._call_timeout,
            on_change=self._on_change,
        )

    def start(self) -> None:
        """Start every enabled server; returns at once (see `settled`)."""
        self._started = True
        for index, connection in enumerate(self._connections.values()):
            connection.start(after_s=index * SPAWN_SPACING_S)

    async def update(self, configs: Sequence[ServerConfig]) -> None:
        """Run `configs` from now on, touching only what changed: a server whose entry
        is the same keeps running (its calls go on); one removed, disabled or edited is
        stopped, its process ended; one added, enabled or edited is started (once the
        registry is started). Returns once the stopped ones have ended."""
        async with self._updating:
            self._configs = tuple(configs)
            wanted = {config.name: config for config in configs if config.enabled}
            going = [
                connection
                for name, connection in self._connections.items()
                if wanted.get(name) != connection.config
            ]
            for connection in going:
                del self._connections[connection.config.name]
            # Stopped before an edited server starts again, so never two of one name.
            await asyncio.gather(*(connection.stop() for connection in going))
            for name, config in wanted.items():
                if name not in self._connections:
                    self._connections[name] = connection = self._connection(config)
                    if self._started:
                        connection.start()

    async def settled(self) -> tuple[McpSnapshot, ...]:
        """The snapshots once no server is starting (each start has its own timeout)."""
        await asyncio.gather(*(c.settled() for c in self._connections.values()))
        return self.snapshots()

    def snapshots(self) -> tuple[McpSnapshot, ...]:
        """Every configured server, in the configuration's order."""
        return tuple(
            connection.snapshot
            if (connection := self._connections.get(config.name)) is not None
            else McpSnapshot(config.name, McpState.STOPPED)
            for config in self._configs
        )

    def tools(self) -> tuple[OfferedTool, ...]:
        return offered(self.snapshots())

    def definitions(self) -> list[dict[str, Any]]:
        return [definition(tool) for tool in self.tools()]

    def server_of(self, name: str) -> str | None:
        """The server offering the tool a model calls `name`, if one does."""
        found = self._find(name)
        return found.server if found is not None else None

    async def call(self, name: str, arguments: Mapping[str, Any]) -> ToolResult:
        """Call the tool a model calls `name`. Raises StudioError: `mcp_tool_unknown`, or
        what `McpConnection.call` raises."""
        found = self._find(name)
        if found is None:
            raise StudioError("mcp_tool_unknown", f"no MCP server offers {name!r}", tool=name)
        return await self._connections[found.server].call(found.tool.name, arguments)

    async def close(self) -> None:
        """Stop every server, together, then cancel anything still running. An `update`
        after it starts nothing."""
        self._started = False
        try:
            await asyncio.gather(*(c.stop() for c in self._connections.values()))
        finally:
            await self._owner.shutdown()

    def _find(self, name: str) -> OfferedTool | None:
        return next((tool for tool in self.tools() if tool.name == name), None)
