"""The Help menu: the online help and an About box with the version, engine and licence."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QUrl
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import QMessageBox

from studio import __version__
from studio.core.shipped_files import ShippedFiles
from studio.services.engine_service import EngineService
from studio.ui.common.voice import engine_source_name
from studio.ui.window.main_window import MainWindow

LICENCE = "MIT"


def help_url(files: ShippedFiles | None = None) -> QUrl:
    """The README shipped beside the code: the help that matches this very version, which
    also works offline."""
    readme: Path = (files or ShippedFiles.default()).root / "README.md"
    return QUrl.fromLocalFile(str(readme))


class HelpMenu(QObject):
    """Adds Help > Online help (F1) and Help > About to `window`'s menu bar."""

    def __init__(
        self,
        window: MainWindow,
        engine: EngineService,
        open_url: type[QDesktopServices] | None = None,
        files: ShippedFiles | None = None,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._engine = engine
        self._files = files
        # Tests pass a stand-in so no browser or editor opens.
        self._open_url = (open_url or QDesktopServices).openUrl
        self.about_box: QMessageBox | None = None
        menu = window.help_menu
        self.help_action = QAction(self.tr("Online &help"), window)
        self.help_action.setObjectName("action-help")
        self.help_action.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.help_action.triggered.connect(self.open_help)
        self.about_action = QAction(self.tr("&About GGUF Studio"), window)
        self.about_action.setObjectName("action-about")
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)
        menu.addAction(self.help_action)
        menu.addAction(self.about_action)

    def open_help(self) -> bool:
        return bool(self._open_url(help_url(self._files)))

    def about_text(self) -> str:
        info = self._engine.info
        engine = (
            self.tr("llama-server {version} ({source})").format(
                version=info.version.label, source=engine_source_name(info.source)
            )
            if info is not None
            else self.tr("not available")
        )
        where = html.escape(str(info.path)) if info is not None else ""
        lines = [
            f"<b>{html.escape(self.tr('GGUF Studio {version}').format(version=__version__))}</b>",
            html.escape(self.tr("Engine: {engine}").format(engine=engine)),
            where,
            html.escape(self.tr("Licence: {licence}").format(licence=LICENCE)),
        ]
        return "<br>".join(line for line in lines if line)

    def show_about(self) -> QMessageBox:
        # Not exec(): a nested modal loop would stall the asyncio tasks under qasync.
        box = QMessageBox(self._window)
        box.setObjectName("about-box")
        box.setWindowTitle(self.tr("About GGUF Studio"))
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(self.about_text())
        box.setIconPixmap(self._window.windowIcon().pixmap(64, 64))
        box.setStandardButtons(QMessageBox.StandardButton.Close)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.about_box = box
        return box
