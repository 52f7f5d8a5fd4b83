"""Downloads against the fake Hub: the HF cache layout other tools read, resume after drops
and stalls, verification against the Hub's sha256, pause/resume/cancel, the disk-space
check, and file names that try to escape."""

from __future__ import annotations

import asyncio
import errno
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from huggingface_hub import try_to_load_from_cache

from studio.core.hub import (
    DownloadQueue,
    DownloadRequest,
    DownloadSnapshot,
    FolderTarget,
    HfCacheTarget,
    HubClient,
    HubConfig,
    JobState,
    RepoDetails,
    RetryPolicy,
    transfer,
)
from studio.core.hub.downloads import DISK_RESERVE_BYTES
from studio.core.hub.errors import (
    DOWNLOAD_CHECKSUM_MISMATCH,
    DOWNLOAD_DISK_FULL,
    DOWNLOAD_RETRIES_EXHAUSTED,
    DOWNLOAD_TARGET_UNWRITABLE,
    DOWNLOAD_UNSAFE_PATH,
    DownloadError,
)
from studio.core.hub.fit import FitAssessment, remote_assessor
from studio.core.hub.journal import DownloadJournal
from studio.core.hub.repo import RemoteFile
from studio.core.hub.targets import DownloadTarget, downloaded_in
from studio.core.hub.transfer import RetryReason
from studio.core.memory import ModelSummary
from studio.core.tasks import TaskOwner
from tests.support.fake_hub import FakeFile, FakeHub, FakeRepo, Fault, quant_repo, random_bytes

FAST = RetryPolicy(first_delay_s=0.01, max_delay_s=0.05, attempts_without_progress=3)


@pytest.fixture(params=[False, True], ids=["direct", "cdn-redirect"])
def hub(request: pytest.FixtureRequest) -> Iterator[FakeHub]:
    """Every download test runs twice: bytes from `resolve` itself, and through a redirect
    to another origin as huggingface.co sends LFS files to its CDN."""
    fake = FakeHub([quant_repo()], cdn_redirect=request.param)
    with fake.running():
        yield fake


class Harness:
    def __init__(self, hub: FakeHub, cache: Path, **queue_options: object) -> None:
        self.hub = hub
        self.config = HubConfig(endpoint=hub.endpoint, cache_dir=cache, read_timeout_s=0.5)
        self.client = HubClient(self.config)
        self.tasks = TaskOwner("test-downloads")
        self.seen: list[DownloadSnapshot] = []
        self._waiters: list[tuple[Callable[[DownloadSnapshot], bool], asyncio.Future[None]]] = []
        options: dict[str, object] = {"policy": FAST, **queue_options}
        self.queue = DownloadQueue(
            self.config, self.client.file_url, self.tasks, self._on_change, **options
        )  # type: ignore[arg-type]

    def _on_change(self, snapshot: DownloadSnapshot) -> None:
        self.seen.append(snapshot)
        for condition, future in list(self._waiters):
            if not future.done() and condition(snapshot):
                future.set_result(None)

    async def until(self, condition: Callable[[DownloadSnapshot], bool]) -> DownloadSnapshot:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append((condition, future))
        if not any(condition(s) for s in self.queue.snapshots()):
            await asyncio.wait_for(future, timeout=30)
        return next(s for s in reversed(self.seen) if condition(s))

    async def finished(self, job_id: int) -> DownloadSnapshot:
        return await self.until(lambda s: s.job_id == job_id and s.state.finished)

    async def details(self) -> RepoDetails:
        return await self.client.repo("tester/Tiny-GGUF")

    def cache_request(self, details: RepoDetails, *files: RemoteFile) -> DownloadRequest:
        target = HfCacheTarget(self.config.cache_dir, details.repo_id, details.revision)
        return DownloadRequest(details.repo_id, details.revision, files, "test", target)


@pytest.fixture
async def harness(hub: FakeHub, tmp_path: Path) -> Harness:
    return Harness(hub, tmp_path / "hf-cache")


