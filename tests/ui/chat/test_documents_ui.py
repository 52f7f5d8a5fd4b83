"""The documents bar (chips, progress, Cancel) and citation links under an answer."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QApplication

from studio.core.chat import ChatStore, MessageStatus, Role
from studio.core.documents.extract import DocumentKind
from studio.core.documents.index import Citation, DocumentIndex, DocumentInfo
from studio.core.documents.indexing import IndexProgress
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatService
from studio.services.document_service import DocumentService, DocumentsListed
from studio.ui.chat.chat_pane import ChatPane
from studio.ui.chat.citation_links import PassageDialog
from tests.services.chat_support import qasync_event_loop


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def test_documents_bar_and_citations(
    loop: asyncio.AbstractEventLoop, qapp: QApplication, tmp_path: Path
) -> None:
    tasks = TaskOwner("documents-ui")
    with ChatStore(tmp_path / "chat.sqlite3") as store, DocumentIndex.in_memory() as index:
        conversation = store.create_conversation("Report")
        question = store.add_message(conversation.id, Role.USER, "How many cats?")
        answer = store.add_message(
            conversation.id, Role.ASSISTANT, "Seventeen.", status=MessageStatus.COMPLETE
        )
        assert question.id < answer.id
        documents = DocumentService(index, tasks, lambda: None)
        pane = ChatPane(ChatService(store, tasks), tasks)
        pane.attach_documents(documents)
        pane.resize(1280, 800)
        pane.show()
        pane.view.show_messages(store.messages(conversation.id))
        documents.documents_listed.emit(
            DocumentsListed(
                conversation.id,
                (DocumentInfo(1, conversation.id, "report.pdf", DocumentKind.PDF, 5, 9000, 15),),
            )
        )
        documents.indexing_changed.emit(True)
        documents.progress.emit(IndexProgress("notes.docx", 16, 48))
        cited = Citation("report.pdf", 3, "The lighthouse keeper feeds seventeen cats.", 0.9)
        pane.view.show_citations({answer.id: (cited,)})
        qapp.processEvents()
        if os.environ.get("STUDIO_SHOT"):
            pane.grab().save(os.environ["STUDIO_SHOT"])
        bar = pane.documents_bar
        assert bar.progress_line.text() == "Indexing notes.docx: 16 of 48 passages"
        assert bar.cancel_button.isVisible() and len(bar.chips) == 1
        assert "report.pdf, page 3" in pane.view.toPlainText()
        pane.view.citation_links.handle_link(QUrl(f"studio-cite:{answer.id}/0"))
        dialog = pane.view.citation_links.dialog
        assert isinstance(dialog, PassageDialog)
        assert dialog.text.toPlainText() == cited.text
        assert dialog.source.text() == "report.pdf, page 3"
        dialog.close()
        pane.close()
        loop.run_until_complete(tasks.shutdown())
