"""An MCP server over streamable HTTP, a real one written with the SDK on 127.0.0.1: listed
and called with the config's headers, its errors and hangs said as over stdio, an address
nobody answers said as unreachable, and a server that goes away under a call said as a
crash, with one reconnection tried."""

from __future__ import annotations

import socket
import subprocess

from studio.core.mcp import HttpTransport, McpState, ServerConfig
from studio.core.voice import ENGLISH
from tests.core.mcp.helpers import HANG_S, START_S, refused, running
from tests.support.mcp_servers import FAIL_MESSAGE


async def test_tools_are_listed_and_called_with_the_configs_headers(
    http_server: ServerConfig,
) -> None:
    async with running(http_server, call_timeout=HANG_S) as connection:
        ready = await connection.settled()
        assert ready.state is McpState.READY
        assert {"add", "echo", "fail", "hang", "header"} <= {tool.name for tool in ready.tools}
        assert (await connection.call("add", {"a": 2, "b": 3})).text == "5"
        header = await connection.call("header", {"name": "X-Studio-Test"})
        assert header.text == "from the config"
        failed = await connection.call("fail", {})
        assert failed.is_error and FAIL_MESSAGE in failed.text
        assert (await refused(connection, "hang")).code == "mcp_timeout"
        assert (await connection.call("echo", {"text": "still here"})).text == "still here"


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])  # nobody listens once it is closed


async def test_an_address_nobody_answers_is_unreachable() -> None:
    url = f"http://127.0.0.1:{_closed_port()}/mcp"
    async with running(ServerConfig("away", HttpTransport(url))) as connection:
        failed = await connection.settled()
    assert failed.state is McpState.FAILED and failed.problem is not None
    assert ENGLISH.error(failed.problem) == f"The MCP server away cannot be reached at {url}."


async def test_a_server_that_goes_away_is_a_crash_then_unreachable(
    http_process: tuple[subprocess.Popen[str], str], http_server: ServerConfig
) -> None:
    process, _ = http_process
    async with running(http_server, start_timeout=START_S) as connection:
        await connection.settled()
        process.kill()
        process.wait()
        assert (await refused(connection, "echo")).code == "mcp_crashed"
        failed = await connection.wait_for(lambda s: s.state is McpState.FAILED)
    assert failed.restarts == 1
    assert failed.problem is not None and failed.problem.code == "mcp_unreachable"
