"""Entry script of the frozen app: the same `studio` command as a source install."""

import os
import sys


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


if __name__ == "__main__":
    _restore_library_path()
    from studio.cli import main

    sys.exit(main())
