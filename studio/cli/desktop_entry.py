"""`studio --install-desktop-entry` / `--uninstall-desktop-entry`: the desktop menu entry.

The entry starts *this* installation: the bundle's binary when frozen, otherwise the
`studio` script of the Python environment that runs this command.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from studio.core.desktop_entry import (
    install_desktop_entry,
    uninstall_desktop_entry,
    xdg_data_home,
)
from studio.core.shipped_files import ShippedFiles


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help="add GGUF Studio to your desktop menu (under $XDG_DATA_HOME) and exit",
    )
    group.add_argument(
        "--uninstall-desktop-entry",
        action="store_true",
        help="remove the desktop menu entry and icons that --install-desktop-entry wrote",
    )


def this_installation() -> tuple[list[str], Path]:
    """The argv that starts this installation, and the file whose presence it needs."""
    if getattr(sys, "frozen", False):
        binary = Path(sys.executable).resolve()
        return [str(binary)], binary
    # Not resolved: a virtual environment's python is a symlink out of the environment.
    python = Path(sys.executable).absolute()
    script = python.parent / "studio"
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script)], script
    return [str(python), "-m", "studio"], python


def run(args: argparse.Namespace) -> int | None:
    """Handle the options if one was given; None means the caller carries on."""
    if not (args.install_desktop_entry or args.uninstall_desktop_entry):
        return None
    data_home = xdg_data_home(os.environ)
    if args.uninstall_desktop_entry:
        removed = uninstall_desktop_entry(data_home)
        for path in removed:
            print(f"removed {path}")
        if not removed:
            print(f"no desktop entry under {data_home}")
        return 0
    argv, needed = this_installation()
    # A DesktopEntryError is said by the guard around every command, with status 2.
    written = install_desktop_entry(data_home, argv, ShippedFiles.default(), try_exec=needed)
    for path in written:
        print(f"installed {path}")
    return 0