async def test_download_lands_in_the_hf_cache_where_huggingface_hub_finds_it(
    harness: Harness,
) -> None:
    details = await harness.details()
    bf16, mmproj = details.models[-1], details.mmproj[0]
    job = harness.queue.add(harness.cache_request(details, *bf16.files, *mmproj.files))
    done = await harness.finished(job)
    assert done.state is JobState.COMPLETED, done.error
    assert done.done == done.total == bf16.size + mmproj.size
    assert all(f.complete for f in done.files)
    for remote, path in zip((*bf16.files, *mmproj.files), done.paths, strict=True):
        # huggingface_hub itself resolves the file from the cache we wrote, offline.
        cached = try_to_load_from_cache(
            details.repo_id, remote.path, cache_dir=harness.config.cache_dir
        )
        assert cached == str(path)
        assert path.is_symlink() and path.resolve().name == remote.sha256
        assert path.read_bytes() == harness.hub.repos[details.repo_id].files[remote.path].read(
            0, remote.size
        )
    # The repository view can tell this model is on disk, in the cache and nowhere else.
    target = HfCacheTarget(harness.config.cache_dir, details.repo_id, details.revision)
    elsewhere = FolderTarget(harness.config.cache_dir.parent / "models", details.repo_id)
    assert downloaded_in(bf16.files, [elsewhere, target])
    assert not downloaded_in(bf16.files, [elsewhere])
    assert not downloaded_in(details.models[0].files, [target])
    # Per-file progress was reported along the way, and no partial file is left.
    assert {s.state for s in harness.seen} >= {JobState.QUEUED, JobState.DOWNLOADING}
    assert not list(harness.config.cache_dir.rglob("*.incomplete"))


async def test_a_dropped_connection_resumes_with_range(harness: Harness) -> None:
    details = await harness.details()
    q4 = details.models[0].first
    harness.hub.add_fault(details.repo_id, q4.path, Fault("drop", after_bytes=(1 << 20) + 5000))
    job = harness.queue.add(harness.cache_request(details, q4))
    done = await harness.finished(job)
    assert done.state is JobState.COMPLETED, done.error
    ranges = [h.get("Range") for h in harness.hub.gets_of(q4.path)]
    assert ranges == [None, f"bytes={(1 << 20) + 5000}-"]  # every byte received was kept
    assert any(s.state is JobState.RETRYING for s in harness.seen)
    assert done.paths[0].read_bytes() == harness.hub.repos[details.repo_id].files[q4.path].read(
        0, q4.size
    )


async def test_a_stalled_transfer_resumes_without_user_action(harness: Harness) -> None:
    details = await harness.details()
    q4 = details.models[0].first
    harness.hub.add_fault(
        details.repo_id, q4.path, Fault("stall", after_bytes=(2 << 20) + 1, stall_s=30)
    )
    job = harness.queue.add(harness.cache_request(details, q4))
    done = await harness.finished(job)
    assert done.state is JobState.COMPLETED, done.error
    retries = [s.retry for s in harness.seen if s.retry is not None]
    assert retries and retries[0].reason is RetryReason.STALLED
    assert [h.get("Range") for h in harness.hub.gets_of(q4.path)] == [
        None,
        f"bytes={(2 << 20) + 1}-",
    ]


async def test_wrong_bytes_are_caught_and_fetched_again(harness: Harness) -> None:
    details = await harness.details()
    q4 = details.models[0].first
    harness.hub.add_fault(details.repo_id, q4.path, Fault("corrupt"))
    job = harness.queue.add(harness.cache_request(details, q4))
    done = await harness.finished(job)
    assert done.state is JobState.COMPLETED, done.error
    assert [s.retry.reason for s in harness.seen if s.retry] == [RetryReason.CHECKSUM_MISMATCH]
    assert len(harness.hub.gets_of(q4.path)) == 2


