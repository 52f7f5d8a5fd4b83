"""Answer versions and branches in the chat pane, answered by the real llama-server with
SmolLM2: regenerate keeps every answer and the pager (reached with the keyboard) pages
through them; an edit branches and paging back restores the old turns; export follows
the branch on screen; the versions survive reopening the store."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.chat import ChatStore, Message, MessageStatus, Role
from studio.core.chat.backend import DirectServerBackend
from studio.core.engine import EngineLocation
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatService
from studio.ui.chat.chat_pane import ChatPane
from studio.ui.chat.conversation_view import ConversationView
from tests.services.chat_support import next_emission, qasync_event_loop
from tests.support.engine import running_server

pytestmark = pytest.mark.engine

SHOTS = Path("/tmp/h/shots/branches")


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def _focused_link(view: ConversationView) -> str:
    """The link the keyboard focus is on: the browser selects it."""
    cursor = QTextCursor(view.textCursor())
    if not cursor.hasSelection():
        return ""
    cursor.setPosition(cursor.selectionStart() + 1)
    return cursor.charFormat().anchorHref()


def _shown(view: ConversationView) -> list[str]:
    return [view.messages[key].content for key in sorted(view.messages)]


def _pager(view: ConversationView, message_id: int) -> str:
    """The "n/m" the pager of a message shows ("" without a pager)."""
    footer = view.text_of(message_id, "footer")
    return next((word for word in footer.split() if "/" in word and word[0].isdigit()), "")


def _save_shot(pane: ChatPane, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pane.grab().save(str(SHOTS / name))


def test_regenerate_pages_edit_branches_and_reopen_keeps_versions(
    qtbot: QtBot,
    loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    engine_location: EngineLocation,
    smollm2: Path,
) -> None:
    path = tmp_path / "chat.sqlite3"
    tasks = TaskOwner("versions-engine")
    with running_server(engine_location, smollm2, ["-c", "1024", "-np", "1"]) as base_url:
        store = ChatStore(path)
        service = ChatService(store, tasks)
        pane = ChatPane(service, tasks)
        qtbot.addWidget(pane)
        pane.resize(1280, 800)
        pane.show()
        view = pane.view
        pane.sampling.max_tokens.setValue(16)
        pane.sampling.temperature.setValue(1.0)

        async def answered(action: object) -> Message:
            finished = asyncio.ensure_future(next_emission(service.answer_finished, within=120))
            assert callable(action)
            action()
            (message,) = await finished
            assert isinstance(message, Message)
            assert message.status is MessageStatus.COMPLETE, message.error_code
            return message

        async def paged(key: Qt.Key) -> None:
            shown = asyncio.ensure_future(next_emission(service.branch_shown, within=30))
            QTest.keyClick(view, key)
            await shown

        async def paged_by_link(link: str) -> None:
            shown = asyncio.ensure_future(next_emission(service.branch_shown, within=30))
            view.activate(link)
            await shown

        def send(text: str) -> None:
            pane.input.setPlainText(text)
            pane.send_button.click()

        async def scenario() -> dict[str, Message]:
            ready = asyncio.ensure_future(next_emission(service.capabilities_changed))
            service.set_backend(DirectServerBackend(base_url), smollm2.name)
            await ready
            found: dict[str, Message] = {}
            pane.sampling.seed.setValue(1)
            found["a1"] = await answered(lambda: send("Name a colour."))
            assert _pager(view, found["a1"].id) == ""  # one version: no pager
            pane.sampling.seed.setValue(2)
            found["a2"] = await answered(
                lambda: view.activate(f"studio:regenerate/{found['a1'].id}")
            )
            pane.sampling.seed.setValue(3)
            found["a3"] = await answered(
                lambda: view.activate(f"studio:regenerate/{found['a2'].id}")
            )
            assert _pager(view, found["a3"].id) == "3/3"
            assert _shown(view) == ["Name a colour.", found["a3"].content]

            # The keyboard: Shift+Tab back from the end to the pager's older arrow, Enter.
            pane.activateWindow()
            view.setFocus()
            view.moveCursor(QTextCursor.MoveOperation.End)
            for _ in range(6):
                if _focused_link(view) == f"studio:older/{found['a3'].id}":
                    break
                QTest.keyClick(view, Qt.Key.Key_Backtab)
            assert _focused_link(view) == f"studio:older/{found['a3'].id}"
            await paged(Qt.Key.Key_Return)
            assert _shown(view) == ["Name a colour.", found["a2"].content]
            assert _pager(view, found["a2"].id) == "2/3"
            _save_shot(pane, "pager-2-of-3.png")
            # The focus stayed on the arrow: Enter pages on, to the oldest answer, where
            # only the newer arrow is left, and it has the focus.
            assert _focused_link(view) == f"studio:older/{found['a2'].id}"
            await paged(Qt.Key.Key_Return)
            assert _shown(view) == ["Name a colour.", found["a1"].content]
            assert _pager(view, found["a1"].id) == "1/3"
            assert _focused_link(view) == f"studio:newer/{found['a1'].id}"

            # A turn after the first answer, then a page to the third and back: the turn
            # that followed the first answer comes back with it.
            pane.sampling.seed.setValue(4)
            found["b1"] = await answered(lambda: send("Another one?"))
            await paged_by_link(f"studio:newer/{found['a1'].id}")
            await paged_by_link(f"studio:newer/{found['a2'].id}")
            assert _shown(view) == ["Name a colour.", found["a3"].content]
            await paged_by_link(f"studio:older/{found['a3'].id}")
            await paged_by_link(f"studio:older/{found['a2'].id}")
            after_first = ["Name a colour.", found["a1"].content, "Another one?"]
            assert _shown(view) == [*after_first, found["b1"].content]

            # Edit the first question: a second version of it, answered anew.
            question = min(view.messages)
            view.activate(f"studio:edit/{question}")
            pane.sampling.seed.setValue(5)
            found["c1"] = await answered(lambda: send("Name a fruit."))
            assert _shown(view) == ["Name a fruit.", found["c1"].content]
            edited = min(view.messages)
            assert _pager(view, edited) == "2/2"
            _save_shot(pane, "edit-2-of-2.png")
            await paged_by_link(f"studio:older/{edited}")
            assert _shown(view) == [*after_first, found["b1"].content]
            assert _pager(view, question) == "1/2"

            # Export follows the branch on screen.
            assert service.conversation is not None
            target = tmp_path / "export.json"
            await service.export(service.conversation.id, target)
            exported = json.loads(target.read_text(encoding="utf-8"))["messages"]
            assert [m["content"] for m in exported] == _shown(view)
            return found

        found = loop.run_until_complete(scenario())
        loop.run_until_complete(tasks.shutdown())
        assert service.conversation is not None
        conversation_id = service.conversation.id
        store.close()

    # Three different answers (three seeds at temperature 1), each kept whole.
    answers = [found[key] for key in ("a1", "a2", "a3")]
    assert len({a.content for a in answers}) > 1
    assert all(a.content.strip() for a in answers)

    # A new process: open the file and the conversation; the branch on screen and every
    # version are there, and the pager still pages.
    again = TaskOwner("versions-reopened")
    with ChatStore(path) as reopened_store:
        reopened = ChatService(reopened_store, again)
        reopened_pane = ChatPane(reopened, again)
        qtbot.addWidget(reopened_pane)
        reopened_view = reopened_pane.view

        async def reopen() -> None:
            await reopened.open(conversation_id)
            assert _shown(reopened_view) == [
                "Name a colour.",
                found["a1"].content,
                "Another one?",
                found["b1"].content,
            ]
            question = min(reopened_view.messages)
            assert _pager(reopened_view, question) == "1/2"
            assert _pager(reopened_view, found["a1"].id) == "1/3"
            shown = asyncio.ensure_future(next_emission(reopened.branch_shown, within=30))
            reopened_view.activate(f"studio:newer/{found['a1'].id}")
            await shown
            assert _shown(reopened_view)[1] == found["a2"].content
            stored = reopened_store.messages(conversation_id)
            assert [m.role for m in stored] == [Role.USER, Role.ASSISTANT]

        loop.run_until_complete(reopen())
        loop.run_until_complete(again.shutdown())
