"""Text files dropped on the composer become part of the message.

`TextFileDrops` is an event filter on the composer that claims a drop only when it brings
local files none of which is an image: images are left to whoever handles them (another
filter, or the editor itself). The files are read and counted off the GUI thread by the
`ContextService`; each one that fits is inserted at the cursor as a fenced block under a
line with its name and token count, and each one that does not is refused with a sentence.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QMimeData, QMimeDatabase, QObject
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QPlainTextEdit

from studio.services.context_service import ContextService, TextAttached
from studio.ui.common.numbers import ui_count


def text_file_paths(mime: QMimeData, types: QMimeDatabase) -> list[Path]:
    """The local files `mime` brings when none is an image (else [], so an image handler
    gets the drop untouched)."""
    if not mime.hasUrls():
        return []
    urls = mime.urls()
    if not urls or not all(url.isLocalFile() for url in urls):
        return []
    paths = [Path(url.toLocalFile()) for url in urls]
    if any(types.mimeTypeForFile(str(path)).name().startswith("image/") for path in paths):
        return []
    return [path for path in paths if not path.is_dir()]


class TextFileDrops(QObject):
    def __init__(self, editor: QPlainTextEdit, service: ContextService) -> None:
        super().__init__(editor)
        self._editor = editor
        self._service = service
        self._types = QMimeDatabase()
        editor.setAcceptDrops(True)
        # A plain text edit gets drag events on its viewport, not on itself.
        editor.viewport().installEventFilter(self)
        service.text_attached.connect(self._on_service_text_attached)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop):
            return False
        assert isinstance(event, QDropEvent)  # drag enter and move events are drop events
        paths = text_file_paths(event.mimeData(), self._types)
        if not paths:
            return False
        event.acceptProposedAction()
        if kind is QEvent.Type.Drop:
            self._service.attach_files(paths, self._editor.toPlainText())
        return True

    def _on_service_text_attached(self, attached: TextAttached) -> None:
        header = self.tr("**{name}** ({tokens} tokens)").format(
            name=attached.file.name, tokens=ui_count(attached.tokens)
        )
        cursor = self._editor.textCursor()
        before = self._editor.toPlainText()[: cursor.position()]
        gap = "" if not before.strip() else ("\n" if before.endswith("\n") else "\n\n")
        cursor.insertText(f"{gap}{header}\n{attached.block}")
        self._editor.setTextCursor(cursor)
        self._editor.setFocus()
