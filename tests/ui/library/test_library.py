"""The Library page over real GGUF files through the real service: listing with summaries,
filtering, import (a projector refused), reveal and delete with confirmation."""

from __future__ import annotations

import asyncio
import math
import shutil
from collections.abc import Callable
from pathlib import Path

import gguf
import numpy as np
import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from studio.core.tasks import TaskOwner
from studio.services.library_service import LibraryService
from studio.ui.library.library_model import LibraryModel
from studio.ui.library.library_page import LibraryPage
from tests.support.hostile import hostile_gguf
from tests.support.synthetic import TINY_LLAMA, cached_model


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return cached_model(tmp_path_factory.mktemp("tiny"), "tiny-llama-Q8_0", TINY_LLAMA)


def _projector(path: Path) -> Path:
    writer = gguf.GGUFWriter(path, "clip")
    writer.add_tensor("mm.0.weight", np.zeros((4, 4), dtype=np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


async def _until(condition: Callable[[], bool], within: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + within
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "condition never held"
        await asyncio.sleep(0.02)


def test_library_lists_imports_reveals_and_deletes(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop, tiny: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "models"
    folder.mkdir()
    shutil.copy(tiny, folder / "first-Q8_0.gguf")
    _projector(folder / "mmproj-first-f16.gguf")
    (folder / "downloading-Q4_0.gguf.part").write_bytes(b"GGUF")
    imports = tmp_path / "imported"
    tasks = TaskOwner("library-test")
    service = LibraryService(
        tasks, tmp_path / "no-hf-cache", lambda: [folder, imports], lambda: imports
    )
    page = LibraryPage(service)
    qtbot.addWidget(page)
    revealed: list[Path] = []
    page.reveal = revealed.append  # type: ignore[method-assign]
    answers: list[bool] = []
    loads: list[Path] = []
    page.load_requested.connect(loads.append)
    page.confirm_delete = lambda model: answers.pop(0)  # type: ignore[method-assign]

    def names() -> list[str]:
        return sorted(
            str(page.proxy.index(r, LibraryModel.NAME).data()) for r in range(page.proxy.rowCount())
        )

    async def scenario() -> None:
        service.rescan()
        service.rescan()  # a second request replaces the first before it even starts
        await _until(lambda: page.model.rowCount() == 2)
        rows = {
            page.model.index(r, LibraryModel.ARCHITECTURE).data(): r
            for r in range(page.model.rowCount())
        }
        assert set(rows) == {"llama", "clip (vision projector)"}
        llama = rows["llama"]
        assert page.model.index(llama, LibraryModel.QUANT).data() == "Q8_0"
        assert page.model.index(llama, LibraryModel.CONTEXT).data() == "4k"
        assert page.model.index(llama, LibraryModel.PARAMETERS).data().endswith("M")
        page.filter.setText("clip")
        assert page.proxy.rowCount() == 1
        page.filter.clear()

        # Import: a projector is refused with a clear message, a model is linked in.
        page.choose_file = lambda: folder / "mmproj-first-f16.gguf"  # type: ignore[method-assign]
        page.import_button.click()
        await _until(lambda: bool(page.status.text()))
        assert "vision projector" in page.status.text()
        page.choose_file = lambda: tiny  # type: ignore[method-assign]
        page.import_button.click()
        await _until(lambda: page.model.rowCount() == 3)
        assert (imports / tiny.name).exists()

        page.table.selectRow(0)
        assert page.reveal_button.isEnabled()
        chosen = page.selected()
        assert chosen is not None
        # Load: a model asks the app to open its load dialog; a projector cannot be loaded.
        for row in range(page.proxy.rowCount()):
            page.table.selectRow(row)
            picked = page.selected()
            assert picked is not None
            assert page.load_button.isEnabled() == (not picked.is_projector)
            if not picked.is_projector:
                page.load_button.click()
        assert sorted(p.parent.name for p in loads) == ["imported", "models"]
        assert not any("mmproj" in p.name for p in loads)
        page.table.selectRow(0)
        page.reveal_button.click()
        assert revealed == [chosen.path.parent]

        answers.append(False)  # "No": nothing happens
        page.delete_button.click()
        await asyncio.sleep(0.1)
        assert chosen.path.exists() and page.model.rowCount() == 3
        answers.append(True)
        page.delete_button.click()
        await _until(lambda: page.model.rowCount() == 2)
        assert not chosen.path.exists()
        assert "Deleted" in page.status.text()
        await tasks.shutdown()

    qasync_loop.run_until_complete(scenario())
    assert len(names()) == 2


def test_empty_library_says_where_models_come_from(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    tasks = TaskOwner("library-test")
    service = LibraryService(tasks, None, lambda: [tmp_path / "none"], lambda: tmp_path)
    page = LibraryPage(service)
    qtbot.addWidget(page)

    async def scenario() -> None:
        service.rescan()
        await _until(lambda: bool(page.status.text()))
        await tasks.shutdown()

    qasync_loop.run_until_complete(scenario())
    assert "Discover" in page.status.text()
    assert not page.delete_button.isEnabled()


def test_a_hostile_file_is_a_row_with_its_reason_beside_the_good_ones(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop, tiny: Path, tmp_path: Path
) -> None:
    # An infinite head count used to fail the whole scan: the page showed nothing.
    folder = tmp_path / "models"
    folder.mkdir()
    shutil.copy(tiny, folder / "good-Q8_0.gguf")
    inf_heads = {"llama__attention__head_count": (math.inf, gguf.GGUFValueType.FLOAT32)}
    hostile_gguf(folder / "inf-heads.gguf", **inf_heads)
    tasks = TaskOwner("library-test")
    service = LibraryService(tasks, None, lambda: [folder], lambda: tmp_path / "imports")
    page = LibraryPage(service)
    qtbot.addWidget(page)

    async def scenario() -> None:
        service.rescan()
        await _until(lambda: page.model.rowCount() == 2)
        await tasks.shutdown()

    qasync_loop.run_until_complete(scenario())
    rows = {page.model.model_at(r).file_name: r for r in range(page.model.rowCount())}
    bad = page.model.index(rows["inf-heads.gguf"], LibraryModel.ARCHITECTURE)
    assert bad.data() == "unreadable"
    reason = str(bad.data(Qt.ItemDataRole.ToolTipRole))
    assert "llama.attention.head_count" in reason and "inf" in reason
    assert str(folder / "inf-heads.gguf") in reason
    good = page.model.index(rows["good-Q8_0.gguf"], LibraryModel.ARCHITECTURE)
    assert good.data() == "llama"
