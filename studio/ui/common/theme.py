"""Light and dark themes that follow the system unless the user picks one.

We ask the platform for its colour scheme and also set the palette ourselves: the platform
hint alone changes nothing on platforms whose theme ignores it (offscreen, many X11 desktops),
and the Fusion style draws both palettes the same way everywhere.
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication


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


def dark_palette() -> QPalette:
    palette = QPalette()
    window = QColor(37, 37, 38)
    base = QColor(30, 30, 30)
    text = QColor(230, 230, 230)
    disabled = QColor(128, 128, 128)
    roles = {
        QPalette.ColorRole.Window: window,
        QPalette.ColorRole.WindowText: text,
        QPalette.ColorRole.Base: base,
        QPalette.ColorRole.AlternateBase: QColor(45, 45, 48),
        QPalette.ColorRole.ToolTipBase: QColor(50, 50, 52),
        QPalette.ColorRole.ToolTipText: text,
        QPalette.ColorRole.PlaceholderText: disabled,
        QPalette.ColorRole.Text: text,
        QPalette.ColorRole.Button: QColor(50, 50, 52),
        QPalette.ColorRole.ButtonText: text,
        QPalette.ColorRole.BrightText: QColor(255, 85, 85),
        QPalette.ColorRole.Link: QColor(86, 156, 214),
        QPalette.ColorRole.Highlight: QColor(38, 79, 120),
        QPalette.ColorRole.HighlightedText: QColor(255, 255, 255),
        QPalette.ColorRole.Light: QColor(70, 70, 72),
        QPalette.ColorRole.Midlight: QColor(60, 60, 62),
        QPalette.ColorRole.Mid: QColor(45, 45, 48),
        QPalette.ColorRole.Dark: QColor(20, 20, 20),
        QPalette.ColorRole.Shadow: QColor(0, 0, 0),
    }
    for role, color in roles.items():
        palette.setColor(role, color)
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return palette


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
        style = self._app.style()
        self._app.setPalette(dark_palette() if dark else style.standardPalette())
        self.dark = dark
        self.changed.emit(dark)

    @Slot(Qt.ColorScheme)
    def _on_system_scheme_changed(self, scheme: Qt.ColorScheme) -> None:
        if self.choice is ThemeChoice.SYSTEM:
            self._paint()
