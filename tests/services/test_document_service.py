"""The documents service with the real engine: a PDF attached off the GUI thread with
progress, a question answered through the chat with the PDF's best passages, the answer's
citation stored and read back after a restart; bad files said, Cancel keeping nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from studio.core.chat import ChatStore, Message, SamplingSettings
from studio.core.chat.backend import ManagerChatBackend
from studio.core.documents.embedder import ServerEmbedder
from studio.core.documents.index import DRAFT, DocumentIndex
from studio.core.documents.indexing import IndexProgress
from studio.core.engine import EngineLocation
from studio.core.errors import Problem
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatBackendChanged, ChatService
from studio.services.document_service import CitationsFound, DocumentService, DocumentsListed
from tests.core.documents.files import pdf_bytes
from tests.core.documents.test_retrieval_engine import QUESTION, THEMES, _page
from tests.services.chat_support import next_emission, qasync_event_loop

pytestmark = pytest.mark.engine


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def _report(folder: Path) -> Path:
    path = folder / "report.pdf"
    path.write_bytes(pdf_bytes([_page(*theme) for theme in THEMES]))
    return path


def test_attach_ask_and_cite_across_a_restart(
    loop: asyncio.AbstractEventLoop, tmp_path: Path, engine_location: EngineLocation, smollm2: Path
) -> None:
    tasks = TaskOwner("documents")
    manager = ServerManager(engine_location, tmp_path / "logs", health_timeout_s=120)
    embedder = ServerEmbedder(manager, LaunchSpec(model=smollm2, threads=2, label="SmolLM2"))
    index_path = tmp_path / "documents.sqlite3"
    index = DocumentIndex(index_path)
    progress: list[IndexProgress] = []
    failures: list[Problem] = []
    (tmp_path / "scan.txt").write_bytes(bytes(range(256)))  # refused, the others go on
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        chat = ChatService(store, tasks)
        documents = DocumentService(index, tasks, lambda: embedder)
        documents.progress.connect(progress.append)
        documents.failed.connect(failures.append)
        chat.failed.connect(failures.append)
        chat.answer_finished.connect(documents.answer_finished)
        chat.conversation_opened.connect(documents.show_conversation)
        chat.set_settings(SamplingSettings(max_tokens=12, temperature=0.0))

        async def scenario() -> tuple[DocumentsListed, Message, CitationsFound]:
            # Attached before the conversation exists: its first question stores it.
            listed = asyncio.ensure_future(
                next_emission(
                    documents.documents_listed,
                    lambda event: bool(event.documents),
                    within=120,
                )
            )
            documents.attach([tmp_path / "scan.txt", _report(tmp_path)])
            (shown,) = await listed
            backend = ManagerChatBackend(manager)  # the embedding child chats too
            chat.use_backend(documents.wrap(ChatBackendChanged(backend, "SmolLM2")))
            cited = asyncio.ensure_future(next_emission(documents.citations_found, within=120))
            finished = asyncio.ensure_future(next_emission(chat.answer_finished, within=120))
            assert chat.send(QUESTION) is not None
            (answer,) = await finished
            (found,) = await cited
            return shown, answer, found

        try:
            shown, answer, found = loop.run_until_complete(scenario())
        finally:
            loop.run_until_complete(embedder.close())
            loop.run_until_complete(tasks.shutdown())
            index.close()
        conversation_id = answer.conversation_id
    assert shown.conversation_id == DRAFT and [d.name for d in shown.documents] == ["report.pdf"]
    assert [p.code for p in failures] == ["document_not_text"]
    assert progress[-1].done == progress[-1].total > 5
    assert answer.content
    (citations,) = found.citations.values()
    assert (citations[0].document, citations[0].page) == ("report.pdf", 3)
    # After a restart: the documents belong to the conversation, the citation to the answer.
    with DocumentIndex(index_path) as reopened:
        assert [d.name for d in reopened.documents(conversation_id)] == ["report.pdf"]
        assert reopened.citations([answer.id]) == {answer.id: citations}


def test_cancel_keeps_nothing(
    loop: asyncio.AbstractEventLoop, tmp_path: Path, engine_location: EngineLocation, smollm2: Path
) -> None:
    tasks = TaskOwner("documents")
    manager = ServerManager(engine_location, tmp_path / "logs", health_timeout_s=120)
    embedder = ServerEmbedder(manager, LaunchSpec(model=smollm2, threads=2, label="SmolLM2"))
    index = DocumentIndex.in_memory()
    documents = DocumentService(index, tasks, lambda: embedder)
    states: list[bool] = []
    documents.indexing_changed.connect(states.append)

    async def scenario() -> None:
        embedding = asyncio.ensure_future(
            next_emission(documents.progress, lambda p: p.total > 0, within=120)
        )
        documents.attach([_report(tmp_path)])
        await embedding  # read and cut: Cancel lands while its passages are embedded
        documents.cancel()
        await next_emission(documents.indexing_changed, lambda busy: not busy, within=30)

    try:
        loop.run_until_complete(scenario())
    finally:
        loop.run_until_complete(embedder.close())
        loop.run_until_complete(tasks.shutdown())
    assert index.documents(DRAFT) == []
    assert states == [True, False]
    index.close()
