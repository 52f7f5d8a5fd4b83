"""Numbers follow the user's language: German reads "1,9 GiB" and "8.192", never the
English marks beside German words; the CLI's English is unchanged."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QLocale

from studio.core.units import GIB, format_bytes
from studio.ui.common.numbers import ui_count, ui_size
from studio.ui.common.voice import ui_voice


@pytest.fixture
def german() -> Iterator[None]:
    before = QLocale()
    QLocale.setDefault(QLocale("de"))
    yield
    QLocale.setDefault(before)


@pytest.mark.usefixtures("german")
def test_german_sizes_and_counts_use_german_marks() -> None:
    size = int(1.9 * GIB)
    assert ui_size(size) == "1,9 GiB" and format_bytes(size) == "1.9 GiB"
    assert ui_count(8192) == "8.192"
    # Sentences with sizes in them, too.
    sentence = ui_voice().code(
        "weights_kept_on_host", {"device": "GPU0", "kept": size, "limit": size}
    )
    assert "1,9 GiB" in sentence and "1.9 GiB" not in sentence


def test_english_keeps_its_marks() -> None:
    before = QLocale()
    QLocale.setDefault(QLocale("en"))
    try:
        assert ui_size(int(1.9 * GIB)) == "1.9 GiB" and ui_count(8192) == "8,192"
    finally:
        QLocale.setDefault(before)
