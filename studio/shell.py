"""What the window's first paint needs, and nothing more: the settings, the language, the
theme, the app-wide input filters and the empty main window where the person left it.

`app.py` paints this shell first and builds the rest of the app (`StudioApp`, whose
imports pull in the engine, Hub and model-file code) after; the shell's modules must stay
light, which `tests/test_launch_imports.py` keeps."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

from studio.core.paths import AppPaths
from studio.core.settings import SettingsStore
from studio.core.shipped_files import ShippedFiles
from studio.core.tasks import TaskOwner
from studio.services.settings_service import SettingsService
from studio.ui.common.enter_clicks import EnterClicks
from studio.ui.common.plain_text import PlainLabels
from studio.ui.common.theme import ThemeChoice, ThemeController
from studio.ui.common.wheel_guard import WheelGuard
from studio.ui.i18n.i18n import LanguageController
from studio.ui.window.main_window import MainWindow
from studio.ui.window.window_memory import WindowMemory


class Shell:
    """The settings, language and empty window one app run starts from; `close` undoes
    what it installed on the QApplication."""

    def __init__(self, paths: AppPaths, environ: Mapping[str, str]) -> None:
        qt_app = QApplication.instance()
        assert isinstance(qt_app, QApplication), "the shell needs the QApplication made first"
        self._qt_app = qt_app
        self.files = ShippedFiles.default()
        self.tasks = TaskOwner("app")
        self.settings = SettingsService(SettingsStore.in_directory(paths.config_dir), self.tasks)
        # Before any widget exists, so every text is looked up in the chosen language.
        self.language = LanguageController(qt_app, self.files.i18n, environ)
        self.language.follow(self.settings)
        self.theme = ThemeController(qt_app)
        self.theme.apply(ThemeChoice.parse(self.settings.current.theme))
        # Scrolling a panel never changes the setting under the pointer, Enter presses a
        # focused button as Space does, and no label reads outside text as markup: for
        # every widget of this app, so app-wide.
        self._input_filters: tuple[QObject, ...] = (WheelGuard(), EnterClicks(), PlainLabels())
        for input_filter in self._input_filters:
            qt_app.installEventFilter(input_filter)
        self.window = MainWindow()
        self.window_memory = WindowMemory(self.window, self.settings)
        self.window_memory.restore_window()

    def close(self) -> None:
        self.language.close()
        for input_filter in self._input_filters:
            self._qt_app.removeEventFilter(input_filter)
