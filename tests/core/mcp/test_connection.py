"""One MCP server over stdio, a real one written with the SDK: started, listed, called;
a server that hangs, crashes or answers with an error is said as such, a crash is
restarted once, and stopping it leaves no process behind (see `conftest.no_orphans`)."""

from __future__ import annotations

import asyncio

import pytest

from studio.core.errors import StudioError
from studio.core.mcp import McpSnapshot, McpState, ServerConfig, StdioTransport
from studio.core.voice import ENGLISH
from tests.core.mcp.helpers import HANG_S, refused, running, stdio_server
from tests.support.mcp_servers import FAIL_MESSAGE, REFUSE_MESSAGE

STARTING = McpState.STARTING


async def test_a_server_starts_lists_its_tools_and_answers() -> None:
    seen: list[McpSnapshot] = []
    config = stdio_server("main", env={"STUDIO_MCP_TEST": "from the config"})
    async with running(config, on_change=seen.append) as connection:
        ready = await connection.settled()
        assert ready.state is McpState.READY
        tools = {tool.name: tool for tool in ready.tools}
        assert {"add", "echo", "fail", "hang", "crash", "env"} <= set(tools)
        assert tools["add"].description == "Add two whole numbers."
        assert set(tools["add"].parameters["properties"]) == {"a", "b"}

        assert (await connection.call("add", {"a": 2, "b": 40})).text == "42"
        assert (await connection.call("echo", {"text": "héllo\nworld"})).text == "héllo\nworld"
        assert (await connection.call("env", {"name": "STUDIO_MCP_TEST"})).text == (
            "from the config"
        )
        failed = await connection.call("fail", {})
        assert failed.is_error and FAIL_MESSAGE in failed.text
        protocol_error = await refused(connection, "refuse")
        assert ENGLISH.error(protocol_error) == (
            f"The tool refuse of the MCP server main could not be called: {REFUSE_MESSAGE}"
        )
    assert [s.state for s in seen] == [McpState.STARTING, McpState.READY, McpState.STOPPED]
    assert connection.snapshot.state is McpState.STOPPED


async def test_a_call_that_hangs_times_out_and_the_server_goes_on() -> None:
    async with running(stdio_server("main"), call_timeout=HANG_S) as connection:
        await connection.settled()
        timed_out = await refused(connection, "hang")
        assert timed_out.code == "mcp_timeout"
        assert ENGLISH.error(timed_out) == "The MCP server main did not answer within 1.5 seconds."
        assert (await connection.call("echo", {"text": "still here"})).text == "still here"


async def test_cancelling_the_caller_cancels_the_call_cleanly() -> None:
    async with running(stdio_server("main")) as connection:
        await connection.settled()
        call = asyncio.create_task(connection.call("hang", {}))
        assert (await connection.call("is_hanging", {})).text == "hanging"
        call.cancel()
        with pytest.raises(asyncio.CancelledError):
            await call
        # The server was told, and stopped the tool (this call waits for that).
        assert (await connection.call("was_cancelled", {})).text == "cancelled"
        assert connection.snapshot.state is McpState.READY
        assert (await connection.call("add", {"a": 1, "b": 1})).text == "2"


async def test_a_crash_is_restarted_once_then_said() -> None:
    async with running(stdio_server("main")) as connection:
        await connection.settled()
        first = await refused(connection, "crash")
        assert first.code == "mcp_crashed"
        again = await connection.wait_for(lambda s: s.restarts == 1 and s.state is not STARTING)
        assert again.state is McpState.READY
        assert (await connection.call("echo", {"text": "back"})).text == "back"

        second = await refused(connection, "crash")
        assert second.code == "mcp_crashed"
        failed = await connection.wait_for(lambda s: s.state is not McpState.READY)
        assert failed.state is McpState.FAILED
        assert failed.problem is not None and failed.problem.code == "mcp_crashed"
        assert ENGLISH.error(failed.problem) == "The MCP server main stopped unexpectedly."
        assert (await refused(connection, "echo")).code == "mcp_crashed"


async def test_a_server_that_crashes_on_start_is_tried_twice_then_failed() -> None:
    seen: list[McpSnapshot] = []
    async with running(stdio_server("boom", "crash-on-start"), on_change=seen.append) as c:
        failed = await c.settled()
    assert failed.state is McpState.FAILED and failed.restarts == 1
    assert failed.problem is not None and failed.problem.code == "mcp_crashed"
    assert [s.state for s in seen] == [McpState.STARTING, McpState.STARTING, McpState.FAILED]


async def test_a_server_that_never_answers_times_out_at_start() -> None:
    async with running(stdio_server("quiet", "silent"), start_timeout=HANG_S) as connection:
        failed = await connection.settled()
        assert failed.state is McpState.FAILED and failed.problem is not None
        assert failed.problem.code == "mcp_timeout"
        assert failed.problem.params == {"server": "quiet", "seconds": HANG_S}
        assert (await refused(connection, "echo")).code == "mcp_timeout"


async def test_a_missing_program_is_said_without_a_restart() -> None:
    config = ServerConfig("nowhere", StdioTransport("/no/such/mcp-server", ("--stdio",)))
    async with running(config) as connection:
        failed = await connection.settled()
    assert failed.problem is not None and failed.restarts == 0
    assert ENGLISH.error(failed.problem) == (
        "The MCP server nowhere could not start: the program /no/such/mcp-server was not found."
    )


async def test_a_stopped_server_refuses_calls_and_starts_again() -> None:
    async with running(stdio_server("main")) as connection:
        await connection.settled()
        await connection.stop()
        assert connection.snapshot.state is McpState.STOPPED
        assert (await refused(connection, "echo")).code == "mcp_not_running"
        connection.start()
        assert (await connection.settled()).state is McpState.READY
        assert (await connection.call("echo", {"text": "again"})).text == "again"


async def test_stopping_during_a_call_and_during_a_start_leaves_nothing_running() -> None:
    async with running(stdio_server("main")) as connection:
        await connection.settled()
        call = asyncio.create_task(connection.call("hang", {}))
        assert (await connection.call("is_hanging", {})).text == "hanging"
        await connection.stop()
        with pytest.raises(StudioError) as stopped:
            await call
        assert stopped.value.code == "mcp_not_running"
    async with running(stdio_server("slow", "silent")) as starting:
        assert starting.snapshot.state is McpState.STARTING
    assert starting.snapshot.state is McpState.STOPPED


def test_it_runs_on_a_plain_asyncio_loop() -> None:
    async def main() -> str:
        async with running(stdio_server("main")) as connection:
            return (await connection.call("add", {"a": 20, "b": 22})).text

    assert asyncio.run(main()) == "42"
