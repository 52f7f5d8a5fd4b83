"""The local library for the GUI: scans, imports and deletes run in worker threads, and the
results come back as signals."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from studio.core.errors import Problem
from studio.core.hub.library import LocalModel, delete_model, import_model, scan_library
from studio.core.tasks import TaskOwner
from studio.services.background import Background, or_os_error
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
        self._work = Background(tasks)
        self._hf_cache = hf_cache
        self._folders = folders
        self._import_folder = import_folder
        self.models: list[LocalModel] = []

    def rescan(self) -> None:
        # The newer scan sees everything the older one would: it cancels it.
        folders = list(self._folders())
        scan = self._work.call(
            "library-scan",
            lambda: scan_library(self._hf_cache, folders),
            self._scanned,
            self._failed("scan"),
            expected=_unreadable,
            latest=True,
        )
        self.busy_changed.emit(True)
        scan.add_done_callback(lambda _: self.busy_changed.emit(False))

    def import_file(self, path: Path) -> None:
        folder = self._import_folder()
        self._work.call(
            "library-import",
            lambda: import_model(path, folder),
            self._imported,
            self._failed("import"),
            expected=_unreadable,
        )

    def delete(self, model: LocalModel) -> None:
        self._work.call(
            "library-delete",
            lambda: delete_model(model, self._hf_cache),
            lambda _: self._deleted(model),
            self._failed("delete"),
            expected=_unreadable,
        )

    def _failed(self, operation: str) -> Callable[[Problem], None]:
        return lambda problem: self.failed.emit(OperationFailed(operation, problem))

    def _scanned(self, models: list[LocalModel]) -> None:
        self.models = models
        self.scanned.emit(models)

    def _imported(self, model: LocalModel) -> None:
        self.imported.emit(model)
        self.rescan()

    def _deleted(self, model: LocalModel) -> None:
        self.deleted.emit(model)
        self.rescan()


_unreadable = or_os_error(
    lambda error: Problem("library_unreadable", str(error), {"path": error.filename or ""})
)
