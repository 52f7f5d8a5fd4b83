"""The one safe file reader: regular files only, never more than the cap, never blocking."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from studio.core.safe_read import ReadRefusedError, read_regular, read_regular_text


def test_a_regular_file_within_the_cap_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "note.txt"
    path.write_bytes(b"x" * 100)
    assert read_regular(path, limit=100) == b"x" * 100
    assert read_regular_text(path, limit=100) == "x" * 100


def test_a_file_over_the_cap_is_refused_with_its_size(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * 101)
    with pytest.raises(ReadRefusedError) as refused:
        read_regular(path, limit=100)
    assert (refused.value.reason, refused.value.size, refused.value.limit) == (
        "too_large",
        101,
        100,
    )


def test_an_endless_device_is_refused_before_any_read() -> None:
    with pytest.raises(ReadRefusedError) as refused:
        read_regular("/dev/zero", limit=1 << 30)
    assert (refused.value.reason, refused.value.kind) == ("not_regular", "character device")


def test_a_fifo_without_a_writer_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(ReadRefusedError) as refused:
        read_regular(fifo, limit=10)
    assert refused.value.kind == "FIFO"


def test_a_directory_and_a_socket_are_refused(tmp_path: Path) -> None:
    with pytest.raises((ReadRefusedError, IsADirectoryError)):
        read_regular(tmp_path, limit=10)
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(tmp_path / "s"))
    try:
        with pytest.raises((ReadRefusedError, OSError)):
            read_regular(tmp_path / "s", limit=10)
    finally:
        listener.close()


def test_a_missing_file_is_an_oserror_not_a_refusal(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_regular(tmp_path / "absent", limit=10)


def test_undecodable_text_is_a_value_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"\xff\xfe\xfa")
    with pytest.raises(ValueError):
        read_regular_text(path, limit=10)
