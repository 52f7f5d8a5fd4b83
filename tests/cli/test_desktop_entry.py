"""`studio --install-desktop-entry`: a real install into a temporary XDG data directory."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studio import __version__
from studio.core.desktop_entry import (
    DesktopEntryError,
    exec_value,
    install_desktop_entry,
    render_desktop_entry,
    xdg_data_home,
)
from studio.core.shipped_files import APP_ID, ICON_SIZES, ShippedFiles
from tests.support.desktop_file import parse_desktop_file, split_exec, unescape_string

ROOT = Path(__file__).resolve().parents[2]
# Every argument a shell or the Exec rules treat specially, and a %.
AWKWARD_PATH = '/opt/my apps/it\'s "GGUF" $HOME `x` \\ 100% (new)/studio'


def studio(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "studio", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def desktop_file_validate(path: Path) -> None:
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        pytest.skip("desktop-file-validate (Debian: desktop-file-utils) is not installed")
    done = subprocess.run([tool, str(path)], capture_output=True, text=True, check=False)
    # It prints hints for style; errors and warnings make it exit non-zero or say so.
    assert done.returncode == 0, done.stdout + done.stderr
    assert "error:" not in done.stdout and "warning:" not in done.stdout, done.stdout


def test_install_registers_this_installation_and_uninstall_removes_it(tmp_path: Path) -> None:
    data_home = tmp_path / "data home"
    env = {**os.environ, "XDG_DATA_HOME": str(data_home), "HOME": str(tmp_path / "home")}
    done = studio("--install-desktop-entry", env=env)
    assert done.returncode == 0, done.stderr

    desktop_file = data_home / "applications" / "gguf-studio.desktop"
    entry = parse_desktop_file(desktop_file.read_text("utf-8"))["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] == "GGUF Studio"
    assert entry["Icon"] == APP_ID
    assert entry["Terminal"] == "false"
    assert entry["Categories"].endswith(";")
    argv = split_exec(entry["Exec"])
    # The Exec line starts the `studio` of the environment that ran the command ...
    assert argv == [str(Path(sys.executable).absolute().parent / "studio")]
    assert unescape_string(entry["TryExec"]) == argv[0]
    # ... and it really runs.
    version = subprocess.run(
        [*argv, "--version"], capture_output=True, text=True, timeout=60, check=False
    )
    assert version.stdout.strip() == f"GGUF Studio {__version__}"

    icons = data_home / "icons" / "hicolor"
    svg = icons / "scalable" / "apps" / f"{APP_ID}.svg"
    assert svg.read_bytes() == ShippedFiles.default().icon_svg.read_bytes()
    for size in ICON_SIZES:
        assert png_size(icons / f"{size}x{size}" / "apps" / f"{APP_ID}.png") == (size, size)
    assert done.stdout.count("installed ") == len(ICON_SIZES) + 2

    # Installing again replaces the entry instead of failing.
    assert studio("--install-desktop-entry", env=env).returncode == 0

    removed = studio("--uninstall-desktop-entry", env=env)
    assert removed.returncode == 0, removed.stderr
    assert removed.stdout.count("removed ") == len(ICON_SIZES) + 2
    assert not desktop_file.exists()
    assert not svg.exists()
    assert [p for p in data_home.rglob("*") if p.is_file()] == []
    again = studio("--uninstall-desktop-entry", env=env)
    assert again.returncode == 0
    assert "no desktop entry" in again.stdout


def test_installed_entry_passes_desktop_file_validate(tmp_path: Path) -> None:
    written = install_desktop_entry(
        tmp_path, [AWKWARD_PATH, "--flag=a b"], ShippedFiles.default(), try_exec=Path("/x y/z")
    )
    desktop_file_validate(written[-1])


def test_committed_desktop_file_is_the_rendered_one_and_valid() -> None:
    committed = ROOT / "packaging" / "linux" / "gguf-studio.desktop"
    assert committed.read_text("utf-8") == render_desktop_entry(["gguf-studio"])
    desktop_file_validate(committed)


def test_awkward_paths_survive_the_exec_rules() -> None:
    argv = [AWKWARD_PATH, "--name=%f", "tab\there"]
    assert split_exec(exec_value(argv)) == argv
    assert "%%" in exec_value(argv)  # a bare % would be a field code


@given(
    st.lists(
        st.text(
            st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\x7f"),
            min_size=1,
        ),
        min_size=1,
        max_size=4,
    )
)
def test_any_argv_round_trips_through_exec(argv: list[str]) -> None:
    assert split_exec(exec_value(argv)) == argv


@pytest.mark.parametrize("argument", ["", "two\nlines"])
def test_arguments_the_spec_cannot_carry_are_refused(argument: str) -> None:
    with pytest.raises(DesktopEntryError) as caught:
        exec_value(["studio", argument])
    assert caught.value.code == "desktop_exec_invalid"


def test_missing_icons_fail_before_anything_is_written(tmp_path: Path) -> None:
    with pytest.raises(DesktopEntryError) as caught:
        install_desktop_entry(tmp_path / "data", ["studio"], ShippedFiles(tmp_path / "empty"))
    assert caught.value.code == "desktop_icon_missing"
    assert not (tmp_path / "data").exists()


def test_cli_reports_missing_icons_without_a_traceback(tmp_path: Path) -> None:
    # A copy of the package without the repository's resources/ beside it.
    shutil.copytree(
        ROOT / "studio", tmp_path / "studio", ignore=shutil.ignore_patterns("__pycache__")
    )
    env = {
        **os.environ,
        "PYTHONPATH": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "studio", "--install-desktop-entry"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert str(tmp_path / "resources" / "icons" / "gguf-studio.svg") in done.stderr


def test_xdg_data_home_follows_the_spec(tmp_path: Path) -> None:
    home = str(tmp_path)
    assert xdg_data_home({"HOME": home}) == tmp_path / ".local" / "share"
    assert xdg_data_home({"HOME": home, "XDG_DATA_HOME": ""}) == tmp_path / ".local" / "share"
    # A relative value is invalid and must be ignored.
    assert xdg_data_home({"HOME": home, "XDG_DATA_HOME": "rel"}) == tmp_path / ".local" / "share"
    assert xdg_data_home({"HOME": home, "XDG_DATA_HOME": "/srv/d"}) == Path("/srv/d")