async def test_persistently_wrong_bytes_fail_and_never_count_as_complete(
    harness: Harness,
) -> None:
    details = await harness.details()
    q4 = details.models[0].first
    harness.hub.add_fault(details.repo_id, q4.path, Fault("corrupt"), Fault("corrupt"))
    request = harness.cache_request(details, q4)
    done = await harness.finished(harness.queue.add(request))
    assert done.state is JobState.FAILED
    assert done.error is not None and done.error.code == DOWNLOAD_CHECKSUM_MISMATCH
    assert done.error.params["expected"] == q4.sha256
    assert not request.target.final_path(q4).exists()
    assert not request.target.is_complete(q4)
    assert not request.target.partial_path(q4).exists()


async def test_retries_give_up_with_a_clear_code_when_the_server_keeps_failing(
    harness: Harness,
) -> None:
    details = await harness.details()
    q4 = details.models[0].first
    harness.hub.add_fault(details.repo_id, q4.path, *[Fault("status", status=503)] * 10)
    done = await harness.finished(harness.queue.add(harness.cache_request(details, q4)))
    assert done.state is JobState.FAILED
    assert done.error is not None and done.error.code == DOWNLOAD_RETRIES_EXHAUSTED
    assert len(harness.hub.gets_of(q4.path)) == FAST.attempts_without_progress + 1


async def test_pause_keeps_the_bytes_and_resume_continues_from_them(harness: Harness) -> None:
    details = await harness.details()
    q8 = details.models[1].first
    # Hold the connection after 1 MiB + a bit so the pause lands mid-file.
    harness.hub.add_fault(
        details.repo_id, q8.path, Fault("stall", after_bytes=(1 << 20) + 10, stall_s=30)
    )
    request = harness.cache_request(details, q8)
    job = harness.queue.add(request)
    await harness.until(lambda s: s.done >= 1 << 20)
    harness.queue.pause(job)
    paused = harness.queue.snapshot(job)
    assert paused.state is JobState.PAUSED
    await harness.queue.settle()
    kept = request.target.partial_path(q8).stat().st_size
    assert 1 << 20 <= kept < q8.size
    harness.queue.resume(job)
    done = await harness.finished(job)
    assert done.state is JobState.COMPLETED, done.error
    assert harness.hub.gets_of(q8.path)[-1].get("Range") == f"bytes={kept}-"
    await harness.tasks.shutdown()


async def test_cancel_removes_partial_files(harness: Harness) -> None:
    details = await harness.details()
    q8 = details.models[1].first
    harness.hub.add_fault(
        details.repo_id, q8.path, Fault("stall", after_bytes=(1 << 20) + 10, stall_s=30)
    )
    request = harness.cache_request(details, q8)
    job = harness.queue.add(request)
    await harness.until(lambda s: s.done >= 1 << 20)
    harness.queue.cancel(job)
    assert harness.queue.snapshot(job).state is JobState.CANCELLED
    await harness.queue.settle()
    assert not request.target.partial_path(q8).exists()
    assert not request.target.final_path(q8).exists()


async def test_not_enough_disk_space_fails_before_any_byte_is_fetched(
    hub: FakeHub, tmp_path: Path
) -> None:
    harness = Harness(hub, tmp_path / "cache", free_space=lambda path: 5 << 20)
    details = await harness.details()
    bf16 = details.models[-1]
    done = await harness.finished(harness.queue.add(harness.cache_request(details, *bf16.files)))
    assert done.state is JobState.FAILED
    assert done.error is not None and done.error.code == DOWNLOAD_DISK_FULL
    assert done.error.params["needed"] == bf16.size
    assert done.error.params["free"] == 5 << 20
    # The reserve it applies is named, so "needed" and "free" never seem to contradict it.
    assert done.error.params["reserve"] == DISK_RESERVE_BYTES
    assert "plus 64 MiB kept free, 5.0 MiB free under" in done.error.detail
    assert hub.gets_of(bf16.files[0].path) == []


async def test_jobs_run_one_after_another(harness: Harness) -> None:
    details = await harness.details()
    first = harness.queue.add(harness.cache_request(details, details.models[0].first))
    second = harness.queue.add(harness.cache_request(details, details.models[1].first))
    assert harness.queue.snapshot(second).state is JobState.QUEUED
    await harness.finished(second)
    order = [s.job_id for s in harness.seen if s.state is JobState.DOWNLOADING]
    assert order.index(first) < order.index(second)
    assert max(i for i, j in enumerate(order) if j == first) < order.index(second)


