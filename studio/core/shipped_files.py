"""Files the app ships beside its code: the icon and the translation catalogues.

In a source checkout they sit at the repository root next to the `studio` package. The
PyInstaller bundle (`packaging/gguf-studio.spec`) lays them out the same way around its
frozen `studio` package, so one rule finds them in both.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

APP_ID = "gguf-studio"
# hicolor sizes shipped as PNG next to the scalable SVG (desktop menus, docks, alt-tab).
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)


@dataclass(frozen=True)
class ShippedFiles:
    root: Path

    @classmethod
    def default(cls) -> ShippedFiles:
        # studio/core/shipped_files.py -> the directory that holds `studio/`.
        return cls(Path(__file__).resolve().parents[2])

    @property
    def resources(self) -> Path:
        return self.root / "resources"

    @property
    def i18n(self) -> Path:
        return self.root / "i18n"

    @property
    def icon_svg(self) -> Path:
        return self.resources / "icons" / f"{APP_ID}.svg"

    def icon_png(self, size: int) -> Path:
        return self.resources / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
