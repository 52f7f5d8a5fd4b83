"""McpService with the real SDK test servers: the list is read, changed and imported off
the GUI thread; each enabled server's state is told (ready with its tools, failed with a
sentence); a change starts or stops only what it touched; the tool loop's calls reach the
server; the GUI keeps running while a server hangs at start; no process outlives it."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QElapsedTimer, QTimer
from PySide6.QtWidgets import QApplication

from studio.core.mcp import ImportReport, McpServerStore, McpState
from studio.core.tasks import TaskOwner
from studio.core.voice import ENGLISH
from studio.services.mcp_service import McpService
from studio.services.operation_failed import OperationFailed
from tests.services.chat_support import next_emission, qasync_event_loop
from tests.support.mcp_app import (
    HANG_S,
    START_S,
    children,
    is_failed,
    is_ready,
    is_stopped,
    leftover_processes,
    state,
    stdio_entry,
)
from tests.support.mcp_servers import command


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


@pytest.fixture(autouse=True)
def no_orphans() -> Iterator[None]:
    yield from leftover_processes()


def _service(tmp_path: Path, tasks: TaskOwner, start_timeout: float = START_S) -> McpService:
    return McpService(McpServerStore(tmp_path), tasks, start_timeout=start_timeout)


def _sentence(failure: OperationFailed) -> str:
    return ENGLISH.code(failure.problem.code, failure.problem.params)


def test_enabled_servers_start_and_their_tools_are_called(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    McpServerStore(tmp_path).save(
        [
            stdio_entry("tools"),
            stdio_entry("crashing", "crash-on-start"),
            stdio_entry("off", "other", enabled=False),
        ]
    )
    tasks = TaskOwner("test")
    service = _service(tmp_path, tasks)
    assert service.definitions() == []  # before the start: no tools, no process
    assert not children()

    async def scenario() -> None:
        listed = asyncio.ensure_future(next_emission(service.listed))
        service.start()
        (servers,) = await listed
        assert [server.name for server in servers] == ["tools", "crashing", "off"]
        ready = await state(service, "tools", is_ready)
        assert {"add", "echo", "crash"} <= {tool.name for tool in ready.tools}
        failed = await state(service, "crashing", is_failed)
        assert failed.restarts == 1  # started again once, then said
        assert failed.problem is not None
        assert ENGLISH.code(failed.problem.code, failed.problem.params) == (
            "The MCP server crashing stopped unexpectedly."
        )
        assert service.state_of("off").state is McpState.STOPPED
        names = [d["function"]["name"] for d in service.definitions()]
        assert "add" in names and "shout" not in names
        result = await service.call("add", {"a": 2, "b": 3})
        assert (result.text, result.is_error) == ("5", False)
        await service.shutdown()

    loop.run_until_complete(scenario())
    assert not children()
    loop.run_until_complete(tasks.shutdown())


def test_add_edit_disable_and_remove_touch_only_their_server(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    tasks = TaskOwner("test")
    service = _service(tmp_path, tasks)

    async def scenario() -> None:
        await service.start()
        assert service.servers == ()
        await service.add(stdio_entry("tools"))
        await service.add(stdio_entry("other", "other"))
        await state(service, "tools", is_ready)
        other = await state(service, "other", is_ready)
        assert {tool.name for tool in other.tools} == {"echo", "shout"}
        running = children()
        assert len(running) == 2

        # A name already taken is refused, the list kept.
        failed = asyncio.ensure_future(next_emission(service.failed))
        await service.add(stdio_entry("tools", "other"))
        (failure,) = await failed
        assert failure.operation == "add"
        assert _sentence(failure) == (
            "There is already an MCP server called tools; choose another name."
        )

        # Disabling stops that server's process only.
        await service.set_enabled("other", False)
        await state(service, "other", is_stopped)
        assert len(children()) == 1 and children() < running
        assert "shout" not in [d["function"]["name"] for d in service.definitions()]
        assert McpServerStore(tmp_path).load()[1].enabled is False

        # An edit (a rename, another server behind it) starts the new one.
        await service.edit("tools", stdio_entry("renamed", "other"))
        renamed = await state(service, "renamed", is_ready)
        assert {tool.name for tool in renamed.tools} == {"echo", "shout"}
        assert [server.name for server in service.servers] == ["renamed", "other"]

        await service.remove("renamed")
        await service.remove("other")
        assert service.servers == () and McpServerStore(tmp_path).load() == ()
        for _ in range(100):  # the registry follows the list a moment after it is saved
            if not children():
                break
            await asyncio.sleep(0.05)
        assert not children()
        await service.shutdown()

    loop.run_until_complete(scenario())
    loop.run_until_complete(tasks.shutdown())


def test_an_import_says_what_it_added_and_replaced_and_a_bad_file_is_refused(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    tasks = TaskOwner("test")
    service = _service(tmp_path / "config", tasks)
    (tmp_path / "config").mkdir()
    program, args = command("other")
    good = tmp_path / "mcp.json"
    good.write_text(
        json.dumps(
            {
                "mcpServers": {
                    "tools": {"command": program, "args": args},
                    "web": {"url": "http://127.0.0.1:9/mcp", "disabled": True},
                }
            }
        ),
        encoding="utf-8",
    )
    bad = tmp_path / "bad.json"
    bad.write_text('{"mcpServers": {"x": {"command": 3}}}', encoding="utf-8")

    async def scenario() -> None:
        await service.start()
        await service.add(stdio_entry("tools"))
        imported = asyncio.ensure_future(next_emission(service.imported))
        await service.import_file(good)
        (report,) = await imported
        assert isinstance(report, ImportReport)
        assert (report.added, report.replaced) == (("web",), ("tools",))
        # The imported entry replaced ours: the other server now runs under its name.
        tools = await state(service, "tools", lambda s: is_ready(s) and len(s.tools) == 2)
        assert {tool.name for tool in tools.tools} == {"echo", "shout"}
        assert service.state_of("web").state is McpState.STOPPED  # imported disabled

        failed = asyncio.ensure_future(next_emission(service.failed))
        await service.import_file(bad)
        (failure,) = await failed
        assert failure.operation == "import"
        assert _sentence(failure) == "The “command” of the MCP server x must be text."
        assert [s.name for s in service.servers] == ["tools", "web"]
        await service.shutdown()

    loop.run_until_complete(scenario())
    loop.run_until_complete(tasks.shutdown())


def test_the_gui_keeps_running_while_a_server_hangs_at_start(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    McpServerStore(tmp_path).save([stdio_entry("hanging", "silent")])
    tasks = TaskOwner("test")
    service = _service(tmp_path, tasks, start_timeout=HANG_S)
    ticks: list[int] = []
    clock = QElapsedTimer()
    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(lambda: ticks.append(clock.elapsed()))

    async def scenario() -> None:
        clock.start()
        timer.start()
        service.start()
        await state(service, "hanging", lambda s: s.state is McpState.STARTING)
        started_at = len(ticks)
        failed = await state(service, "hanging", is_failed)
        timer.stop()
        assert failed.problem is not None
        assert ENGLISH.code(failed.problem.code, failed.problem.params) == (
            "The MCP server hanging did not answer within 1.5 seconds."
        )
        # The timer kept firing through the whole start, not only before and after it.
        assert len(ticks) - started_at >= 20
        await service.shutdown()

    loop.run_until_complete(scenario())
    gaps = [later - earlier for earlier, later in itertools.pairwise(ticks)]
    print(f"GUI timer: {len(ticks)} ticks, longest gap {max(gaps)} ms")
    assert not children()
    loop.run_until_complete(tasks.shutdown())


def test_a_damaged_list_is_said_and_nothing_starts(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    (tmp_path / "mcp-servers.json").write_text("{not json", encoding="utf-8")
    tasks = TaskOwner("test")
    service = _service(tmp_path, tasks)

    async def scenario() -> None:
        failed = asyncio.ensure_future(next_emission(service.failed))
        await service.start()
        (failure,) = await failed
        assert failure.operation == "read"
        assert _sentence(failure).startswith("The MCP servers file ")
        assert service.servers == () and service.definitions() == []
        await service.shutdown()

    loop.run_until_complete(scenario())
    loop.run_until_complete(tasks.shutdown())
