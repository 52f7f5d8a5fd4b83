"""The app's Discover area honours the endpoint set in Settings (a mirror), at start and
when it changes, and the Library lists the user's model folders."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from studio.composition import StudioApp
from studio.context import AppContext
from studio.core.hub import DownloadRequest, FolderTarget, RemoteFile
from studio.core.hub.journal import DownloadJournal
from studio.core.paths import AppPaths
from studio.core.settings import AppSettings, SettingsStore
from studio.services.hub_settings import hub_config
from studio.ui.discover.discover_downloads import DownloadsModel
from tests.support.fake_hub import FakeFile, FakeHub, FakeRepo
from tests.support.synthetic import TINY_LLAMA, cached_model


async def _until(condition: Callable[[], bool], within: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + within
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "condition never held"
        await asyncio.sleep(0.02)


def test_hub_config_comes_from_the_settings() -> None:
    config = hub_config(AppSettings(hf_endpoint="https://mirror.example/ ", hf_proxy=" "))
    assert (config.endpoint, config.proxy) == ("https://mirror.example", None)
    proxied = hub_config(AppSettings(hf_proxy="http://proxy:3128"))
    assert proxied.proxy == "http://proxy:3128"


def test_the_app_searches_the_endpoint_from_settings_and_follows_changes(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hf-cache"))  # not the user's cache
    first = FakeHub([FakeRepo("mirror-one/A-GGUF", {"a-Q4_0.gguf": FakeFile(b"a")})])
    second = FakeHub([FakeRepo("mirror-two/B-GGUF", {"b-Q4_0.gguf": FakeFile(b"b")})])
    folder = tmp_path / "my-models"
    folder.mkdir()
    shutil.copy(cached_model(tmp_path, "tiny", TINY_LLAMA), folder / "tiny-F16.gguf")
    paths = AppPaths.default({"STUDIO_HOME": str(tmp_path / "home")})
    with first.running(), second.running():
        SettingsStore.in_directory(paths.config_dir).save(
            AppSettings(hf_endpoint=first.endpoint, models_folders=(str(folder),))
        )
        # A download left unfinished by the previous session.
        repo = first.repos["mirror-one/A-GGUF"]
        sha256, blob = first.hashes(repo, "a-Q4_0.gguf")
        unfinished = DownloadRequest(
            repo.repo_id,
            repo.commit,
            (RemoteFile("a-Q4_0.gguf", 1, sha256, blob),),
            "A from last time",
            FolderTarget(folder, repo.repo_id),
        )
        DownloadJournal(paths.data_dir / "downloads.json").save([unfinished])
        studio = StudioApp(AppContext.create(paths))
        qtbot.addWidget(studio.window)
        page = studio.hub_area.discover_page
        library = studio.hub_area.library_page

        def results() -> list[str]:
            model = page.results_model
            return [model.index(r, 0).data() for r in range(model.rowCount())]

        async def scenario() -> None:
            studio.start_hub()
            await _until(lambda: library.model.rowCount() > 0)
            panel = page.downloads_panel
            await _until(lambda: panel.model.rowCount() == 1)
            assert panel.model.snapshot_at(0).title == "A from last time"
            assert panel.model.index(0, DownloadsModel.STATE).data() == "Paused"
            page.query.setText("gguf")
            page.search_button.click()
            await _until(lambda: results() == ["mirror-one/A-GGUF"])
            studio.settings.update(lambda s: replace(s, hf_endpoint=second.endpoint))
            page.search_button.click()
            await _until(lambda: results() == ["mirror-two/B-GGUF"])
            await studio.shutdown()

        qasync_loop.run_until_complete(scenario())
    names = [library.model.index(r, 0).data() for r in range(library.model.rowCount())]
    assert names == ["tiny-F16.gguf"]  # the file name; the metadata name is a detail
    assert [page.target.itemText(i) for i in range(page.target.count())][1:] == [str(folder)]
