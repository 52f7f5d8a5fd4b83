"""Only regular files are ever opened as models: FIFOs and devices are refused at once,
and `check_model_file` (what `/studio/load` calls) says everything before a launch."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from studio.core.gguf import (
    GGUFError,
    ModelFileMissingError,
    NotRegularFileError,
    TruncatedError,
    UnreadableFileError,
    check_model_file,
    open_regular,
    read_header,
    read_model,
    refuse_special_file,
)
from studio.core.gguf.files import _OPEN_FLAGS
from tests.support.synthetic import TINY_LLAMA, synthetic_model, write_model

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def _within(seconds: float, action: Callable[[], object]) -> BaseException | None:
    """Run `action` in a daemon thread; fail the test (not hang it) if it blocks."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            action()
            outcome.append(None)
        except BaseException as error:  # handed to the test, which asserts on it
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, f"blocked for more than {seconds} s"
    return outcome[0]


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = tmp_path / "model.gguf"
    os.mkfifo(path)
    return path


@needs_fifo
@pytest.mark.parametrize("reader", [read_header, read_model, check_model_file, open_regular])
def test_a_fifo_is_refused_without_blocking(fifo: Path, reader: Callable[[Path], object]) -> None:
    error = _within(5, lambda: reader(fifo))
    assert isinstance(error, NotRegularFileError)
    assert error.code == "model_not_regular_file"
    assert error.params == {"path": str(fifo), "kind": "FIFO"}


@needs_fifo
def test_a_link_to_a_fifo_is_refused_too(fifo: Path, tmp_path: Path) -> None:
    link = tmp_path / "link.gguf"
    link.symlink_to(fifo)
    assert isinstance(_within(5, lambda: read_model(link)), NotRegularFileError)


def test_a_device_is_refused() -> None:
    # /dev/zero would never end, /dev/null reads as empty; neither is a model.
    for device in ("/dev/null", "/dev/zero"):
        if not Path(device).exists():
            pytest.skip("no device files here")
        error = _within(5, lambda device=device: read_model(Path(device)))  # type: ignore[misc]
        assert isinstance(error, NotRegularFileError)
        assert error.params["kind"] == "character device"


def test_a_directory_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "folder.gguf"
    folder.mkdir()
    with pytest.raises(NotRegularFileError) as caught:
        check_model_file(folder)
    assert caught.value.params["kind"] == "directory"


def test_the_open_cannot_block_even_if_a_fifo_is_swapped_in() -> None:
    # The stat check and the open are two system calls; O_NONBLOCK makes the window
    # harmless (a FIFO opens at once and the fstat after it refuses it).
    assert _OPEN_FLAGS & os.O_NONBLOCK


def test_missing_and_unreadable_files_are_typed(tmp_path: Path) -> None:
    with pytest.raises(ModelFileMissingError) as caught:
        check_model_file(tmp_path / "gone.gguf")
    assert caught.value.code == "model_missing"
    if os.geteuid() == 0:
        return  # root reads any file
    locked = shutil.copy(synthetic_model("tiny-llama"), tmp_path / "locked.gguf")
    Path(locked).chmod(0)
    with pytest.raises(UnreadableFileError) as unreadable:
        check_model_file(locked)
    assert unreadable.value.code == "model_unreadable"


def test_check_model_file_reads_every_shard_and_the_data_size(tmp_path: Path) -> None:
    model = check_model_file(synthetic_model("tiny-llama"))
    assert model.metadata["general.architecture"] == "llama"
    first = write_model(tmp_path / "split" / "m.gguf", TINY_LLAMA, split_max_tensors=8)
    assert len(check_model_file(str(first)).shards) > 1
    truncated = tmp_path / "short.gguf"
    truncated.write_bytes(synthetic_model("tiny-llama").read_bytes()[:-100])
    with pytest.raises(TruncatedError):
        check_model_file(truncated)


@needs_fifo
def test_a_fifo_shard_is_refused_not_reported_missing(tmp_path: Path) -> None:
    first = write_model(tmp_path / "split" / "m.gguf", TINY_LLAMA, split_max_tensors=8)
    last = sorted(first.parent.glob("m-*.gguf"))[-1]
    last.unlink()
    os.mkfifo(last)
    assert isinstance(_within(5, lambda: check_model_file(first)), NotRegularFileError)


@needs_fifo
def test_refuse_special_file_lets_regular_and_missing_paths_through(fifo: Path) -> None:
    refuse_special_file(synthetic_model("tiny-llama"))
    refuse_special_file(fifo.with_name("not-there.gguf"))
    with pytest.raises(NotRegularFileError):
        refuse_special_file(fifo)


def test_every_file_error_is_a_gguf_error() -> None:
    # Callers that catch GGUFError (the library, fit before download) catch these too.
    for kind in (ModelFileMissingError, NotRegularFileError, UnreadableFileError):
        assert issubclass(kind, GGUFError)
