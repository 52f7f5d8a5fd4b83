"""The documents of the conversation on screen, above the message box: a chip per
document (its name, pages and a button that removes it), "Document…" to choose files,
a line with the indexing's progress and its Cancel. PDF, Markdown, text, HTML and .docx
files dropped on the message box go here too (`DocumentDrops`), not into the message.

Everything slow (reading, embedding, indexing) is the `DocumentService`'s; this only asks
and shows.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from studio.core.documents.extract import SUFFIXES, document_kind
from studio.core.documents.index import DocumentInfo
from studio.core.documents.indexing import IndexProgress
from studio.services.document_service import DocumentService, DocumentsListed
from studio.ui.common.design import SPACE_S
from studio.ui.common.icons import set_icon
from studio.ui.common.numbers import ui_count


class DocumentsBar(QWidget):
    def __init__(self, service: DocumentService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chat-documents")
        self._service = service
        self.attach_button = QPushButton(self.tr("Document…"))
        self.attach_button.setObjectName("chat-attach-document")
        self.attach_button.setAccessibleName(self.tr("Attach documents"))
        self.attach_button.setToolTip(
            self.tr(
                "Attach PDF, Markdown, text, HTML or Word (.docx) files to this conversation; "
                "answers cite the pages they used. You can also drop them on the message box."
            )
        )
        self.attach_button.clicked.connect(self._choose)
        self.progress_line = QLabel()
        self.progress_line.setObjectName("chat-documents-progress")
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setObjectName("chat-documents-cancel")
        self.cancel_button.setAccessibleName(self.tr("Stop indexing the documents"))
        self.cancel_button.clicked.connect(service.cancel)
        self._chips = QHBoxLayout()
        self._chips.setContentsMargins(0, 0, 0, 0)
        self._chips.setSpacing(SPACE_S)
        self.chips: list[QFrame] = []
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addLayout(self._chips)
        top.addStretch(1)
        top.addWidget(self.attach_button)
        working = QHBoxLayout()
        working.setContentsMargins(0, 0, 0, 0)
        working.addWidget(self.progress_line, 1)
        working.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addLayout(working)
        self._show_working(False)
        service.documents_listed.connect(self._on_service_documents_listed)
        service.progress.connect(self._on_service_progress)
        service.indexing_changed.connect(self._show_working)

    def _choose(self) -> None:
        patterns = " ".join(f"*{suffix}" for suffix in SUFFIXES)
        names, _ = QFileDialog.getOpenFileNames(
            self,
            self.tr("Attach documents"),
            "",
            self.tr("Documents ({patterns})").format(patterns=patterns),
        )
        if names:
            self._service.attach([Path(name) for name in names])

    def _show_working(self, working: bool) -> None:
        self.progress_line.setVisible(working)
        self.cancel_button.setVisible(working)
        if working and not self.progress_line.text():
            self.progress_line.setText(self.tr("Reading the documents…"))
        if not working:
            self.progress_line.clear()

    def _on_service_progress(self, progress: IndexProgress) -> None:
        if progress.total == 0:
            text = self.tr("Reading {name}…").format(name=progress.name)
        else:
            text = self.tr("Indexing {name}: {done} of {total} passages").format(
                name=progress.name, done=ui_count(progress.done), total=ui_count(progress.total)
            )
        self.progress_line.setText(text)

    def _on_service_documents_listed(self, listed: DocumentsListed) -> None:
        for chip in self.chips:
            chip.deleteLater()
        self.chips = [self._chip(document) for document in listed.documents]
        for chip in self.chips:
            self._chips.addWidget(chip)

    def _chip(self, document: DocumentInfo) -> QFrame:
        chip = QFrame()
        chip.setObjectName("chat-document-chip")
        chip.setFrameShape(QFrame.Shape.StyledPanel)
        row = QHBoxLayout(chip)
        row.setContentsMargins(6, 2, 2, 2)
        pages = self.tr("%n page(s)", "", document.pages) if document.kind.value == "pdf" else ""
        label = QLabel(f"{document.name} · {pages}" if pages else document.name)
        label.setToolTip(
            self.tr("{passages} passages indexed").format(passages=ui_count(document.chunks))
        )
        remove = QToolButton()
        set_icon(remove, "close")
        remove.setAccessibleName(self.tr("Remove {name}").format(name=document.name))
        remove.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        remove.clicked.connect(lambda: self._service.remove(document.id))
        row.addWidget(label)
        row.addWidget(remove)
        return chip


class DocumentDrops(QObject):
    """Claims drops of local files that are all documents, before the text-file drop
    (which would paste a .md or .txt into the message) sees them."""

    def __init__(self, editor: QPlainTextEdit, service: DocumentService) -> None:
        super().__init__(editor)
        self._service = service
        editor.setAcceptDrops(True)
        # Installed after the text-file filter, so Qt asks this one first.
        editor.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop):
            return False
        assert isinstance(event, QDropEvent)
        mime = event.mimeData()
        if not mime.hasUrls() or not all(url.isLocalFile() for url in mime.urls()):
            return False
        paths = [Path(url.toLocalFile()) for url in mime.urls()]
        if not paths or any(document_kind(path) is None for path in paths):
            return False
        event.acceptProposedAction()
        if kind is QEvent.Type.Drop:
            self._service.attach(paths)
        return True
