"""The Server page in the window a user has: a failed load with a long reason and a long
model path stays readable (no status value cut off) and offers nothing to unload."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from studio.composition import StudioApp
from studio.context import AppContext
from studio.core.paths import AppPaths
from studio.core.server.failures import Failure, FailureCode
from studio.core.server.launch import LaunchSpec
from studio.core.server.states import ServerState, Snapshot
from tests.ui.layout_checks import clipped

LONG_MODEL = Path("/home/someone/models/unsloth/Qwen3-30B-A3B-Instruct-2507-GGUF") / (
    "Qwen3-30B-A3B-Instruct-2507-UD-Q4_K_XL-00001-of-00002.gguf"
)


@pytest.fixture
def studio(
    qasync_loop: asyncio.AbstractEventLoop, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[StudioApp]:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    app = StudioApp(AppContext.create(AppPaths.default({"STUDIO_HOME": str(tmp_path)})))
    yield app
    qasync_loop.run_until_complete(app.shutdown())


@pytest.mark.parametrize("size", [(1024, 700), (1200, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_failed_load_is_readable_and_has_nothing_to_unload(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    studio: StudioApp,
    size: tuple[int, int],
) -> None:
    window = studio.window
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    window.show_area("server")
    qtbot.waitExposed(window)
    failure = Failure(FailureCode.OOM_KV)
    studio.areas.show_snapshot(
        Snapshot(state=ServerState.FAILED, failure=failure, spec=LaunchSpec(model=LONG_MODEL))
    )
    qasync_loop.run_until_complete(asyncio.sleep(0.1))
    page = studio.areas.server_page
    assert clipped(page) == []
    assert not page.unload.isEnabled()
    assert not studio.areas.unload_action.isEnabled()
