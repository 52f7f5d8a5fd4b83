"""`studio run --mcp-tools` with the real engine: SmolLM2 under a ChatML template that does
tools (tests/support/templates/chatml_tools.jinja), the app's MCP list holding a real
test server (tests/support/mcp_servers.py `other`: `echo` and `shout`, both harmless), one
that crashes on start and one disabled.

With "--tool-choice required" llama-server constrains every answer to a call (a 135M model
writes none by itself), so after one allowed round the model calls again and the loop
stops, said in one sentence. What the server answered is printed as the call's result.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from studio.core.engine import EngineLocation
from studio.core.mcp import McpServerStore
from studio.core.mcp.store import LIST_NAME
from studio.core.paths import AppPaths
from studio.core.voice import ENGLISH
from tests.support.mcp_app import stdio_entry
from tests.ui.chat.test_chat_tools_engine import TEMPLATE

pytestmark = pytest.mark.engine

ASK = 'Reply with this JSON and nothing else: {"name": "shout", "arguments": {"text": "hi"}}'
STOPPED = ENGLISH.code("chat_tool_rounds_exhausted", {"rounds": 1})


def _home(tmp_path: Path) -> Path:
    config = AppPaths.default({"STUDIO_HOME": str(tmp_path)}).config_dir
    config.mkdir(parents=True)
    McpServerStore(config).save(
        [
            stdio_entry("helper", "other"),
            stdio_entry("crashing", "crash-on-start"),
            stdio_entry("off", "tools", enabled=False),
        ]
    )
    return tmp_path


def _run(
    model: Path, home: Path, stdin: str | None, *extra: str
) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "studio", "run", str(model), "-c", "2048", "-t", "2"]
    argv += ["-p", ASK, "-n", "60", "--temperature", "0", "--seed", "7"]
    argv += ["--engine-arg=--chat-template-file", f"--engine-arg={TEMPLATE}"]
    argv += ["--mcp-tools", "--tool-choice", "required", "--tool-rounds", "1", *extra]
    return subprocess.run(
        argv,
        input=stdin,
        stdin=subprocess.DEVNULL if stdin is None else None,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "STUDIO_HOME": str(home)},
        check=False,
    )


def _result(stderr: str) -> tuple[str, str]:
    """The tool that ran and the result printed for it."""
    ran = next(line for line in stderr.splitlines() if line.startswith("tool: "))
    name = ran.split()[1]
    result = next(line for line in stderr.splitlines() if line.startswith("result of "))
    return name, result


def test_a_call_allowed_on_the_terminal_runs_on_the_server(
    smollm2: Path, tmp_path: Path, engine_location: EngineLocation
) -> None:
    # An answer it does not know asks again; "o" allows the call once.
    done = _run(smollm2, _home(tmp_path), "maybe\no\n")
    assert done.returncode == 1, done.stderr
    lines = done.stderr.splitlines()
    assert "note: The MCP server crashing stopped unexpectedly." in lines
    asked = next(line for line in lines if line.startswith("The model calls "))
    assert asked.endswith(" of the MCP server helper with:")
    question = "Run it? [o]nce, [a]lways for this tool, [d]eny: "
    assert f"{question}maybe\n{question}o\n" in done.stderr  # asked again, then allowed
    name, result = _result(done.stderr)
    assert name in ("echo", "shout") and " on helper " in done.stderr
    # The server's own answer: `other` echoes with its name, shouts in capitals.
    said = result.removeprefix(f"result of {name}: ")
    assert said.startswith("other: ") if name == "echo" else said == said.upper()
    assert lines[-1] == f"error: {STOPPED}"
    assert "Traceback" not in done.stderr


def test_yes_tools_runs_calls_without_asking_and_deny_tells_the_model(
    smollm2: Path, tmp_path: Path, engine_location: EngineLocation
) -> None:
    home = _home(tmp_path)
    allowed = _run(smollm2, home, None, "--yes-tools")
    assert allowed.returncode == 1, allowed.stderr
    assert "Run it?" not in allowed.stderr
    name, _ = _result(allowed.stderr)
    assert name in ("echo", "shout")
    assert allowed.stderr.splitlines()[-1] == f"error: {STOPPED}"

    denied = _run(smollm2, home, "d\n")
    assert denied.returncode == 1, denied.stderr
    assert not [line for line in denied.stderr.splitlines() if line.startswith("tool: ")]
    assert "result of " in denied.stderr and "did not allow this call" in denied.stderr


def test_a_damaged_mcp_list_is_said_in_one_sentence(
    smollm2: Path, tmp_path: Path, engine_location: EngineLocation
) -> None:
    config = AppPaths.default({"STUDIO_HOME": str(tmp_path)}).config_dir
    config.mkdir(parents=True)
    (config / LIST_NAME).write_text('{"mcpServers": [', encoding="utf-8")
    done = _run(smollm2, tmp_path, None)
    assert done.returncode == 1
    (line,) = done.stderr.splitlines()
    assert line.startswith("error: The MCP servers file ") and line.endswith(".")
    assert done.stdout == ""
