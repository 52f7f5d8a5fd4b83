"""The MCP tests' fixtures: the HTTP test server started for a test, and the rule that no
test leaves a process behind."""

from __future__ import annotations

import select
import subprocess
from collections.abc import Iterator

import psutil
import pytest

from studio.core.mcp import HttpTransport, ServerConfig
from tests.core.mcp.helpers import START_S
from tests.support.mcp_servers import command


@pytest.fixture(autouse=True)
def no_orphans() -> Iterator[None]:
    yield
    left = psutil.Process().children(recursive=True)
    for child in left:  # ends them, so one test's leftovers fail only that test
        child.kill()
    assert not left, f"processes left behind: {[c.cmdline() for c in left]}"


@pytest.fixture
def http_process() -> Iterator[tuple[subprocess.Popen[str], str]]:
    """The `http` test server and its endpoint's URL."""
    program, args = command("http")
    process = subprocess.Popen(
        [program, *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        assert process.stdout is not None
        # Bounds a server that never starts; a started one prints its port at once.
        readable, _, _ = select.select([process.stdout], [], [], START_S)
        assert readable, "the HTTP test server printed no port"
        port = int(process.stdout.readline())
        yield process, f"http://127.0.0.1:{port}/mcp"
    finally:
        process.kill()
        process.wait()
        if process.stdout is not None:
            process.stdout.close()


@pytest.fixture
def http_server(http_process: tuple[subprocess.Popen[str], str]) -> ServerConfig:
    _, url = http_process
    return ServerConfig("web", HttpTransport(url, (("X-Studio-Test", "from the config"),)))
