"""Fixtures every test layer shares: the real engine and the real small model."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from studio.core.engine import EngineLocation
from studio.core.engine.locate import ENV_VARIABLE
from tests.support.engine import runnable_engine
from tests.support.models import cache_dir, smollm2_path

# Tests never need a screen; set before any QApplication exists.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


_ENGINE_LAYERS = frozenset({"integration", "services", "ui", "packaging"})


def _needs_engine(item: pytest.Item) -> bool:
    """Tests that run the engine, or start the app (which chooses one itself)."""
    return (
        "engine_location" in getattr(item, "fixturenames", ())
        or item.get_closest_marker("engine") is not None
        or not _ENGINE_LAYERS.isdisjoint(item.path.parts)
    )


def pytest_collection_finish(session: pytest.Session) -> None:
    """Choose (or, on a cold cache where nothing runs on this CPU, build) the engine once,
    before the first test: a 20-minute build must not count against one test's timeout.

    Its path goes into STUDIO_LLAMA_SERVER for the session, so the app, the CLI and the load
    dialog started by any test find an engine that runs here first, as a user's machine
    would after its first start. Tests of a missing or broken engine remove it themselves.
    """
    if any(_needs_engine(item) for item in session.items):
        engine = runnable_engine(cache_dir()).path
        os.environ[ENV_VARIABLE] = str(engine)
        # Said in the log: which engine a run used is the first question when it passes
        # on one machine and not another (the bundled one needs AVX-512).
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"engine for this run: {engine}")


@pytest.fixture(autouse=True)
def _collect_on_the_gui_thread(request: pytest.FixtureRequest) -> Iterator[None]:
    """As the app does (studio/services/gui_gc.py): no automatic garbage collection while a
    Qt test runs, where a worker thread's allocation could destroy an earlier test's widgets
    off the GUI thread (a segfault seen once in the full suite); collect here afterwards."""
    if not {"ui", "services"} & set(request.node.path.parts):
        yield
        return
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.collect()
        if was_enabled:
            gc.enable()


@pytest.fixture(scope="session")
def engine_location() -> EngineLocation:
    """An engine proven to run on this CPU (built on a cold cache when none does)."""
    location = runnable_engine(cache_dir())
    os.environ[ENV_VARIABLE] = str(location.path)
    return location


@pytest.fixture(scope="session")
def smollm2() -> Path:
    return smollm2_path()
