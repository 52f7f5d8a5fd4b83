"""Every engine build the accuracy tests run against: the session's engine and the other
builds installed in the test cache (`engines/<name>/llama-server`), each with what its
self-test measured (CPU features, compute-graph differences)."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from studio.core.engine import EngineLocation, EngineSource
from studio.core.engine.candidates import BUILD_MANIFEST
from studio.core.engine.locate import ENV_VARIABLE, bundled_engine
from studio.core.memory import EngineMemory
from tests.support.engine import selector_in


@dataclass(frozen=True)
class EngineUnderTest:
    name: str  # the build's name ("b10435"), or the binary's folder
    location: EngineLocation
    memory: EngineMemory


def _build_name(folder: Path) -> str:
    try:
        manifest = json.loads((folder / BUILD_MANIFEST).read_text("utf-8"))
        return str(manifest.get("llama_cpp") or folder.name)
    except (OSError, ValueError, AttributeError):
        return folder.name


def engine_names(cache: Path) -> list[str]:
    """Names of the builds present (cheap: no engine runs), for test ids at collection."""
    return list(_binaries(cache))


def _binaries(cache: Path) -> dict[str, EngineLocation]:
    bundled = bundled_engine()
    found: dict[str, EngineLocation] = {}
    chosen = os.environ.get(ENV_VARIABLE, "").strip()
    if chosen:
        location = _location(Path(chosen), bundled)
        name = "bundled" if location is bundled else _build_name(location.path.parent)
        found[name] = location
    try:
        folders = sorted((cache / "engines").iterdir())
    except OSError:
        folders = []
    for folder in folders:
        binary = folder / "llama-server"
        if (folder / BUILD_MANIFEST).is_file() and binary.is_file():
            found.setdefault(_build_name(folder), _location(binary, bundled))
    # The app's own engine, wherever it runs (any CPU with AVX-512): at collection the
    # session's engine is not chosen yet, so without it such a CPU would test no build.
    known = {location.path.resolve() for location in found.values()}
    if bundled is not None and bundled.path.resolve() not in known:
        found["bundled"] = bundled
    return found


def _location(binary: Path, bundled: EngineLocation | None) -> EngineLocation:
    """The bundled binary needs its library folder; a built one finds its own."""
    if bundled is not None and binary.resolve() == bundled.path.resolve():
        return bundled
    return EngineLocation(binary, EngineSource.BUILT)


def engine_under_test(cache: Path, name: str) -> EngineUnderTest | None:
    """The build `name` with its self-test's measurements; None if it does not run here."""
    location = _binaries(cache).get(name)
    if location is None:
        return None
    result = selector_in(cache).tester.test(location)
    if not result.passed:
        return None
    return EngineUnderTest(name, location, result.memory)
