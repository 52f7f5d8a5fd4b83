"""`studio serve --mcp-tools`: the enabled MCP servers of the app's list (the one Settings
and `studio mcp` edit) started beside the API, and their tools listed at GET /studio/tools
as OpenAI function definitions and called at POST /studio/tools/call, for clients that
run their own tool loop. Off by default: a server may read files or reach the network,
so serving its tools is asked for."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from studio.core.api.facade import ChatFacade
from studio.core.mcp import McpServerStore, McpSnapshot
from studio.core.paths import AppPaths
from studio.core.voice import ENGLISH

if TYPE_CHECKING:
    from studio.core.mcp.registry import McpRegistry


async def start_mcp_tools(facade: ChatFacade, paths: AppPaths | None = None) -> McpRegistry:
    """The list's enabled servers, starting (not waited for: the route lists the ready
    ones at each request), and the route on `facade`. Raises StudioError when the list
    cannot be read. The caller closes the registry, which ends every server's process."""
    registry = await start_servers(paths)
    facade.serve_tools(_Served(registry))
    return registry


async def start_servers(paths: AppPaths | None = None) -> McpRegistry:
    """The list's enabled servers, starting (`settled` waits for them); `studio run
    --mcp-tools` starts them so too. Raises StudioError when the list cannot be read. The
    caller closes the registry, which ends every server's process."""
    store = McpServerStore((paths or AppPaths.default()).config_dir)
    servers = await asyncio.to_thread(store.load)
    from studio.core.mcp.registry import McpRegistry  # the SDK: only when asked for

    registry = McpRegistry(servers)
    registry.start()
    return registry


class _Served:
    """The registry as the API serves it."""

    def __init__(self, registry: McpRegistry) -> None:
        self._registry = registry

    def listing(self) -> dict[str, Any]:
        return listing(self._registry)

    async def call(self, name: str, arguments: Mapping[str, Any]) -> dict[str, Any]:
        """POST /studio/tools/call: the tool's text and whether it says it failed."""
        result = await self._registry.call(name, arguments)
        return {"name": name, "content": result.text, "is_error": result.is_error}


def listing(registry: McpRegistry) -> dict[str, Any]:
    """GET /studio/tools: `tools` as a chat request's `tools` takes them, and `servers`."""
    return {
        "tools": registry.definitions(),
        "servers": [_server(snapshot) for snapshot in registry.snapshots()],
    }


def _server(snapshot: McpSnapshot) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "name": snapshot.name,
        "state": snapshot.state.value,
        "tools": [tool.name for tool in snapshot.tools],
    }
    if snapshot.problem is not None:
        entry["error"] = {
            "code": snapshot.problem.code,
            "message": ENGLISH.error(snapshot.problem),
        }
    return entry
