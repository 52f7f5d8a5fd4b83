"""The approval prompt of a tool call: what it shows, its keys (Enter allows once, Esc
denies, Tab then Enter presses the chosen button), the tools panel's MCP switch, and the
whole loop in the chat pane over a scripted model and a recording runner."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from studio.core.chat import ChatStore, Message, MessageStatus, Role, SamplingSettings
from studio.core.chat.tool_loop import DENIED, Approval, ApprovalRequest
from studio.core.chat.tools import ToolCall
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatService
from studio.services.tool_approvals import ApprovalAsked
from studio.ui.chat.chat_pane import ChatPane
from studio.ui.chat.tool_approval import ToolApprovalPrompt
from studio.ui.chat.tools_panel import ToolsPanel
from tests.core.chat.tool_loop_support import RecordingRunner, ScriptedCalls
from tests.services.chat_support import next_emission, qasync_event_loop

CALL = ToolCall("c1", "add", '{"a": 2, "b": 3}')


def _asked(ticket: int = 1, call: ToolCall = CALL, server: str = "calculator") -> ApprovalAsked:
    return ApprovalAsked(ticket, ApprovalRequest(1, 2, call, server))


Prompted = tuple[ToolApprovalPrompt, list[tuple[int, Approval]]]


@pytest.fixture
def prompted(qtbot: QtBot) -> Iterator[Prompted]:
    """The prompt, shown inside a window as in the chat (hidden until asked), and what it
    decided."""
    host = QWidget()
    prompt = ToolApprovalPrompt(host)
    QVBoxLayout(host).addWidget(prompt)
    qtbot.addWidget(host)
    host.show()
    decided: list[tuple[int, Approval]] = []
    prompt.decided.connect(lambda ticket, approval: decided.append((ticket, approval)))
    yield prompt, decided


def test_the_prompt_shows_the_tool_its_server_and_the_arguments(
    qtbot: QtBot, prompted: Prompted
) -> None:
    prompt, _ = prompted
    assert prompt.isHidden()  # nothing asked yet
    prompt.ask(_asked(server="calculator"))

    assert prompt.isVisible()
    assert prompt.heading.text() == "Run the tool add of the MCP server calculator?"
    assert json.loads(prompt.arguments.toPlainText()) == {"a": 2, "b": 3}
    assert "\n" in prompt.arguments.toPlainText()  # indented for reading
    assert prompt.arguments.isReadOnly()
    assert "conversation" in prompt.note.text()  # says how long "always" lasts
    qtbot.waitUntil(prompt.allow_once.hasFocus)  # the keyboard is there at once


def test_enter_allows_once_and_esc_denies(qtbot: QtBot, prompted: Prompted) -> None:
    prompt, decided = prompted
    prompt.ask(_asked(1))
    qtbot.waitUntil(prompt.allow_once.hasFocus)
    qtbot.keyClick(prompt.allow_once, Qt.Key.Key_Return)
    qtbot.keyClick(prompt.arguments, Qt.Key.Key_Escape)
    assert decided == [(1, Approval.ONCE), (1, Approval.DENY)]


def test_tab_then_enter_presses_the_chosen_button(qtbot: QtBot, prompted: Prompted) -> None:
    prompt, decided = prompted
    prompt.ask(_asked(4))
    qtbot.waitUntil(prompt.allow_once.hasFocus)
    qtbot.keyClick(prompt.allow_once, Qt.Key.Key_Tab)
    assert prompt.allow_always.hasFocus()
    qtbot.keyClick(prompt.allow_always, Qt.Key.Key_Enter)
    prompt.deny.setFocus()
    qtbot.keyClick(prompt.deny, Qt.Key.Key_Return)
    qtbot.mouseClick(prompt.allow_once, Qt.MouseButton.LeftButton)
    assert decided == [(4, Approval.ALWAYS), (4, Approval.DENY), (4, Approval.ONCE)]


def test_a_withdrawn_question_goes_and_the_next_one_shows(qtbot: QtBot, prompted: Prompted) -> None:
    prompt, decided = prompted
    prompt.ask(_asked(1))
    prompt.ask(_asked(2, ToolCall("c2", "echo", '{"text": "hi"}'), ""))
    assert prompt.ticket == 1
    prompt.withdraw(1)
    assert prompt.ticket == 2 and prompt.heading.text() == "Run the tool echo?"
    prompt.withdraw(2)
    assert prompt.isHidden() and prompt.ticket is None
    qtbot.keyClick(prompt, Qt.Key.Key_Return)
    assert decided == []  # nothing to answer any more


def test_the_tools_panel_switches_mcp_tools_and_their_rounds(qtbot: QtBot) -> None:
    panel = ToolsPanel()
    qtbot.addWidget(panel)
    panel.show_settings(SamplingSettings(temperature=0.5))
    changes: list[SamplingSettings] = []
    panel.settings_changed.connect(changes.append)
    assert not panel.mcp_tools.isEnabled()
    assert panel.mcp_note.text() == "MCP servers are not available in this window."

    panel.set_mcp_available(True)
    panel.mcp_tools.setChecked(True)
    panel.tool_rounds.setValue(3)
    assert (changes[-1].mcp_tools, changes[-1].tool_rounds, changes[-1].temperature) == (
        True,
        3,
        0.5,
    )
    panel.show_settings(SamplingSettings())
    assert not panel.mcp_tools.isChecked() and panel.tool_rounds.value() == 8
    restored = SamplingSettings.from_dict({"mcp_tools": True, "tool_rounds": 0})
    assert restored.mcp_tools and restored.tool_rounds == 8  # 0 rounds is no setting


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def test_the_pane_asks_runs_and_goes_on_and_esc_in_the_prompt_only_denies(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    backend = ScriptedCalls(
        [[("echo", '{"text": "one"}')], [("echo", '{"text": "two"}')], "Both done."]
    )
    runner = RecordingRunner("echo", server="helper")
    tasks = TaskOwner("tool-approval-pane")
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        service = ChatService(store, tasks, backend)
        service.set_tool_runner(runner)
        pane = ChatPane(service, tasks)
        qtbot.addWidget(pane)
        pane.resize(1280, 800)
        pane.show()
        assert pane.tools_panel.mcp_tools.isEnabled()
        pane.tools_panel.mcp_tools.setChecked(True)
        prompt = pane.tool_approval

        async def scenario() -> Message:
            done = asyncio.ensure_future(
                next_emission(service.answer_finished, lambda m: m.content == "Both done.")
            )
            asked = asyncio.ensure_future(next_emission(service.approvals.asked))
            pane.input.setPlainText("Echo twice")
            pane.send_button.click()
            await asked
            await asyncio.sleep(0)
            assert prompt.isVisible()
            assert prompt.heading.text() == "Run the tool echo of the MCP server helper?"
            qtbot.keyClick(prompt.allow_once, Qt.Key.Key_Return)  # the first: allowed once
            second = await next_emission(service.approvals.asked)
            assert second[0].request.call.arguments == '{"text": "two"}'
            await asyncio.sleep(0)
            qtbot.keyClick(prompt.arguments, Qt.Key.Key_Escape)  # the second: denied
            (answer,) = await done
            assert pane.input.hasFocus()  # back where the person types
            return answer

        answer = loop.run_until_complete(scenario())
        loop.run_until_complete(tasks.shutdown())

        assert answer.status is MessageStatus.COMPLETE  # Esc denied; it did not stop the turn
        assert runner.calls == [("echo", {"text": "one"})]
        assert prompt.isHidden()
        messages = store.messages(answer.conversation_id)
        results = [m.content for m in messages if m.role is Role.TOOL]
        assert results == ['{"text": "one"}', DENIED.format(name="echo")]
        allowed, denied = [m for m in messages if m.tool_calls]
        assert "ran on helper" in pane.view.tool_blocks.text_of(allowed.id)
        assert "not run on helper" in pane.view.tool_blocks.text_of(denied.id)


def test_stop_while_a_call_waits_withdraws_the_prompt(
    qtbot: QtBot, loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    backend = ScriptedCalls([[("echo", '{"text": "one"}')], "never"])
    runner = RecordingRunner("echo")
    tasks = TaskOwner("tool-approval-stop")
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        service = ChatService(store, tasks, backend)
        service.set_tool_runner(runner)
        service.set_settings(SamplingSettings(mcp_tools=True))
        pane = ChatPane(service, tasks)
        qtbot.addWidget(pane)
        pane.show()

        async def scenario() -> None:
            asked = asyncio.ensure_future(next_emission(service.approvals.asked))
            turn = service.send("Echo")
            assert turn is not None
            await asked
            await asyncio.sleep(0)
            assert prompt_shown()
            pane.stop_button.click()
            await asyncio.wait([turn])

        def prompt_shown() -> bool:
            return pane.tool_approval.isVisible()

        loop.run_until_complete(scenario())
        loop.run_until_complete(tasks.shutdown())
        assert not prompt_shown() and service.approvals.waiting == ()
        assert runner.calls == [] and len(backend.requests) == 1
        assert not service.busy and pane.send_button.isEnabled()
