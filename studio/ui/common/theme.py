"""Light and dark themes that follow the system unless the user picks one.

We ask the platform for its colour scheme and also set the palette ourselves: the platform
hint alone changes nothing on platforms whose theme ignores it (offscreen, many X11 desktops),
and the Fusion style draws both palettes the same way everywhere. The palette and the app's
style sheet both come from `design`, so one choice recolours every page, and icons are
redrawn in the new text colour.
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import QApplication

from studio.ui.common.design import colors_for, palette_for, style_sheet
from studio.ui.common.icons import refresh_icons


class ThemeChoice(Enum):
    SYSTEM = "system"
    LIGHT = "light"
    DARK = "dark"

    @classmethod
    def parse(cls, value: str) -> ThemeChoice:
        """Unknown or empty stored values fall back to following the system."""
        try:
            return cls(value)
        except ValueError:
            return cls.SYSTEM


class ThemeController(QObject):
    """Owns the app's palette. `apply()` a choice; with SYSTEM it re-applies whenever the
    system switches between light and dark."""

    changed = Signal(bool)  # True when the dark palette is now in use

    def __init__(self, app: QApplication, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._app = app
        self.choice = ThemeChoice.SYSTEM
        self.dark = False
        app.setStyle("Fusion")
        # The type scale is relative to the font the platform gives the app.
        self._base_points = app.font().pointSizeF() if app.font().pointSizeF() > 0 else 10.0
        app.styleHints().colorSchemeChanged.connect(self._on_system_scheme_changed)

    def apply(self, choice: ThemeChoice) -> None:
        self.choice = choice
        hints = self._app.styleHints()
        if choice is ThemeChoice.SYSTEM:
            hints.unsetColorScheme()
        else:
            hints.setColorScheme(
                Qt.ColorScheme.Dark if choice is ThemeChoice.DARK else Qt.ColorScheme.Light
            )
        self._paint()

    def _system_is_dark(self) -> bool:
        return self._app.styleHints().colorScheme() == Qt.ColorScheme.Dark

    def _paint(self) -> None:
        if self.choice is ThemeChoice.SYSTEM:
            dark = self._system_is_dark()
        else:
            dark = self.choice is ThemeChoice.DARK
        colors = colors_for(dark)
        self._app.setPalette(palette_for(colors))
        self._app.setStyleSheet(style_sheet(colors, self._base_points))
        refresh_icons(self._app.allWidgets())
        self.dark = dark
        self.changed.emit(dark)

    @Slot(Qt.ColorScheme)
    def _on_system_scheme_changed(self, scheme: Qt.ColorScheme) -> None:
        if self.choice is ThemeChoice.SYSTEM:
            self._paint()
