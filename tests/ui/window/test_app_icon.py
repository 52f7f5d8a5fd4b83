"""The committed PNG icons are the SVG rendered at each hicolor size."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from studio.core.shipped_files import ICON_SIZES, ShippedFiles
from studio.ui.window.app_icon import app_icon, render_svg

# Antialiasing may round differently between Qt builds; a changed drawing differs by far more.
MAX_CHANNEL_DIFFERENCE = 8


def _channels(image: QImage) -> bytes:
    converted = image.convertToFormat(QImage.Format.Format_RGBA8888)
    return bytes(converted.constBits())[: converted.sizeInBytes()]


@pytest.mark.parametrize("size", ICON_SIZES)
def test_png_matches_a_fresh_render_of_the_svg(qapp: QApplication, size: int) -> None:
    shipped = ShippedFiles.default()
    committed = QImage(str(shipped.icon_png(size)))
    assert not committed.isNull(), f"missing {shipped.icon_png(size)}"
    assert (committed.width(), committed.height()) == (size, size)
    fresh = render_svg(shipped.icon_svg, size)
    worst = max(abs(a - b) for a, b in zip(_channels(committed), _channels(fresh), strict=True))
    assert worst <= MAX_CHANNEL_DIFFERENCE, "run `python packaging/render_icons.py`"


def test_app_icon_offers_every_size(qapp: QApplication) -> None:
    icon = app_icon(ShippedFiles.default())
    sizes = {(s.width(), s.height()) for s in icon.availableSizes()}
    assert {(size, size) for size in ICON_SIZES} <= sizes
    assert icon.pixmap(QSize(48, 48)).width() == 48
