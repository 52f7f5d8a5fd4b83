"""The documents of the conversation on screen: attached (read, embedded and indexed off
the GUI thread, with progress and Cancel), listed, removed; put into the chat's requests
(`core.documents.backend`); and the citations each answer made, stored with it and read
back with the conversation.

The embedding model is the chat's loaded model, run a second time with `--embeddings` by
a `ServerManager` of the service's own (`ServerEmbedder`), loaded at the first document or
question that needs it. Once the several-models scheduler runs the app's models, that
manager becomes a resident pinned beside the chat model (see the report of issue 28).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from studio.core.chat import Message, Role
from studio.core.documents.backend import Cited, with_documents
from studio.core.documents.embedder import Embedder, ServerEmbedder, embedding_spec
from studio.core.documents.errors import DocumentError
from studio.core.documents.index import DRAFT, Citation, DocumentIndex, DocumentInfo
from studio.core.documents.indexing import index_document
from studio.core.documents.prompt import DocumentPrompt
from studio.core.documents.search import Vectors
from studio.core.engine import EngineChoice
from studio.core.errors import Problem
from studio.core.server.manager import ServerManager
from studio.core.server.states import Snapshot
from studio.core.tasks import TaskOwner
from studio.services.background import Background
from studio.services.chat_service import ChatBackendChanged, ConversationOpened

log = logging.getLogger(__name__)

INDEXING = "documents-index"


@dataclass(frozen=True)
class DocumentsListed:
    """The documents of `conversation_id` (`DRAFT`: the conversation not stored yet)."""

    conversation_id: int
    documents: tuple[DocumentInfo, ...]


@dataclass(frozen=True)
class CitationsFound:
    """Citations of answers of the conversation on screen, by message id."""

    citations: Mapping[int, tuple[Citation, ...]]


class _LateEmbedder:
    """The embedder the service has when a request needs it (the chat's model may change
    between turns); none: said in one sentence."""

    def __init__(self, current: Callable[[], Embedder | None]) -> None:
        self._current = current

    def _embedder(self) -> Embedder:
        embedder = self._current()
        if embedder is None:
            raise DocumentError("document_no_embedder", "no model to embed with")
        return embedder

    @property
    def name(self) -> str:
        return self._embedder().name

    async def embed(self, texts: Sequence[str]) -> Vectors:
        return await self._embedder().embed(texts)


class DocumentService(QObject):
    documents_listed = Signal(object)  # DocumentsListed
    progress = Signal(object)  # IndexProgress
    indexing_changed = Signal(bool)
    citations_found = Signal(object)  # CitationsFound
    failed = Signal(object)  # Problem

    def __init__(
        self,
        index: DocumentIndex,
        tasks: TaskOwner,
        embedder: Callable[[], Embedder | None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._index = index
        self._work = Background(tasks)
        self._embedder = _LateEmbedder(embedder)
        self._prompt = DocumentPrompt(index, self._embedder)
        self.conversation_id = DRAFT
        self._indexing: asyncio.Task[None] | None = None
        self._queue: list[tuple[int, Path]] = []
        self._moving: asyncio.Task[object] | None = None
        self._cited: Cited | None = None

    def start(self, conversation_ids: Callable[[], Iterable[int]]) -> asyncio.Task[object]:
        """At the app's start: the documents of conversations deleted since are removed
        (`conversation_ids` reads the ones that remain; it runs on a worker thread)."""
        return self._work.call(
            "documents-prune",
            lambda: self._index.forget_except(conversation_ids()),
            log_only=(DocumentError,),
        )

    # -- the chat ------------------------------------------------------------------------

    def wrap(self, change: ChatBackendChanged) -> ChatBackendChanged:
        """The chat's backend with the documents put into its requests."""
        if change.backend is None:
            return change
        backend = with_documents(
            change.backend, self._prompt, self._request_conversation, self._hold
        )
        return ChatBackendChanged(backend, change.model)

    async def _request_conversation(self) -> int | None:
        if self._moving is not None and not self._moving.done():
            await asyncio.wait({self._moving})
        return self.conversation_id

    def _hold(self, cited: Cited) -> None:
        self._cited = cited

    def answer_finished(self, message: Message) -> asyncio.Task[object] | None:
        """The chat stored an answer: the citations its request carried go with it."""
        cited, self._cited = self._cited, None
        if cited is None or message.role is not Role.ASSISTANT:
            return None
        if cited.conversation_id != message.conversation_id or not cited.citations:
            return None
        citations = cited.citations
        return self._work.call(
            "documents-cite",
            lambda: self._index.save_citations(message.id, citations),
            lambda _: self.citations_found.emit(CitationsFound({message.id: citations})),
            self.failed.emit,
        )

    def show_conversation(self, opened: ConversationOpened) -> None:
        """The chat shows another conversation (or a new one): list its documents and read
        its answers' citations. A conversation its first question just stored takes the
        documents attached before it existed."""
        conversation = opened.conversation
        previous = self.conversation_id
        self.conversation_id = conversation.id if conversation is not None else DRAFT
        if conversation is not None and previous == DRAFT and not opened.messages:
            target = conversation.id
            self._moving = self._work.call(
                "documents-move", lambda: self._index.move(DRAFT, target), failed=self.failed.emit
            )
        answers = [m.id for m in opened.messages if m.role is Role.ASSISTANT]
        if answers:
            self._work.call(
                "documents-citations",
                lambda: self._index.citations(answers),
                lambda found: self.citations_found.emit(CitationsFound(found)),
                self.failed.emit,
                latest=True,
            )
        self.refresh()

    # -- attaching -----------------------------------------------------------------------

    def refresh(self) -> asyncio.Task[object]:
        conversation_id = self.conversation_id
        return self._work.run(
            "documents-list",
            lambda: self._list(conversation_id),
            failed=self.failed.emit,
            latest=True,
            after=self._moving,
        )

    async def _list(self, conversation_id: int) -> None:
        documents = await asyncio.to_thread(self._index.documents, conversation_id)
        self.documents_listed.emit(DocumentsListed(conversation_id, tuple(documents)))

    @property
    def indexing(self) -> bool:
        return self._indexing is not None and not self._indexing.done()

    def attach(self, paths: Sequence[Path]) -> asyncio.Task[None] | None:
        """Index `paths` into the conversation on screen, one after the other; each that
        cannot be read is said and the others go on."""
        self._queue.extend((self.conversation_id, path) for path in paths)
        if self.indexing:
            return self._indexing
        self._indexing = self._work.run(INDEXING, self._drain, failed=self.failed.emit)
        self.indexing_changed.emit(True)
        self._indexing.add_done_callback(self._on_indexing_done)
        return self._indexing

    async def _drain(self) -> None:
        while self._queue:
            conversation_id, path = self._queue.pop(0)
            try:
                await index_document(
                    self._index, self._embedder, conversation_id, path, self.progress.emit
                )
            except DocumentError as error:
                self.failed.emit(Problem.of(error))
            if conversation_id == self.conversation_id:
                await self._list(conversation_id)

    def _on_indexing_done(self, task: asyncio.Task[None]) -> None:
        if task is self._indexing:
            self._queue.clear()
            self.indexing_changed.emit(False)

    def cancel(self) -> None:
        """Stop indexing: the document being read is not added, the queued ones neither."""
        self._queue.clear()
        if self._indexing is not None:
            self._indexing.cancel()

    def close(self) -> None:
        """At the app's end, after its tasks: the index's file closed."""
        self._index.close()

    def remove(self, document_id: int) -> asyncio.Task[object]:
        conversation_id = self.conversation_id
        return self._work.call(
            "documents-remove",
            lambda: self._index.remove(document_id),
            lambda _: self._work.run("documents-list", lambda: self._list(conversation_id)),
            self.failed.emit,
        )


