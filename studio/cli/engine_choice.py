"""The llama-server a command plans for and runs: the one the user named with `--binary`,
which must then run here (a named binary that is missing or fails its self-test is
refused, never silently swapped for another), else the first that runs on this CPU."""

from __future__ import annotations

from pathlib import Path

from studio.core.engine import EngineCandidate, EngineError, EngineLocation, default_selector
from studio.core.engine.locate import EngineSource
from studio.core.paths import AppPaths


def active_engine(binary: Path | None) -> EngineCandidate:
    """The engine to use; `EngineError` with the reason when it cannot run here."""
    selector = default_selector(AppPaths.default())
    if binary is None:
        return selector.active()
    named = selector.examine(EngineLocation(binary.expanduser(), EngineSource.SETTING))
    if named.runnable:
        return named
    raise why_not(named)


def why_not(candidate: EngineCandidate) -> EngineError:
    """Why an examined candidate cannot run here, as the error to report."""
    if candidate.error is not None:
        return candidate.error
    test = candidate.self_test
    status = test.exit_status if test is not None else "not tested"
    return EngineError(
        (test.code if test is not None else "") or "engine_self_test_failed",
        f"{candidate.location.path}: {status}",
        path=str(candidate.location.path),
        **(test.params if test is not None else {"status": status}),
    )
