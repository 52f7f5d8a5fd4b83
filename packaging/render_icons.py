"""Render resources/icons/gguf-studio.svg into the hicolor PNG sizes committed beside it.

Run after changing the SVG: `python packaging/render_icons.py`. tests/ui/test_app_icon.py
fails while the committed PNGs differ from a fresh render.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QGuiApplication

from studio.core.shipped_files import ICON_SIZES, ShippedFiles
from studio.ui.window.app_icon import render_svg


def main() -> int:
    app = QGuiApplication(sys.argv[:1])  # fonts and image plugins need one
    shipped = ShippedFiles.default()
    for size in ICON_SIZES:
        target = shipped.icon_png(size)
        target.parent.mkdir(parents=True, exist_ok=True)
        if not render_svg(shipped.icon_svg, size).save(str(target), "PNG"):
            print(f"could not write {target}", file=sys.stderr)
            return 1
        print(target.relative_to(shipped.root))
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
