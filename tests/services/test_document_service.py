"""The documents service with the real engine, embedding through the residents as the app
does: a PDF attached off the GUI thread with progress, embedded by the chat's own
resident (relaunched once with embeddings, never a second engine) or by a dedicated
embedding model loaded beside it; a question answered through the chat with the PDF's
best passages, the answer's citation stored and read back after a restart; bad files
said, Cancel keeping nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from studio.core.chat import ChatStore, SamplingSettings
from studio.core.documents.index import DRAFT, DocumentIndex
from studio.core.documents.indexing import IndexProgress
from studio.core.engine import EngineInfo, EngineLocation, EngineProber
from studio.core.errors import Problem
from studio.core.residents.embedder import ResidentEmbedder
from studio.core.residents.scheduler import ResidentView
from studio.core.server.states import ServerState
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatService
from studio.services.document_service import DocumentService
from studio.services.residents_service import ResidentsService
from tests.core.documents.files import pdf_bytes
from tests.core.documents.test_retrieval_engine import QUESTION, THEMES, _page
from tests.integration.test_manager_engine import answer as answer_of
from tests.integration.test_manager_engine import engine_children
from tests.services.chat_support import next_emission, qasync_event_loop
from tests.support.residents import two_models

pytestmark = pytest.mark.engine


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


@pytest.fixture(scope="module")
def info(engine_location: EngineLocation, tmp_path_factory: pytest.TempPathFactory) -> EngineInfo:
    return EngineProber(tmp_path_factory.mktemp("probe") / "probe.json").probe(engine_location)


def _launched(service: ResidentsService, model: Path | None = None) -> tuple[bool, str | None]:
    """Whether the resident of `model` (None: the chat's) runs with embeddings, and its
    pooling."""
    path = model or service.chat_model
    manager = service.residents.manager_of(str(path))
    assert manager is not None and manager.snapshot.spec is not None
    return manager.snapshot.spec.embeddings, manager.snapshot.spec.pooling


def _report(folder: Path) -> Path:
    path = folder / "report.pdf"
    path.write_bytes(pdf_bytes([_page(*theme) for theme in THEMES]))
    return path


def test_attach_ask_and_cite_across_a_restart(
    loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    engine_location: EngineLocation,
    info: EngineInfo,
    smollm2: Path,
) -> None:
    """The chat's model, loaded for chatting, embeds too: its own resident is relaunched
    once with embeddings (no second engine for it), and the chat still answers there."""
    tasks = TaskOwner("documents")
    scene = two_models(tmp_path, engine_location, info, smollm2, tasks)
    service = scene.service
    embedder = ResidentEmbedder(service.residents, lambda: service.chat_model)
    index_path = tmp_path / "documents.sqlite3"
    index = DocumentIndex(index_path)
    progress: list[IndexProgress] = []
    failures: list[Problem] = []
    ready_pids: list[int] = []
    service.snapshot_changed.connect(
        lambda s: ready_pids.append(s.pid) if s.state is ServerState.READY else None
    )
    (tmp_path / "scan.txt").write_bytes(bytes(range(256)))  # refused, the others go on
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        chat = ChatService(store, tasks)
        documents = DocumentService(index, tasks, lambda: embedder)
        service.chat_backend_changed.connect(lambda c: chat.use_backend(documents.wrap(c)))
        documents.progress.connect(progress.append)
        documents.failed.connect(failures.append)
        chat.failed.connect(failures.append)
        chat.answer_finished.connect(documents.answer_finished)
        chat.conversation_opened.connect(documents.show_conversation)
        chat.set_settings(SamplingSettings(max_tokens=12, temperature=0.0))

        async def scenario() -> dict[str, Any]:
            seen: dict[str, Any] = {}
            await scene.load(scene.first)  # as the load dialog loads: no embeddings
            seen["chatting"] = _launched(service)
            # Attached before the conversation exists: its first question stores it.
            listed = asyncio.ensure_future(
                next_emission(
                    documents.documents_listed,
                    lambda event: bool(event.documents),
                    within=120,
                )
            )
            documents.attach([tmp_path / "scan.txt", _report(tmp_path)])
            (seen["shown"],) = await listed
            seen["embedding"] = _launched(service)
            cited = asyncio.ensure_future(next_emission(documents.citations_found, within=120))
            finished = asyncio.ensure_future(next_emission(chat.answer_finished, within=120))
            assert chat.send(QUESTION) is not None
            (seen["answer"],) = await finished
            (seen["found"],) = await cited
            seen["children"] = len(engine_children())
            seen["views"] = [v.model for v in service.residents.views()]
            seen["after"] = _launched(service)
            return seen

        try:
            seen = loop.run_until_complete(scenario())
        finally:
            loop.run_until_complete(service.shutdown())
            loop.run_until_complete(tasks.shutdown())
            index.close()
        answer = seen["answer"]
        conversation_id = answer.conversation_id
    assert not engine_children(), "an engine outlived the residents"
    shown, found = seen["shown"], seen["found"]
    assert shown.conversation_id == DRAFT and [d.name for d in shown.documents] == ["report.pdf"]
    assert [p.code for p in failures] == ["document_not_text"]
    assert progress[-1].done == progress[-1].total > 5
    # One engine for the model, which chats and embeds: relaunched once, in its place.
    assert seen["children"] == 1
    assert seen["views"] == [scene.first]
    assert seen["chatting"] == (False, None)
    assert seen["embedding"] == seen["after"] == (True, "mean")
    assert len(set(ready_pids)) == 2, ready_pids  # the load, and the one relaunch
    assert answer.content and answer.model == "smol.gguf"
    (citations,) = found.citations.values()
    assert (citations[0].document, citations[0].page) == ("report.pdf", 3)
    # After a restart: the documents belong to the conversation, the citation to the answer.
    with DocumentIndex(index_path) as reopened:
        assert [d.name for d in reopened.documents(conversation_id)] == ["report.pdf"]
        assert reopened.citations([answer.id]) == {answer.id: citations}


def test_a_dedicated_embedding_model_is_a_resident_beside_the_chat(
    loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    engine_location: EngineLocation,
    info: EngineInfo,
    smollm2: Path,
) -> None:
    """An embedding model chosen apart (a second link to SmolLM2) is loaded as its own
    resident with the embedding knobs, planned beside the chat's model, which keeps its
    engine untouched; both are in the memory view."""
    tasks = TaskOwner("documents")
    scene = two_models(tmp_path, engine_location, info, smollm2, tasks)
    service = scene.service
    embedder = ResidentEmbedder(service.residents, lambda: scene.second)
    index = DocumentIndex.in_memory()
    documents = DocumentService(index, tasks, lambda: embedder)
    published: list[tuple[ResidentView, ...]] = []
    service.views_changed.connect(published.append)

    async def scenario() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        await scene.load(scene.first)
        chat_pid = service.snapshot.pid
        listed = asyncio.ensure_future(
            next_emission(documents.documents_listed, lambda e: bool(e.documents), within=120)
        )
        documents.attach([_report(tmp_path)])
        await listed
        await asyncio.sleep(0)  # the views are published once per turn of the loop
        seen["views"] = {v.model: v for v in service.residents.views()}
        seen["children"] = len(engine_children())
        seen["chat_pid"] = (chat_pid, service.snapshot.pid)
        seen["chat"] = _launched(service)
        seen["embedder"] = _launched(service, scene.second)
        async with service.residents.use(str(scene.first)) as held:
            seen["answer"] = await answer_of(held.manager)
        seen["documents"] = {d.name for d in index.documents(DRAFT)}
        return seen

    try:
        seen = loop.run_until_complete(scenario())
    finally:
        loop.run_until_complete(service.shutdown())
        loop.run_until_complete(tasks.shutdown())
        index.close()
    assert not engine_children(), "an engine outlived the residents"
    views = seen["views"]
    assert set(views) == {scene.first, scene.second} and seen["children"] == 2
    assert all(v.devices for v in views.values())  # both planned: bytes per device shown
    assert {v.model for v in published[-1]} == {scene.first, scene.second}
    assert seen["chat"] == (False, None) and seen["embedder"] == (True, "mean")
    assert seen["chat_pid"][0] == seen["chat_pid"][1]  # the chat's engine never restarted
    assert seen["answer"]
    assert embedder.name == "smol-b.gguf"
    assert seen["documents"] == {"report.pdf"}


def test_cancel_keeps_nothing(
    loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    engine_location: EngineLocation,
    info: EngineInfo,
    smollm2: Path,
) -> None:
    tasks = TaskOwner("documents")
    scene = two_models(tmp_path, engine_location, info, smollm2, tasks)
    embedder = ResidentEmbedder(scene.service.residents, lambda: scene.first)
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
        loop.run_until_complete(scene.service.shutdown())
        loop.run_until_complete(tasks.shutdown())
    assert not engine_children(), "an engine outlived the residents"
    assert index.documents(DRAFT) == []
    assert states == [True, False]
    index.close()
