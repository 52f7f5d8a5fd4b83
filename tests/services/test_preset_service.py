"""PresetService's file writing: changes in quick succession leave the newest book on
disk, and a folder that cannot be written is said in one sentence while the presets keep
working for this session."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from studio.core.chat import ChatStore, SamplingSettings
from studio.core.chat.presets import PresetLibrary
from studio.core.errors import Problem
from studio.core.tasks import TaskOwner
from studio.core.voice import ENGLISH
from studio.services.chat_service import ChatService
from studio.services.preset_service import PresetService
from tests.services.chat_support import next_emission, qasync_event_loop


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


async def written(tasks: TaskOwner) -> None:
    """Until the service's file writes (its only tasks here) are done."""
    for _ in range(1000):
        if not tasks.running:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the presets were never written")


def test_quick_changes_leave_the_newest_book_on_disk(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    tasks = TaskOwner("presets")
    store = ChatStore(tmp_path / "chat.sqlite3")
    chat = ChatService(store, tasks)
    library = PresetLibrary(tmp_path / "presets.json")
    presets = PresetService(library, tasks, chat)
    loop.run_until_complete(presets.load())  # as the app's start does, off the GUI thread

    async def scenario() -> None:
        for number in range(20):
            chat.set_settings(SamplingSettings(seed=number))
            presets.create(f"Seed {number}")
        presets.rename("Seed 3", "Lucky")
        presets.delete("Seed 0")
        await asyncio.sleep(0)
        await written(tasks)

    loop.run_until_complete(scenario())
    on_disk = PresetLibrary(library.path).load()
    assert on_disk == presets.book
    assert [p.name for p in on_disk.presets][:3] == ["Seed 1", "Seed 2", "Lucky"]
    assert on_disk.find("Lucky") is not None and on_disk.find("Lucky").sampling.seed == 3  # type: ignore[union-attr]
    loop.run_until_complete(tasks.shutdown())
    store.close()


def test_a_folder_that_cannot_be_written_is_told_and_the_session_goes_on(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    tasks = TaskOwner("presets")
    store = ChatStore(tmp_path / "chat.sqlite3")
    chat = ChatService(store, tasks)
    # A file where the folder should be: no folder can be made there, even by root.
    folder = tmp_path / "data"
    folder.write_text("not a folder", encoding="utf-8")
    presets = PresetService(PresetLibrary.in_directory(folder), tasks, chat)
    loop.run_until_complete(presets.load())  # as the app's start does, off the GUI thread

    async def scenario() -> Problem:
        failed = asyncio.ensure_future(next_emission(presets.failed))
        assert presets.create("Kept for now") == "Kept for now"
        (problem,) = await failed
        assert isinstance(problem, Problem)
        return problem

    problem = loop.run_until_complete(scenario())
    assert ENGLISH.code(problem.code, problem.params) == (
        f"The presets cannot be saved to {folder / 'presets.json'}."
    )
    assert [p.name for p in presets.book.presets] == ["Kept for now"]
    assert folder.read_text(encoding="utf-8") == "not a folder"
    loop.run_until_complete(tasks.shutdown())
    store.close()


def test_the_saved_file_is_plain_json_a_person_can_read(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    tasks = TaskOwner("presets")
    store = ChatStore(tmp_path / "chat.sqlite3")
    chat = ChatService(store, tasks)
    library = PresetLibrary(tmp_path / "presets.json")
    presets = PresetService(library, tasks, chat)
    loop.run_until_complete(presets.load())  # as the app's start does, off the GUI thread

    async def scenario() -> None:
        chat.set_settings(SamplingSettings(temperature=0.7, system_prompt="Be brief — très."))
        presets.create("Brief")
        presets.use_model("m.gguf")
        presets.set_model_default("Brief")
        await written(tasks)

    loop.run_until_complete(scenario())
    data = json.loads(library.path.read_text(encoding="utf-8"))
    assert data["format"] == "gguf-studio-presets" and data["version"] == 1
    assert data["presets"] == [
        {
            "name": "Brief",
            "settings": SamplingSettings(0.7, system_prompt="Be brief — très.").to_dict(),
        }
    ]
    assert data["defaults"] == {"m.gguf": "Brief"}
    assert "très" in library.path.read_text(encoding="utf-8")  # not escaped
    loop.run_until_complete(tasks.shutdown())
    store.close()
