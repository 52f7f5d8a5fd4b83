"""Fixtures every test layer shares: the real engine and the real small model."""

from __future__ import annotations

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


def pytest_collection_finish(session: pytest.Session) -> None:
    """Choose (or, on a cold cache where nothing runs on this CPU, build) the engine once,
    before the first test: a 20-minute build must not count against one test's timeout."""
    if any("engine_location" in getattr(item, "fixturenames", ()) for item in session.items):
        runnable_engine(cache_dir())


@pytest.fixture(scope="session")
def engine_location() -> Iterator[EngineLocation]:
    """An engine proven to run on this CPU (built on a cold cache when none does).

    Code under test that finds the engine itself (the app, the CLI, the load dialog) is
    pointed at the same binary through STUDIO_LLAMA_SERVER, so no test meets an engine that
    dies of an illegal instruction here.
    """
    location = runnable_engine(cache_dir())
    previous = os.environ.get(ENV_VARIABLE)
    os.environ[ENV_VARIABLE] = str(location.path)
    yield location
    if previous is None:
        os.environ.pop(ENV_VARIABLE, None)
    else:
        os.environ[ENV_VARIABLE] = previous


@pytest.fixture(scope="session")
def smollm2() -> Path:
    return smollm2_path()
