"""Status bar pieces: the loaded model with the engine's state, and live memory use.

`app.py` adds them to the main window's status bar. The memory label watches the monitor
only while it is visible, so a minimised window stops the sampling.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QLabel, QWidget

from studio.core.devices import HOST_KEY
from studio.core.server.states import ServerState, Snapshot
from studio.services.memory_monitor import MemoryMonitor, MemorySample
from studio.ui.common.numbers import ui_size
from studio.ui.common.plain_text import plain_tip
from studio.ui.common.shown import watch_while_shown
from studio.ui.common.voice import ui_voice


class ServerStatusLabel(QLabel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("status-server")
        self.setAccessibleName(self.tr("Model and engine state"))
        self.show_snapshot(Snapshot())

    def changeEvent(self, event: QEvent) -> None:
        # "{model} — {state}" is built from several lookups: build it again in the new
        # language rather than wait for the next snapshot.
        if event.type() == QEvent.Type.LanguageChange:
            self.show_snapshot(self._snapshot)
        super().changeEvent(event)

    def show_snapshot(self, snapshot: Snapshot) -> None:
        self._snapshot = snapshot
        state = ui_voice().summary(snapshot)
        if snapshot.model is not None and snapshot.state is not ServerState.IDLE:
            name = snapshot.ready.model_alias if snapshot.ready else snapshot.model.name
            self.setText(self.tr("{model} — {state}").format(model=name, state=state))
        else:
            self.setText(state)
        self.setToolTip(plain_tip(str(snapshot.model)) if snapshot.model else "")


class LiveMemoryLabel(QLabel):
    """`GPU 10.2/24.0 GiB · RAM 20.1/62.7 GiB` from the monitor's samples."""

    def __init__(self, monitor: MemoryMonitor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("status-memory")
        self.setAccessibleName(self.tr("Memory in use"))
        self._gpu_names: dict[str, str] = {}  # until the devices are found
        self._sample: MemorySample | None = None
        monitor.sampled.connect(self.show_sample)
        watch_while_shown(self, monitor)

    def set_gpu_names(self, names: Mapping[str, str]) -> None:
        """Names for GPU keys (NVML UUIDs), e.g. {"GPU-…": "RTX 4090"}, as the load dialog
        names them; shown from the next sample on, or at once when one was shown."""
        self._gpu_names = dict(names)
        if self._sample is not None:
            self.show_sample(self._sample)

    def show_sample(self, sample: MemorySample) -> None:
        self._sample = sample
        parts: list[str] = []
        gpu_keys = [key for key in sample.used if key != HOST_KEY]
        for index, key in enumerate(gpu_keys):
            name = self._gpu_names.get(key, f"GPU{index}")
            parts.append(f"{name} {ui_size(sample.used[key])}/{ui_size(sample.total[key])}")
        if HOST_KEY in sample.used:
            parts.append(
                self.tr("RAM {used}/{total}").format(
                    used=ui_size(sample.used[HOST_KEY]),
                    total=ui_size(sample.total[HOST_KEY]),
                )
            )
        if sample.engine_rss is not None:
            parts.append(self.tr("engine {rss}").format(rss=ui_size(sample.engine_rss)))
        self.setText(" · ".join(parts))
