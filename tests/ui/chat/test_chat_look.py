"""The transcript's look: the user's turns are tinted cards on the right, the assistant's
plain text across the column, and both follow a switch between light and dark."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.chat import Message, Role
from studio.ui.chat.conversation_view import ConversationView
from studio.ui.common.design import DARK, LIGHT
from studio.ui.common.theme import ThemeChoice, ThemeController


@pytest.fixture
def theme(qapp: QApplication) -> Iterator[ThemeController]:
    palette, style, sheet = qapp.palette(), qapp.style().name(), qapp.styleSheet()
    controller = ThemeController(qapp)
    controller.apply(ThemeChoice.LIGHT)
    try:
        yield controller
    finally:
        qapp.styleHints().unsetColorScheme()
        qapp.setStyle(style)
        qapp.setPalette(palette)
        qapp.setStyleSheet(sheet)
        controller.deleteLater()


@pytest.fixture
def view(qtbot: QtBot, theme: ThemeController) -> ConversationView:
    widget = ConversationView()  # no task owner: code is highlighted at once
    qtbot.addWidget(widget)
    widget.resize(900, 600)
    widget.show()
    return widget


def _user_and_answer(view: ConversationView) -> tuple[int, int]:
    view.add_message(Message(1, 1, Role.USER, "Show me a loop"))
    view.add_message(
        Message(2, 1, Role.ASSISTANT, "Here:\n\n```python\nfor i in range(3):\n    print(i)\n```")
    )
    return 1, 2


def test_the_users_turn_is_a_tinted_card_on_the_right(view: ConversationView) -> None:
    user, answer = _user_and_answer(view)
    card = view.entry(user).body.frameFormat()
    assert card.background().color().name() == LIGHT.accent_soft
    assert card.leftMargin() > 0 and card.padding() > 0
    plain = view.entry(answer).body.frameFormat()
    assert plain.background().style() == Qt.BrushStyle.NoBrush
    header = view.entry(user).header.firstCursorPosition().blockFormat()
    assert header.alignment() & Qt.AlignmentFlag.AlignRight
    assert view.text_of(user, "header").strip() == "You"


def test_cards_and_code_follow_a_switch_to_dark(
    view: ConversationView, theme: ThemeController
) -> None:
    user, answer = _user_and_answer(view)
    light_code = view.entry(answer).highlighted.copy()
    assert light_code
    theme.apply(ThemeChoice.DARK)
    QApplication.processEvents()
    assert view.palette().color(QPalette.ColorRole.Base).lightness() < 128
    card = view.entry(user).body.frameFormat()
    assert card.background().color().name() == DARK.accent_soft
    dark_code = view.entry(answer).highlighted
    assert dark_code.keys() == light_code.keys()
    assert dark_code != light_code  # coloured again for the dark palette


POEM = "\n".join(
    [
        "The keeper climbs the winding stair,",
        "his lantern swinging in the air;",
        "the sea below is black and wide,",
        "the gulls are sleeping on the tide.",
        "He trims the wick, he wipes the glass,",
        "he watches as the freighters pass,",
        "and when the dawn comes, grey and slow,",
        "he climbs back down to sleep below.",
    ]
)


def test_single_line_breaks_in_an_answer_are_kept(view: ConversationView) -> None:
    view.add_message(Message(1, 1, Role.USER, "A poem, please"))
    view.add_message(Message(2, 1, Role.ASSISTANT, f"{POEM}\n\nA list:\n- one\n- two"))
    # A hard break is U+2028 in the document's text; either way, a line of its own.
    lines = view.toPlainText().replace("\u2028", "\n").split("\n")
    assert all(line in lines for line in POEM.split("\n"))
    assert lines.index("one") + 1 == lines.index("two")