class ChatModelEmbedder:
    """The embedder for the chat's loaded model: that model run again with `--embeddings`
    on `manager` (its own, so the chat's model is never replaced by it). It follows the
    chat's snapshots; until a model was loaded there is none. Once the residents
    scheduler keeps models side by side, this is the place to ask it for the embedding
    resident instead (the interface stays `Embedder`)."""

    def __init__(self, manager: ServerManager | None) -> None:
        self._manager = manager
        self._embedder: ServerEmbedder | None = None

    def follow(self, snapshot: Snapshot) -> None:
        spec = snapshot.requested or snapshot.spec
        if spec is None or self._manager is None:
            return
        if self._embedder is None or self._embedder.spec != embedding_spec(spec):
            self._embedder = ServerEmbedder(self._manager, spec)

    def use_engine(self, choice: EngineChoice) -> None:
        if self._manager is not None and choice.active is not None:
            self._manager.use_engine(choice.active.location)

    def __call__(self) -> Embedder | None:
        return self._embedder

    async def close(self) -> None:
        if self._manager is not None:
            await self._manager.shutdown()


def open_index(data_dir: Path) -> DocumentIndex:
    """The documents' index beside the chat database; one in memory when that file cannot
    be opened (attaching still works for the session, the file is left untouched)."""
    try:
        return DocumentIndex.in_directory(data_dir)
    except DocumentError as error:
        log.error("documents' index not available: %s", error)
        return DocumentIndex.in_memory()
