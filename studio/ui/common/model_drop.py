"""A .gguf file dropped on the window or the message box is a model to load, not a file to
attach to a message (which would be refused as too large)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QMimeData, QObject, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QAbstractScrollArea, QWidget


def dropped_model(mime: QMimeData | None) -> Path | None:
    """The first local .gguf file `mime` brings, if any."""
    if mime is None or not mime.hasUrls():
        return None
    for url in mime.urls():
        if url.isLocalFile() and url.toLocalFile().lower().endswith(".gguf"):
            return Path(url.toLocalFile())
    return None


class ModelDropFilter(QObject):
    """Event filter: install it on a widget *after* its other drop filters, so it sees a
    drop first (Qt asks the newest filter first) and takes only .gguf files."""

    dropped = Signal(object)  # Path

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        widget.installEventFilter(self)
        if isinstance(widget, QAbstractScrollArea):  # a text box takes drops on its viewport
            widget.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove) and isinstance(
            event, QDragEnterEvent | QDropEvent
        ):
            if dropped_model(event.mimeData()) is not None:
                event.acceptProposedAction()
                return True
        elif kind == QEvent.Type.Drop and isinstance(event, QDropEvent):
            path = dropped_model(event.mimeData())
            if path is not None:
                event.acceptProposedAction()
                self.dropped.emit(path)
                return True
        return super().eventFilter(watched, event)
