"""One MCP server, kept running: started, listed, restarted once after a crash, stopped.

A runner task (named, owned by the caller's `TaskOwner`) holds the SDK session for its
whole life, because the SDK's anyio scopes must be entered and left in one task; calls
come from any task on the same loop and are bounded by their own timeout, and cancelling
the calling task cancels the call (the SDK tells the server). A server that hangs at start
or in a call is `mcp_timeout`; one whose process exits (or whose endpoint stops
answering) is started again once, and after a second crash it stays failed,
`mcp_crashed`. Each change is an immutable `McpSnapshot`, given to `on_change`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import tempfile
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, BinaryIO, Final, TextIO, cast

from mcp import Client
from mcp_types import Tool

from studio.core.errors import Problem, StudioError
from studio.core.mcp.config import ServerConfig
from studio.core.mcp.connect import connect
from studio.core.mcp.failures import call_failure, crashed, is_crash, seconds, start_failure
from studio.core.mcp.results import ToolResult, tool_result
from studio.core.mcp.states import McpSnapshot, McpState, ToolInfo
from studio.core.tasks import TaskOwner

log = logging.getLogger(__name__)

# How long a server may take to start (a first `npx` or `uvx` run downloads the server)
# and a call to answer; a front end may choose others.
START_TIMEOUT_S: Final = 60.0
CALL_TIMEOUT_S: Final = 120.0
# Started again after this many crashes in a row, then left failed.
RESTARTS: Final = 1
# A server listing more is broken or hostile; no model could use that many anyway.
MAX_TOOLS: Final = 1000
_MAX_PAGES: Final = 100
# The end of a stdio server's stderr kept for the log when it fails.
_STDERR_TAIL: Final = 2000

Listener = Callable[[McpSnapshot], None]


class McpConnection:
    def __init__(
        self,
        config: ServerConfig,
        owner: TaskOwner,
        *,
        start_timeout: float = START_TIMEOUT_S,
        call_timeout: float = CALL_TIMEOUT_S,
        on_change: Listener | None = None,
    ) -> None:
        self._config = config
        self._owner = owner
        self._start_timeout = start_timeout
        self._call_timeout = call_timeout
        self._on_change = on_change
        self._snapshot = McpSnapshot(config.name, McpState.STOPPED)
        self._changed = asyncio.Event()
        self._stop = asyncio.Event()
        self._wake = asyncio.Event()
        self._client: Client | None = None
        self._runner: asyncio.Task[None] | None = None

    @property
    def config(self) -> ServerConfig:
        return self._config

    @property
    def snapshot(self) -> McpSnapshot:
        return self._snapshot

    def start(self, after_s: float = 0.0) -> None:
        """Start the server (again, after it failed or stopped); nothing while it runs.
        `after_s`: wait that long first (the registry spaces its servers' spawns)."""
        if self._runner is not None and not self._runner.done():
            return
        self._stop = asyncio.Event()
        self._set(McpSnapshot(self._config.name, McpState.STARTING))
        self._runner = self._owner.spawn(f"mcp {self._config.name}", self._run(after_s))

    async def stop(self) -> None:
        """Stop the server and wait until its process has ended (a stdio server is asked
        to leave, then terminated and killed, by the SDK, each step bounded)."""
        runner = self._runner
        self._stop.set()
        self._wake.set()
        if runner is None:
            return
        if self._snapshot.state is McpState.STARTING:
            # Nothing in a start watches for the stop; the SDK's teardown of a cancelled
            # session still ends the process.
            runner.cancel()
        # Not `await runner`: a caller cancelled meanwhile leaves the runner to finish.
        await asyncio.wait([runner])
        if self._snapshot.state not in (McpState.FAILED, McpState.STOPPED):
            self._set(McpSnapshot(self._config.name, McpState.STOPPED))

    async def settled(self) -> McpSnapshot:
        """The snapshot once the server is no longer starting. (A crash a call reports is
        seen by the runner a moment later: until then the server still reads ready.)"""
        return await self.wait_for(lambda snapshot: snapshot.state is not McpState.STARTING)

    async def wait_for(self, condition: Callable[[McpSnapshot], bool]) -> McpSnapshot:
        """The first snapshot, the present one included, that meets `condition`."""
        while not condition(self._snapshot):
            await self._changed.wait()
        return self._snapshot

    async def call(self, tool: str, arguments: Mapping[str, Any]) -> ToolResult:
        """Call `tool`; waits for a starting server, all within the call timeout.

        Raises StudioError: `mcp_timeout`, `mcp_crashed` (the server died during the call;
        it is restarted in the background), `mcp_call_failed`, `mcp_result_invalid`, or
        why the server is not running."""
        name = self._config.name
        limit = self._call_timeout
        try:
            async with asyncio.timeout(limit):
                client = await self._ready_client()
                try:
                    result = await client.call_tool(tool, dict(arguments))
                except asyncio.CancelledError:
                    raise
                except Exception as error:
                    if self._stop.is_set():  # stopped under the call: no crash to report
                        raise _not_running(name) from error
                    failure = call_failure(error, name, tool)
                    if failure is None:
                        raise
                    raise failure from error
        except TimeoutError as error:
            raise StudioError(
                "mcp_timeout",
                f"{name}: {tool} gave no answer in {limit} s",
                server=name,
                seconds=seconds(limit),
                tool=tool,
            ) from error
        return tool_result(result)

    async def _ready_client(self) -> Client:
        while True:
            snapshot = self._snapshot
            if snapshot.state is McpState.READY and self._client is not None:
                return self._client
            if snapshot.state is McpState.FAILED and snapshot.problem is not None:
                problem = snapshot.problem
                raise StudioError(problem.code, problem.detail, **problem.params)
            if snapshot.state is McpState.STOPPED or self._stop.is_set():
                raise _not_running(snapshot.name)
            await self._changed.wait()

    def _set(self, snapshot: McpSnapshot) -> None:
        self._snapshot = snapshot
        # Wake every waiter of this change; later waiters wait for the next one.
        self._changed.set()
        self._changed = asyncio.Event()
        if self._on_change is not None:
            self._on_change(snapshot)

    async def _run(self, after_s: float) -> None:
        name = self._config.name
        if after_s > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), after_s)
            if self._stop.is_set():
                self._set(McpSnapshot(name, McpState.STOPPED))
                return
        crashes = 0
        while True:
            try:
                await self._session(crashes)
            except StudioError as failure:
                if failure.code == "mcp_crashed" and crashes < RESTARTS and not self._stop.is_set():
                    crashes += 1
                    log.info("MCP server %s crashed; starting it again", name)
                    self._set(McpSnapshot(name, McpState.STARTING, restarts=crashes))
                    continue
                log.info("MCP server %s failed: %s", name, failure.detail)
                self._set(
                    McpSnapshot(
                        name, McpState.FAILED, problem=Problem.of(failure), restarts=crashes
                    )
                )
                return
            self._set(McpSnapshot(name, McpState.STOPPED))
            return

    async def _session(self, crashes: int) -> None:
        """One session, from spawn to its end: returns when it ended because it was asked
        to, else raises the failure that ended it."""
        config = self._config
        # Set when the server's output ends (a crash) or when `stop` asks.
        self._wake = wake = asyncio.Event()
        if self._stop.is_set():
            return
        # A file, not a pipe: a server writing much to stderr must never block on it. The
        # SDK types it as text but only hands its descriptor to the child.
        with tempfile.TemporaryFile() as errlog:
            try:
                async with asyncio.timeout(self._start_timeout) as deadline:
                    async with connect(config, wake, cast(TextIO, errlog)) as client:
                        tools = await _tools(client)
                        deadline.reschedule(None)  # started: it may run for as long as it likes
                        self._client = client
                        self._set(McpSnapshot(config.name, McpState.READY, tools, restarts=crashes))
                        await wake.wait()
                        self._client = None
            except (Exception, BaseExceptionGroup) as error:  # the SDK's or the transport's
                self._client = None
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    raise  # the runner itself is cancelled (its owner shuts down)
                if self._stop.is_set():
                    log.debug("MCP server %s stopped", config.name, exc_info=error)
                    return
                self._log_stderr(errlog)
                if self._snapshot.state is McpState.READY and is_crash(error):
                    raise crashed(config.name, f"{config.name}: {error!r}") from error
                raise start_failure(error, config, self._start_timeout) from error
            if self._stop.is_set():
                return
            self._log_stderr(errlog)
        raise crashed(config.name, f"{config.name}: the server's output ended")

    def _log_stderr(self, errlog: BinaryIO) -> None:
        # A local file the server wrote, its end read once when it fails.
        errlog.seek(0, os.SEEK_END)
        errlog.seek(max(0, errlog.tell() - _STDERR_TAIL))
        tail = errlog.read().decode("utf-8", "replace")
        if tail.strip():
            log.info("MCP server %s said on stderr:\n%s", self._config.name, tail)


def _not_running(server: str) -> StudioError:
    return StudioError("mcp_not_running", f"{server} is stopped", server=server)


async def _tools(client: Client) -> tuple[ToolInfo, ...]:
    tools: list[ToolInfo] = []
    cursor: str | None = None
    for _ in range(_MAX_PAGES):
        page = await client.list_tools(cursor=cursor)
        tools.extend(_info(tool) for tool in page.tools)
        cursor = page.next_cursor
        if cursor is None or len(tools) >= MAX_TOOLS:
            break
    return tuple(tools[:MAX_TOOLS])


def _info(tool: Tool) -> ToolInfo:
    return ToolInfo(tool.name, tool.description or "", MappingProxyType(dict(tool.input_schema)))
