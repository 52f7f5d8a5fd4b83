"""Live readings only while a widget can be seen: `watch_while_shown(widget, source)` tells
`source` (a memory monitor, a log tail) when the widget is shown and hidden, so the widget
need not override its show and hide events for it."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget


class Watchable(Protocol):
    def watch(self, viewer: object) -> None: ...

    def unwatch(self, viewer: object) -> None: ...


class _ShownFilter(QObject):
    """Owned by the widget (its Qt child), so it lives exactly as long."""

    def __init__(self, widget: QWidget, source: Watchable) -> None:
        super().__init__(widget)
        self._source = source
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Show:
            self._source.watch(watched)
        elif event.type() == QEvent.Type.Hide:
            self._source.unwatch(watched)
        return False  # the widget still gets the event


def watch_while_shown(widget: QWidget, source: Watchable) -> None:
    _ShownFilter(widget, source)
