"""The Library as a user reads it: every model named by its file (the header's name is a
detail), a name column wide enough to read it, the empty-state sentence only when empty, and
folders added from the Library itself, saved in the settings."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from studio.composition import StudioApp
from studio.context import AppContext
from studio.core.paths import AppPaths
from studio.ui.library.library_model import LibraryModel
from tests.support.synthetic import TINY_LLAMA, cached_model

LONG_NAME = "SmolLM2-135M-Instruct-8k-Lc100K-Mix1-Ep2.Q4_1.gguf"


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return cached_model(tmp_path_factory.mktemp("tiny"), "tiny-llama-Q8_0", TINY_LLAMA)


async def _until(condition: Callable[[], bool], within: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + within
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "condition never held"
        await asyncio.sleep(0.02)


def test_names_empty_state_and_add_folder(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    tiny: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "no-hf-cache"))
    folder = tmp_path / "models"
    folder.mkdir()
    shutil.copy(tiny, folder / LONG_NAME)
    studio = StudioApp(AppContext.create(AppPaths.default({"STUDIO_HOME": str(tmp_path)})))
    window = studio.window
    qtbot.addWidget(window)
    page = studio.hub_area.library_page
    page.choose_folder = lambda: folder  # type: ignore[method-assign]
    window.resize(1280, 800)
    window.show()
    window.show_area("library")

    async def scenario() -> None:
        studio.start()
        await _until(lambda: bool(page.status.text()))
        assert page.model.rowCount() == 0
        assert "No GGUF models yet" in page.status.text()

        page.add_folder_button.click()
        await _until(lambda: page.model.rowCount() == 1)
        await asyncio.sleep(0.05)

    try:
        qasync_loop.run_until_complete(scenario())
        # Saved through the settings service, and the Settings page lists it too.
        assert studio.settings.current.models_folders == (str(folder),)
        folders = studio.areas.settings_page.models_folders
        assert [folders.item(r).text() for r in range(folders.count())] == [str(folder)]
        assert page.status.text() == ""  # no "No GGUF models yet" under a list

        name = page.model.index(0, LibraryModel.NAME)
        assert name.data() == LONG_NAME  # every word, "Instruct" included
        tooltip = str(name.data(Qt.ItemDataRole.ToolTipRole))
        assert tooltip.startswith("Name in the file: ")
        # Wide enough to read the whole file name in a laptop-sized window.
        needed = page.table.fontMetrics().horizontalAdvance(LONG_NAME)
        assert page.table.columnWidth(LibraryModel.NAME) >= needed
        # In the smallest window the name is still the widest column (a fixed 160 px
        # location left it "Smol…gguf").
        window.resize(1024, 700)
        qasync_loop.run_until_complete(asyncio.sleep(0.1))
        name_width = page.table.columnWidth(LibraryModel.NAME)
        assert name_width > page.table.columnWidth(LibraryModel.LOCATION)
        assert name_width >= page.table.fontMetrics().horizontalAdvance("SmolLM2-135M-Instruct")
        assert page.filter.accessibleName()
    finally:
        window.close()
        qasync_loop.run_until_complete(studio.shutdown())
