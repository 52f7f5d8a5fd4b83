"""The download queue: jobs of files that belong together (all shards of a split model and
its mmproj), run in order in the background, with per-file and total progress, speed and
ETA, pause, resume and cancel.

The queue calls `on_change(snapshot)` on the event loop after every change; adapters
throttle it for the UI. Every job runs as a task of the `TaskOwner` the app gives us.
"""

from __future__ import annotations

import asyncio
import enum
import itertools
import shutil
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from studio.core.errors import StudioError
from studio.core.hub.config import HubConfig
from studio.core.hub.errors import DOWNLOAD_DISK_FULL, DOWNLOAD_FAILED, DownloadError
from studio.core.hub.repo import RemoteFile
from studio.core.hub.targets import DownloadTarget
from studio.core.hub.transfer import FileTransfer, RetryNotice, RetryPolicy
from studio.core.tasks import TaskOwner
from studio.core.units import format_bytes

# Free space we leave on the disk beyond what the files need.
DISK_RESERVE_BYTES = 64 << 20
# How far back the speed is averaged.
SPEED_WINDOW_S = 5.0


class JobState(enum.Enum):
    QUEUED = "queued"
    CHECKING = "checking"
    DOWNLOADING = "downloading"
    RETRYING = "retrying"
    PAUSED = "paused"
    COMPLETED = "completed"
    FAILED = "failed"
    CANCELLED = "cancelled"

    @property
    def finished(self) -> bool:
        return self in (JobState.COMPLETED, JobState.FAILED, JobState.CANCELLED)


@dataclass(frozen=True)
class DownloadRequest:
    repo_id: str
    revision: str  # a commit sha, so every file comes from the same snapshot
    files: tuple[RemoteFile, ...]  # shards in order, then companions such as mmproj
    title: str
    target: DownloadTarget


@dataclass(frozen=True)
class FileProgress:
    path: str
    size: int
    done: int
    complete: bool


@dataclass(frozen=True)
class DownloadSnapshot:
    job_id: int
    repo_id: str
    title: str
    state: JobState
    files: tuple[FileProgress, ...]
    done: int
    total: int
    speed_bps: float
    eta_s: float | None
    retry: RetryNotice | None
    error: StudioError | None
    paths: tuple[Path, ...]  # final paths, once completed

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 1.0


def free_bytes(path: Path) -> int:
    """Free space on the file system that holds `path` (or its nearest existing parent)."""
    for candidate in (path, *path.parents):
        if candidate.exists():
            return shutil.disk_usage(candidate).free
    return 0


class _SpeedMeter:
    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._received = 0
        self._samples: deque[tuple[float, int]] = deque()

    def add(self, count: int) -> None:
        self._received += count
        now = self._clock()
        self._samples.append((now, self._received))
        while len(self._samples) > 2 and now - self._samples[0][0] > SPEED_WINDOW_S:
            self._samples.popleft()

    def reset(self) -> None:
        self._samples.clear()

    def speed(self) -> float:
        if len(self._samples) < 2:
            return 0.0
        (t0, b0), (t1, b1) = self._samples[0], self._samples[-1]
        return (b1 - b0) / (t1 - t0) if t1 > t0 else 0.0


@dataclass
class _Job:
    job_id: int
    request: DownloadRequest
    meter: _SpeedMeter
    state: JobState = JobState.QUEUED
    done: dict[str, int] = field(default_factory=dict)
    complete: set[str] = field(default_factory=set)
    retry: RetryNotice | None = None
    error: StudioError | None = None
    paths: tuple[Path, ...] = ()
    task: asyncio.Task[None] | None = None


