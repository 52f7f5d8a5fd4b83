"""The engine's state in the window: the status bar's line and the device memory view's
engine part, kept as the probe and the self-tests report."""

from __future__ import annotations

from PySide6.QtCore import QObject, Slot
from PySide6.QtWidgets import QLabel

from studio.core.engine import EngineInfo
from studio.core.errors import Problem
from studio.services.engine_service import EngineService
from studio.ui.common.plain_text import plain_tip
from studio.ui.common.voice import engine_source_name, ui_voice
from studio.ui.window.device_memory import DeviceMemoryView


class EngineStatus(QObject):
    def __init__(
        self, engine: EngineService, line: QLabel, device_memory: DeviceMemoryView
    ) -> None:
        super().__init__(line)
        self._line = line
        self._device_memory = device_memory
        engine.probed.connect(self._on_probed)
        engine.failed.connect(self._on_failed)

    @Slot(object)
    def _on_probed(self, info: EngineInfo) -> None:
        self._line.setText(
            self.tr("Engine: llama-server {version} ({source})").format(
                version=info.version.label, source=engine_source_name(info.source)
            )
        )
        self._line.setToolTip("")
        self._device_memory.show_engine(info)

    @Slot(object)
    def _on_failed(self, problem: Problem) -> None:
        self._line.setText(self.tr("Engine unavailable"))
        self._line.setToolTip(plain_tip(problem.detail))
        self._device_memory.show_engine_error(ui_voice().error(problem))
