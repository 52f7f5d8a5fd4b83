"""Before Qt starts: name the system libraries its X11 plugin needs and this machine lacks.

Without them Qt aborts with "Could not load the Qt platform plugin xcb" and blames a library
that may well be installed (it names libxcb-cursor0 while libxcb-icccm4 is what is missing).
Asking the dynamic linker (`ldd`) about the plugin itself names exactly what is missing, and
the table below turns each library into the Debian/Ubuntu package that provides it.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

# soname prefix -> Debian/Ubuntu package
_PACKAGES = {
    "libxcb-cursor.so": "libxcb-cursor0",
    "libxcb-icccm.so": "libxcb-icccm4",
    "libxcb-keysyms.so": "libxcb-keysyms1",
    "libxcb-image.so": "libxcb-image0",
    "libxcb-render-util.so": "libxcb-render-util0",
    "libxcb-randr.so": "libxcb-randr0",
    "libxcb-shape.so": "libxcb-shape0",
    "libxcb-xfixes.so": "libxcb-xfixes0",
    "libxcb-xkb.so": "libxcb-xkb1",
    "libxcb-sync.so": "libxcb-sync1",
    "libxcb-xinput.so": "libxcb-xinput0",
    "libxcb-shm.so": "libxcb-shm0",
    "libxcb-render.so": "libxcb-render0",
    "libxcb.so": "libxcb1",
    "libxkbcommon-x11.so": "libxkbcommon-x11-0",
    "libxkbcommon.so": "libxkbcommon0",
    "libX11-xcb.so": "libx11-xcb1",
    "libX11.so": "libx11-6",
    "libEGL.so": "libegl1",
    "libGL.so": "libgl1",
    "libOpenGL.so": "libopengl0",
    "libfontconfig.so": "libfontconfig1",
    "libfreetype.so": "libfreetype6",
    "libdbus-1.so": "libdbus-1-3",
    "libglib-2.0.so": "libglib2.0-0",
}


def _xcb_plugin() -> Path | None:
    spec = importlib.util.find_spec("PySide6")  # locates the package without importing Qt
    if spec is None or spec.origin is None:
        return None
    plugin = Path(spec.origin).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return plugin if plugin.is_file() else None


def missing_libraries(binaries: Sequence[Path]) -> list[str]:
    """Shared libraries that `ldd` reports as "not found" for any of `binaries`."""
    ldd = shutil.which("ldd")
    if ldd is None:
        return []
    missing: list[str] = []
    for binary in binaries:
        result = subprocess.run(
            [ldd, str(binary)], capture_output=True, text=True, check=False, timeout=30
        )
        for line in result.stdout.splitlines():
            name, _, where = line.strip().partition("=>")
            if "not found" in where and name.strip() not in missing:
                missing.append(name.strip())
    return missing


def package_for(soname: str) -> str | None:
    for prefix, package in _PACKAGES.items():
        if soname.startswith(prefix):
            return package
    return None


def _uses_xcb(environ: Mapping[str, str]) -> bool:
    platform = environ.get("QT_QPA_PLATFORM", "").split(":")[0]
    if platform:
        return platform == "xcb"
    return sys.platform.startswith("linux") and not environ.get("WAYLAND_DISPLAY")


def missing_system_libraries_message(environ: Mapping[str, str] | None = None) -> str | None:
    """One paragraph naming what to install, or None when the X11 plugin can load."""
    env = os.environ if environ is None else environ
    plugin = _xcb_plugin()
    if plugin is None or not _uses_xcb(env):
        return None
    qt_lib = plugin.parents[2] / "lib"
    binaries = [plugin, *sorted(qt_lib.glob("libQt6XcbQpa.so*"))[:1]]
    missing = missing_libraries(binaries)
    if not missing:
        return None
    packages = sorted({package_for(name) or name for name in missing})
    return (
        "GGUF Studio cannot open its window: the system lacks "
        + ", ".join(missing)
        + ".\nInstall them with:\n  sudo apt install "
        + " ".join(packages)
        + "\n(the package names are Debian/Ubuntu's; other systems name them similarly)"
    )
