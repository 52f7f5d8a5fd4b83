"""The app icon: the SVG rendered to pixels, and the QIcon the windows carry."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from studio.core.shipped_files import ICON_SIZES, ShippedFiles


def render_svg(svg: Path, size: int) -> QImage:
    """`svg` drawn into a transparent `size`x`size` image (how the shipped PNGs are made)."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"not a valid SVG: {svg}")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def app_icon(shipped: ShippedFiles) -> QIcon:
    """Every shipped size, so that Qt never scales a bitmap; empty if nothing is shipped."""
    icon = QIcon()
    for size in ICON_SIZES:
        png = shipped.icon_png(size)
        if png.is_file():
            icon.addFile(str(png), QSize(size, size))
    if shipped.icon_svg.is_file():
        icon.addFile(str(shipped.icon_svg))
    return icon
