"""The main window and its splitters open as the person left them, fitted to the screen
there is now, and are remembered when the app quits."""

from __future__ import annotations

from collections.abc import Mapping

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter

from studio.services.settings_service import SettingsService
from studio.ui.common.window_place import numbers_of, place, restore_splitters, splitter_sizes
from studio.ui.window.main_window import MainWindow

MAIN = "main"


class WindowMemory:
    def __init__(self, window: MainWindow, settings: SettingsService) -> None:
        self._window = window
        self._splitters: Mapping[str, QSplitter] = {}
        self._settings = settings

    def restore_window(self) -> None:
        """The window's place and state: before it first shows, so it never jumps."""
        current = self._settings.current
        place(self._window, current.window_layout.get(MAIN), self._window.DEFAULT_SIZE)
        if current.window_maximized:
            self._window.setWindowState(self._window.windowState() | Qt.WindowState.WindowMaximized)

    def follow_splitters(self, splitters: Mapping[str, QSplitter]) -> None:
        """Restore `splitters` (named, so each finds its sizes) and remember them at quit:
        they exist only once the pages are built, after the window's first paint."""
        self._splitters = splitters
        restore_splitters(splitters, self._settings.current.window_layout)

    async def remember(self) -> None:
        """Save the window's place and the splitters' sizes (at quit, before the tasks
        stop: a background save could be cancelled with them)."""
        if not shiboken6.isValid(self._window):
            return  # already destroyed (a test's teardown): nothing left to measure
        # The normal rectangle, so a maximized window un-maximizes to where it was.
        shown = {MAIN: numbers_of(self._window.normalGeometry()), **splitter_sizes(self._splitters)}
        maximized = self._window.isMaximized()
        await self._settings.update_now(lambda s: s.with_window_layout(shown, maximized=maximized))
