"""Real MCP servers for the tests, written with the official SDK (`MCPServer`, which was
FastMCP before mcp 2), run as scripts: `python mcp_servers.py KIND`.

Kinds:
- `tools`: `add(a, b)`, `echo(text)`, `fail()` (an error result, isError), `refuse()`
  (a JSON-RPC error instead of a result), `hang()` (never answers; `is_hanging()` and
  `was_cancelled()` answer once one runs, and once one was cancelled), `env(name)` and
  `header(name)` (what reached the server) and `crash()` (the process exits), over stdio;
- `http`: the same tools over streamable HTTP on 127.0.0.1, on a free port it prints
  first on stdout;
- `other`: a second server over stdio, with its own `echo` (a name `tools` has too) and
  `shout(text)`;
- `crash-on-start`: exits before it reads a byte;
- `silent`: runs and reads its input but never answers, so never starts.
"""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from pathlib import Path

from mcp import MCPError
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError

FAIL_MESSAGE = "the fail tool always fails"
REFUSE_MESSAGE = "refused on purpose"
SCRIPT = Path(__file__).resolve()


def command(kind: str) -> tuple[str, list[str]]:
    """The command and arguments that run the server `kind` (as a config names them)."""
    # -P: the folder of this script (full of test helpers) stays off the import path.
    return sys.executable, ["-P", str(SCRIPT), kind]


def _tools_server() -> MCPServer:
    server = MCPServer("studio-test-tools")

    @server.tool()
    def add(a: int, b: int) -> int:
        """Add two whole numbers."""
        return a + b

    @server.tool()
    def echo(text: str) -> str:
        """Say the text back."""
        return text

    @server.tool()
    def fail() -> str:
        """Always fails, as a tool reports a failure."""
        raise ToolError(FAIL_MESSAGE)

    @server.tool()
    def refuse() -> str:
        """Answers with a JSON-RPC error instead of a result."""
        raise MCPError(-32602, REFUSE_MESSAGE)

    hanging = asyncio.Event()
    cancelled = asyncio.Event()

    @server.tool()
    async def hang() -> str:
        """Never answers."""
        hanging.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:  # the client cancelled the call
            cancelled.set()
            raise
        return "never"

    @server.tool()
    async def is_hanging() -> str:
        """Answers once a call of `hang` is running."""
        await hanging.wait()
        return "hanging"

    @server.tool()
    async def was_cancelled() -> str:
        """Answers once a call of `hang` has been cancelled."""
        await cancelled.wait()
        return "cancelled"

    @server.tool()
    def env(name: str) -> str:
        """The value of an environment variable of the server's process."""
        return os.environ.get(name, "")

    @server.tool()
    def header(name: str, ctx: Context) -> str:
        """The value of a header of the HTTP request that called this tool."""
        return (ctx.headers or {}).get(name.lower(), "")

    @server.tool()
    def crash() -> str:
        """Ends the server's process at once, as a crash does."""
        os._exit(3)

    return server


def _other_server() -> MCPServer:
    server = MCPServer("studio-test-other")

    @server.tool()
    def echo(text: str) -> str:
        """Say the text back, from the other server."""
        return f"other: {text}"

    @server.tool()
    def shout(text: str) -> str:
        """Say the text back in capitals."""
        return text.upper()

    return server


async def _serve_http(server: MCPServer) -> None:
    import uvicorn

    # The port is the kernel's choice, bound before it is printed, so none is raced for.
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    print(listener.getsockname()[1], flush=True)
    config = uvicorn.Config(server.streamable_http_app(), log_level="warning")
    await uvicorn.Server(config).serve(sockets=[listener])


def _silent() -> None:
    for _ in sys.stdin:  # takes every message and answers none
        pass


def main(kind: str) -> None:
    if kind == "tools":
        _tools_server().run()
    elif kind == "other":
        _other_server().run()
    elif kind == "http":
        asyncio.run(_serve_http(_tools_server()))
    elif kind == "crash-on-start":
        print("crashing on purpose", file=sys.stderr, flush=True)
        os._exit(3)
    elif kind == "silent":
        _silent()
    else:
        raise SystemExit(f"unknown kind {kind!r}")


if __name__ == "__main__":
    main(sys.argv[1])
