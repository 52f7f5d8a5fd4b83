"""A damaged engine cache (probe answers, self-test verdicts, a build's manifest) is set
aside and rebuilt, never a failure of every later start."""

from __future__ import annotations

import json
import stat
import textwrap
from pathlib import Path

import pytest

from studio.core.engine import EngineProber, SelfTester
from studio.core.engine.candidates import BUILD_MANIFEST, built_engines
from studio.core.engine.locate import BINARY_NAME, EngineLocation, EngineSource

NESTED = "[" * 100_000 + "]" * 100_000


def _engine(directory: Path, runs: Path) -> EngineLocation:
    """Describes itself like llama-server; on a model it fails at once with exit 3."""
    directory.mkdir(parents=True, exist_ok=True)
    script = directory / "llama-server"
    script.write_text(
        textwrap.dedent(f"""\
        #!/bin/sh
        case "$1" in
          --version) echo "version: 4242 (c0ffee1)" >&2; exit 0 ;;
          --help) echo "-m,    --model FNAME     model path"; exit 0 ;;
          --list-devices) echo "Available devices:"; exit 0 ;;
        esac
        echo run >> "{runs}"
        exit 3
        """)
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return EngineLocation(script, EngineSource.SETTING)


@pytest.mark.parametrize(
    "damage",
    [NESTED, '{"version": 8, "entries": ' + NESTED[:50_000] + "]}", "[1, 2]", "\xff\xfe", "{"],
    ids=["nested-100000", "nested-inside", "not-an-object", "not-utf8", "truncated"],
)
def test_a_damaged_self_test_cache_is_set_aside_and_rebuilt(tmp_path: Path, damage: str) -> None:
    # JSON nested 100,000 deep raised RecursionError from the cache read: `run`, `serve`
    # and `engine build` stopped on an unexpected problem, at every start.
    runs = tmp_path / "runs"
    location = _engine(tmp_path / "bin", runs)
    cache = tmp_path / "self-test.json"
    cache.write_bytes(damage.encode("utf-8", "surrogateescape"))
    tester = SelfTester(cache, tmp_path / "models")
    assert tester.cached(location) is None
    result = tester.test(location)
    assert (result.code, result.exit_status) == ("engine_self_test_failed", "exit 3")
    assert cache.with_name("self-test.json.damaged").read_bytes() == damage.encode(
        "utf-8", "surrogateescape"
    )
    again = SelfTester(cache, tmp_path / "models").cached(location)  # rebuilt, and kept
    assert again is not None and again.exit_status == "exit 3"
    assert runs.read_text().split() == ["run"]


def test_a_damaged_verdict_is_tested_again_not_raised(tmp_path: Path) -> None:
    # A verdict whose graph is a list raised AttributeError; one whose rows are 1e400
    # raised OverflowError: neither is a reason to fail every start.
    runs = tmp_path / "runs"
    location = _engine(tmp_path / "bin", runs)
    cache = tmp_path / "self-test.json"
    SelfTester(cache, tmp_path / "models").test(location)
    for graph in ([1], {"host_rows": 1e400}):
        data = json.loads(cache.read_text())
        (verdict,) = data["entries"].values()
        verdict["graph"] = graph
        cache.write_text(json.dumps(data))
        assert SelfTester(cache, tmp_path / "models").cached(location) is None
        SelfTester(cache, tmp_path / "models").test(location)
    assert runs.read_text().split() == ["run"] * 3


def test_a_damaged_probe_cache_is_set_aside_and_rebuilt(tmp_path: Path) -> None:
    location = _engine(tmp_path / "bin", tmp_path / "runs")
    cache = tmp_path / "probe.json"
    for damage in (NESTED, "[]", "{"):
        cache.write_text(damage)
        info = EngineProber(cache).probe(location)
        assert info.version.build == 4242
        assert cache.with_name("probe.json.damaged").read_text() == damage
        (entry,) = json.loads(cache.read_text()).values()
        assert "--model" in entry["help"]


def test_a_damaged_build_manifest_is_no_finished_build(tmp_path: Path) -> None:
    engines = tmp_path / "engines"
    for name, manifest in (("good", '{"built_at": 2}'), ("nested", NESTED)):
        (engines / name).mkdir(parents=True)
        (engines / name / BUILD_MANIFEST).write_text(manifest)
        (engines / name / BINARY_NAME).write_text("")
    assert [loc.path.parent.name for loc in built_engines(engines)] == ["good"]
