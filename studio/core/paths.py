"""Where the app keeps its files. One `AppPaths` is built in the composition root and passed down.

`STUDIO_HOME` puts everything under one directory (tests, portable installs); otherwise the
platform's conventional user directories are used.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "gguf-studio"


@dataclass(frozen=True)
class AppPaths:
    config_dir: Path
    data_dir: Path
    cache_dir: Path
    log_dir: Path

    @classmethod
    def default(cls, environ: Mapping[str, str] | None = None) -> AppPaths:
        env = os.environ if environ is None else environ
        home = env.get("STUDIO_HOME", "").strip()
        if home:
            root = Path(home).expanduser()
            return cls(root / "config", root / "data", root / "cache", root / "logs")
        dirs = platformdirs.PlatformDirs(APP_NAME, appauthor=False)
        return cls(
            Path(dirs.user_config_dir),
            Path(dirs.user_data_dir),
            Path(dirs.user_cache_dir),
            Path(dirs.user_log_dir),
        )

    @property
    def models_dir(self) -> Path:
        """The app's own models folder: imports go here while the person has set none."""
        return self.data_dir / "models"

    @property
    def engine_probe_cache(self) -> Path:
        return self.cache_dir / "engine-probe.json"

    @property
    def engine_self_test_cache(self) -> Path:
        return self.cache_dir / "engine-self-test.json"

    @property
    def engines_dir(self) -> Path:
        """Engines built on this machine by `studio engine build`, one folder each."""
        return self.data_dir / "engines"
