"""Fixtures every test layer shares: the real engine and the real small model."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from studio.core.engine import EngineLocation, locate_engine
from tests.support.models import smollm2_path

# Tests never need a screen; set before any QApplication exists.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(scope="session")
def engine_location() -> EngineLocation:
    return locate_engine()


@pytest.fixture(scope="session")
def smollm2() -> Path:
    return smollm2_path()
