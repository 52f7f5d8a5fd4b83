"""Settings' Documents section: the embedding model is the chat model by default, a
library model can be chosen (saved, and read back by the next start), and the chat
model chosen again; a saved model the Library no longer lists stays shown."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QScrollArea
from pytestqt.qtbot import QtBot

from studio.core.settings import AppSettings, SettingsStore
from studio.core.tasks import TaskOwner
from studio.services.hf_token import HfTokenService, HfTokenStore
from studio.services.library_service import LibraryService
from studio.services.settings_service import SettingsService
from studio.ui.settings.documents_section import DocumentsSection
from studio.ui.settings.settings_page import SettingsPage
from tests.services.chat_support import next_emission, qasync_event_loop


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def _library(tmp_path: Path, smollm2: Path, tasks: TaskOwner) -> LibraryService:
    folder = tmp_path / "models"
    folder.mkdir()
    (folder / "smol-embed.gguf").symlink_to(smollm2)
    return LibraryService(tasks, None, lambda: [folder], lambda: folder)


def _choices(section: DocumentsSection) -> list[tuple[str, object]]:
    box = section.embedding_model
    return [(box.itemText(i), box.itemData(i)) for i in range(box.count())]


def test_the_embedding_model_is_chosen_and_saved(
    loop: asyncio.AbstractEventLoop, qtbot: QtBot, tmp_path: Path, smollm2: Path
) -> None:
    tasks = TaskOwner("test")
    store = SettingsStore(tmp_path / "settings.json")
    settings = SettingsService(store, tasks)
    library = _library(tmp_path, smollm2, tasks)
    section = DocumentsSection(settings, library)
    qtbot.addWidget(section)

    embedding = str(tmp_path / "models" / "smol-embed.gguf")

    async def scenario() -> dict[str, object]:
        seen: dict[str, object] = {}
        scanned = asyncio.ensure_future(next_emission(library.scanned, within=60))
        library.rescan()
        await scanned
        seen["choices"] = _choices(section)
        seen["listed"] = [("smol-embed.gguf", str(m.path)) for m in library.models]
        section.embedding_model.setCurrentIndex(section.embedding_model.findText("smol-embed.gguf"))
        await settings.update(lambda s: s)  # saved after the choice's own save
        seen["chosen"] = settings.current.embedding_model
        seen["saved"] = SettingsStore(tmp_path / "settings.json").load().embedding_model
        # The Library no longer lists it: still shown, still chosen.
        section.show_models([])
        seen["kept"] = (_choices(section), section.embedding_model.currentIndex())
        section.embedding_model.setCurrentIndex(0)
        await settings.update(lambda s: s)
        seen["chat"] = SettingsStore(tmp_path / "settings.json").load().embedding_model
        return seen

    try:
        seen = loop.run_until_complete(scenario())
        choices = seen["choices"]
        assert isinstance(choices, list) and choices[0] == ("The chat model", None)
        assert choices[1:] == seen["listed"]
        assert seen["chosen"] == seen["saved"] == embedding
        assert seen["kept"] == ([("The chat model", None), ("smol-embed.gguf", embedding)], 1)
        assert seen["chat"] is None
        assert AppSettings.from_dict({"embedding_model": embedding}).embedding_model == embedding
    finally:
        loop.run_until_complete(tasks.shutdown())


def test_the_section_on_the_settings_page(
    loop: asyncio.AbstractEventLoop, qtbot: QtBot, tmp_path: Path, smollm2: Path
) -> None:
    tasks = TaskOwner("test")
    settings = SettingsService(SettingsStore(tmp_path / "settings.json"), tasks)
    library = _library(tmp_path, smollm2, tasks)
    try:
        page = SettingsPage(HfTokenService(HfTokenStore(read=lambda: None), tasks))
        qtbot.addWidget(page)
        section = DocumentsSection(settings, library)
        page.add_section(section)
        page.resize(1280, 800)
        page.show()
        scroll = page.findChild(QScrollArea)
        assert scroll is not None
        scroll.ensureWidgetVisible(section, 0, 0)
        QApplication.processEvents()
        assert section.isVisible() and section.title() == "Documents"
        shots = Path(os.environ.get("STUDIO_SHOTS_DIR") or tmp_path)  # kept for review
        shots.mkdir(parents=True, exist_ok=True)
        page.grab().save(str(shots / "documents_settings.png"))
    finally:
        loop.run_until_complete(tasks.shutdown())