async def test_folder_target_and_names_that_try_to_escape(tmp_path: Path) -> None:
    evil = FakeRepo(
        "evil/Escape-GGUF",
        {
            "ok-Q4_0.gguf": FakeFile(random_bytes(1000, 9)),
            "../../outside-Q4_0.gguf": FakeFile(random_bytes(1000, 10)),
        },
    )
    fake = FakeHub([evil])
    with fake.running():
        harness = Harness(fake, tmp_path / "cache")
        details = await harness.client.repo("evil/Escape-GGUF")
        folder = tmp_path / "models"
        target: DownloadTarget = FolderTarget(folder, details.repo_id)
        by_path = {f.path: f for m in details.models for f in m.files}
        ok = by_path["ok-Q4_0.gguf"]
        done = await harness.finished(
            harness.queue.add(
                DownloadRequest(details.repo_id, details.revision, (ok,), "ok", target)
            )
        )
        assert done.state is JobState.COMPLETED, done.error
        assert done.paths == (folder / "evil" / "Escape-GGUF" / "ok-Q4_0.gguf",)
        escape = by_path["../../outside-Q4_0.gguf"]
        for unsafe_target in (target, HfCacheTarget(tmp_path / "cache", details.repo_id, "x")):
            failed = await harness.finished(
                harness.queue.add(
                    DownloadRequest(
                        details.repo_id, details.revision, (escape,), "e", unsafe_target
                    )
                )
            )
            assert failed.error is not None and failed.error.code == DOWNLOAD_UNSAFE_PATH
    assert _gguf_names(tmp_path) == ["ok-Q4_0.gguf"]


def _gguf_names(root: Path) -> list[str]:
    return sorted(p.name for p in root.rglob("*.gguf"))


async def test_the_token_never_leaves_the_hub_for_the_cdn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gated = FakeRepo(
        "corp/Gated-GGUF", {"g-Q4_0.gguf": FakeFile(random_bytes(5000, 3))}, gated=True
    )
    fake = FakeHub([gated], token="hf_cdn_token", cdn_redirect=True)
    monkeypatch.setenv("HF_TOKEN", "hf_cdn_token")
    with fake.running():
        harness = Harness(fake, tmp_path / "cache")
        details = await harness.client.repo(gated.repo_id)
        target = HfCacheTarget(tmp_path / "cache", gated.repo_id, details.revision)
        remote = details.models[0].files
        done = await harness.finished(
            harness.queue.add(DownloadRequest(gated.repo_id, details.revision, remote, "g", target))
        )
    assert done.state is JobState.COMPLETED, done.error
    resolve = [h for _, url, h in fake.requests if "/resolve/" in url]
    assert resolve and all(h.get("authorization") == "Bearer hf_cdn_token" for h in resolve)
    assert fake.cdn_requests() and all("authorization" not in h for h in fake.cdn_requests())


async def test_a_download_cut_by_quitting_resumes_in_the_next_session(
    hub: FakeHub, tmp_path: Path
) -> None:
    first = Harness(hub, tmp_path / "cache")
    details = await first.details()
    q8 = details.models[1].first
    hub.add_fault(details.repo_id, q8.path, Fault("stall", after_bytes=(2 << 20) + 7, stall_s=30))
    first.queue.add(first.cache_request(details, q8))
    await first.until(lambda s: s.done >= 2 << 20)
    await first.tasks.shutdown()  # the app quits mid-file
    kept = first.cache_request(details, q8).target.partial_path(q8).stat().st_size
    assert 2 << 20 <= kept <= (2 << 20) + 7
    second = Harness(hub, tmp_path / "cache")  # a new session, a new queue
    done = await second.finished(second.queue.add(second.cache_request(details, q8)))
    assert done.state is JobState.COMPLETED, done.error
    assert hub.gets_of(q8.path)[-1].get("Range") == f"bytes={kept}-"


