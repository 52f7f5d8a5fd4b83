"""The main window: navigation between the app's areas, the memory dock and the status bar."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QEvent, Qt, Slot
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from studio.core.engine import EngineInfo
from studio.services.engine_service import EngineService


def _placeholder_page(title: str, explanation: str) -> QWidget:
    page = QWidget()
    layout = QVBoxLayout(page)
    # The title alone, styled by font rather than markup, stays the translated text itself,
    # so a language switch can find and replace it.
    heading = QLabel(title)
    font = heading.font()
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 1.5)
    heading.setFont(font)
    body = QLabel(explanation)
    body.setWordWrap(True)
    layout.addWidget(heading)
    layout.addWidget(body)
    layout.addStretch(1)
    return page


class MemoryDock(QDockWidget):
    """Per-device memory; the load dialog's panel (a later issue) draws the same data as bars."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("GPU memory"), parent)
        self.setObjectName("memory-dock")
        self.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self._label = QLabel(self.tr("Looking for devices…"))
        self._label.setObjectName("memory-devices")
        self._label.setWordWrap(True)
        self._label.setAlignment(Qt.AlignmentFlag.AlignTop)
        self._label.setAccessibleName(self.tr("Device memory"))
        self.setWidget(self._label)
        self._shown: EngineInfo | str | None = None  # what the label says, to say it again

    def changeEvent(self, event: QEvent) -> None:
        # One line per device is several lookups joined, which the app's live switch
        # cannot match as one text: build it again in the new language.
        if event.type() == QEvent.Type.LanguageChange:
            if isinstance(self._shown, EngineInfo):
                self.show_engine(self._shown)
            elif isinstance(self._shown, str):
                self.show_engine_error(self._shown)
        super().changeEvent(event)

    def show_engine(self, info: EngineInfo) -> None:
        self._shown = info
        if not info.devices:
            self._label.setText(self.tr("No GPU found by the engine: models run on the CPU."))
            return
        lines = [
            self.tr("{name}: {free} of {total} MiB free").format(
                name=f"{device.name} ({device.description})",
                free=device.free_mib,
                total=device.total_mib,
            )
            for device in info.devices
        ]
        self._label.setText("\n".join(lines))

    def show_engine_error(self, detail: str) -> None:
        self._shown = detail
        self._label.setText(
            self.tr("The engine could not be started:\n{detail}").format(detail=detail)
        )


class MainWindow(QMainWindow):
    AREAS = ("chat", "discover", "library", "server", "settings")

    def __init__(
        self,
        engine: EngineService,
        pages: Mapping[str, QWidget] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        """`pages` maps an area name from `AREAS` to its widget; `app.py` builds them.
        Areas without a page yet show a short explanation."""
        super().__init__(parent)
        self.setWindowTitle(self.tr("GGUF Studio"))
        self.setObjectName("main-window")
        self.resize(1200, 800)
        self._engine = engine

        self.navigation = QListWidget()
        self.navigation.setObjectName("navigation")
        self.navigation.setAccessibleName(self.tr("Areas"))
        self.navigation.setFixedWidth(160)
        self.pages = QStackedWidget()
        self.pages.setObjectName("pages")
        titles = {
            "chat": (self.tr("Chat"), self.tr("Load a model to start a conversation.")),
            "discover": (
                self.tr("Discover"),
                self.tr("Search Hugging Face for GGUF models and see whether they fit."),
            ),
            "library": (self.tr("Library"), self.tr("The GGUF models on this computer.")),
            "server": (self.tr("Server"), self.tr("The llama-server engine, its state and log.")),
            "settings": (self.tr("Settings"), self.tr("Engine, model folders and appearance.")),
        }
        for index, area in enumerate(self.AREAS):
            title, explanation = titles[area]
            self.navigation.addItem(title)
            page = (pages or {}).get(area) or _placeholder_page(title, explanation)
            if not page.objectName():
                page.setObjectName(f"page-{area}")
            self.pages.addWidget(page)
            shortcut = QShortcut(QKeySequence(f"Ctrl+{index + 1}"), self)
            shortcut.activated.connect(lambda i=index: self.navigation.setCurrentRow(i))
        self.navigation.currentRowChanged.connect(self.pages.setCurrentIndex)
        self.navigation.setCurrentRow(0)

        central = QWidget()
        layout = QHBoxLayout(central)
        layout.addWidget(self.navigation)
        layout.addWidget(self.pages, 1)
        self.setCentralWidget(central)

        self.memory_dock = MemoryDock(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.memory_dock)

        self.engine_status = QLabel(self.tr("Engine: probing…"))
        self.engine_status.setObjectName("engine-status")
        self.statusBar().addPermanentWidget(self.engine_status)

        engine.probed.connect(self._on_engine_probed)
        engine.failed.connect(self._on_engine_failed)

    def show_area(self, area: str) -> None:
        self.navigation.setCurrentRow(self.AREAS.index(area))

    @Slot(object)
    def _on_engine_probed(self, info: EngineInfo) -> None:
        self.engine_status.setText(
            self.tr("Engine: llama-server {version} ({source})").format(
                version=info.version.label, source=info.source.value
            )
        )
        self.memory_dock.show_engine(info)

    @Slot(str, str)
    def _on_engine_failed(self, code: str, detail: str) -> None:
        self.engine_status.setText(self.tr("Engine unavailable"))
        self.engine_status.setToolTip(detail)
        self.memory_dock.show_engine_error(detail)
