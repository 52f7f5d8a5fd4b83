"""The transcript's version pager, without an engine: shown only with several versions,
arrows only where there is a version to go to, refused while an answer streams, and a new
branch replaces only what it does not share with the one on screen."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextCursor
from pytestqt.qtbot import QtBot

from studio.core.chat import Message, MessageStatus, Role
from studio.core.chat.branches import Branch, Versions
from studio.ui.chat.conversation_view import ConversationView


@pytest.fixture
def view(qtbot: QtBot) -> ConversationView:
    widget = ConversationView()
    qtbot.addWidget(widget)
    widget.resize(900, 600)
    widget.show()
    return widget


def _links(view: ConversationView, message_id: int) -> dict[str, str]:
    """href -> tooltip of every link in a message's footer."""
    footer = view.entry(message_id).footer
    found: dict[str, str] = {}
    cursor = QTextCursor(view.document())
    for position in range(footer.firstPosition(), footer.lastPosition()):
        cursor.setPosition(position + 1)
        char = cursor.charFormat()
        if char.anchorHref():
            found[char.anchorHref()] = char.toolTip()
    return found


def test_the_pager_shows_only_with_several_versions_and_links_where_one_waits(
    view: ConversationView,
) -> None:
    question = Message(1, 1, Role.USER, "q")
    answer = Message(3, 1, Role.ASSISTANT, "a", parent_id=1)
    view.show_messages([question, answer], [Versions(1), Versions(3, 2, 2, previous=2)])
    assert "2/2" not in view.text_of(1, "footer")
    assert "2/2" in view.text_of(3, "footer")
    links = _links(view, 3)
    assert links["studio:older/3"] == "Older version"
    assert not any(href.startswith("studio:newer/") for href in links)  # the newest: dimmed

    asked: list[tuple[int, int]] = []
    view.version_requested.connect(lambda message_id, step: asked.append((message_id, step)))
    view.activate("studio:older/3")
    view.set_busy(True)  # an answer streams: paging waits
    view.activate("studio:older/3")
    assert asked == [(3, -1)]


def test_a_new_branch_keeps_the_shared_turns_and_updates_their_pagers(
    view: ConversationView,
) -> None:
    q1 = Message(1, 1, Role.USER, "q1")
    a1 = Message(2, 1, Role.ASSISTANT, "a1", parent_id=1)
    q2 = Message(3, 1, Role.USER, "q2", parent_id=2)
    view.show_messages([q1, a1, q2])
    kept = view.entry(2)
    edited = Message(4, 1, Role.USER, "q2 edited", parent_id=2)
    answer = Message(5, 1, Role.ASSISTANT, "", status=MessageStatus.STREAMING, parent_id=4)
    view.show_branch(
        Branch(
            (q1, a1, edited, answer),
            (Versions(1), Versions(2), Versions(4, 2, 2, previous=3), Versions(5)),
        )
    )
    assert [view.messages[k].content for k in sorted(view.messages)] == [
        "q1",
        "a1",
        "q2 edited",
        "",
    ]
    assert view.entry(2) is kept  # the shared turn was not drawn again
    assert "2/2" in view.text_of(4, "footer")
    assert view.entry(5).streaming
