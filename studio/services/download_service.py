"""The download queue for the GUI: intents in, throttled progress signals out.

Byte progress arrives many times a second; `progress` is emitted at most 10 times a second
per job, while state changes (paused, failed, completed...) go out at once.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from studio.core.hub import DownloadQueue, DownloadRequest, DownloadSnapshot, JobState
from studio.services.throttle import LatestPerKey

PROGRESS_INTERVAL_MS = 100


def _state_changed(old: DownloadSnapshot | None, new: DownloadSnapshot) -> bool:
    return old is None or old.state is not new.state or old.retry != new.retry


class DownloadService(QObject):
    progress = Signal(object)  # DownloadSnapshot
    completed = Signal(object)  # DownloadSnapshot of a job that finished verified

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._throttle: LatestPerKey[int, DownloadSnapshot] = LatestPerKey(
            self._deliver, PROGRESS_INTERVAL_MS, _state_changed, self
        )
        self._queue: DownloadQueue | None = None

    def attach(self, queue: DownloadQueue) -> None:
        """The queue is built with `self.on_change` as its listener, then attached here."""
        self._queue = queue

    @property
    def queue(self) -> DownloadQueue:
        assert self._queue is not None, "attach() a DownloadQueue first"
        return self._queue

    def on_change(self, snapshot: DownloadSnapshot) -> None:
        self._throttle.push(snapshot.job_id, snapshot)

    def add(self, request: DownloadRequest) -> int:
        return self.queue.add(request)

    def pause(self, job_id: int) -> None:
        self.queue.pause(job_id)

    def resume(self, job_id: int) -> None:
        self.queue.resume(job_id)

    def cancel(self, job_id: int) -> None:
        self.queue.cancel(job_id)

    def forget(self, job_id: int) -> None:
        self.queue.forget(job_id)

    def _deliver(self, snapshot: DownloadSnapshot) -> None:
        self.progress.emit(snapshot)
        if snapshot.state is JobState.COMPLETED:
            self.completed.emit(snapshot)
