"""The engine builds the accuracy tests run against (see tests/support/engines.py)."""

from __future__ import annotations

import pytest

from tests.support.engines import EngineUnderTest, engine_names, engine_under_test
from tests.support.models import cache_dir


@pytest.fixture(scope="module", params=engine_names(cache_dir()))
def build(request: pytest.FixtureRequest) -> EngineUnderTest:
    """Each engine build present here, with its self-test's measurements (the session's
    engine is chosen, or built on a cold cache, before the first test: tests/conftest.py).
    Modules that run everything against each build override `engine_location` with it."""
    found = engine_under_test(cache_dir(), request.param)
    if found is None:
        pytest.skip(f"engine {request.param} does not run on this CPU")
    return found
