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
        self._configs = tuple(configs)
        self._connections: dict[str, McpConnection] = {
            config.name: McpConnection(
                config,
                self._owner,
                start_timeout=start_timeout,
                call_timeout=call_timeout,
                on_change=on_change,
            )
            for config in configs
            if config.enabled
        }

    def start(self) -> None:
        """Start every enabled server; returns at once (see `settled`)."""
        for connection in self._connections.values():
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
        """Stop every server, together, then cancel anything still running."""
        try:
            await asyncio.gather(*(c.stop() for c in self._connections.values()))
        finally:
            await self._owner.shutdown()

    def _find(self, name: str) -> OfferedTool | None:
        return next((tool for tool in self.tools() if tool.name == name), None)
