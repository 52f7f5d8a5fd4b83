"""Search and repository views for the GUI, off the GUI thread, newest request wins.

A new search cancels the one still running, so a fast typist never sees stale results
arrive after fresh ones. Failures come out as (operation, code, params, detail); the UI
translates the code.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal

from studio.core.errors import Problem
from studio.core.hub import DownloadTarget, HubClient, ModelFile, RepoDetails, SearchSort
from studio.core.hub.fit import FitAssessment
from studio.core.hub.targets import downloaded_in
from studio.core.tasks import TaskOwner
from studio.services.background import Background
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
        self._work = Background(tasks)
        self._assessor = assessor
        self._local_targets = local_targets

    def set_assessor(self, assessor: Assessor | None) -> None:
        self._assessor = assessor

    def search(self, query: str, sort: SearchSort, page: int = 0) -> None:
        self._track(
            self._work.run(
                "search",
                lambda: self.client.search(query, sort, page),
                self.searched.emit,
                self._failed("search"),
                latest=True,
            )
        )

    def open_repo(self, repo_id: str) -> None:
        self._track(
            self._work.run(
                "repo",
                lambda: self.client.repo(repo_id),
                self._repo_loaded,
                self._failed("repo"),
                latest=True,
            )
        )
        self._work.cancel("fit")

    @property
    def busy(self) -> bool:
        return self._work.busy

    def _failed(self, operation: str) -> Callable[[Problem], None]:
        return lambda problem: self.failed.emit(OperationFailed(operation, problem))

    def _track(self, task: asyncio.Task[Any]) -> None:
        self.busy_changed.emit(True)
        task.add_done_callback(lambda _: self.busy_changed.emit(self.busy))

    def check_local_copies(self, details: RepoDetails) -> None:
        """Find which of the repository's models are on disk already (e.g. after a download)."""
        if self._local_targets is None:
            return
        targets = list(self._local_targets(details))
        models = details.models + details.mmproj

        def present() -> LocalCopies:
            names = frozenset(m.name for m in models if downloaded_in(m.files, targets))
            return LocalCopies(details.repo_id, names)

        self._track(
            self._work.call(
                "local", present, self.local_copies.emit, self._failed("local"), latest=True
            )
        )

    def _repo_loaded(self, details: RepoDetails) -> None:
        self.repo_loaded.emit(details)
        self.check_local_copies(details)
        if self._assessor is not None and details.models:
            task = self._work.run(
                "fit", lambda: self._assess_all(details), None, self._failed("fit"), latest=True
            )
            self._track(task)

    async def _assess_all(self, details: RepoDetails) -> None:
        assert self._assessor is not None
        # One header at a time, smallest first: the rows most likely to fit fill in first.
        for model in details.models:
            if not model.complete:
                continue
            assessment = await self._assessor(details, model)
            self.fit_assessed.emit(FitAssessed(details.repo_id, model.name, assessment))