class DownloadQueue:
    def __init__(
        self,
        config: HubConfig,
        url_for: Callable[[str, str, str], str],
        tasks: TaskOwner,
        on_change: Callable[[DownloadSnapshot], None],
        *,
        max_parallel: int = 1,
        policy: RetryPolicy | None = None,
        free_space: Callable[[Path], int] = free_bytes,
        clock: Callable[[], float] = time.monotonic,
        remember: Callable[[list[DownloadRequest]], None] | None = None,
    ) -> None:
        """`url_for(repo_id, revision, path)` gives a file's resolve URL (HubClient.file_url).
        `remember(requests)` (blocking, run in a worker thread) is given the unfinished jobs
        whenever that list changes, e.g. `DownloadJournal.save`."""
        self._config = config
        self._url_for = url_for
        self._tasks = tasks
        self._on_change = on_change
        self._max_parallel = max_parallel
        self._policy = policy or RetryPolicy()
        self._free_space = free_space
        self._clock = clock
        self._jobs: dict[int, _Job] = {}
        self._cleanups: set[asyncio.Task[None]] = set()
        self._remember = remember
        self._remembered: list[DownloadRequest] | None = None
        self._remember_lock = asyncio.Lock()
        self._ids = itertools.count(1)

    async def restore(self, load: Callable[[], list[DownloadRequest]]) -> None:
        """Jobs from an earlier session (`load`, e.g. `DownloadJournal.load`, runs in a
        worker thread) come back paused, showing the bytes already on disk; Resume
        continues them from there."""
        requests = await asyncio.to_thread(load)
        progress = await asyncio.to_thread(lambda: [_on_disk(r) for r in requests])
        for request, (done, complete) in zip(requests, progress, strict=True):
            job = _Job(next(self._ids), request, _SpeedMeter(self._clock), JobState.PAUSED)
            job.done, job.complete = done, complete
            self._jobs[job.job_id] = job
            self._publish(job)
        self._remembered = [job.request for job in self._jobs.values() if not job.state.finished]

    def reconfigure(self, config: HubConfig, url_for: Callable[[str, str, str], str]) -> None:
        """A new endpoint, proxy or timeouts (from the settings) for every job started next."""
        self._config = config
        self._url_for = url_for

    # -- intents ------------------------------------------------------------------------
    def add(self, request: DownloadRequest) -> int:
        """Queue `request`; the same files already queued or paused are not queued twice
        (two jobs must never write one partial file): that job's id is returned, resumed."""
        wanted = _partials(request)
        for job in self._jobs.values():
            if job.state.finished:
                continue
            if wanted & _partials(job.request):
                self.resume(job.job_id)
                return job.job_id
        job = _Job(next(self._ids), request, _SpeedMeter(self._clock))
        self._jobs[job.job_id] = job
        self._publish(job)
        self._save_list()
        self._pump()
        return job.job_id

    def pause(self, job_id: int) -> None:
        job = self._jobs[job_id]
        if job.state.finished or job.state is JobState.PAUSED:
            return
        self._set(job, JobState.PAUSED)
        if job.task is not None:
            job.task.cancel()

    def resume(self, job_id: int) -> None:
        """Continue a paused job, or try a failed one again, from the bytes on disk."""
        job = self._jobs[job_id]
        if job.state not in (JobState.PAUSED, JobState.FAILED):
            return
        job.error = None
        self._set(job, JobState.QUEUED)
        self._pump()

    def cancel(self, job_id: int) -> None:
        """Stop the job and delete its partial files; completed, verified files stay."""
        job = self._jobs[job_id]
        if job.state in (JobState.COMPLETED, JobState.CANCELLED):
            return
        self._set(job, JobState.CANCELLED)
        running = job.task
        if running is not None:
            running.cancel()
        self._cleanups.add(
            self._tasks.spawn(f"download-cleanup-{job_id}", self._remove_partials(job, running))
        )

    def forget(self, job_id: int) -> None:
        """Drop a finished job from the list."""
        if self._jobs[job_id].state.finished:
            del self._jobs[job_id]
            self._save_list()

    async def settle(self) -> None:
        """Wait until no job runs, every cancelled job's partial files are gone and the
        list on disk is current."""
        while True:
            pending = [job.task for job in self._jobs.values() if job.task is not None]
            pending += [task for task in self._cleanups if not task.done()]
            if not pending:
                return
            await asyncio.gather(*pending, return_exceptions=True)

    def snapshot(self, job_id: int) -> DownloadSnapshot:
        return self._snapshot(self._jobs[job_id])

    def snapshots(self) -> list[DownloadSnapshot]:
        return [self._snapshot(job) for job in self._jobs.values()]

    # -- running ------------------------------------------------------------------------
    def _pump(self) -> None:
        running = sum(1 for job in self._jobs.values() if job.task is not None)
        for job in self._jobs.values():
            if running >= self._max_parallel:
                return
            if job.state is JobState.QUEUED and job.task is None:
                job.task = self._tasks.spawn(f"download-{job.job_id}", self._run(job))
                running += 1

    async def _run(self, job: _Job) -> None:
        try:
            await self._download(job)
        except asyncio.CancelledError:
            raise  # pause or cancel already set the state
        except StudioError as error:
            job.error = error
            self._set(job, JobState.FAILED)
        except Exception as error:
            job.error = DownloadError(DOWNLOAD_FAILED, repr(error))
            self._set(job, JobState.FAILED)
            raise
        finally:
            job.task = None
            job.meter.reset()
            # Let the cancelling caller finish first; then start whatever is queued next.
            asyncio.get_running_loop().call_soon(self._pump)

    async def _download(self, job: _Job) -> None:
        request = job.request
        target = request.target
        self._set(job, JobState.CHECKING)
        remaining = 0
        for remote in request.files:
            if await asyncio.to_thread(target.is_complete, remote):
                job.complete.add(remote.path)
                job.done[remote.path] = remote.size
                continue
            partial = target.partial_path(remote)
            have = (await asyncio.to_thread(_size_or_zero, partial)) if partial else 0
            have = have if have <= remote.size else 0
            job.done[remote.path] = have
            remaining += remote.size - have
        free = await asyncio.to_thread(self._free_space, target.root)
        if remaining and remaining + DISK_RESERVE_BYTES > free:
            raise DownloadError(
                DOWNLOAD_DISK_FULL,
                # The CLI prints this: it names the reserve, or the arithmetic looks wrong
                # whenever the free space lies between the files' size and that plus it.
                f"{format_bytes(remaining)} to download plus {format_bytes(DISK_RESERVE_BYTES)} "
                f"kept free, {format_bytes(free)} free under {target.root}",
                needed=remaining,
                free=free,
                reserve=DISK_RESERVE_BYTES,
                path=str(target.root),
            )
        self._set(job, JobState.DOWNLOADING)
        async with self._config.async_client() as client:
            for remote in request.files:
                if remote.path in job.complete:
                    continue
                await self._fetch(job, client, remote)
        job.paths = tuple(target.final_path(remote) for remote in request.files)
        self._set(job, JobState.COMPLETED)

    async def _fetch(self, job: _Job, client: httpx.AsyncClient, remote: RemoteFile) -> None:
        request = job.request

        def on_bytes(count: int) -> None:
            job.done[remote.path] = transfer.offset
            job.meter.add(count)
            if job.state is JobState.RETRYING:
                job.retry = None
                job.state = JobState.DOWNLOADING
            self._publish(job)

        def on_retry(notice: RetryNotice) -> None:
            job.retry = notice
            job.done[remote.path] = transfer.offset
            self._set(job, JobState.RETRYING)

        transfer = FileTransfer(
            client,
            self._url_for(request.repo_id, request.revision, remote.path),
            self._config.headers(),
            remote,
            request.target.partial_path(remote),
            on_bytes=on_bytes,
            on_retry=on_retry,
            policy=self._policy,
        )
        await transfer.run()
        await asyncio.to_thread(request.target.finalize, remote)
        job.complete.add(remote.path)
        job.done[remote.path] = remote.size
        self._publish(job)

    async def _remove_partials(self, job: _Job, running: asyncio.Task[None] | None) -> None:
        try:
            if running is not None:
                await asyncio.gather(running, return_exceptions=True)
            for remote in job.request.files:
                partial = job.request.target.partial_path(remote)
                await asyncio.to_thread(partial.unlink, missing_ok=True)
        finally:
            self._cleanups.discard(asyncio.current_task())

    # -- reporting ----------------------------------------------------------------------
    def _set(self, job: _Job, state: JobState) -> None:
        job.state = state
        if state is not JobState.RETRYING:
            job.retry = None
        self._publish(job)
        self._save_list()

    def _save_list(self) -> None:
        if self._remember is None:
            return
        unfinished = [
            job.request
            for job in self._jobs.values()
            if job.state not in (JobState.COMPLETED, JobState.CANCELLED)
        ]
        if unfinished != self._remembered:
            self._remembered = unfinished
            writer = self._tasks.spawn("remember-downloads", self._write_list())
            self._cleanups.add(writer)
            writer.add_done_callback(self._cleanups.discard)

    async def _write_list(self) -> None:
        assert self._remember is not None
        async with self._remember_lock:
            # Whatever is newest when our turn comes, so a burst ends with the last list.
            newest = list(self._remembered or [])
            await asyncio.to_thread(self._remember, newest)

    def _publish(self, job: _Job) -> None:
        self._on_change(self._snapshot(job))

    def _snapshot(self, job: _Job) -> DownloadSnapshot:
        files = tuple(
            FileProgress(r.path, r.size, job.done.get(r.path, 0), r.path in job.complete)
            for r in job.request.files
        )
        total = sum(f.size for f in files)
        done = sum(f.done for f in files)
        speed = job.meter.speed() if job.state is JobState.DOWNLOADING else 0.0
        eta = (total - done) / speed if speed > 0 else None
        return DownloadSnapshot(
            job_id=job.job_id,
            repo_id=job.request.repo_id,
            title=job.request.title,
            state=job.state,
            files=files,
            done=done,
            total=total,
            speed_bps=speed,
            eta_s=eta,
            retry=job.retry,
            error=job.error,
            paths=job.paths,
        )


def _partials(request: DownloadRequest) -> set[Path]:
    try:
        return {request.target.partial_path(remote) for remote in request.files}
    except DownloadError:
        return set()  # an unsafe name: the job itself fails with that code when it runs


def _on_disk(request: DownloadRequest) -> tuple[dict[str, int], set[str]]:
    """Bytes already there per file, and which files are complete (blocking)."""
    done: dict[str, int] = {}
    complete: set[str] = set()
    for remote in request.files:
        try:
            if request.target.is_complete(remote):
                done[remote.path] = remote.size
                complete.add(remote.path)
            else:
                done[remote.path] = min(
                    _size_or_zero(request.target.partial_path(remote)), remote.size
                )
        except DownloadError:
            done[remote.path] = 0
    return done, complete


def _size_or_zero(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0
