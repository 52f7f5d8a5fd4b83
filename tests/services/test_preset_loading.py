"""PresetService reads the presets file off the GUI thread: constructing it reads nothing,
the presets show once read, what the file held wrong is said, and a change made before
the file was read is kept on top of it instead of being written over it."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from studio.core.chat import ChatStore, SamplingSettings
from studio.core.chat.presets import Preset, PresetBook, PresetLibrary
from studio.core.errors import Problem
from studio.core.tasks import TaskOwner
from studio.core.voice import ENGLISH
from studio.services.chat_service import ChatService
from studio.services.preset_service import PresetService, PresetsShown
from tests.services.chat_support import next_emission, qasync_event_loop


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def write_library(path: Path, count: int, extra: list[object] | None = None) -> None:
    entries: list[object] = [{"name": f"p{n}", "settings": {}} for n in range(count)]
    data = {"format": "gguf-studio-presets", "presets": [*entries, *(extra or [])]}
    path.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")


def test_a_large_presets_file_is_read_off_the_gui_thread_and_shown_once_read(
    loop: asyncio.AbstractEventLoop, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "presets.json"
    write_library(path, 33_000, extra=[{"name": "bad", "settings": {"top_p": 7}}])
    readers: list[threading.Thread] = []
    read = PresetLibrary.load

    def recorded(library: PresetLibrary) -> PresetBook:
        readers.append(threading.current_thread())
        return read(library)

    monkeypatch.setattr(PresetLibrary, "load", recorded)
    tasks = TaskOwner("presets")
    store = ChatStore(tmp_path / "chat.sqlite3")
    presets = PresetService(PresetLibrary(path), tasks, ChatService(store, tasks))
    assert readers == [] and presets.book.presets == ()  # the window opens at once

    async def scenario() -> tuple[PresetsShown, Problem]:
        shown = asyncio.ensure_future(
            next_emission(presets.changed, lambda s: len(s.names) == 33_000, within=120)
        )
        told = asyncio.ensure_future(next_emission(presets.load_problem, within=120))
        presets.start()
        (names,) = await shown
        (problem,) = await told
        return names, problem

    shown, problem = loop.run_until_complete(scenario())
    assert readers and all(t is not threading.main_thread() for t in readers)
    assert shown.names[:2] == ("p0", "p1")
    assert ENGLISH.code(problem.code, problem.params) == (
        "1 preset(s) in your presets file could not be used and are left out."
    )
    loop.run_until_complete(tasks.shutdown())
    store.close()


def test_a_change_before_the_file_is_read_is_kept_on_top_of_it(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    path = tmp_path / "presets.json"
    library = PresetLibrary(path)
    library.save(PresetBook((Preset.of("Kept", SamplingSettings(seed=1)),)))
    tasks = TaskOwner("presets")
    store = ChatStore(tmp_path / "chat.sqlite3")
    chat = ChatService(store, tasks)
    presets = PresetService(library, tasks, chat)
    chat.set_settings(SamplingSettings(seed=2))
    assert presets.create("Early") == "Early"
    assert [p.name for p in library.load().presets] == ["Kept"]  # not written over

    async def scenario() -> None:
        await presets.start()
        for _ in range(500):
            if not tasks.running:
                return
            await asyncio.sleep(0.01)

    loop.run_until_complete(scenario())
    assert [p.name for p in presets.book.presets] == ["Kept", "Early"]
    assert [p.name for p in PresetLibrary(path).load().presets] == ["Kept", "Early"]
    loop.run_until_complete(tasks.shutdown())
    store.close()
