"""Search and repository views for the GUI, off the GUI thread, newest request wins.

A new search cancels the one still running, so a fast typist never sees stale results
arrive after fresh ones. Failures come out as (operation, code, params, detail); the UI
translates the code.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from studio.core.errors import Problem, StudioError
from studio.core.hub import DownloadTarget, HubClient, ModelFile, RepoDetails, SearchSort
from studio.core.hub.fit import FitAssessment
from studio.core.hub.targets import downloaded_in
from studio.core.tasks import TaskOwner
from studio.services.operation_failed import OperationFailed

# (repo details, model) -> how it fits this machine; reads only the remote header.
Assessor = Callable[[RepoDetails, ModelFile], Awaitable[FitAssessment]]


@dataclass(frozen=True)
class FitAssessed:
    """How one model of a repository fits this machine."""

    repo_id: str
    model: str
    fit: FitAssessment


@dataclass(frozen=True)
class LocalCopies:
    """The models of a repository whose files are all on disk already."""

    repo_id: str
    models: frozenset[str]


class HubService(QObject):
    searched = Signal(object)  # SearchPage
    repo_loaded = Signal(object)  # RepoDetails
    fit_assessed = Signal(object)  # FitAssessed
    local_copies = Signal(object)  # LocalCopies
    failed = Signal(object)  # OperationFailed
    busy_changed = Signal(bool)

    def __init__(
        self,
        client: HubClient,
        tasks: TaskOwner,
        assessor: Assessor | None = None,
        local_targets: Callable[[RepoDetails], Sequence[DownloadTarget]] | None = None,
        parent: QObject | None = None,
    ) -> None:
        """`local_targets(details)`: where a copy of the repository's files may already be
        (the HF cache, the models folders), to mark what needs no download."""
        super().__init__(parent)
        self.client = client
        self._tasks = tasks
        self._assessor = assessor
        self._local_targets = local_targets
        self._latest: dict[str, asyncio.Task[None]] = {}

    def set_assessor(self, assessor: Assessor | None) -> None:
        self._assessor = assessor

    def search(self, query: str, sort: SearchSort, page: int = 0) -> None:
        self._replace("search", lambda: self._search(query, sort, page))

    def open_repo(self, repo_id: str) -> None:
        self._replace("repo", lambda: self._open_repo(repo_id))
        self._cancel("fit")

    @property
    def busy(self) -> bool:
        return any(not task.done() for task in self._latest.values())

    def _cancel(self, operation: str) -> None:
        task = self._latest.pop(operation, None)
        if task is not None:
            task.cancel()

    def _replace(self, operation: str, work: Callable[[], Awaitable[None]]) -> None:
        """Run `work()` as the one task of `operation`, cancelling the previous one. `work`
        is a factory so that a task cancelled before it starts leaves no coroutine unawaited."""
        self._cancel(operation)
        task = self._tasks.spawn(operation, self._guard(operation, work))
        self._latest[operation] = task
        self.busy_changed.emit(True)
        task.add_done_callback(lambda _: self.busy_changed.emit(self.busy))

    async def _guard(self, operation: str, work: Callable[[], Awaitable[None]]) -> None:
        try:
            await work()
        except StudioError as error:
            self.failed.emit(OperationFailed(operation, Problem.of(error)))

    async def _search(self, query: str, sort: SearchSort, page: int) -> None:
        self.searched.emit(await self.client.search(query, sort, page))

    def check_local_copies(self, details: RepoDetails) -> None:
        """Find which of the repository's models are on disk already (e.g. after a download)."""
        if self._local_targets is not None:
            self._replace("local", lambda: self._find_local(details))

    async def _find_local(self, details: RepoDetails) -> None:
        assert self._local_targets is not None
        targets = list(self._local_targets(details))
        models = details.models + details.mmproj
        present = await asyncio.to_thread(
            lambda: frozenset(m.name for m in models if downloaded_in(m.files, targets))
        )
        self.local_copies.emit(LocalCopies(details.repo_id, present))

    async def _open_repo(self, repo_id: str) -> None:
        details = await self.client.repo(repo_id)
        self.repo_loaded.emit(details)
        self.check_local_copies(details)
        if self._assessor is not None and details.models:
            self._replace("fit", lambda: self._assess_all(details))

    async def _assess_all(self, details: RepoDetails) -> None:
        assert self._assessor is not None
        # One header at a time, smallest first: the rows most likely to fit fill in first.
        for model in details.models:
            if not model.complete:
                continue
            assessment = await self._assessor(details, model)
            self.fit_assessed.emit(FitAssessed(details.repo_id, model.name, assessment))
