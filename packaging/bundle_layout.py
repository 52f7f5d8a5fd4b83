"""Steps of the bundle build that PyInstaller does not do itself; `gguf-studio.spec` calls them.

Kept apart from the spec so that they are linted, typed and unit-tested like other code.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
from collections.abc import Iterable, Sequence
from pathlib import Path

# A PyInstaller TOC entry: (path in the bundle, source path, type code).
TocEntry = tuple[str, str, str]

# GTK's platform theme plugin would load the user's GTK against the GLib, Cairo and Pango
# copied from the build machine; a mismatch crashes the app at start. Qt's own style is used.
DROPPED_QT_PLUGINS = ("platformthemes/libqgtk3.so",)

_LDD_NAME = re.compile(r"^\s*(\S+)\s+=>")


def linked_library_names(files: Iterable[str]) -> set[str]:
    """Basenames of every shared library the given ELF files load, transitively (via ldd)."""
    names: set[str] = set()
    for file in files:
        done = subprocess.run(["ldd", file], capture_output=True, text=True, check=False)
        for line in done.stdout.splitlines():
            match = _LDD_NAME.match(line)
            if match:
                names.add(match.group(1))
    return names


def _is_dependency_copy(entry: TocEntry) -> bool:
    """A system library PyInstaller copied to the bundle's top level because something needs it.

    Everything else (extension modules, Qt plugins, the engine) sits inside a package folder;
    the Python library itself is loaded by the bootloader, not through a dependency.
    """
    name, _, typecode = entry
    return typecode == "BINARY" and "/" not in name and not name.startswith("libpython")


def prune_binaries(
    binaries: Sequence[TocEntry], dropped_plugins: Sequence[str] = DROPPED_QT_PLUGINS
) -> list[TocEntry]:
    """Drop `dropped_plugins`, then every copied system library that nothing left needs."""
    kept = [entry for entry in binaries if not any(entry[0].endswith(p) for p in dropped_plugins)]
    roots = [
        source
        for (name, source, typecode) in kept
        if typecode == "BINARY" and not _is_dependency_copy((name, source, typecode))
    ]
    needed = linked_library_names(roots)
    return [entry for entry in kept if not _is_dependency_copy(entry) or entry[0] in needed]


def share_identical_files(directory: Path) -> int:
    """Replace byte-identical copies in `directory` by relative symlinks; returns bytes saved.

    Wheels cannot hold symlinks, so `libggml.so`, `libggml.so.0` and `libggml.so.0.20.0`
    arrive as three copies; the archive should carry one. The longest name (the fully
    versioned one) stays a real file, as in a normal library directory.
    """
    groups: dict[tuple[int, str], list[Path]] = {}
    for path in sorted(directory.iterdir()):
        if path.is_symlink() or not path.is_file():
            continue
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        groups.setdefault((path.stat().st_size, digest), []).append(path)
    saved = 0
    for (size, _), paths in groups.items():
        if len(paths) < 2:
            continue
        keep = max(paths, key=lambda p: (len(p.name), p.name))
        for path in paths:
            if path != keep:
                path.unlink()
                path.symlink_to(keep.name)
                saved += size
    return saved


def add_freedesktop_files(bundle: Path, repository: Path) -> None:
    """`share/` with the desktop entry, AppStream metadata and icons, as distributions expect."""
    linux = repository / "packaging" / "linux"
    share = bundle / "share"
    (share / "applications").mkdir(parents=True, exist_ok=True)
    shutil.copy2(linux / "gguf-studio.desktop", share / "applications")
    (share / "metainfo").mkdir(parents=True, exist_ok=True)
    for metainfo in linux.glob("*.metainfo.xml"):
        shutil.copy2(metainfo, share / "metainfo")
    icons = repository / "resources" / "icons"
    shutil.copytree(icons / "hicolor", share / "icons" / "hicolor", dirs_exist_ok=True)
    scalable = share / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True, exist_ok=True)
    shutil.copy2(icons / "gguf-studio.svg", scalable)


def link_engine_dependencies(engine_bin: Path, contents: Path) -> list[str]:
    """Make the engine find the libraries the bundle carries for it (libgomp, libstdc++).

    The engine resolves libraries through its `$ORIGIN` run path, and the app hands it a
    clean `LD_LIBRARY_PATH` (see launcher.py), so a library PyInstaller collected at the
    top level is linked into the engine's folder; returns the names linked.
    """
    elf_files = [
        str(path)
        for path in engine_bin.iterdir()
        if path.is_file() and path.read_bytes()[:4] == b"\x7fELF"
    ]
    linked = []
    for name in sorted(linked_library_names(elf_files)):
        shipped = contents / name
        target = engine_bin / name
        if shipped.is_file() and not target.exists() and not shipped.is_symlink():
            target.symlink_to(os.path.relpath(shipped, engine_bin))
            linked.append(name)
    return linked
