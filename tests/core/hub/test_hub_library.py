"""The local library over real GGUF files: folders and the HF cache (filled by a real
download from the fake Hub), summaries from headers, partial files ignored, import rules
and deletion."""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import gguf
import numpy as np
import pytest

from studio.cli import main
from studio.core.hub import (
    DownloadQueue,
    DownloadRequest,
    HfCacheTarget,
    HubClient,
    HubConfig,
    JobState,
)
from studio.core.hub.errors import (
    LIBRARY_IS_MMPROJ,
    LIBRARY_NOT_GGUF,
    LibraryError,
)
from studio.core.hub.library import (
    Source,
    delete_model,
    import_model,
    scan_folder,
    scan_hf_cache,
    scan_library,
)
from studio.core.tasks import TaskOwner
from studio.core.voice import ENGLISH
from tests.support.fake_hub import FakeFile, FakeHub, FakeRepo
from tests.support.hostile import hostile_gguf
from tests.support.synthetic import TINY_LLAMA, write_model

V = gguf.GGUFValueType


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_model(tmp_path_factory.mktemp("tiny") / "tiny-llama-F16.gguf", TINY_LLAMA)


def _projector(path: Path) -> Path:
    writer = gguf.GGUFWriter(path, "clip")
    writer.add_string("general.name", "tiny projector")
    writer.add_tensor("mm.0.weight", np.zeros((4, 4), dtype=np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


def test_folder_scan_summarises_models_and_ignores_partials(tiny: Path, tmp_path: Path) -> None:
    folder = tmp_path / "models"
    (folder / "org" / "repo").mkdir(parents=True)
    shutil.copy(tiny, folder / "org" / "repo" / "tiny-llama-F16.gguf")
    write_model(folder / "split" / "tiny-Q8.gguf", TINY_LLAMA, split_max_tensors=20)
    _projector(folder / "mmproj-tiny-f16.gguf")
    (folder / "half.gguf.part").write_bytes(tiny.read_bytes()[:5000])
    (folder / "broken-Q4_0.gguf").write_bytes(tiny.read_bytes()[:5000])
    rows = {row.file_name: row for row in scan_folder(folder)}
    assert set(rows) == {
        "tiny-llama-F16.gguf",
        "tiny-Q8-00001-of-00003.gguf",
        "mmproj-tiny-f16.gguf",
        "broken-Q4_0.gguf",
    }
    llama = rows["tiny-llama-F16.gguf"]
    assert (llama.architecture, llama.name, llama.quant) == ("llama", "synthetic-llama", "F16")
    assert llama.context_length == 4096 and llama.parameters > 1_000_000
    assert llama.size == tiny.stat().st_size and not llama.is_projector and not llama.problem
    split = rows["tiny-Q8-00001-of-00003.gguf"]
    assert len(split.files) == 3 and split.size == sum(p.stat().st_size for p in split.files)
    assert split.parameters == llama.parameters
    assert rows["mmproj-tiny-f16.gguf"].is_projector
    assert rows["mmproj-tiny-f16.gguf"].architecture == "clip"
    assert rows["broken-Q4_0.gguf"].problem.startswith("gguf.")
    # Neither the name nor the metadata says the quant: the weights' main type does.
    shutil.copy(tiny, folder / "unnamed.gguf")
    (unnamed,) = [row for row in scan_folder(folder) if row.file_name == "unnamed.gguf"]
    assert unnamed.quant == "F16"


async def test_a_download_from_the_hub_shows_up_from_the_hf_cache(
    tiny: Path, tmp_path: Path
) -> None:
    repo = FakeRepo("tester/TinyLlama-GGUF", {"tiny-llama-F16.gguf": FakeFile(tiny)})
    cache = tmp_path / "hf"
    fake = FakeHub([repo])
    with fake.running():
        config = HubConfig(endpoint=fake.endpoint, cache_dir=cache)
        client = HubClient(config)
        details = await client.repo(repo.repo_id)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue = DownloadQueue(
            config,
            client.file_url,
            TaskOwner("test"),
            lambda s: s.state.finished and not done.done() and done.set_result(None),
        )
        target = HfCacheTarget(cache, repo.repo_id, details.revision)
        files = details.models[0].files
        job = queue.add(DownloadRequest(repo.repo_id, details.revision, files, "t", target))
        await asyncio.wait_for(done, 30)
        assert queue.snapshot(job).state is JobState.COMPLETED
    rows = await asyncio.to_thread(scan_library, cache, [])
    assert [(r.source, r.repo_id, r.architecture, r.quant) for r in rows] == [
        (Source.HF_CACHE, "tester/TinyLlama-GGUF", "llama", "F16")
    ]
    # A models folder that contains the cache does not list the same file twice.
    assert await asyncio.to_thread(scan_library, cache, [tmp_path]) == rows
    # Deleting removes the snapshot link and the blob nobody else uses.
    await asyncio.to_thread(delete_model, rows[0], cache)
    assert await asyncio.to_thread(scan_hf_cache, cache) == []
    assert not await asyncio.to_thread(lambda: list(cache.rglob("blobs/*")))


def test_hf_cache_partials_are_not_models(tiny: Path, tmp_path: Path) -> None:
    blobs = tmp_path / "models--a--b" / "blobs"
    blobs.mkdir(parents=True)
    (blobs / ("0" * 64 + ".incomplete")).write_bytes(tiny.read_bytes()[:1000])
    assert scan_hf_cache(tmp_path) == []
    assert scan_hf_cache(tmp_path / "missing") == []


def test_import_links_a_valid_model_and_refuses_others(tiny: Path, tmp_path: Path) -> None:
    folder = tmp_path / "library"
    row = import_model(tiny, folder)
    assert row.path == folder / tiny.name and row.architecture == "llama"
    assert row.path.stat().st_ino == tiny.stat().st_ino  # a hard link: no second copy
    projector = _projector(tmp_path / "vision.gguf")  # caught by architecture, not by name
    with pytest.raises(LibraryError) as caught:
        import_model(projector, folder)
    assert caught.value.code == LIBRARY_IS_MMPROJ
    text = tmp_path / "notes.gguf"
    text.write_text("not a model at all")
    with pytest.raises(LibraryError) as caught:
        import_model(text, folder)
    assert caught.value.code == LIBRARY_NOT_GGUF
    assert sorted(p.name for p in folder.iterdir()) == [tiny.name]


def test_delete_removes_every_shard_from_a_folder(tmp_path: Path) -> None:
    write_model(tmp_path / "m" / "tiny.gguf", TINY_LLAMA, split_max_tensors=20)
    (row,) = scan_folder(tmp_path / "m")
    delete_model(row)
    assert list((tmp_path / "m").iterdir()) == []


def test_each_hostile_file_is_one_row_with_its_reason(tiny: Path, tmp_path: Path) -> None:
    # An infinite head count aborted the whole scan; NaN raised ValueError; 2**32-1 layers
    # ran out of memory. Now each is its own row, and the good model is still listed.
    folder = tmp_path / "models"
    folder.mkdir()
    shutil.copy(tiny, folder / "good-F16.gguf")
    hostile_gguf(folder / "inf-heads.gguf", llama__attention__head_count=(math.inf, V.FLOAT32))
    hostile_gguf(folder / "nan-layers.gguf", llama__block_count=(math.nan, V.FLOAT32))
    hostile_gguf(folder / "huge-layers.gguf", llama__block_count=(0xFFFFFFFF, V.UINT32))
    hostile_gguf(folder / "negative.gguf", llama__embedding_length=(-4096, V.INT32))
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.gguf")
    rows = {row.file_name: row for row in scan_library(None, [folder])}
    assert not rows.pop("good-F16.gguf").problem
    pipe = rows.pop("pipe.gguf", None)
    if pipe is not None:
        assert pipe.problem == "model_not_regular_file"
        assert pipe.problem_params["kind"] == "FIFO"
    assert set(rows) == {"inf-heads.gguf", "nan-layers.gguf", "huge-layers.gguf", "negative.gguf"}
    for row in rows.values():
        assert row.problem == "gguf.bad_metadata"
        assert str(row.problem_params["key"]).startswith("llama.")
        assert "not plausible" in row.problem_detail
    assert rows["negative.gguf"].problem_params["value"] == "-4096"


def test_the_cli_prints_a_bad_file_as_a_row_with_its_reason(
    tiny: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "models"
    folder.mkdir()
    shutil.copy(tiny, folder / "good-F16.gguf")
    hostile_gguf(folder / "inf-heads.gguf", llama__attention__head_count=(math.inf, V.FLOAT32))
    assert main(["library", str(folder)]) == 0
    out, err = capsys.readouterr()
    (good,) = [line for line in out.splitlines() if "good-F16.gguf" in line]
    assert "llama" in good and "unreadable" not in good
    (bad,) = [line for line in out.splitlines() if "inf-heads.gguf" in line]
    assert "unreadable" in bad and "llama.attention.head_count = inf" in bad
    assert "Traceback" not in out + err


@contextlib.contextmanager
def _deep_folder(top: Path, levels: int) -> Iterator[None]:
    """`levels` nested folders `x` under `top` while the block runs, made and removed one
    relative step at a time: their full path is far longer than PATH_MAX, and pytest's own
    clean-up of its temporary folders recurses once per level (RecursionError)."""
    start = os.open(".", os.O_RDONLY)
    made = 0
    try:
        os.chdir(top)
        while made < levels:
            Path("x").mkdir()
            os.chdir("x")
            made += 1
        os.fchdir(start)
        yield
    finally:
        os.chdir(top)
        for _ in range(made):
            os.chdir("x")
        for _ in range(made):
            os.chdir("..")
            Path("x").rmdir()
        os.fchdir(start)
        os.close(start)


def test_a_symlink_loop_costs_its_own_rows_not_the_library(
    tiny: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A file link loop made `scan_library` raise RuntimeError (Path.resolve) and every
    # listing fail: /v1/models 500, `studio library` an unexpected problem.
    folder = tmp_path / "models"
    (folder / "sub").mkdir(parents=True)
    shutil.copy(tiny, folder / "good-F16.gguf")
    shutil.copy(tiny, folder / "sub" / "inner-F16.gguf")
    (folder / "a.gguf").symlink_to("b.gguf")
    (folder / "b.gguf").symlink_to("a.gguf")
    (folder / "self.gguf").symlink_to("self.gguf")
    (folder / "sub" / "up").symlink_to("..")  # a folder that leads back up the tree
    (folder / "sub" / "again").symlink_to(folder / "sub")
    rows = {row.path.name: row for row in scan_library(None, [folder])}
    assert not rows.pop("good-F16.gguf").problem
    assert not rows.pop("inner-F16.gguf").problem  # listed once, however often it is reached
    assert set(rows) == {"a.gguf", "b.gguf", "self.gguf"}
    assert all(row.problem == "model_unreadable" for row in rows.values())
    assert main(["library", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert "good-F16.gguf" in out and "inner-F16.gguf" in out and "self.gguf" in out
    assert "Traceback" not in out + err and "unexpected" not in out + err


def test_a_folder_1100_levels_deep_is_said_and_the_rest_listed(tiny: Path, tmp_path: Path) -> None:
    # rglob recursed once per level: RecursionError, and no library at all.
    folder = tmp_path / "models"
    folder.mkdir()
    shutil.copy(tiny, folder / "good-F16.gguf")
    shallow = folder / "y" / "y" / "y"
    shallow.mkdir(parents=True)
    shutil.copy(tiny, shallow / "shallow-F16.gguf")
    with _deep_folder(folder, 1100):
        rows = scan_folder(folder)
        assert (folder / "x").is_dir()
        deep_rows = [row for row in rows if row.problem == "library_folder_too_deep"]
        delete_model(deep_rows[0])  # a skipped folder's row owns no files: removes nothing
        assert (folder / "x").is_dir()
    models = {row.path.name: row for row in rows if row.problem != "library_folder_too_deep"}
    assert set(models) == {"good-F16.gguf", "shallow-F16.gguf"}
    assert not any(row.problem for row in models.values())
    (deep,) = [row for row in rows if row.problem == "library_folder_too_deep"]
    assert deep.problem_params["depth"] == 32 and deep.files == ()
    assert deep.path.parts[-33:] == ("x",) * 33
    assert "nested more than 32 folders deep" in ENGLISH.code(deep.problem, deep.problem_params)


def test_an_unreadable_subfolder_is_said_and_the_rest_listed(
    tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "models"
    locked = folder / "locked"
    locked.mkdir(parents=True)
    shutil.copy(tiny, folder / "good-F16.gguf")
    shutil.copy(tiny, locked / "hidden-F16.gguf")
    locked.chmod(0)
    if os.geteuid() == 0:  # root reads any folder: refuse this one as the OS would
        real_scandir = os.scandir

        def refusing(path: str | os.PathLike[str]) -> object:
            if Path(path) == locked:
                raise PermissionError(13, "Permission denied", str(path))
            return real_scandir(path)

        monkeypatch.setattr(os, "scandir", refusing)
    try:
        rows = {row.path.name: row for row in scan_library(None, [folder])}
    finally:
        locked.chmod(0o755)
    assert not rows.pop("good-F16.gguf").problem
    (said,) = rows.values()
    assert said.problem == "library_folder_unreadable" and said.path == locked
    sentence = ENGLISH.code(said.problem, said.problem_params)
    assert (
        sentence
        == f"The folder {locked} cannot be read (Permission denied); its models are not listed."
    )


def test_a_deep_folder_in_the_hf_cache_costs_the_cache_row_not_the_library(
    tiny: Path, tmp_path: Path
) -> None:
    # huggingface_hub's own scan recursed once per level: RecursionError out of
    # scan_library, and nothing listed at all.
    cache = tmp_path / "hub"
    snapshot = cache / "models--someone--tiny" / "snapshots" / "abc"
    snapshot.mkdir(parents=True)
    (cache / "models--someone--tiny" / "refs").mkdir()
    (cache / "models--someone--tiny" / "blobs").mkdir()
    folder = tmp_path / "models"
    folder.mkdir()
    shutil.copy(tiny, folder / "good-F16.gguf")
    with _deep_folder(snapshot, 1100):
        rows = scan_library(cache, [folder])
    by_name = {row.path.name: row for row in rows}
    assert not by_name["good-F16.gguf"].problem
    said = by_name["hub"]
    assert said.problem == "library_folder_unreadable" and said.files == ()
    assert ENGLISH.code(said.problem, said.problem_params) == (
        f"The folder {cache} cannot be read (its folders are nested too deep); "
        "its models are not listed."
    )
