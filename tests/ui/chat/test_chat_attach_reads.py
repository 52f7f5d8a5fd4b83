"""An image attached from a path that is a FIFO, a device or a huge file is refused in one
sentence, at once and in bounded memory (issue 25)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from studio.core.chat.attachments import MAX_SOURCE_BYTES, ImageRefusedError
from studio.core.errors import Problem
from studio.core.voice import ENGLISH
from studio.ui.chat.image_attach import PendingImages
from studio.ui.chat.image_prepare import prepare_file
from tests.support.bounded import run_bounded
from tests.support.fifo_watch import watched_fifo


def test_a_fifo_attached_as_an_image_is_refused_without_waiting(
    qtbot: QtBot, tmp_path: Path
) -> None:
    pending = PendingImages()  # no task owner: prepared right here
    refusals: list[Problem] = []
    pending.refused.connect(refusals.append)
    with watched_fifo(tmp_path / "photo.png") as fifo:
        pending.add_files([fifo.path])
        assert fifo.blocked() == 0
    (problem,) = refusals
    assert problem.code == "chat_attach_not_regular"
    assert ENGLISH.error(problem).startswith("photo.png is not an ordinary file")
    assert pending.images == []


def test_an_image_file_over_the_cap_is_refused_with_the_cap(tmp_path: Path) -> None:
    big = tmp_path / "big.png"
    with big.open("wb") as handle:
        handle.truncate(MAX_SOURCE_BYTES + 1)  # sparse: costs no disk
    with pytest.raises(ImageRefusedError) as refused:
        prepare_file(big)
    assert refused.value.code == "chat_attach_too_large"
    assert "is too large" in ENGLISH.error(refused.value)


def test_dev_zero_attached_as_an_image_is_refused_in_bounded_memory() -> None:
    done = run_bounded(
        """
        from pathlib import Path
        from PySide6.QtGui import QGuiApplication
        app = QGuiApplication([])
        from studio.core.chat.attachments import ImageRefusedError
        from studio.ui.chat.image_prepare import prepare_file
        try:
            prepare_file(Path("/dev/zero"))
        except ImageRefusedError as error:
            print(error.code)
        """
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "chat_attach_not_regular"
