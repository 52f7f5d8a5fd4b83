"""Every store and cache the app reads from a path (settings, the download list, a built
engine's manifest, the probe and self-test caches, /proc/cpuinfo, the preset library, the
benchmark results) reads it with `safe_read` (issue 25): a FIFO in the file's place is
refused without waiting on it, and a file over the site's cap is refused even when its
content would parse; either way the site does what it does with a damaged file."""

from __future__ import annotations

import json
import stat
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from studio.core.bench import (
    BenchKey,
    BenchOptions,
    BenchRecord,
    BenchStore,
    Comparison,
    Outcome,
    RecordKind,
)
from studio.core.bench.store import MAX_STORE_BYTES
from studio.core.chat.presets import MAX_FILE_BYTES, PresetLibrary
from studio.core.engine import EngineProber, SelfTester
from studio.core.engine.candidates import (
    BUILD_MANIFEST,
    MAX_MANIFEST_BYTES,
    built_engines,
)
from studio.core.engine.cpu import CpuInfo
from studio.core.engine.locate import BINARY_NAME, EngineLocation, EngineSource
from studio.core.errors import Problem
from studio.core.hub.journal import MAX_JOURNAL_BYTES, DownloadJournal
from studio.core.settings import MAX_SETTINGS_BYTES, SettingsStore
from tests.support.fifo_watch import watched_fifo


def _engine(directory: Path) -> EngineLocation:
    """Describes itself like llama-server; on a model it fails at once with exit 3."""
    script = directory / "llama-server"
    if script.exists():  # written once: the caches are keyed by its mtime and size
        return EngineLocation(script, EngineSource.SETTING)
    directory.mkdir(parents=True, exist_ok=True)
    script.write_text(
        textwrap.dedent("""\
        #!/bin/sh
        case "$1" in
          --version) echo "version: 4242 (c0ffee1)" >&2; exit 0 ;;
          --help) echo "-m,    --model FNAME     model path"; exit 0 ;;
          --list-devices) echo "Available devices:"; exit 0 ;;
        esac
        exit 3
        """)
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return EngineLocation(script, EngineSource.SETTING)


@dataclass(frozen=True)
class Site:
    """One reading site: where its file lives, content it would accept, its cap, and
    whether it used that file (True) or did what it does with a damaged one (False)."""

    file: Callable[[Path], Path]
    content: Callable[[Path], str]
    limit: int
    used: Callable[[Path], bool]


def _settings_used(root: Path) -> bool:
    store = SettingsStore(root / "settings.json")
    return store.load().theme == "dark" and store.problem is None


def _journal_content(root: Path) -> str:
    job = {
        "repo_id": "a/b",
        "revision": "main",
        "title": "t",
        "files": [{"path": "m.gguf", "size": 1, "sha256": None, "blob_id": "x"}],
        "target": {"kind": "folder", "folder": str(root), "repo_id": "a/b"},
    }
    return json.dumps({"version": 1, "jobs": [job]})


def _manifest_file(root: Path) -> Path:
    (root / "engines" / "one").mkdir(parents=True, exist_ok=True)
    (root / "engines" / "one" / BINARY_NAME).write_text("")
    return root / "engines" / "one" / BUILD_MANIFEST


def _probe_content(root: Path) -> str:
    location = _engine(root / "bin")
    info = location.path.stat()
    key = f"{location.path}|{info.st_mtime_ns}|{info.st_size}"
    return json.dumps({key: {"version": "version: 9999 (cached)", "help": "--model FNAME"}})


def _probe_used(root: Path) -> bool:
    return EngineProber(root / "probe.json").probe(_engine(root / "bin")).version.build == 9999


def _self_test_content(root: Path) -> str:
    written = root / "written.json"
    SelfTester(written, root / "models").test(_engine(root / "bin"))
    return written.read_text()


def _self_test_used(root: Path) -> bool:
    return (
        SelfTester(root / "self-test.json", root / "models").cached(_engine(root / "bin"))
        is not None
    )


def _presets_content(_root: Path) -> str:
    preset = {"name": "kept", "settings": {}}
    return json.dumps({"format": "gguf-studio-presets", "presets": [preset]})


def _presets_used(root: Path) -> bool:
    library = PresetLibrary(root / "presets.json")
    return [p.name for p in library.load().presets] == ["kept"] and library.problem is None


_BENCH_KEY = BenchKey("/models/m.gguf", 1, 1, "b1", ("host host Host",))


def _bench_content(root: Path) -> str:
    written = BenchStore(root / "written")
    comparison = Comparison.of([Outcome("base", problem=Problem("model_does_not_fit"))])
    written.add(_BENCH_KEY, BenchRecord(RecordKind.BENCHMARK, 1.0, BenchOptions(), comparison))
    return written.path(_BENCH_KEY).read_text()


SITES = {
    "settings": Site(
        lambda root: root / "settings.json",
        lambda _root: json.dumps({"theme": "dark"}),
        MAX_SETTINGS_BYTES,
        _settings_used,
    ),
    "download-list": Site(
        lambda root: root / "downloads.json",
        _journal_content,
        MAX_JOURNAL_BYTES,
        lambda root: DownloadJournal(root / "downloads.json").load() != [],
    ),
    "build-manifest": Site(
        _manifest_file,
        lambda _root: json.dumps({"built_at": 2}),
        MAX_MANIFEST_BYTES,
        lambda root: built_engines(root / "engines") != [],
    ),
    "probe-cache": Site(
        lambda root: root / "probe.json", _probe_content, 16 * 1024 * 1024, _probe_used
    ),
    "self-test-cache": Site(
        lambda root: root / "self-test.json", _self_test_content, 4 * 1024 * 1024, _self_test_used
    ),
    "cpuinfo": Site(
        lambda root: root / "cpuinfo",
        lambda _root: "model name\t: Test CPU\nflags\t\t: sse3 avx2\n",
        16 * 1024 * 1024,
        lambda root: "avx2" in CpuInfo.of_this_machine(root / "cpuinfo").flags,
    ),
    "bench-results": Site(
        lambda root: BenchStore(root).path(_BENCH_KEY),
        _bench_content,
        MAX_STORE_BYTES,
        lambda root: BenchStore(root).records(_BENCH_KEY) != (),
    ),
    "preset-library": Site(
        lambda root: root / "presets.json", _presets_content, MAX_FILE_BYTES, _presets_used
    ),
}


@pytest.mark.parametrize("name", SITES)
def test_the_file_as_written_is_used(tmp_path: Path, name: str) -> None:
    site = SITES[name]
    site.file(tmp_path).write_text(site.content(tmp_path))
    assert site.used(tmp_path)


@pytest.mark.parametrize("name", SITES)
def test_a_fifo_in_its_place_is_damage_and_never_waited_on(tmp_path: Path, name: str) -> None:
    site = SITES[name]
    site.content(tmp_path)  # whatever the site needs besides its file (an engine)
    with watched_fifo(site.file(tmp_path)) as fifo:
        assert not site.used(tmp_path)
        assert fifo.blocked() == 0


@pytest.mark.parametrize("name", SITES)
def test_a_file_over_its_cap_is_damage_even_when_it_parses(tmp_path: Path, name: str) -> None:
    site = SITES[name]
    content = site.content(tmp_path)
    padding = site.limit + 1 - len(content.encode())
    site.file(tmp_path).write_text(content + "\n" * padding)  # JSON and cpuinfo skip blanks
    assert not site.used(tmp_path)