async def test_a_disk_that_fills_up_mid_file_is_a_clear_failure(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    details = await harness.details()
    q4 = details.models[0].first
    room = {"left": 3 << 19}  # 1.5 MiB: one write block fits, the next does not
    real_open = transfer._open_for_append

    class FillingFile:
        def __init__(self, handle: Any) -> None:
            self._handle = handle

        def __enter__(self) -> FillingFile:
            return self

        def __exit__(self, *exc: object) -> None:
            self._handle.close()

        def write(self, data: bytes) -> int:
            if len(data) > room["left"]:
                raise OSError(errno.ENOSPC, "No space left on device")
            room["left"] -= len(data)
            return int(self._handle.write(data))

    def open_on_a_small_disk(path: Path) -> Any:
        return FillingFile(real_open(path))

    monkeypatch.setattr(transfer, "_open_for_append", open_on_a_small_disk)
    request = harness.cache_request(details, q4)
    done = await harness.finished(harness.queue.add(request))
    assert done.state is JobState.FAILED
    assert done.error is not None and done.error.code == DOWNLOAD_DISK_FULL
    assert not request.target.is_complete(q4)
    # What fitted stays, so freeing space and resuming continues from there.
    assert 1 << 20 <= request.target.partial_path(q4).stat().st_size <= 3 << 19


async def test_speed_and_eta_follow_the_bytes(hub: FakeHub, tmp_path: Path) -> None:
    ticks = iter(range(10**6))
    harness = Harness(hub, tmp_path / "cache", clock=lambda: next(ticks) * 0.5)
    details = await harness.details()
    q8 = details.models[1].first
    done = await harness.finished(harness.queue.add(harness.cache_request(details, q8)))
    assert done.state is JobState.COMPLETED
    moving = [s for s in harness.seen if s.state is JobState.DOWNLOADING and s.speed_bps > 0]
    assert moving
    for snap in moving:
        assert snap.eta_s == pytest.approx((snap.total - snap.done) / snap.speed_bps)
    assert done.speed_bps == 0 and done.eta_s is None


async def test_every_request_goes_through_the_configured_proxy(tmp_path: Path) -> None:
    """The endpoint's host does not even resolve: only the proxy (the fake Hub itself,
    answering absolute-URI requests) can reach it, for search, files, downloads and fit."""
    fake = FakeHub([quant_repo()])
    with fake.running():
        config = HubConfig(
            endpoint="http://hub.invalid", proxy=fake.endpoint, cache_dir=tmp_path / "cache"
        )
        client = HubClient(config)
        page = await client.search("tiny")
        assert [r.repo_id for r in page.results] == ["tester/Tiny-GGUF"]
        details = await client.repo("tester/Tiny-GGUF")
        remote = details.models[0].files
        target = HfCacheTarget(config.cache_dir, details.repo_id, details.revision)
        finished: asyncio.Future[DownloadSnapshot] = asyncio.get_running_loop().create_future()
        queue = DownloadQueue(
            config,
            client.file_url,
            TaskOwner("proxy"),
            lambda s: s.state.finished and not finished.done() and finished.set_result(s),
        )
        queue.add(DownloadRequest(details.repo_id, details.revision, remote, "p", target))
        done = await asyncio.wait_for(finished, 30)
        # The fit reader's ranged reads too: these bytes arrive (and are no GGUF header).
        fit = await remote_assessor(client, _never_judged)(details, details.models[0])
    assert fit.problem == "gguf.not_gguf"
    assert done.state is JobState.COMPLETED, done.error
    assert fake.proxied and set(fake.proxied) == {"hub.invalid"}
    assert any("/resolve/" in url for _, url, _ in fake.requests)


def _never_judged(summary: ModelSummary, name: str) -> FitAssessment:
    raise AssertionError("random bytes never parse as a header")


async def test_the_same_files_are_never_queued_twice(harness: Harness) -> None:
    details = await harness.details()
    q8 = details.models[1].first
    harness.hub.add_fault(
        details.repo_id, q8.path, Fault("stall", after_bytes=(1 << 20) + 10, stall_s=30)
    )
    first = harness.queue.add(harness.cache_request(details, q8))
    await harness.until(lambda s: s.done >= 1 << 20)
    harness.queue.pause(first)
    again = harness.queue.add(harness.cache_request(details, q8))  # "Download" clicked again
    assert again == first
    done = await harness.finished(first)
    assert done.state is JobState.COMPLETED, done.error
    assert [s.job_id for s in harness.queue.snapshots()] == [first]


async def test_unfinished_downloads_come_back_paused_after_a_restart(
    hub: FakeHub, tmp_path: Path
) -> None:
    journal = DownloadJournal(tmp_path / "data" / "downloads.json")
    first = Harness(hub, tmp_path / "cache", remember=journal.save)
    details = await first.details()
    q8, q4 = details.models[1].first, details.models[0].first
    hub.add_fault(details.repo_id, q8.path, Fault("stall", after_bytes=(1 << 20) + 3, stall_s=30))
    paused = first.queue.add(first.cache_request(details, q8))
    await first.until(lambda s: s.job_id == paused and s.done >= 1 << 20)
    first.queue.pause(paused)
    finished = first.queue.add(first.cache_request(details, q4))
    await first.finished(finished)
    await first.queue.settle()
    await first.tasks.shutdown()  # quit
    assert [r.files for r in journal.load()] == [(q8,)]  # the finished one is not remembered

    second = Harness(hub, tmp_path / "cache", remember=journal.save)
    await second.queue.restore(journal.load)
    (back,) = second.queue.snapshots()
    assert back.state is JobState.PAUSED and back.title == "test"
    assert back.done >= 1 << 20  # what is on disk shows at once
    second.queue.resume(back.job_id)
    done = await second.finished(back.job_id)
    assert done.state is JobState.COMPLETED, done.error
    await second.queue.settle()
    assert journal.load() == []


def test_an_unreadable_download_list_is_an_empty_one(tmp_path: Path) -> None:
    path = tmp_path / "downloads.json"
    path.write_text("{not json")
    assert DownloadJournal(path).load() == []
    assert DownloadJournal(tmp_path / "missing.json").load() == []


async def test_a_dead_network_fails_clearly_after_the_retries(tmp_path: Path) -> None:
    fake = FakeHub([quant_repo()])
    with fake.running():
        harness = Harness(fake, tmp_path / "cache")
        details = await harness.details()
    # The endpoint is gone now (the network died after the repository was opened).
    done = await harness.finished(
        harness.queue.add(harness.cache_request(details, details.models[0].first))
    )
    assert done.state is JobState.FAILED
    assert done.error is not None and done.error.code == DOWNLOAD_RETRIES_EXHAUSTED
    assert done.error.params["reason"] is RetryReason.CANNOT_CONNECT
    reasons = {s.retry.reason for s in harness.seen if s.retry is not None}
    assert reasons == {RetryReason.CANNOT_CONNECT}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
async def test_a_fifo_where_the_partial_file_goes_fails_at_once(harness: Harness) -> None:
    # Opening a FIFO to append blocked the download worker forever.
    details = await harness.details()
    q4 = details.models[0].first
    request = harness.cache_request(details, q4)
    partial = request.target.partial_path(q4)
    partial.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(partial)
    done = await harness.finished(harness.queue.add(request))
    assert done.state is JobState.FAILED
    assert done.error is not None and done.error.code == DOWNLOAD_TARGET_UNWRITABLE
    assert "FIFO" in done.error.detail and not request.target.is_complete(q4)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_appending_never_blocks_on_a_fifo_swapped_in(tmp_path: Path) -> None:
    # The stat before the first write cannot see a FIFO made after it: the open itself
    # must not wait for a reader.
    fifo = tmp_path / "swapped.incomplete"
    os.mkfifo(fifo)
    with pytest.raises((DownloadError, OSError)):
        transfer._open_for_append(fifo)
