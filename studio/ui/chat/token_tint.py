"""Token probabilities in the transcript: each answer token tinted by how likely it was, and
its top alternatives on hover.

The answer on screen is rendered Markdown, not the raw text the tokens spell: `**`, list
numbers and fences are gone, a code block gains a header line. Each token is found in the
rendered text by walking the raw text and the document side by side: equal characters
pair up, whitespace pairs with any separator, a raw character with no partner is markup
and a separator with no partner is layout. The token's index rides on the characters'
format, so hovering reads it straight back. Only the blocks the view has just rendered are
walked (while streaming, the tail), so the cost per update stays flat as the answer grows.

Off (the default), nothing here runs: `after_render` returns at once and no format is set.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QPoint
from PySide6.QtGui import QColor, QHelpEvent, QPalette, QTextCharFormat, QTextCursor, QTextFormat
from PySide6.QtWidgets import QTextBrowser, QToolTip

from studio.core.chat import Message
from studio.core.chat.token_probs import TokenProb
from studio.ui.chat.markdown import Block

# The token's index in its answer, stored on each of its characters' format.
TOKEN_PROPERTY = int(QTextFormat.Property.UserProperty) + 71
_MESSAGE_PROPERTY = TOKEN_PROPERTY + 1
# Characters of the document that no raw character stands for: block and frame bounds.
_LAYOUT = "\u2029\u2028\ufdd0\ufdd1\ufffc"


def tint_color(prob: float, dark: bool) -> QColor:
    """Red for an unlikely token through amber to green for a near-certain one; faint
    enough that the text stays readable in either theme."""
    hue = max(0.0, min(1.0, prob)) * 0.33
    color = QColor.fromHsvF(hue, 0.75, 0.55 if dark else 1.0)
    color.setAlphaF(0.45 if dark else 0.35)
    return color


def shown(text: str) -> str:
    """A token as the tooltip shows it: spaces and line breaks made visible."""
    return text.replace(" ", "␣").replace("\n", "⏎").replace("\t", "⇥") or "∅"


def tooltip_html(token: TokenProb) -> str:
    """The token and its probability, then the alternatives the engine weighed (the token
    itself, usually first among them, is not repeated)."""
    rows = "".join(
        f"<tr><td><code>{html.escape(shown(text))}</code></td>"
        f"<td align='right'>{prob * 100:.1f}%</td></tr>"
        for text, prob in token.top
        if text != token.text
    )
    head = f"<b><code>{html.escape(shown(token.text))}</code></b> &nbsp; {token.prob * 100:.1f}%"
    return head + (f"<table cellspacing='4'>{rows}</table>" if rows else "")


def _block_starts(content: str, blocks: Sequence[Block]) -> list[int]:
    """Where each block's text starts in the raw answer."""
    starts: list[int] = []
    at = 0
    for block in blocks:
        found = content.find(block.text, at) if block.text else at
        at = found if found >= 0 else at
        starts.append(at)
        at += len(block.text)
    return starts


