"""`studio mcp` as a person runs it, against a home of its own: an mcp.json imported into
the app's list, the servers started and listed as JSON, a tool called, a server removed,
and a bad file said in one sentence."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.mcp_servers import command


def _studio(*argv: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "studio", "mcp", *argv],
        capture_output=True,
        text=True,
        timeout=120,  # bounds a hang; the commands take about a second
        env={**os.environ, "STUDIO_HOME": str(home)},
        stdin=subprocess.DEVNULL,
        check=False,
    )


@pytest.fixture
def mcp_json(tmp_path: Path) -> Path:
    program, args = command("tools")
    crashing, crashing_args = command("crash-on-start")
    servers: dict[str, Any] = {
        "main": {"command": program, "args": args},
        "boom": {"type": "stdio", "command": crashing, "args": crashing_args},
        "off": {"url": "http://127.0.0.1:9/mcp", "disabled": True},
    }
    path = tmp_path / "mcp.json"
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    return path


def test_import_list_call_and_remove(tmp_path: Path, mcp_json: Path) -> None:
    home = tmp_path / "home"
    imported = _studio("import", str(mcp_json), home=home)
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout == "added: main, boom, off\n"
    assert (home / "config" / "mcp-servers.json").is_file()
    again = _studio("import", str(mcp_json), "--json", home=home)
    assert json.loads(again.stdout) == {"added": [], "replaced": ["main", "boom", "off"]}

    listed = _studio("list", "--json", home=home)
    assert listed.returncode == 0 and listed.stderr == "", listed.stderr
    servers = {server["name"]: server for server in json.loads(listed.stdout)["servers"]}
    assert servers["main"]["state"] == "ready"
    assert {"add", "echo", "fail", "hang"} <= {tool["name"] for tool in servers["main"]["tools"]}
    assert servers["boom"]["state"] == "failed" and servers["boom"]["restarts"] == 1
    assert servers["boom"]["error"]["code"] == "mcp_crashed"
    assert servers["boom"]["error"]["message"] == "The MCP server boom stopped unexpectedly."
    assert (servers["off"]["state"], servers["off"]["enabled"]) == ("stopped", False)

    removed = _studio("remove", "boom", home=home)
    assert (removed.returncode, removed.stdout) == (0, "removed boom\n")
    stored = json.loads((home / "config" / "mcp-servers.json").read_text(encoding="utf-8"))
    assert list(stored["mcpServers"]) == ["main", "off"]

    called = _studio("call", "add", "--args", '{"a": 40, "b": 2}', home=home)
    assert (called.returncode, called.stdout) == (0, "42\n")
    failed = _studio("call", "fail", home=home)
    assert failed.returncode == 1 and "always fails" in failed.stdout


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["import", "/dev/zero"], "The MCP servers file /dev/zero is not a regular file"),
        (["remove", "nobody"], "There is no MCP server called nobody."),
        (["call", "nothing"], "No running MCP server offers a tool called nothing."),
        (["call", "x", "--args", "[1]"], "The tool's arguments must be a JSON object."),
    ],
    ids=["device", "unknown-server", "unknown-tool", "bad-arguments"],
)
def test_a_failure_is_one_sentence(tmp_path: Path, argv: list[str], said: str) -> None:
    done = _studio(*argv, home=tmp_path / "home")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"error: {said}"), done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
