"""Text from outside (a file or model name, a device an engine or a network server names,
a sentence with such a name in it) is never read as markup.

Qt reads a label's or tooltip's text as rich text when it merely looks like HTML, and rich
text loads the files its `<img src=...>` names: a model file called `<img src=/dev/zero>.gguf`
would make a label read until the memory is gone. So every label of the app shows plain
text unless it asks for rich text explicitly (and then escapes what it did not write), and
a tooltip with outside text in it goes through `plain_tip`."""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel

# Qt's own tooltip label: its text is set per tooltip (see `plain_tip`).
_TOOLTIP_CLASS = "QTipLabel"


class PlainLabels(QObject):
    """An application-wide event filter: a label left to guess its format (Qt's default)
    is made plain before it is first shown. Install it on the QApplication once."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.Polish
            and isinstance(watched, QLabel)
            and watched.textFormat() == Qt.TextFormat.AutoText
            and watched.metaObject().className() != _TOOLTIP_CLASS
        ):
            watched.setTextFormat(Qt.TextFormat.PlainText)
        return super().eventFilter(watched, event)


def rich_label(label: QLabel) -> QLabel:
    """Mark `label` as showing markup the app writes (outside text in it escaped)."""
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


def plain_tip(text: str) -> str:
    """A tooltip that shows `text` as it is, whatever it looks like."""
    if not text:
        return ""
    escaped = html.escape(text).replace("\n", "<br>")
    return f"<p>{escaped}</p>"
