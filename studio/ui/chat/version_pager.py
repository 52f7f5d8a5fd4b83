"""The "< 2/3 >" pager under a message that has several versions (regenerated answers,
edited questions).

It is made of links in the transcript's document, like Copy and Edit beside it, so Tab
reaches each arrow and Enter follows it: `studio:older/<id>` and `studio:newer/<id>` ask
for the neighbouring version of message <id>. An arrow with nothing beyond it is drawn
dimmed and is not a link, so the keyboard never stops on a dead end.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication

from studio.core.chat.branches import Versions

_CONTEXT = "VersionPager"
OLDER = "older"
NEWER = "newer"
# The version each link asks for, relative to the one shown.
STEPS = {OLDER: -1, NEWER: 1}


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def pager_html(versions: Versions | None, scheme: str) -> str:
    """The pager's rich text, or "" when the message has only one version."""
    if versions is None or not versions.several:
        return ""
    # Heavy angle brackets (U+276E, U+276F): the thin ones are lost at the footer's size.
    arrows = (
        (OLDER, "&#x276E;", versions.previous, _tr("Older version")),
        (NEWER, "&#x276F;", versions.next, _tr("Newer version")),
    )
    older, newer = (
        f"<a href='{scheme}:{action}/{versions.message_id}' title='{html.escape(tip)}'"
        f" style='text-decoration:none'>&nbsp;{arrow}&nbsp;</a>"
        if neighbour is not None
        else f"<span style='color:gray'>&nbsp;{arrow}&nbsp;</span>"
        for action, arrow, neighbour, tip in arrows
    )
    position = _tr("{position}/{count}").format(position=versions.position, count=versions.count)
    return f"{older}{html.escape(position)}{newer}"


def link_of(action: str, message_id: int, scheme: str) -> str:
    """The href of one arrow (to find it in the document again)."""
    return f"{scheme}:{action}/{message_id}"
