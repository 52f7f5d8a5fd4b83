"""Citations under an answer: "Sources: report.pdf, p. 3 · notes.md", each a link that
opens the passage the answer was given (its document, page and text) in a small dialog.
The view asks for the links' HTML when it draws an answer's footer and hands clicks here.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

from PySide6.QtCore import QObject, QUrl
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from studio.core.documents.index import Citation

SCHEME = "studio-cite"


class PassageDialog(QDialog):
    """One cited passage, read-only."""

    def __init__(self, citation: Citation, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chat-passage-dialog")
        self.setWindowTitle(citation_name(self, citation))
        self.source = QLabel(citation_name(self, citation))
        self.source.setObjectName("chat-passage-source")
        self.text = QPlainTextEdit(citation.text)
        self.text.setObjectName("chat-passage-text")
        self.text.setReadOnly(True)
        self.text.setAccessibleName(self.tr("Cited passage"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.source)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.resize(560, 360)


def citation_name(context: QObject, citation: Citation) -> str:
    if citation.page is None:
        return citation.document
    return context.tr("{document}, page {page}").format(
        document=citation.document, page=citation.page
    )


class CitationLinks(QObject):
    def __init__(self, view: QWidget) -> None:
        super().__init__(view)
        self._view = view
        self.citations: dict[int, tuple[Citation, ...]] = {}
        self.dialog: PassageDialog | None = None

    def add(self, found: Mapping[int, tuple[Citation, ...]]) -> None:
        self.citations.update(found)

    def clear(self) -> None:
        self.citations.clear()

    def footer_html(self, message_id: int) -> str:
        """The answer's sources as links ("" when it cited none)."""
        cited = self.citations.get(message_id, ())
        if not cited:
            return ""
        links = " · ".join(
            f"<a href='{SCHEME}:{message_id}/{i}'>{html.escape(citation_name(self, c))}</a>"
            for i, c in enumerate(cited)
        )
        return self.tr("Sources: {links}").format(links=links)

    def handle_link(self, url: QUrl) -> bool:
        """Open the passage a citation link names; False for any other link."""
        if url.scheme() != SCHEME:
            return False
        message, _, index = url.path().partition("/")
        cited = self.citations.get(int(message), ()) if message.isdigit() else ()
        if index.isdigit() and int(index) < len(cited):
            self.dialog = PassageDialog(cited[int(index)], self._view)
            self.dialog.open()
        return True
