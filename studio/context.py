"""The explicit object that carries app-wide collaborators; built once in `app.py`.

There are no module-level singletons: whatever needs a collaborator receives it from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from studio.core.engine import EngineSelector, default_selector
from studio.core.paths import AppPaths


@dataclass(frozen=True)
class AppContext:
    paths: AppPaths
    selector: EngineSelector  # probes, self-tests and chooses the engine
    engine_override: Path | None = None

    @classmethod
    def create(cls, paths: AppPaths | None = None) -> AppContext:
        paths = paths or AppPaths.default()
        return cls(paths=paths, selector=default_selector(paths))
