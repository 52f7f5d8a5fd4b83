"""Discover without the Hub, as a user first meets it offline: the repository list opens at
its left edge with its first column readable, and the page says in one sentence what it can
do without the Hub."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from studio.composition import StudioApp
from studio.context import AppContext
from studio.core.paths import AppPaths
from studio.ui.discover.discover_models import SearchResultsModel


async def _until(condition: Callable[[], bool], within: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + within
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "condition never held"
        await asyncio.sleep(0.02)


@pytest.mark.parametrize("size", [(1024, 700), (1200, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_offline_discover_reads_from_the_left_and_says_why_it_is_empty(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int],
) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    studio = StudioApp(AppContext.create(AppPaths.default({"STUDIO_HOME": str(tmp_path)})))
    window = studio.window
    qtbot.addWidget(window)
    page = studio.hub_area.discover_page
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    try:
        window.show_area("discover")
        qasync_loop.run_until_complete(_until(lambda: bool(page.status.text())))
        qasync_loop.run_until_complete(asyncio.sleep(0.1))
        results = page.results
        assert results.horizontalScrollBar().value() == 0
        header = results.horizontalHeader()
        repo = SearchResultsModel.REPO
        assert header.sectionViewportPosition(repo) >= 0
        label = results.model().headerData(repo, header.orientation())
        needed = header.fontMetrics().horizontalAdvance(str(label))
        assert header.sectionSize(repo) >= needed
        assert "Library" in page.repo_title.text()
    finally:
        window.close()
        qasync_loop.run_until_complete(studio.shutdown())
