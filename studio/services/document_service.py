"""The documents of the conversation on screen: attached (read, embedded and indexed off
the GUI thread, with progress and Cancel), listed, removed; put into the chat's requests
(`core.documents.backend`); and the citations each answer made, stored with it and read
back with the conversation.

The service embeds with the embedder the app hands it at each use (`embedder()`): in the
app a `ResidentEmbedder` (`core/residents/embedder.py`), which embeds through the
residents with the chat's own model (relaunched once with `--embeddings`, never a second
copy) or the dedicated embedding model chosen in Settings, loaded as a resident beside it.
Its passages are cut to what that model reads whole before they are embedded.
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
from studio.core.documents.embedder import Embedder, PassageRoom
from studio.core.documents.errors import DocumentError
from studio.core.documents.index import DRAFT, Citation, DocumentIndex, DocumentInfo
from studio.core.documents.indexing import index_document
from studio.core.documents.prompt import DocumentPrompt
from studio.core.documents.search import Vectors
from studio.core.errors import Problem
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

    async def too_long(self, texts: Sequence[str]) -> list[bool]:
        embedder = self._embedder()
        if isinstance(embedder, PassageRoom):
            return await embedder.too_long(texts)
        return [False] * len(texts)


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


def open_index(data_dir: Path) -> DocumentIndex:
    """The documents' index beside the chat database; one in memory when that file cannot
    be opened (attaching still works for the session, the file is left untouched)."""
    try:
        return DocumentIndex.in_directory(data_dir)
    except DocumentError as error:
        log.error("documents' index not available: %s", error)
        return DocumentIndex.in_memory()
