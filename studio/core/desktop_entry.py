"""Registering the app in the desktop menu of the current user (freedesktop.org).

`install` writes `applications/gguf-studio.desktop` and the icons into the `hicolor` theme
under `$XDG_DATA_HOME`; `uninstall` removes exactly those files. The entry's `Exec` is an
argv chosen by the caller (this installation's `studio` command or the bundle's binary),
quoted by the Desktop Entry Specification's rules so that paths with spaces, quotes or `%`
survive.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from studio.core.errors import StudioError
from studio.core.shipped_files import APP_ID, ICON_SIZES, ShippedFiles

DESKTOP_FILE_NAME = f"{APP_ID}.desktop"
# The spec's reserved characters: an argument holding any of them must be double-quoted.
_RESERVED = frozenset(" \t\n\"'\\><~|&;$*?#()`")
# Inside double quotes these four are escaped with a backslash.
_QUOTE_ESCAPED = frozenset('"`$\\')


class DesktopEntryError(StudioError):
    """Codes: `desktop_icon_missing` (this installation does not ship its icons),
    `desktop_exec_invalid` (an Exec argv the spec cannot express)."""


def xdg_data_home(environ: Mapping[str, str]) -> Path:
    """`$XDG_DATA_HOME`, or `~/.local/share` when it is unset, empty or relative (per spec)."""
    value = environ.get("XDG_DATA_HOME", "")
    if value and Path(value).is_absolute():
        return Path(value)
    home = environ.get("HOME") or str(Path.home())
    return Path(home) / ".local" / "share"


def quote_exec_argument(argument: str) -> str:
    """One argument of an `Exec` value, before the string-level escaping of the whole line."""
    if not argument or "\n" in argument or "\r" in argument:
        raise DesktopEntryError(
            "desktop_exec_invalid",
            f"cannot put {argument!r} on an Exec line",
            argument=argument,
        )
    # A literal percent sign would otherwise start a field code such as %f.
    argument = argument.replace("%", "%%")
    if not any(char in _RESERVED for char in argument):
        return argument
    escaped = "".join(f"\\{char}" if char in _QUOTE_ESCAPED else char for char in argument)
    return f'"{escaped}"'


def exec_value(argv: Sequence[str]) -> str:
    """The `Exec=` value for `argv`; its backslashes doubled because the value is a `string`."""
    if not argv:
        raise DesktopEntryError("desktop_exec_invalid", "empty Exec argv", argument="")
    return _escape_string(" ".join(quote_exec_argument(argument) for argument in argv))


def _escape_string(value: str) -> str:
    """A `string`-typed value: the spec's escapes for backslash and control characters."""
    return (
        value.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")
    )


def render_desktop_entry(argv: Sequence[str], *, try_exec: Path | None = None) -> str:
    """The text of `gguf-studio.desktop` that starts `argv`.

    `try_exec` hides the entry from menus once that file is gone (a deleted bundle).
    """
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        "Name=GGUF Studio",
        "GenericName=Local Language Models",
        "Comment=Find, download and chat with GGUF language models on your own hardware",
        f"Icon={APP_ID}",
    ]
    if try_exec is not None:
        lines.append(f"TryExec={_escape_string(str(try_exec))}")
    lines += [
        f"Exec={exec_value(argv)}",
        "Terminal=false",
        "Categories=Science;ArtificialIntelligence;",
        "Keywords=LLM;GGUF;llama;AI;chat;model;",
        "StartupNotify=true",
        # On X11 Qt's WM_CLASS class is the application name (`app.py`); on Wayland the
        # app id is the desktop file name, which needs no key here.
        "StartupWMClass=GGUF Studio",
    ]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class DesktopEntryFiles:
    """Where the entry and its icons go under one XDG data directory."""

    data_home: Path

    @property
    def desktop_file(self) -> Path:
        return self.data_home / "applications" / DESKTOP_FILE_NAME

    @property
    def scalable_icon(self) -> Path:
        return self.data_home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"

    def png_icon(self, size: int) -> Path:
        return self.data_home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"

    def all_files(self) -> list[Path]:
        return [
            self.desktop_file,
            self.scalable_icon,
            *(self.png_icon(size) for size in ICON_SIZES),
        ]


def _write_atomically(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.partial")
    partial.write_bytes(data)
    partial.chmod(0o644)
    partial.replace(target)


def install_desktop_entry(
    data_home: Path,
    argv: Sequence[str],
    shipped: ShippedFiles,
    *,
    try_exec: Path | None = None,
) -> list[Path]:
    """Write the menu entry and icons; returns the files written. Replaces an older entry."""
    sources = [(shipped.icon_svg, DesktopEntryFiles(data_home).scalable_icon)]
    sources += [
        (shipped.icon_png(size), DesktopEntryFiles(data_home).png_icon(size)) for size in ICON_SIZES
    ]
    # Check every icon before writing anything, so a failure leaves no half entry.
    for source, _ in sources:
        if not source.is_file():
            raise DesktopEntryError(
                "desktop_icon_missing",
                f"this installation has no {source}; install from a source checkout "
                "(pip install -e) or use the packaged app",
                path=str(source),
            )
    text = render_desktop_entry(argv, try_exec=try_exec)
    written = []
    for source, target in sources:
        _write_atomically(target, source.read_bytes())
        written.append(target)
    # The entry goes last: a menu that sees it can already find its icon.
    files = DesktopEntryFiles(data_home)
    _write_atomically(files.desktop_file, text.encode("utf-8"))
    written.append(files.desktop_file)
    return written


def uninstall_desktop_entry(data_home: Path) -> list[Path]:
    """Remove the entry and icons that `install_desktop_entry` writes; returns those removed."""
    removed = []
    for path in DesktopEntryFiles(data_home).all_files():
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        removed.append(path)
    return removed
