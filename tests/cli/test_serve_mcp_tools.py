"""`studio serve --mcp-tools`: the enabled MCP servers of the app's list start beside the
API, their tools are listed at GET /studio/tools as OpenAI function definitions, each
server's state beside them, and called at POST /studio/tools/call; without the flag
nothing starts and the routes are not there.
Quitting ends every server's process."""

from __future__ import annotations

import contextlib
import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psutil
import pytest

from studio.core.mcp import McpServerStore
from studio.core.paths import AppPaths
from tests.support.mcp_app import stdio_entry

START_S = 120.0  # the engine's self-test on a cold cache, then the servers
_ADDRESS = re.compile(r"studio serve: (http://127\.0\.0\.1:\d+) ")


@contextlib.contextmanager
def serving(home: Path, *flags: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """`studio serve` on a free port with `home` as STUDIO_HOME; its address."""
    env = {**os.environ, "STUDIO_HOME": str(home)}
    command = [sys.executable, "-m", "studio", "serve", "--port", "0", *flags]
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        assert process.stdout is not None
        deadline = time.monotonic() + START_S
        said: list[str] = []
        while (found := _ADDRESS.match(said[-1] if said else "")) is None:
            readable, _, _ = select.select([process.stdout], [], [], deadline - time.monotonic())
            assert readable, f"studio serve said no address: {said}"
            line = process.stdout.readline()
            assert line, f"studio serve ended: {said}"
            said.append(line)
        yield found.group(1), process
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        finally:
            process.kill()
            if process.stdout is not None:
                process.stdout.close()


def _tools(address: str, condition: Any) -> dict[str, Any]:
    deadline = time.monotonic() + START_S
    while True:
        answer = httpx.get(f"{address}/studio/tools", trust_env=False, timeout=10)
        assert answer.status_code == 200
        body: dict[str, Any] = answer.json()
        if condition(body) or time.monotonic() > deadline:
            return body
        time.sleep(0.1)


def _call(address: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{address}/studio/tools/call", json=body, trust_env=False, timeout=30)


def _settled(body: dict[str, Any]) -> bool:
    return all(server["state"] in ("ready", "failed", "stopped") for server in body["servers"])


@pytest.mark.engine
@pytest.mark.usefixtures("engine_location")  # serve checks the engine before it listens
def test_serve_lists_the_mcp_tools_only_when_asked(tmp_path: Path) -> None:
    config = AppPaths.default({"STUDIO_HOME": str(tmp_path)}).config_dir
    config.mkdir(parents=True)
    McpServerStore(config).save(
        [
            stdio_entry("tools"),
            stdio_entry("crashing", "crash-on-start"),
            stdio_entry("off", "other", enabled=False),
        ]
    )

    with serving(tmp_path) as (address, process):
        answer = httpx.get(f"{address}/studio/tools", trust_env=False, timeout=10)
        assert answer.status_code == 404
        assert not psutil.Process(process.pid).children(recursive=True)

    with serving(tmp_path, "--mcp-tools") as (address, process):
        body = _tools(address, _settled)
        servers = {server["name"]: server for server in body["servers"]}
        assert servers["tools"]["state"] == "ready"
        assert servers["crashing"]["state"] == "failed"
        assert servers["crashing"]["error"] == {
            "code": "mcp_crashed",
            "message": "The MCP server crashing stopped unexpectedly.",
        }
        assert servers["off"] == {"name": "off", "state": "stopped", "tools": []}
        add = next(tool for tool in body["tools"] if tool["function"]["name"] == "add")
        assert add["type"] == "function"
        assert add["function"]["parameters"]["required"] == ["a", "b"]
        assert "shout" not in {tool["function"]["name"] for tool in body["tools"]}
        called = _call(address, {"name": "add", "arguments": {"a": 2, "b": 3}})
        assert (called.status_code, called.json()) == (
            200,
            {"name": "add", "content": "5", "is_error": False},
        )
        unknown = _call(address, {"name": "shout", "arguments": {}})
        assert unknown.status_code == 404
        assert unknown.json()["error"]["code"] == "mcp_tool_unknown"
        bad = _call(address, {"name": "add", "arguments": [2, 3]})
        assert (bad.status_code, bad.json()["error"]["param"]) == (400, "arguments")
        started = psutil.Process(process.pid).children(recursive=True)
        assert started  # the tools server
    assert process.returncode == 0
    assert not [child for child in started if child.is_running()]
