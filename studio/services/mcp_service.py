"""The MCP servers for the GUI: the list Settings edits and the servers it runs.

The list (`McpServerStore`, the config folder's `mcp-servers.json`) is read and written
on worker threads, one change at a time; each change is told as the whole list
(`listed`) and then followed by the one running `McpRegistry`, which starts and stops
only the servers whose entries changed. Each server's state is told as an immutable
`McpSnapshot` (`state_changed`): starting, ready with its tools, failed with a `Problem`
the view says in one sentence, stopped.

The servers start with `start()`, which the app calls once its window is built: the
list is read, and the SDK (half a second of imports) is imported on a worker thread, so
neither the first paint nor the GUI thread waits for it. The chat's tool loop asks this
service for the running tools: `registry` (the one `McpRegistry`, None before the start),
or the service's own `definitions()`, `server_of(name)` and `await call(name, arguments)`,
which answer before the start too (no tools yet). `shutdown()` stops every
server and ends their processes.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, Signal

from studio.core.errors import Problem, StudioError
from studio.core.mcp import ImportReport, McpServerStore, McpSnapshot, McpState, ServerConfig
from studio.core.mcp.store import merged
from studio.core.tasks import TaskOwner
from studio.services.background import Background
from studio.services.operation_failed import OperationFailed

if TYPE_CHECKING:  # the SDK's half second of imports waits for `start`
    from studio.core.mcp.registry import McpRegistry, OfferedTool
    from studio.core.mcp.results import ToolResult

log = logging.getLogger(__name__)

Servers = tuple[ServerConfig, ...]
T = TypeVar("T")
_REGISTRY_MODULE = "studio.core.mcp.registry"


class McpService(QObject):
    listed = Signal(object)  # tuple[ServerConfig, ...]: the list, after each read or change
    state_changed = Signal(object)  # McpSnapshot: one server's new state
    imported = Signal(object)  # ImportReport: what an import added and replaced
    # OperationFailed: "read", "add", "edit", "enable", "remove" or "import"; the list
    # and the servers stay as they were.
    failed = Signal(object)

    def __init__(
        self,
        store: McpServerStore,
        tasks: TaskOwner,
        *,
        start_timeout: float | None = None,
        call_timeout: float | None = None,
        parent: QObject | None = None,
    ) -> None:
        """`start_timeout` and `call_timeout`: the core's (60 and 120 s) when None."""
        super().__init__(parent)
        self._store = store
        self._tasks = tasks
        self._work = Background(tasks)
        self._timeouts: dict[str, float] = {
            key: value
            for key, value in (("start_timeout", start_timeout), ("call_timeout", call_timeout))
            if value is not None
        }
        self.servers: Servers = ()
        self._states: dict[str, McpSnapshot] = {}
        self._registry: McpRegistry | None = None
        self._applied: Servers = ()
        self._applying: asyncio.Task[None] | None = None
        # One read or write of the list at a time: each change reads what the last saved.
        self._saving = asyncio.Lock()
        self._closed = False

    # -- what the views and the tool loop read ----------------------------------------------

    def state_of(self, name: str) -> McpSnapshot:
        """The last state told of the server `name` (stopped before it starts)."""
        return self._states.get(name) or McpSnapshot(name, McpState.STOPPED)

    @property
    def registry(self) -> McpRegistry | None:
        """The running servers (None until `start` has imported the SDK): one object for
        the app's life, which follows every change of the list."""
        return self._registry

    def tools(self) -> tuple[OfferedTool, ...]:
        return self._registry.tools() if self._registry is not None else ()

    def server_of(self, name: str) -> str | None:
        """The server offering the tool a model calls `name`, if one runs."""
        return self._registry.server_of(name) if self._registry is not None else None

    def definitions(self) -> list[dict[str, Any]]:
        """The running servers' tools as OpenAI function definitions (none before the
        start)."""
        return self._registry.definitions() if self._registry is not None else []

    async def call(self, name: str, arguments: Mapping[str, Any]) -> ToolResult:
        """Call the tool a model calls `name`; raises what `McpRegistry.call` raises."""
        if self._registry is None:
            raise StudioError("mcp_tool_unknown", f"no MCP server runs yet: {name!r}", tool=name)
        return await self._registry.call(name, arguments)

    # -- start and stop ---------------------------------------------------------------------

    def start(self) -> asyncio.Task[None]:
        """Read the list and start its enabled servers, off the GUI thread."""
        return self._work.run("mcp-start", self._start)

    async def _start(self) -> None:
        try:
            servers = await self._read()
        except StudioError as error:  # a damaged list: said, and no server runs from it
            self._failed("read")(Problem.of(error))
            servers = ()
        self._show_list(servers)
        module = await asyncio.to_thread(importlib.import_module, _REGISTRY_MODULE)
        if self._closed or self._registry is not None:
            return
        self._applied = self.servers  # a change saved meanwhile is already in the list
        registry: McpRegistry = module.McpRegistry(
            self._applied, on_change=self._on_snapshot, **self._timeouts
        )
        self._registry = registry
        registry.start()
        self._publish()

    async def _read(self) -> Servers:
        async with self._saving:
            return await asyncio.to_thread(self._store.load)

    async def shutdown(self) -> None:
        """Stop every server (their processes ended); nothing starts after it."""
        self._closed = True
        if self._registry is not None:
            await self._registry.close()

    # -- intents ----------------------------------------------------------------------------

    def add(self, server: ServerConfig) -> asyncio.Task[Servers | None]:
        """Add `server`; refused (`mcp_server_exists`) when its name is taken."""
        return self._change("add", lambda store: _added(store, server))

    def edit(self, name: str, server: ServerConfig) -> asyncio.Task[Servers | None]:
        """Replace the server called `name` with `server` (which may have a new name)."""
        return self._change("edit", lambda store: _replaced(store, name, server))

    def set_enabled(self, name: str, enabled: bool) -> asyncio.Task[Servers | None]:
        return self._change("enable", lambda store: store.set_enabled(name, enabled))

    def remove(self, name: str) -> asyncio.Task[Servers | None]:
        return self._change("remove", lambda store: store.remove(name))

    def import_file(self, path: Path) -> asyncio.Task[ImportReport | None]:
        """Merge the `mcp.json` at `path` into the list (a server of the same name is
        replaced); told by `imported`, or refused whole by `failed`."""

        def done(report: ImportReport) -> None:
            self._show_list(report.servers)
            self.imported.emit(report)

        return self._work.run(
            "mcp-import",
            lambda: self._saved(lambda store: store.import_file(path)),
            done,
            self._failed("import"),
        )

    def _change(
        self, operation: str, work: Callable[[McpServerStore], Servers]
    ) -> asyncio.Task[Servers | None]:
        return self._work.run(
            f"mcp-{operation}",
            lambda: self._saved(work),
            self._show_list,
            self._failed(operation),
        )

    async def _saved(self, work: Callable[[McpServerStore], T]) -> T:
        async with self._saving:
            return await asyncio.to_thread(work, self._store)

    def _failed(self, operation: str) -> Callable[[Problem], None]:
        return lambda problem: self.failed.emit(OperationFailed(operation, problem))

    # -- following the list -----------------------------------------------------------------

    def _show_list(self, servers: Servers) -> None:
        self.servers = servers
        names = {server.name for server in servers}
        self._states = {name: state for name, state in self._states.items() if name in names}
        self.listed.emit(servers)
        self._follow()

    def _follow(self) -> None:
        """Have the registry run the list, one update after the other, the newest last."""
        if self._registry is None or self._closed:
            return
        if self._applying is None or self._applying.done():
            self._applying = self._tasks.spawn("mcp-update", self._apply(self._registry))

    async def _apply(self, registry: McpRegistry) -> None:
        while self._applied != self.servers and not self._closed:
            wanted = self.servers
            await registry.update(wanted)
            self._applied = wanted
            self._publish()

    def _on_snapshot(self, _snapshot: McpSnapshot) -> None:
        # Told by the connection itself: read back through the registry, so a server
        # stopped because it left the list is not shown as one of it.
        self._publish()

    def _publish(self) -> None:
        if self._registry is None:
            return
        names = {server.name for server in self.servers}
        for snapshot in self._registry.snapshots():
            if snapshot.name in names and self._states.get(snapshot.name) != snapshot:
                self._states[snapshot.name] = snapshot
                self.state_changed.emit(snapshot)


def _added(store: McpServerStore, server: ServerConfig) -> Servers:
    servers = store.load()
    if any(known.name == server.name for known in servers):
        raise StudioError("mcp_server_exists", f"{server.name!r} is taken", server=server.name)
    updated = merged(servers, [server]).servers  # refused past the most servers
    store.save(updated)
    return updated


def _replaced(store: McpServerStore, name: str, server: ServerConfig) -> Servers:
    servers = store.load()
    names = [known.name for known in servers]
    if name not in names:
        raise StudioError("mcp_server_unknown", f"no server called {name!r}", server=name)
    if server.name != name and server.name in names:
        raise StudioError("mcp_server_exists", f"{server.name!r} is taken", server=server.name)
    updated = tuple(server if known.name == name else known for known in servers)
    store.save(updated)
    return updated
