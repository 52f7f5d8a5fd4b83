"""Outside text is never read as markup: a model file or device named like an HTML image
does not make a label read the path it names, in the app's labels, its rich summary and
reasons, or a tooltip."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from studio.core.placement.setup import Machine
from studio.services.plan_service import PlanService
from studio.ui.common.plain_text import PlainLabels, plain_tip
from studio.ui.load.load_dialog import LoadDialog
from tests.support.fifo_watch import watched_fifo
from tests.ui.load.load_dialog_support import synthetic_model
from tests.ui.load.test_load_dialog_layers import ENGINE


@pytest.fixture
def plain(qapp: QApplication) -> Iterator[PlainLabels]:
    installed = PlainLabels()
    qapp.installEventFilter(installed)
    yield installed
    qapp.removeEventFilter(installed)


def test_a_sentence_that_starts_like_an_image_is_shown_as_written(
    qtbot: QtBot, plain: PlainLabels, tmp_path: Path
) -> None:
    with watched_fifo(tmp_path / "pipe") as fifo:
        sentence = f'<img src="{fifo.path}">.gguf could not be loaded: it is not a GGUF file.'
        label = QLabel(sentence)
        qtbot.addWidget(label)
        label.show()
        qtbot.waitExposed(label)
        assert fifo.blocked() == 0
    assert label.textFormat() == Qt.TextFormat.PlainText


def test_a_label_that_asks_for_rich_text_keeps_it(qtbot: QtBot, plain: PlainLabels) -> None:
    label = QLabel("<b>Fits.</b>")
    label.setTextFormat(Qt.TextFormat.RichText)
    qtbot.addWidget(label)
    label.show()
    assert label.textFormat() == Qt.TextFormat.RichText


def test_a_tooltip_of_outside_text_is_escaped_markup() -> None:
    tip = plain_tip('/models/<img src="/dev/zero">\nQ4.gguf')
    assert "<img" not in tip and "&lt;img src=&quot;/dev/zero&quot;&gt;<br>Q4.gguf" in tip
    assert plain_tip("") == ""


def test_a_model_file_named_like_an_image_opens_the_load_dialog_without_reading_it(
    qtbot: QtBot, plain: PlainLabels, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A file name cannot hold "/": the image it names is relative, so read from here.
    monkeypatch.chdir(tmp_path)
    model = tmp_path / "<img src=pipe>.gguf"
    shutil.copy(synthetic_model("llama-8b-shape"), model)
    setup = Machine.of({"STUDIO_FAKE_DEVICES": "GPU0:24GiB,HOST:64GiB"}).setup(model, ENGINE)
    with watched_fifo(tmp_path / "pipe") as fifo:
        dialog = LoadDialog(setup, PlanService(setup.planner))
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        assert fifo.blocked() == 0
    summary = dialog.findChild(QLabel, "load-summary")
    assert summary is not None and "&lt;img src=pipe&gt;.gguf" in summary.text()
