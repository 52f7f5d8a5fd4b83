"""The app with engines that do and do not run on this CPU: it never loads a model on one that
dies of an illegal instruction, offers to build one when none runs, and shows every verdict."""

from __future__ import annotations

import asyncio
import stat
import textwrap
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from studio.composition import StudioApp
from studio.context import AppContext
from studio.core.engine import (
    BuildProgress,
    CpuInfo,
    EngineChoice,
    EngineLocation,
    EngineProber,
    EngineSelector,
    SelfTester,
)
from studio.core.errors import Problem
from studio.core.paths import AppPaths
from studio.ui.settings.engine_build import EngineBuildDialog

AVX512_SYSTEM_INFO = (
    "system_info: n_threads = 2 | CPU : SSE3 = 1 | AVX = 1 | AVX2 = 1 | AVX512 = 1 | AMX_INT8 = 1 |"
)
AVX2_CPU = CpuInfo.parse("model name\t: Test CPU\nflags\t\t: pni ssse3 avx f16c fma avx2\n")


def _illegal_engine(directory: Path) -> Path:
    """Describes itself like llama-server; dies of SIGILL as soon as it loads a model."""
    directory.mkdir(parents=True)
    script = directory / "llama-server"
    script.write_text(
        textwrap.dedent(f"""\
        #!/bin/sh
        case "$1" in
          --version) echo "version: 4242 (c0ffee1)" >&2; exit 0 ;;
          --help) echo "-m,    --model FNAME     model path"; exit 0 ;;
          --list-devices) echo "Available devices:"; exit 0 ;;
        esac
        echo "{AVX512_SYSTEM_INFO}" >&2
        kill -ILL $$
        """)
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def _app(tmp_path: Path, explicit: Path, monkeypatch: pytest.MonkeyPatch) -> StudioApp:
    monkeypatch.delenv("STUDIO_LLAMA_SERVER", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "no-binaries"))
    paths = AppPaths.default({"STUDIO_HOME": str(tmp_path / "home")})
    selector = EngineSelector(
        EngineProber(paths.engine_probe_cache),
        SelfTester(paths.engine_self_test_cache, paths.cache_dir / "self-test", AVX2_CPU),
        paths.engines_dir,
        bundled=lambda: None,
    )
    return StudioApp(AppContext(paths, selector, engine_override=explicit))


def _chosen(loop: asyncio.AbstractEventLoop, studio: StudioApp) -> EngineChoice:
    async def scenario() -> EngineChoice:
        chosen: asyncio.Future[EngineChoice] = loop.create_future()
        studio.engine.chosen.connect(lambda c: chosen.done() or chosen.set_result(c))
        studio.start()
        return await asyncio.wait_for(chosen, timeout=60)

    return loop.run_until_complete(scenario())


def test_no_engine_that_runs_here_is_explained_and_a_build_offered(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    studio = _app(tmp_path, _illegal_engine(tmp_path / "avx512"), monkeypatch)
    qtbot.addWidget(studio.window)
    choice = _chosen(qasync_loop, studio)
    assert choice.active is None
    # The offer names what the engine needs and what this CPU has, without a modal loop.
    box = studio.build_offer.box
    assert box is not None and box.isVisible()
    assert "AVX-512" in box.informativeText() and "AVX2" in box.informativeText()
    # Settings lists the candidate with the same verdict.
    table = studio.areas.settings_page.engine_candidates
    assert table.topLevelItemCount() == 1
    assert "this CPU has AVX2" in table.topLevelItem(0).text(3)
    # No model was started on it: the autoload waits for an engine that runs.
    assert studio.manager is not None and studio.manager.snapshot.pid is None
    studio.window.close()
    qasync_loop.run_until_complete(studio.shutdown())


def test_the_engine_that_runs_is_the_one_the_manager_uses(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    engine_location: EngineLocation,
) -> None:
    runnable = engine_location.path
    illegal = _illegal_engine(tmp_path / "avx512")
    studio = _app(tmp_path, illegal, monkeypatch)
    monkeypatch.setenv("STUDIO_LLAMA_SERVER", str(runnable))  # the second candidate
    qtbot.addWidget(studio.window)
    choice = _chosen(qasync_loop, studio)
    assert choice.active is not None and choice.active.location.path == runnable.resolve()
    assert studio.manager is not None
    # The manager was built with the first candidate and switched before any load.
    assert studio.manager.engine.path == runnable.resolve()
    assert studio.build_offer.box is None  # nothing to offer
    studio.window.close()
    qasync_loop.run_until_complete(studio.shutdown())


def test_the_build_dialog_shows_progress_time_left_and_the_log(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    studio = _app(tmp_path, _illegal_engine(tmp_path / "avx512"), monkeypatch)
    qtbot.addWidget(studio.window)
    dialog: EngineBuildDialog = studio.build_offer.show_dialog()
    studio.engine.build_progress.emit(
        BuildProgress("compile", 52.0, 610.0, "[120/224] Building CXX object llama.cpp.o")
    )
    assert dialog.progress.value() == 520
    assert "52%" in dialog.phase.text() and "10 minute" in dialog.phase.text()
    assert "[120/224]" in dialog.log.toPlainText()
    studio.engine.build_failed.emit(Problem("build_compiler_missing", "no C/C++ compiler found"))
    assert "build-essential" in dialog.phase.text()
    assert dialog.start_button.isEnabled() and not dialog.cancel_button.isEnabled()
    studio.window.close()
    qasync_loop.run_until_complete(studio.shutdown())
