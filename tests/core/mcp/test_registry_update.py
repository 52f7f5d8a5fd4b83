"""The registry follows an edited list touching only what changed: a server whose entry
is the same keeps running (the same process), a disabled or removed one is stopped with
its process, an added or edited one starts."""

from __future__ import annotations

from dataclasses import replace

import psutil

from studio.core.mcp import McpSnapshot, McpState, ServerConfig, StdioTransport
from studio.core.mcp.registry import McpRegistry
from tests.core.mcp.helpers import START_S, stdio_server


def _children() -> set[int]:
    return {child.pid for child in psutil.Process().children(recursive=True)}


async def test_only_what_changed_is_started_or_stopped() -> None:
    tools, other = stdio_server("tools"), stdio_server("other", "other")
    seen: list[McpSnapshot] = []
    registry = McpRegistry([tools, other], start_timeout=START_S, on_change=seen.append)
    registry.start()
    try:
        await registry.settled()
        first = _children()
        assert [s.state for s in registry.snapshots()] == [McpState.READY, McpState.READY]

        # Disabling one stops it alone; the other keeps its process and its tools.
        seen.clear()
        await registry.update([tools, replace(other, enabled=False)])
        assert [s.state for s in registry.snapshots()] == [McpState.READY, McpState.STOPPED]
        assert {s.name for s in seen} == {"other"}
        kept = _children()
        assert kept < first and kept
        assert {t.name for t in registry.tools()} >= {"add", "echo"}
        assert "shout" not in {t.name for t in registry.tools()}

        # An edited entry starts again under its new settings; an added one starts.
        program, args = tools.transport.command, tools.transport.args  # type: ignore[union-attr]
        edited = replace(tools, transport=StdioTransport(program, args, (("MARK", "edited"),)))
        third = stdio_server("third", "other")
        await registry.update([edited, third])
        snapshots = await registry.settled()
        assert [(s.name, s.state) for s in snapshots] == [
            ("tools", McpState.READY),
            ("third", McpState.READY),
        ]
        assert not kept & _children()  # the edited server runs in a new process
        assert (await registry.call("env", {"name": "MARK"})).text == "edited"

        # Removing every server leaves no process.
        await registry.update([])
        assert registry.snapshots() == ()
        assert not _children()
    finally:
        await registry.close()
    assert not _children()


async def test_an_update_before_the_start_starts_nothing() -> None:
    registry = McpRegistry([], start_timeout=START_S)
    await registry.update([stdio_server("tools")])
    assert registry.snapshots() == (McpSnapshot("tools", McpState.STOPPED),)
    assert not _children()
    registry.start()
    try:
        assert [s.state for s in await registry.settled()] == [McpState.READY]
    finally:
        await registry.close()
    await registry.update([stdio_server("other", "other")])  # after close: nothing starts
    assert not _children()


def test_a_disabled_server_is_listed_as_stopped() -> None:
    config = ServerConfig("off", StdioTransport("python"), enabled=False)
    assert McpRegistry([config]).snapshots() == (McpSnapshot("off", McpState.STOPPED),)
