"""Entry script of the frozen app: the same `studio` command as a source install."""

import os
import sys
from pathlib import Path

# Where the spec puts the engines built for the bundle (the portable every-CPU-variant one).
BUNDLED_ENGINES = "engines"


def _restore_library_path() -> None:
    """Give child processes the user's own `LD_LIBRARY_PATH`.

    PyInstaller's bootloader puts the bundle's folder first on `LD_LIBRARY_PATH` so that
    this process loads its own libraries; the dynamic linker has read it by now. Children
    (the engine, xdg-open and the browser it starts) must not load the bundle's copies.
    """
    if not getattr(sys, "frozen", False):
        return
    original = os.environ.pop("LD_LIBRARY_PATH_ORIG", None)
    if original is None:
        os.environ.pop("LD_LIBRARY_PATH", None)
    else:
        os.environ["LD_LIBRARY_PATH"] = original


def _offer_bundled_engines(contents: Path) -> None:
    """Put the bundle's own builds first on `PATH`, where the engine choice looks last.

    The wheel's engine stays the bundled candidate (Vulkan; AVX-512 and AMX kernels). Where it
    fails its self-test, e.g. SIGILL on an AVX2 desktop, the choice falls through to `PATH`
    and finds the portable build, which runs on any x86-64 CPU. First on `PATH`, so that a
    broken `llama-server` of the user's cannot hide it; the user's own still wins as the setting.
    """
    folders = sorted(path.parent for path in (contents / BUNDLED_ENGINES).glob("*/llama-server"))
    if folders:
        path = os.environ.get("PATH", "")
        os.environ["PATH"] = os.pathsep.join([*map(str, folders), *([path] if path else [])])


if __name__ == "__main__":
    if sys.argv[1:2] == ["--engine-guard"]:  # studio.core.server.engine_guard.GUARD_FLAG
        from studio.core.server.engine_guard import guard

        guard(sys.argv[2])
        sys.exit(0)
    _restore_library_path()
    if getattr(sys, "frozen", False):
        _offer_bundled_engines(Path(sys._MEIPASS))  # type: ignore[attr-defined]
    from studio.cli import main

    sys.exit(main())
