"""Discover's tables show whole column headers in a small window and in German: the
columns that fit are shown whole, most important first, and the rest hide, instead of a
table that scrolls sideways with a column cut at its edge ("Downlo", "eschwindigke")."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from studio.composition import StudioApp
from studio.context import AppContext
from studio.core.hub.search import RepoSummary, SearchPage, SearchSort
from studio.core.paths import AppPaths
from studio.ui.discover.discover_models import SearchResultsModel
from tests.ui.layout_checks import clipped_headers


@pytest.fixture
def studio(
    qasync_loop: asyncio.AbstractEventLoop, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[StudioApp]:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    app = StudioApp(AppContext.create(AppPaths.default({"STUDIO_HOME": str(tmp_path)})))
    yield app
    qasync_loop.run_until_complete(app.shutdown())


def _results() -> SearchPage:
    when = datetime(2026, 11, 30, tzinfo=UTC)
    rows = tuple(
        RepoSummary(
            f"unsloth/{name}-GGUF",
            "unsloth",
            1_234_567,
            890,
            when,
            False,
            "",
            (),
            30_500_000_000,
            arch,
        )
        for name, arch in (
            ("Qwen3-30B-A3B-Instruct-2507", "qwen3moe"),
            ("gemma-3-27b-it", "gemma3"),
        )
    )
    return SearchPage("qwen", SearchSort.DOWNLOADS, 0, rows, False)


def settle(
    loop: asyncio.AbstractEventLoop,
    condition: Callable[[], bool],
    describe: Callable[[], object] = lambda: "",
) -> None:
    """Run the app's loop until `condition` holds (at most 3 s)."""

    async def until() -> None:
        for _ in range(150):
            if condition():
                return
            await asyncio.sleep(0.02)
        raise AssertionError(f"the table never settled: {describe()}")

    loop.run_until_complete(until())


@pytest.mark.parametrize("language", ["en", "de"])
def test_discover_headers_are_whole_in_the_smallest_window(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop, studio: StudioApp, language: str
) -> None:
    if language != "en":
        assert studio.language.apply(language) == language
    window = studio.window
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    page = studio.hub_area.discover_page
    page.results_model.show_page(_results())
    window.show_area("discover")
    results = page.results
    # The columns are fitted once the view has laid out the rows (a moment after).
    settle(
        qasync_loop,
        lambda: not results.isColumnHidden(SearchResultsModel.MODEL),
        lambda: (results.viewport().width(), [results.columnWidth(c) for c in range(5)]),
    )
    assert clipped_headers(page) == []
    assert not results.isColumnHidden(SearchResultsModel.REPO)
    assert results.columnWidth(SearchResultsModel.REPO) >= 150
    narrow = [c for c in range(5) if not results.isColumnHidden(c)]
    # Wider, the hidden columns come back, whole.
    window.resize(1920, 1080)
    settle(qasync_loop, lambda: sum(not results.isColumnHidden(c) for c in range(5)) > len(narrow))
    settle(qasync_loop, lambda: clipped_headers(page) == [])
    wide = [c for c in range(5) if not results.isColumnHidden(c)]
    assert wide[: len(narrow)] == narrow
