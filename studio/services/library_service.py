"""The local library for the GUI: scans, imports and deletes run in worker threads, and the
results come back as signals."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from studio.core.errors import Problem, StudioError
from studio.core.hub.library import LocalModel, delete_model, import_model, scan_library
from studio.core.tasks import TaskOwner
from studio.services.operation_failed import OperationFailed


class LibraryService(QObject):
    scanned = Signal(object)  # list[LocalModel]
    imported = Signal(object)  # LocalModel
    deleted = Signal(object)  # LocalModel
    failed = Signal(object)  # OperationFailed
    busy_changed = Signal(bool)

    def __init__(
        self,
        tasks: TaskOwner,
        hf_cache: Path | None,
        folders: Callable[[], Sequence[Path]],
        import_folder: Callable[[], Path],
        parent: QObject | None = None,
    ) -> None:
        """`folders()` are scanned; imports go into `import_folder()`."""
        super().__init__(parent)
        self._tasks = tasks
        self._hf_cache = hf_cache
        self._folders = folders
        self._import_folder = import_folder
        self._scan: asyncio.Task[None] | None = None
        self.models: list[LocalModel] = []

    def rescan(self) -> None:
        if self._scan is not None:
            self._scan.cancel()  # the newer scan sees everything the older one would
        self._scan = self._tasks.spawn("library-scan", self._run("scan", self._scan_now))
        self.busy_changed.emit(True)
        self._scan.add_done_callback(lambda _: self.busy_changed.emit(False))

    def import_file(self, path: Path) -> None:
        self._tasks.spawn("library-import", self._run("import", lambda: self._import(path)))

    def delete(self, model: LocalModel) -> None:
        self._tasks.spawn("library-delete", self._run("delete", lambda: self._delete(model)))

    async def _run(self, operation: str, work: Callable[[], Awaitable[None]]) -> None:
        # `work` is a factory: a scan cancelled before it starts leaves nothing unawaited.
        try:
            await work()
        except StudioError as error:
            self.failed.emit(OperationFailed(operation, Problem.of(error)))
        except OSError as error:
            problem = Problem("library_unreadable", str(error), {"path": error.filename or ""})
            self.failed.emit(OperationFailed(operation, problem))

    async def _scan_now(self) -> None:
        folders = list(self._folders())
        self.models = await asyncio.to_thread(scan_library, self._hf_cache, folders)
        self.scanned.emit(self.models)

    async def _import(self, path: Path) -> None:
        model = await asyncio.to_thread(import_model, path, self._import_folder())
        self.imported.emit(model)
        self.rescan()

    async def _delete(self, model: LocalModel) -> None:
        await asyncio.to_thread(delete_model, model, self._hf_cache)
        self.deleted.emit(model)
        self.rescan()
