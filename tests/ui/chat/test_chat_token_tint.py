"""The token tint finds each token in the rendered Markdown, while streaming and after."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette, QTextCursor
from pytestqt.qtbot import QtBot

from studio.core.chat import Message, MessageStatus, Role
from studio.core.chat.token_probs import TokenProb
from studio.ui.chat.conversation_view import ConversationView
from studio.ui.chat.token_tint import TOKEN_PROPERTY, tint_color, tooltip_html

ANSWER = (
    "It is **21 °C** in *Paris*.\n\n"
    "1. take a coat\n2. walk\n\n"
    "```python\ndef go(city):\n    return city\n```\n\n"
    "Done."
)


def _tokens(text: str) -> list[TokenProb]:
    """Word-sized tokens that spell `text`, each with a distinct probability."""
    pieces: list[str] = []
    word = ""
    for char in text:
        if char.isalnum():
            word += char
            continue
        if word:
            pieces.append(word)
            word = ""
        pieces.append(char)
    if word:
        pieces.append(word)
    return [
        TokenProb(p, (i % 10) / 10, ((p, (i % 10) / 10), ("x", 0.01))) for i, p in enumerate(pieces)
    ]


def _words(tokens: list[TokenProb]) -> dict[int, str]:
    """The word tokens that are text on screen: not the list's numbers (drawn by the
    layout) nor the fence's language (the view writes its own label)."""
    return {
        i: t.text
        for i, t in enumerate(tokens)
        if t.text.isalnum() and t.text not in ("1", "2", "python")
    }


def _shown_by_token(view: ConversationView, message_id: int) -> dict[int, str]:
    body = view.entry(message_id).body
    cursor = QTextCursor(view.document())
    text = view.document().toRawText()
    shown: dict[int, str] = {}
    for position in range(body.firstPosition(), body.lastPosition()):
        if text[position] in "\u2029\u2028\ufdd0\ufdd1":
            continue  # at a block's start a cursor reports the block's first character
        cursor.setPosition(position + 1)
        index = cursor.charFormat().property(TOKEN_PROPERTY)
        if isinstance(index, int):
            shown[index] = shown.get(index, "") + text[position]
    return shown


def test_every_word_and_code_token_is_tinted_where_it_is_shown(qtbot: QtBot) -> None:
    view = ConversationView()
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.set_token_tint(True)
    tokens = _tokens(ANSWER)
    view.add_message(Message(1, 1, Role.USER, "Weather?"))
    view.add_message(Message(2, 1, Role.ASSISTANT, ANSWER, token_probs=tuple(tokens)))
    shown = _shown_by_token(view, 2)
    words = _words(tokens)
    # Each word token covers exactly its own characters on screen, in prose, list and code.
    assert {i: shown.get(i) for i in words} == words
    # Markup is not on screen, so it has nothing to tint.
    assert all(shown.get(i) is None for i, t in enumerate(tokens) if t.text in "*`")
    assert "<code>x</code>" in tooltip_html(tokens[0])


def test_the_tint_follows_a_streaming_answer_and_goes_when_off(qtbot: QtBot) -> None:
    view = ConversationView()
    qtbot.addWidget(view)
    view.set_token_tint(True)
    tokens = _tokens(ANSWER)
    view.add_message(Message(2, 1, Role.ASSISTANT, "", status=MessageStatus.STREAMING))
    for token in tokens:
        view.tint.extend(2, [token])
        view.append_delta(2, token.text, "")
    words = _words(tokens)
    assert {i: _shown_by_token(view, 2).get(i) for i in words} == words
    # Only the tail was re-rendered per token, as without the tint.
    assert view.entry(2).body_renders == 1
    view.set_token_tint(False)
    assert _shown_by_token(view, 2) == {}
    assert view.tint.token_at(view.cursorRect().center()) is None


def test_the_tint_follows_a_theme_switch(qtbot: QtBot) -> None:
    view = ConversationView()
    qtbot.addWidget(view)
    view.set_token_tint(True)
    tokens = _tokens("Calm sea.")
    view.add_message(Message(2, 1, Role.ASSISTANT, "Calm sea.", token_probs=tuple(tokens)))
    cursor = QTextCursor(view.document())
    cursor.setPosition(view.entry(2).body.firstPosition() + 1)  # in "Calm", token 0
    dark = QPalette(view.palette())
    dark.setColor(QPalette.ColorRole.Base, QColor("#1e1e1e"))
    assert cursor.charFormat().background().color() == tint_color(tokens[0].prob, dark=False)
    view.setPalette(dark)
    cursor = QTextCursor(view.document())
    cursor.setPosition(view.entry(2).body.firstPosition() + 1)
    assert cursor.charFormat().background().color() == tint_color(tokens[0].prob, dark=True)