class TokenTint(QObject):
    def __init__(self, view: QTextBrowser) -> None:
        super().__init__(view)
        self._view = view
        self.enabled = False
        self.tokens: dict[int, list[TokenProb]] = {}
        # Raw character index -> token index, per answer; grown as tokens stream in.
        self._owner: dict[int, list[int]] = {}
        view.viewport().installEventFilter(self)

    # -- data ------------------------------------------------------------------------------

    def clear(self) -> None:
        self.tokens.clear()
        self._owner.clear()

    def remember(self, message: Message) -> None:
        """A stored answer's tokens (opening a conversation, or the finished answer)."""
        if message.token_probs:
            self.tokens[message.id] = []
            self._owner[message.id] = []
            self.extend(message.id, message.token_probs)

    def extend(self, message_id: int, tokens: Sequence[TokenProb]) -> None:
        """Streamed tokens, before the text they spell is rendered."""
        if not tokens:
            return
        known = self.tokens.setdefault(message_id, [])
        owner = self._owner.setdefault(message_id, [])
        for token in tokens:
            owner.extend([len(known)] * len(token.text))
            known.append(token)

    # -- drawing ---------------------------------------------------------------------------

    def after_render(
        self,
        message_id: int,
        content: str,
        blocks: Sequence[Block],
        offsets: Sequence[int],
        body_start: int,
        body_end: int,
        first: int,
    ) -> None:
        """Tint the blocks from `first` on, which the view has just rendered."""
        if not self.enabled or first >= len(blocks):
            return
        owner = self._owner.get(message_id)
        if not owner:
            return
        tokens = self.tokens[message_id]
        dark = self._view.palette().color(QPalette.ColorRole.Base).lightness() < 128
        text = self._view.document().toRawText()
        starts = _block_starts(content, blocks)
        runs: list[tuple[int, int, int]] = []  # (document start, end, token index)
        for index in range(first, len(blocks)):
            doc_from = body_start + offsets[index]
            doc_to = body_start + offsets[index + 1] if index + 1 < len(offsets) else body_end
            if blocks[index].kind == "code":
                # The view writes the language and a Copy link above the code.
                header_end = text.find("\ufdd0", doc_from, doc_to)
                doc_from = header_end + 1 if header_end >= 0 else doc_from
            raw_from = starts[index]
            raw_to = raw_from + len(blocks[index].text)
            self._pair(text, doc_from, doc_to, content, raw_from, raw_to, owner, runs)
        if not runs:
            return
        cursor = QTextCursor(self._view.document())
        cursor.beginEditBlock()
        for start, end, token_index in runs:
            char_format = QTextCharFormat()
            char_format.setBackground(tint_color(tokens[token_index].prob, dark))
            char_format.setProperty(TOKEN_PROPERTY, token_index)
            char_format.setProperty(_MESSAGE_PROPERTY, message_id)
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            cursor.mergeCharFormat(char_format)
        cursor.endEditBlock()

    @staticmethod
    def _pair(
        text: str,
        j: int,
        doc_to: int,
        content: str,
        i: int,
        raw_to: int,
        owner: Sequence[int],
        runs: list[tuple[int, int, int]],
    ) -> None:
        """Walk the raw text and the document together, collecting (start, end, token)
        runs of document characters."""
        raw_to = min(raw_to, len(owner))
        while i < raw_to and j < doc_to:
            raw, shown_char = content[i], text[j]
            if raw == shown_char or (
                raw.isspace() and (shown_char in _LAYOUT or shown_char.isspace())
            ):
                token_index = owner[i]
                if runs and runs[-1][1] == j and runs[-1][2] == token_index:
                    runs[-1] = (runs[-1][0], j + 1, token_index)
                else:
                    runs.append((j, j + 1, token_index))
                i += 1
                j += 1
            elif shown_char in _LAYOUT:
                j += 1
            else:
                i += 1  # Markdown markup: not on screen

    # -- hover -----------------------------------------------------------------------------

    def token_at(self, point: QPoint) -> TokenProb | None:
        """The token under a viewport point, if the tint is on and one is there."""
        if not self.enabled:
            return None
        position = self._view.cursorForPosition(point).position()
        cursor = QTextCursor(self._view.document())
        for after in (position + 1, position):
            if after <= 0 or after >= self._view.document().characterCount():
                continue
            cursor.setPosition(after)
            char_format = cursor.charFormat()
            token_index = char_format.property(TOKEN_PROPERTY)
            message_id = char_format.property(_MESSAGE_PROPERTY)
            tokens = self.tokens.get(message_id) if isinstance(message_id, int) else None
            if tokens and isinstance(token_index, int) and token_index < len(tokens):
                return tokens[token_index]
        return None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and self.enabled:
            assert isinstance(event, QHelpEvent)
            token = self.token_at(event.pos())
            if token is not None:
                QToolTip.showText(event.globalPos(), tooltip_html(token), self._view.viewport())
            else:
                QToolTip.hideText()
            return True
        return False
