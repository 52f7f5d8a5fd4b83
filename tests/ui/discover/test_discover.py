"""The Discover page against the fake Hub through the real services: the search list with
sorting, filtering and paging, the file list with fit badges from remote headers, and the
download panel with pause, resume and completion."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QStyle
from pytestqt.qtbot import QtBot

from studio.core.hardware import DeviceConfig, discover_devices
from studio.core.hub import (
    DownloadError,
    DownloadQueue,
    DownloadSnapshot,
    FolderTarget,
    HfCacheTarget,
    HubClient,
    HubConfig,
    JobState,
    RetryNotice,
    RetryPolicy,
    SearchPage,
    SearchSort,
)
from studio.core.hub.fit import plan_fit, remote_assessor
from studio.core.hub.transfer import RetryReason
from studio.core.placement.setup import Machine
from studio.core.tasks import TaskOwner
from studio.services.download_service import DownloadService
from studio.services.hub_service import HubService
from studio.services.throttle import LatestPerKey
from studio.ui.discover.discover_downloads import DownloadsModel, state_text
from studio.ui.discover.discover_models import RepoFilesModel, SearchResultsModel
from studio.ui.discover.discover_page import DiscoverPage
from tests.support.fake_hub import FakeFile, FakeHub, FakeRepo, Fault, quant_repo, random_bytes
from tests.support.synthetic import TINY_LLAMA, cached_model


@pytest.fixture(scope="module")
def tiny_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return cached_model(tmp_path_factory.mktemp("tiny"), "tiny-llama", TINY_LLAMA)


@pytest.fixture
def hub(tiny_gguf: Path) -> Iterator[FakeHub]:
    repos = [
        quant_repo(),
        FakeRepo(
            "tester/TinyLlama-GGUF",
            {
                "TinyLlama-F16.gguf": FakeFile(tiny_gguf),
                "TinyLlama-Q2_K.gguf": FakeFile(random_bytes(50_000, 7)),  # not a GGUF
                "mmproj-TinyLlama-F16.gguf": FakeFile(random_bytes(20_000, 8)),
            },
            downloads=99,
            likes=1,
            gguf={"total": 4_200_000, "architecture": "llama", "context_length": 4096},
        ),
        *[
            FakeRepo(f"other/Model{i}-GGUF", {"m-Q4_0.gguf": FakeFile(b"q")}, downloads=i)
            for i in range(5)
        ],
    ]
    fake = FakeHub(repos)
    with fake.running():
        yield fake


class Scene:
    def __init__(self, hub: FakeHub, tmp_path: Path) -> None:
        self.config = HubConfig(endpoint=hub.endpoint, cache_dir=tmp_path / "hf", read_timeout_s=1)
        self.client = HubClient(self.config, page_size=4)
        self.tasks = TaskOwner("discover-test")
        inventory = discover_devices(DeviceConfig(fake_spec="GPU0:8GiB,HOST:32GiB"), (), {})
        machine = Machine.of({})
        assessor = remote_assessor(
            self.client, lambda s, n: plan_fit(machine.prepare(s, Path(n), inventory, None))
        )
        self.folder = tmp_path / "models"
        self.hub_service = HubService(
            self.client,
            self.tasks,
            assessor,
            local_targets=lambda details: [
                HfCacheTarget(self.config.cache_dir, details.repo_id, details.revision),
                FolderTarget(self.folder, details.repo_id),
            ],
        )
        self.downloads = DownloadService()
        policy = RetryPolicy(first_delay_s=0.01, max_delay_s=0.05)
        self.downloads.attach(
            DownloadQueue(
                self.config, self.client.file_url, self.tasks, self.downloads.on_change,
                policy=policy,
            )
        )  # fmt: skip
        self.page = DiscoverPage(
            self.hub_service, self.downloads, self.config.cache_dir, lambda: [self.folder]
        )

    async def until(self, condition: Callable[[], bool], within: float = 20.0) -> None:
        deadline = asyncio.get_running_loop().time() + within
        while not condition():
            assert asyncio.get_running_loop().time() < deadline, "condition never held"
            await asyncio.sleep(0.02)

    async def show(self) -> None:
        """Show the page (inside the running loop) and let its first search land."""
        self.page.show()
        await self.until(lambda: self.page.results_model.last_page is not None)

    def result_ids(self) -> list[str]:
        proxy = self.page.results_proxy
        return [proxy.index(r, 0).data() for r in range(proxy.rowCount())]

    async def search(self, text: str) -> None:
        self.page.query.setText(text)
        self.page.search_button.click()

        def answered() -> bool:
            page = self.page.results_model.last_page
            return page is not None and page.query == text and page.index == 0

        await self.until(answered)

    async def open(self, repo_id: str) -> None:
        row = self.result_ids().index(repo_id)
        self.page.results.selectRow(row)
        await self.until(lambda: self.page.repo_title.text() == repo_id)

    def file_cell(self, row: int, column: int) -> str:
        return str(self.page.files_proxy.index(row, column).data())


@pytest.fixture
def scene(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop, hub: FakeHub, tmp_path: Path
) -> Iterator[Scene]:
    built = Scene(hub, tmp_path)
    qtbot.addWidget(built.page)
    yield built
    qasync_loop.run_until_complete(built.tasks.shutdown())


def test_search_list_sorts_filters_and_loads_more(
    scene: Scene, qasync_loop: asyncio.AbstractEventLoop
) -> None:
    async def scenario() -> None:
        # Showing the page lists the most downloaded GGUF repositories at once.
        await scene.show()
        assert scene.page.results_model.last_page.query == ""  # type: ignore[union-attr]
        assert scene.result_ids()[0] == "tester/Tiny-GGUF"
        await scene.search("gguf")
        assert scene.result_ids() == [
            "tester/Tiny-GGUF",
            "tester/TinyLlama-GGUF",
            "other/Model4-GGUF",
            "other/Model3-GGUF",
        ]
        assert scene.page.load_more.isVisible()
        downloads = scene.page.results_proxy.index(0, SearchResultsModel.DOWNLOADS).data()
        assert downloads == "1.2k"  # 1234 downloads
        # What the Hub read from the GGUF headers, when it says.
        models = {
            scene.result_ids()[r]: scene.page.results_proxy.index(
                r, SearchResultsModel.MODEL
            ).data()
            for r in range(4)
        }
        assert models["tester/TinyLlama-GGUF"] == "4M · llama"
        assert models["tester/Tiny-GGUF"] == ""
        scene.page.load_more.click()
        await scene.until(lambda: len(scene.result_ids()) == 7)
        assert not scene.page.load_more.isVisible()
        # Sorting by a column sorts numbers as numbers, locally.
        scene.page.results.sortByColumn(SearchResultsModel.LIKES, Qt.SortOrder.DescendingOrder)
        assert scene.result_ids()[0] == "tester/Tiny-GGUF"  # 56 likes
        scene.page.results_filter.setText("tiny")
        assert sorted(scene.result_ids()) == ["tester/Tiny-GGUF", "tester/TinyLlama-GGUF"]
        scene.page.results_filter.clear()
        await scene.search("no such model")
        assert scene.result_ids() == []
        assert "No GGUF repositories" in scene.page.status.text()

    qasync_loop.run_until_complete(scenario())


def test_file_list_shows_quants_and_fit_badges(
    scene: Scene, qasync_loop: asyncio.AbstractEventLoop
) -> None:
    async def scenario() -> None:
        await scene.show()
        await scene.search("tiny")
        await scene.open("tester/TinyLlama-GGUF")
        model = scene.page.files_model
        assert model.rowCount() == 3
        names = [scene.file_cell(r, RepoFilesModel.FILE) for r in range(3)]
        assert names[-1] == "mmproj-TinyLlama-F16.gguf (vision projector)"
        await scene.until(
            lambda: all(
                model.fit_of(n) is not None for n in ("TinyLlama-F16.gguf", "TinyLlama-Q2_K.gguf")
            )
        )
        badges = {
            scene.file_cell(r, RepoFilesModel.FILE): scene.file_cell(r, RepoFilesModel.FIT)
            for r in range(3)
        }
        assert badges == {
            "TinyLlama-F16.gguf": "Fits on GPU · 4k context",
            "TinyLlama-Q2_K.gguf": "Unknown",  # random bytes are no GGUF header
            "mmproj-TinyLlama-F16.gguf (vision projector)": "",
        }
        tooltip = scene.page.files_proxy.index(0, RepoFilesModel.FIT).data(
            Qt.ItemDataRole.ToolTipRole
        )
        assert tooltip
        # Split shards are one row with the summed size.
        await scene.open("tester/Tiny-GGUF")
        rows = {scene.file_cell(r, 0): r for r in range(scene.page.files_proxy.rowCount())}
        bf16 = scene.file_cell(rows["BF16"], RepoFilesModel.FILE)
        assert bf16 == "Tiny-BF16 (2 parts)"
        assert scene.file_cell(rows["BF16"], RepoFilesModel.SIZE) == "4.5 MiB"
        assert "apache-2.0" in scene.page.repo_summary.text()

    qasync_loop.run_until_complete(scenario())


def test_download_panel_pauses_resumes_and_completes_with_mmproj(
    scene: Scene, hub: FakeHub, qasync_loop: asyncio.AbstractEventLoop
) -> None:
    panel = scene.page.downloads_panel

    def status() -> str:
        return str(panel.model.index(0, DownloadsModel.STATE).data())

    async def scenario() -> None:
        await scene.show()
        await scene.search("tiny")
        await scene.open("tester/Tiny-GGUF")
        rows = {scene.file_cell(r, 0): r for r in range(scene.page.files_proxy.rowCount())}
        hub.add_fault(
            "tester/Tiny-GGUF",
            "Tiny-Q8_0.gguf",
            Fault("stall", after_bytes=(1 << 20) + 1, stall_s=30),
        )
        scene.page.files.selectRow(rows["Q8_0"])
        scene.page.target.setCurrentIndex(1)  # the models folder
        assert scene.page.download_button.isEnabled()
        scene.page.download_button.click()
        await scene.until(lambda: panel.model.rowCount() == 1)
        assert "vision projector" in str(panel.model.index(0, 0).data())
        await scene.until(lambda: panel.model.snapshot_at(0).done >= 1 << 20)
        assert panel.pause_button.isEnabled()
        panel.pause_button.click()
        await scene.until(lambda: status() == "Paused")
        assert panel.resume_button.isEnabled() and not panel.pause_button.isEnabled()
        panel.resume_button.click()
        await scene.until(lambda: status() == "Done, verified")
        done = panel.model.snapshot_at(0)
        assert [p.name for p in done.paths] == ["Tiny-Q8_0.gguf", "mmproj-Tiny-F16.gguf"]
        assert all(p.parent == scene.folder / "tester" / "Tiny-GGUF" for p in done.paths)
        # The repository view now marks what is on disk.
        await scene.until(lambda: scene.page.files_model.is_local("Tiny-Q8_0.gguf"))
        files = [scene.file_cell(r, RepoFilesModel.FILE) for r in range(4)]
        assert "Tiny-Q8_0.gguf — downloaded" in files
        assert "mmproj-Tiny-F16.gguf — downloaded (vision projector)" in files
        assert not scene.page.files_model.is_local("Tiny-Q4_K_M.gguf")
        loads: list[Path] = []
        panel.load_requested.connect(loads.append)
        panel.load_button.click()
        assert loads == [done.paths[0]]
        assert panel.clear_button.isEnabled()
        panel.clear_button.click()
        assert panel.model.rowCount() == 0

    qasync_loop.run_until_complete(scenario())


def test_offline_search_says_so(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    dead = FakeHub([])
    with dead.running():
        pass
    scene = Scene(dead, tmp_path)
    qtbot.addWidget(scene.page)

    async def scenario() -> None:
        scene.page.query.setText("qwen")
        scene.page.search_button.click()
        await scene.until(lambda: bool(scene.page.status.text()))
        await scene.tasks.shutdown()

    qasync_loop.run_until_complete(scenario())
    assert "Cannot reach the Hugging Face Hub" in scene.page.status.text()


def test_progress_reaches_the_ui_coalesced_but_state_changes_at_once(qtbot: QtBot) -> None:
    service = DownloadService()
    delivered: list[DownloadSnapshot] = []
    service.progress.connect(delivered.append)

    def snap(state: JobState, done: int) -> DownloadSnapshot:
        return DownloadSnapshot(1, "r", "t", state, (), done, 100, 0.0, None, None, None, ())

    service.on_change(snap(JobState.QUEUED, 0))
    for done in range(1, 60):
        service.on_change(snap(JobState.DOWNLOADING, done))
    # The queued state and the first downloading one went out at once; the rest waits.
    assert [(s.state, s.done) for s in delivered] == [
        (JobState.QUEUED, 0),
        (JobState.DOWNLOADING, 1),
    ]
    qtbot.waitUntil(lambda: len(delivered) == 3, timeout=2000)
    assert delivered[-1].done == 59  # only the newest of the 58 coalesced updates
    service.on_change(snap(JobState.COMPLETED, 100))
    assert delivered[-1].state is JobState.COMPLETED


def test_the_newest_search_wins(scene: Scene, qasync_loop: asyncio.AbstractEventLoop) -> None:
    pages: list[SearchPage] = []
    scene.hub_service.searched.connect(pages.append)

    async def scenario() -> None:
        scene.hub_service.search("tiny", SearchSort.DOWNLOADS)
        scene.hub_service.search("other", SearchSort.DOWNLOADS)  # typed on before the answer
        await scene.until(lambda: not scene.hub_service.busy)

    qasync_loop.run_until_complete(scenario())
    assert [p.query for p in pages] == ["other"]


def test_download_states_read_as_sentences(qtbot: QtBot) -> None:
    def snap(state: JobState, **extra: object) -> DownloadSnapshot:
        base = DownloadSnapshot(1, "r", "t", state, (), 5, 10, 0.0, None, None, None, ())
        return replace(base, **extra)  # type: ignore[arg-type]

    retrying = snap(JobState.RETRYING, retry=RetryNotice(2, 4.0, RetryReason.CONNECTION_DROPPED))
    assert state_text(retrying) == "Reconnecting in 4 s (the connection dropped)"
    failed = snap(
        JobState.FAILED,
        error=DownloadError(
            "download_retries_exhausted",
            "x",
            file="m.gguf",
            reason=RetryReason.HTTP_STATUS,
            status=503,
        ),
    )
    assert state_text(failed) == "m.gguf kept failing (server error 503). Resume to try again."
    full = snap(
        JobState.FAILED,
        error=DownloadError(
            "download_disk_full",
            "x",
            needed=5_000_000_000,
            free=1_000_000,
            reserve=64 << 20,
            path="/m",
        ),
    )
    assert state_text(full) == (
        "Not enough disk space: 4.7 GiB needed plus 64 MiB kept free, 977 KiB free in /m."
    )


def test_no_timer_stays_armed_once_nothing_waits(qtbot: QtBot) -> None:
    delivered: list[int] = []
    throttle: LatestPerKey[str, int] = LatestPerKey(delivered.append, 100, lambda old, new: new < 0)
    throttle.push("job", 1)
    throttle.push("job", 2)  # both wait for the timer
    assert delivered == [] and throttle._timer.isActive()
    throttle.push("job", -1)  # urgent: replaces what waited
    assert delivered[-1] == -1
    assert not throttle._timer.isActive()


def test_no_column_header_is_cut_off(scene: Scene, qasync_loop: asyncio.AbstractEventLoop) -> None:
    """Every header of the results and the files reads in full ("Downlo…" did), after a
    search has filled the columns with figures narrower than their names."""

    async def scenario() -> None:
        scene.page.resize(1024, 600)
        await scene.show()
        await scene.search("gguf")
        await scene.open("tester/Tiny-GGUF")
        await asyncio.sleep(0.1)

    qasync_loop.run_until_complete(scenario())
    cut = []
    for table in (scene.page.results, scene.page.files):
        header = table.horizontalHeader()
        margin = 2 * header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
        for column in range(header.count()):
            if header.isSectionHidden(column):
                continue
            label = str(table.model().headerData(column, Qt.Orientation.Horizontal))
            needed = header.fontMetrics().horizontalAdvance(label) + margin
            if header.sectionSize(column) < needed:
                cut.append(
                    f"{table.objectName()}: {label} ({header.sectionSize(column)} < {needed})"
                )
    assert cut == []
