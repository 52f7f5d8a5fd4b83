"""Models read once per file version: a planner planning the same file again does not
parse its header again, a file replaced under the same name is read afresh, and a file
that cannot be read says why in the reader's words."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from studio.core.gguf import GGUFError
from studio.core.gguf.cache import ModelCache
from tests.support.synthetic import synthetic_model


def test_a_model_is_read_once_per_version_of_its_file(tmp_path: Path) -> None:
    model = tmp_path / "model.gguf"
    shutil.copyfile(synthetic_model("tiny-llama"), model)
    cache = ModelCache()
    first = cache.read(model)
    assert cache.read(model) is first
    # Replaced under the same name (another size and time): read afresh.
    shutil.copyfile(synthetic_model("tiny-gemma3"), model)
    stat = model.stat()
    os.utime(model, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    second = cache.read(model)
    arch = "general.architecture"
    assert second is not first and second.metadata[arch] != first.metadata[arch]


def test_only_the_most_recent_models_are_kept(tmp_path: Path) -> None:
    paths = []
    for index in range(3):
        path = tmp_path / f"m{index}.gguf"
        shutil.copyfile(synthetic_model("tiny-llama"), path)
        paths.append(path)
    cache = ModelCache(size=2)
    models = [cache.read(p) for p in paths]
    assert cache.read(paths[2]) is models[2]
    assert cache.read(paths[0]) is not models[0]  # the oldest was dropped


def test_a_missing_file_is_refused_as_the_reader_refuses_it(tmp_path: Path) -> None:
    with pytest.raises(GGUFError) as refused:
        ModelCache().read(tmp_path / "gone.gguf")
    assert refused.value.code == "model_missing"
