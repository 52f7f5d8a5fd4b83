"""Settings' MCP servers with the real SDK test servers: a server added in the editor goes
ready with its tool count, a crashing one says why, an edit, a switch, a removal (asked
first, No by default) and an import each show what they did, and a bad entry is refused
in one sentence before anything is saved. No test leaves a process behind."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QScrollArea, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from studio.core.mcp import HttpTransport, McpServerStore, McpState, TransportKind
from studio.core.tasks import TaskOwner
from studio.services.hf_token import HfTokenService, HfTokenStore
from studio.services.mcp_service import McpService
from studio.ui.common.theme import ThemeChoice, ThemeController
from studio.ui.settings.mcp_server_editor import McpServerEditor
from studio.ui.settings.mcp_servers import NAME, STATE, McpServersSection
from studio.ui.settings.settings_page import SettingsPage
from tests.services.chat_support import next_emission, qasync_event_loop
from tests.support.mcp_app import (
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


@pytest.fixture
def tasks(loop: asyncio.AbstractEventLoop) -> Iterator[TaskOwner]:
    owner = TaskOwner("test")
    yield owner
    loop.run_until_complete(owner.shutdown())


def _section(
    qtbot: QtBot, tmp_path: Path, tasks: TaskOwner, start_timeout: float = START_S
) -> tuple[McpService, McpServersSection]:
    service = McpService(McpServerStore(tmp_path), tasks, start_timeout=start_timeout)
    section = McpServersSection(service)
    qtbot.addWidget(section)
    return service, section


def _fill_stdio(editor: McpServerEditor, name: str, kind: str, environment: str = "") -> None:
    program, args = command(kind)
    editor.name.setText(name)
    editor.stdio.setChecked(True)
    editor.command.setText(program)
    editor.arguments.setPlainText("\n".join(args))
    editor.environment.setPlainText(environment)


def _items(section: McpServersSection) -> list[QTreeWidgetItem]:
    tree = section.servers
    items = [tree.topLevelItem(index) for index in range(tree.topLevelItemCount())]
    return [item for item in items if item is not None]


def _item(section: McpServersSection, name: str) -> QTreeWidgetItem:
    found = [item for item in _items(section) if item.text(NAME) == name]
    assert found, f"no row for {name}"
    return found[0]


def _state_text(section: McpServersSection, name: str) -> str:
    return _item(section, name).text(STATE)


def _select(section: McpServersSection, name: str) -> None:
    section.servers.setCurrentItem(_item(section, name))


def _names(section: McpServersSection) -> list[str]:
    return [item.text(NAME) for item in _items(section)]


async def _until(condition: Callable[[], bool], within: float = START_S) -> None:
    """Until the section shows what `condition` looks for (it follows the service's
    signals a moment after they are sent)."""
    for _ in range(int(within / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the section never showed it")


def test_add_edit_disable_and_remove_through_the_section(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path, tasks: TaskOwner
) -> None:
    service, section = _section(qtbot, tmp_path, tasks)

    async def scenario() -> None:
        await service.start()
        assert not section.edit_button.isEnabled() and not section.remove_button.isEnabled()
        assert section.notice.text().startswith("No MCP servers yet: add one, or import")

        # Add a stdio server in the editor: it goes ready, its tools counted and named.
        section.add_button.click()
        editor = section.editor
        assert editor is not None and editor.isVisible() and editor.kind is TransportKind.STDIO
        _fill_stdio(editor, "tools", "tools")
        editor.save_button.click()
        assert not editor.isVisible()
        ready = await state(service, "tools", is_ready)
        await _until(lambda: _names(section) == ["tools"])
        assert section.notice.text() == ""
        count = len(ready.tools)
        assert _state_text(section, "tools") == f"Ready: {count} tool(s)"
        tip = _item(section, "tools").toolTip(STATE)
        assert "add" in tip and "echo" in tip

        # A server that crashes at start: restarted once, then failed in one sentence.
        section.add_button.click()
        assert section.editor is not None
        _fill_stdio(section.editor, "crashing", "crash-on-start")
        section.editor.save_button.click()
        await state(service, "crashing", is_failed)
        assert _state_text(section, "crashing") == (
            "Failed: The MCP server crashing stopped unexpectedly."
        )

        # Edit: the crashing entry now runs the other server, under the same name.
        _select(section, "crashing")
        section.edit_button.click()
        editor = section.editor
        assert editor is not None and editor.name.text() == "crashing"
        assert editor.arguments.toPlainText().endswith("crash-on-start")
        _fill_stdio(editor, "crashing", "other")
        editor.save_button.click()
        await state(service, "crashing", is_ready)
        await _until(lambda: _state_text(section, "crashing") == "Ready: 2 tool(s)")

        # The switch stops the server and its process.
        before = children()
        item = _item(section, "crashing")
        item.setCheckState(NAME, Qt.CheckState.Unchecked)
        await state(service, "crashing", is_stopped)
        await _until(lambda: _state_text(section, "crashing") == "Off")
        assert len(children()) == len(before) - 1
        assert McpServerStore(tmp_path).load()[1].enabled is False

        # Remove asks first; No keeps the server.
        answers = [False, True]
        section.confirm_remove = lambda name: answers.pop(0)  # type: ignore[method-assign]
        _select(section, "tools")
        section.remove_button.click()
        assert _names(section) == ["tools", "crashing"] and answers == [True]
        section.remove_button.click()
        await _until(lambda: _names(section) == ["crashing"])
        await _until(lambda: not children())
        assert [s.name for s in McpServerStore(tmp_path).load()] == ["crashing"]
        await service.shutdown()

    loop.run_until_complete(scenario())
    assert not children()


def test_the_editor_refuses_a_bad_entry_in_one_sentence(qtbot: QtBot, tmp_path: Path) -> None:
    editor = McpServerEditor(None, taken=["files"])
    qtbot.addWidget(editor)
    editor.show()
    _fill_stdio(editor, "tools", "tools", environment="TOKEN")
    editor.save_button.click()
    assert editor.isVisible() and editor.result_server is None
    assert editor.error.isVisible()
    assert editor.error.text() == (
        "The line “TOKEN” in the “env” of the MCP server tools needs a “=” between the name "
        "and the value."
    )
    editor.name.setText("files")
    editor.environment.setPlainText("TOKEN=x")
    editor.save_button.click()
    assert editor.error.text() == (
        "There is already an MCP server called files; choose another name."
    )
    editor.http.setChecked(True)  # another transport: its own fields, the old error gone
    assert not editor.error.isVisible() and editor.pages.currentIndex() == 1
    editor.name.setText("web")
    editor.url.setText("localhost:8080")
    editor.save_button.click()
    assert editor.error.text() == (
        "The MCP server web has the URL “localhost:8080”, which is not an http:// or https:// "
        "address."
    )
    editor.url.setText("http://localhost:8080/mcp")
    editor.headers.setPlainText("Authorization: Bearer abc")
    editor.save_button.click()
    assert not editor.isVisible() and editor.result_server is not None
    assert editor.result_server.transport == HttpTransport(
        "http://localhost:8080/mcp", (("Authorization", "Bearer abc"),)
    )


def test_an_import_says_what_it_added_and_replaced_or_why_it_refused(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path, tasks: TaskOwner
) -> None:
    config = tmp_path / "config"
    config.mkdir()
    McpServerStore(config).save([stdio_entry("tools", enabled=False)])
    service, section = _section(qtbot, config, tasks)
    program, args = command("other")
    good = tmp_path / "mcp.json"
    good.write_text(
        json.dumps(
            {
                "mcpServers": {
                    "tools": {"command": program, "args": args, "disabled": True},
                    "web": {"type": "streamable-http", "url": "https://example.com/mcp"},
                    "notes": {"command": program, "args": args, "disabled": True},
                }
            }
        ),
        encoding="utf-8",
    )
    bad = tmp_path / "bad.json"
    bad.write_text('{"servers": {}}', encoding="utf-8")
    chosen = [good, bad]
    section.choose_import_file = lambda: chosen.pop(0)  # type: ignore[method-assign]

    async def scenario() -> None:
        await service.start()
        await _until(lambda: _names(section) == ["tools"])
        assert _state_text(section, "tools") == "Off"
        # The web entry is enabled but never started: example.com is not reached here.
        await service.set_enabled("tools", False)
        section.import_button.click()
        await _until(lambda: section.notice.text().startswith("Added"))
        assert section.notice.text() == (
            "Added 2 server(s): web, notes.\nReplaced 1 server(s) of the same name: tools."
        )
        assert _names(section) == ["tools", "web", "notes"]
        section.import_button.click()
        await _until(lambda: section.notice.text().startswith("The file"))
        assert section.notice.text() == (
            f"The file {bad} has no “mcpServers” object, so it names no MCP servers."
        )
        assert section.notice.property("role") == "error"
        assert _names(section) == ["tools", "web", "notes"]
        await service.shutdown()

    loop.run_until_complete(scenario())


def test_screenshot_of_settings_with_three_servers(
    qtbot: QtBot,
    qapp: QApplication,
    loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    tasks: TaskOwner,
) -> None:
    """Ready, starting and failed side by side, in the app's theme, saved for review."""
    McpServerStore(tmp_path).save(
        [
            stdio_entry("tools"),
            stdio_entry("slow starter", "silent"),
            stdio_entry("crashing", "crash-on-start"),
            stdio_entry("notes", "other", enabled=False),
        ]
    )
    palette, style, sheet = qapp.palette(), qapp.style().name(), qapp.styleSheet()
    theme = ThemeController(qapp)
    theme.apply(ThemeChoice.LIGHT)
    service = McpService(McpServerStore(tmp_path), tasks, start_timeout=START_S)
    # For review: STUDIO_SHOTS_DIR keeps them (the README's came from here).
    shots = Path(os.environ.get("STUDIO_SHOTS_DIR") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    try:
        page = SettingsPage(HfTokenService(HfTokenStore(read=lambda: None), tasks))
        qtbot.addWidget(page)
        section = McpServersSection(service)
        page.add_section(section)
        page.resize(1280, 800)
        page.show()

        async def scenario() -> None:
            service.start()
            await state(service, "tools", is_ready)
            await state(service, "crashing", is_failed)
            assert service.state_of("slow starter").state is McpState.STARTING
            _select(section, "tools")
            scroll = page.findChild(QScrollArea)
            assert scroll is not None
            scroll.ensureWidgetVisible(section, 0, 0)
            await asyncio.sleep(0.05)
            page.grab().save(str(shots / "mcp_settings.png"))
            _select(section, "crashing")
            section.edit_button.click()
            assert section.editor is not None
            section.editor.environment.setPlainText("TOKEN")
            section.editor.save_button.click()
            await asyncio.sleep(0.05)  # the dialog grows to show the sentence
            section.editor.grab().save(str(shots / "mcp_editor.png"))
            section.editor.reject()
            await service.shutdown()

        loop.run_until_complete(scenario())
    finally:
        loop.run_until_complete(service.shutdown())
        qapp.styleHints().unsetColorScheme()
        qapp.setStyle(style)
        qapp.setPalette(palette)
        qapp.setStyleSheet(sheet)
        theme.deleteLater()
    assert not children()


@pytest.mark.engine
@pytest.mark.usefixtures("engine_location")  # the app chooses an engine as it starts
def test_the_app_starts_its_servers_after_the_window_and_ends_them_on_quit(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    from studio.composition import StudioApp
    from studio.context import AppContext
    from studio.core.paths import AppPaths

    paths = AppPaths.default({"STUDIO_HOME": str(tmp_path)})
    paths.config_dir.mkdir(parents=True)
    McpServerStore(paths.config_dir).save([stdio_entry("tools")])
    studio = StudioApp(AppContext.create(paths))
    qtbot.addWidget(studio.window)
    assert studio.mcp.registry is None and not children()  # nothing before the start
    section = studio.areas.settings_page.findChild(McpServersSection)
    assert section is not None

    async def scenario() -> None:
        # Quitting while the engine's self-test runs is not what this test is about.
        chosen = asyncio.ensure_future(next_emission(studio.engine.chosen, within=START_S))
        studio.start()
        await state(studio.mcp, "tools", is_ready)
        await _until(lambda: _state_text(section, "tools").startswith("Ready"))
        registry = studio.mcp.registry
        assert registry is not None
        assert "add" in [d["function"]["name"] for d in registry.definitions()]
        assert (await registry.call("add", {"a": 1, "b": 2})).text == "3"
        await chosen

    loop.run_until_complete(scenario())
    studio.window.close()
    loop.run_until_complete(studio.shutdown())
    assert studio.tasks.running == 0
    assert not children()
