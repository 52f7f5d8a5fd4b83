"""The autoload drops remembered settings no load can use and says so in one sentence, so
the load goes ahead with auto-fit instead of stopping on them."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from studio.core.errors import Problem
from studio.core.settings import AppSettings, SettingsStore
from studio.core.tasks import TaskOwner
from studio.core.voice import ENGLISH
from studio.services.autoload_service import AutoloadService
from studio.services.settings_service import SettingsService
from tests.services.chat_support import qasync_event_loop


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def test_unusable_remembered_settings_are_dropped_and_said_before_the_load(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    model = tmp_path / "smol.gguf"
    model.write_bytes(b"GGUF")
    store = SettingsStore(tmp_path / "settings.json")
    store.save(
        AppSettings(last_model=str(model)).with_remembered_load(
            str(model), {"ctx": 10**30, "parallel": 2, "cache_type_k": "bogus"}
        )
    )
    tasks = TaskOwner("test")
    settings = SettingsService(store, tasks)
    autoload = AutoloadService(settings, tasks)
    notices: list[Problem] = []
    autoload.noticed.connect(notices.append)
    seen_at_load: list[object] = []

    async def load(path: str) -> bool:
        seen_at_load.append(settings.current.remembered_load(path))
        return True

    async def scenario() -> None:
        assert autoload.start(load).should_load
        for _ in range(200):
            if not tasks.running:
                return
            await asyncio.sleep(0.01)

    loop.run_until_complete(scenario())
    [notice] = notices
    assert ENGLISH.code(notice.code, notice.params) == (
        "Some remembered load settings of smol.gguf could not be used (cache_type_k, ctx), "
        "so they are chosen afresh."
    )
    assert seen_at_load == [{"parallel": 2}]  # what the load planned from
    assert store.load().remembered_load(str(model)) == {"parallel": 2}
    loop.run_until_complete(tasks.shutdown())


def test_usable_remembered_settings_load_without_a_word(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    model = tmp_path / "smol.gguf"
    model.write_bytes(b"GGUF")
    remembered = {"ctx": 4096, "parallel": 1, "layers": None, "cache_type_k": "q8_0"}
    store = SettingsStore(tmp_path / "settings.json")
    store.save(AppSettings(last_model=str(model)).with_remembered_load(str(model), remembered))
    tasks = TaskOwner("test")
    settings = SettingsService(store, tasks)
    autoload = AutoloadService(settings, tasks)
    notices: list[Problem] = []
    autoload.noticed.connect(notices.append)

    async def load(path: str) -> bool:
        return True

    async def scenario() -> None:
        autoload.start(load)
        await asyncio.sleep(0.1)

    loop.run_until_complete(scenario())
    assert notices == []
    assert settings.current.remembered_load(str(model)) == remembered
    loop.run_until_complete(tasks.shutdown())
