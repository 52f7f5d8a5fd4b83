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
from studio.core.errors import Problem
from studio.core.hardware import Device, DeviceInventory
from studio.core.placement.device_memory import format_bytes
from studio.services.engine_service import EngineService
from studio.services.memory_monitor import MemorySample
from studio.ui.common.voice import ui_voice


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
    """Per-device memory in words; the load dialog's panel draws the same data as bars.

    The devices come from the same discovery the planner uses (NVML, or the fake devices
    of STUDIO_FAKE_DEVICES), so the dock names what the load dialog will plan for; the
    engine's own device list is the fallback for GPUs NVML cannot see (Vulkan on AMD or
    Intel). Live samples from the memory monitor keep the free memory current."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("GPU memory"), parent)
        self.setObjectName("memory-dock")
        self.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self._label = QLabel(self.tr("Looking for devices…"))
        self._label.setObjectName("memory-devices")
        self._label.setWordWrap(True)
        self._label.setAlignment(Qt.AlignmentFlag.AlignTop)
        self._label.setAccessibleName(self.tr("Device memory"))
        # Word wrap lets the label shrink; without a cap the dock would take the width of
        # its longest line from the pages.
        self._label.setMaximumWidth(260)
        self.setWidget(self._label)
        self._engine: EngineInfo | None = None
        self._error: str | None = None
        self._inventory: DeviceInventory | None = None
        self._sample: MemorySample | None = None

    def changeEvent(self, event: QEvent) -> None:
        # One line per device is several lookups joined, which the app's live switch
        # cannot match as one text: build it again in the new language.
        if event.type() == QEvent.Type.LanguageChange:
            self._render()
        super().changeEvent(event)

    def show_engine(self, info: EngineInfo) -> None:
        self._engine, self._error = info, None
        self._render()

    def show_engine_error(self, detail: str) -> None:
        self._error = detail
        self._render()

    def show_inventory(self, inventory: DeviceInventory) -> None:
        """The devices the planner sees (NVML or fake GPUs, RPC servers)."""
        self._inventory = inventory
        self._render()

    def show_sample(self, sample: MemorySample) -> None:
        self._sample = sample
        if self._inventory is not None and self._inventory.devices:
            self._render()

    def _render(self) -> None:
        error = (
            self.tr("The engine could not be started:\n{detail}").format(detail=self._error)
            if self._error is not None
            else None
        )
        if self._inventory is not None and self._inventory.devices:
            # The GPUs are there whether or not the engine starts: name them either way.
            lines = [self._device_line(d) for d in self._inventory.devices]
            self._label.setText("\n".join([*lines, *([error] if error else [])]))
            return
        if error is not None:
            self._label.setText(error)
            return
        if self._engine is not None and self._engine.devices:
            lines = [
                self.tr("{name}: {free} of {total} MiB free").format(
                    name=f"{device.name} ({device.description})",
                    free=device.free_mib,
                    total=device.total_mib,
                )
                for device in self._engine.devices
            ]
            self._label.setText("\n".join(lines))
            return
        if self._engine is not None or self._inventory is not None:
            self._label.setText(self.tr("No GPU found: models run on the CPU."))

    def _device_line(self, device: Device) -> str:
        total, free = device.total_bytes, device.free_bytes
        sample = self._sample
        if sample is not None and device.uuid in sample.used:
            total = sample.total[device.uuid]
            free = max(0, total - sample.used[device.uuid])
        return self.tr("{name}: {free} of {total} free").format(
            name=device.name, free=format_bytes(free), total=format_bytes(total)
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
    def _on_engine_failed(self, problem: Problem) -> None:
        self.engine_status.setText(self.tr("Engine unavailable"))
        self.engine_status.setToolTip(problem.detail)
        self.memory_dock.show_engine_error(ui_voice().error(problem))
