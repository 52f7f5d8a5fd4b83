"""The first start names the system libraries Qt's X11 plugin lacks, before Qt aborts."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from studio.cli import system_check


def _library_needing(tmp_path: Path, soname: str) -> Path:
    """A real shared object linked against `soname`, which is then removed."""
    if shutil.which("cc") is None:
        pytest.skip("no C compiler to make the test library")
    stub_dir = tmp_path / "stub"
    stub_dir.mkdir()
    link_name = soname.split(".so")[0].removeprefix("lib")
    # A version no system ships, so the linker cannot find it elsewhere.
    (tmp_path / "stub.c").write_text("int stub(void) { return 1; }\n")
    (tmp_path / "needs.c").write_text("int stub(void); int needs(void) { return stub(); }\n")
    subprocess.run(
        [
            "cc",
            "-shared",
            "-fPIC",
            f"-Wl,-soname,{soname}",
            "-o",
            stub_dir / f"lib{link_name}.so",
            tmp_path / "stub.c",
        ],
        check=True,
    )
    needs = tmp_path / "libneeds.so"
    subprocess.run(
        [
            "cc",
            "-shared",
            "-fPIC",
            "-o",
            needs,
            tmp_path / "needs.c",
            f"-L{stub_dir}",
            f"-l{link_name}",
        ],
        check=True,
    )
    shutil.rmtree(stub_dir)
    return needs


def test_a_missing_library_is_named_with_its_package(tmp_path: Path) -> None:
    needs = _library_needing(tmp_path, "libxcb-icccm.so.99")
    assert system_check.missing_libraries([needs]) == ["libxcb-icccm.so.99"]
    assert system_check.package_for("libxcb-icccm.so.99") == "libxcb-icccm4"
    assert system_check.package_for("libxcb-keysyms.so.1") == "libxcb-keysyms1"


def test_the_message_names_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    needs = _library_needing(tmp_path, "libxcb-keysyms.so.99")
    monkeypatch.setattr(system_check, "_xcb_plugin", lambda: needs)
    message = system_check.missing_system_libraries_message({"QT_QPA_PLATFORM": "xcb"})
    assert message is not None
    assert "libxcb-keysyms.so.99" in message and "sudo apt install libxcb-keysyms1" in message
    # Another platform plugin needs none of the X11 libraries.
    assert system_check.missing_system_libraries_message({"QT_QPA_PLATFORM": "offscreen"}) is None


def test_this_machine_qt_plugin_loads() -> None:
    # The suite's own machine has what Qt needs (its UI tests run), so nothing is reported.
    assert system_check.missing_system_libraries_message({"QT_QPA_PLATFORM": "xcb"}) is None
