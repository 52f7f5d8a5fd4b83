"""Memory per device, in words: what the planner will plan for, kept current."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from studio.core.engine import EngineInfo
from studio.core.hardware import Device, DeviceInventory
from studio.services.memory_monitor import MemorySample
from studio.ui.common.design import set_role
from studio.ui.common.numbers import ui_size


class DeviceMemoryView(QWidget):
    """Per-device memory in words, in the chat's inspector; the load dialog's panel draws
    the same data as bars.

    The devices come from the same discovery the planner uses (NVML, or the fake devices
    of STUDIO_FAKE_DEVICES), so the dock names what the load dialog will plan for; the
    engine's own device list is the fallback for GPUs NVML cannot see (Vulkan on AMD or
    Intel). Live samples from the memory monitor keep the free memory current."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("device-memory")
        self._label = QLabel(self.tr("Looking for devices…"))
        self._label.setObjectName("memory-devices")
        self._label.setWordWrap(True)
        self._label.setAlignment(Qt.AlignmentFlag.AlignTop)
        self._label.setAccessibleName(self.tr("Device memory"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._label)
        # What the running model itself takes, beside what each device has free.
        self.model_line = QLabel()
        self.model_line.setObjectName("memory-model")
        self.model_line.setWordWrap(True)
        set_role(self.model_line, "muted")
        self.model_line.hide()
        layout.addWidget(self.model_line)
        self._engine: EngineInfo | None = None
        self._error: str | None = None
        self._inventory: DeviceInventory | None = None
        self._sample: MemorySample | None = None

    @property
    def label(self) -> QLabel:
        return self._label

    def changeEvent(self, event: QEvent) -> None:
        # One line per device is several lookups joined, which the app's live switch
        # cannot match as one text: build it again in the new language.
        if event.type() == QEvent.Type.LanguageChange:
            self._render()
            self._render_model_line()
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
        self._render_model_line()
        if self._inventory is not None and self._inventory.devices:
            self._render()

    def _render_model_line(self) -> None:
        rss = self._sample.engine_rss if self._sample is not None else None
        self.model_line.setVisible(rss is not None)
        if rss is not None:
            self.model_line.setText(
                self.tr("The loaded model's engine holds {size} of RAM.").format(size=ui_size(rss))
            )

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
            name=device.name, free=ui_size(free), total=ui_size(total)
        )
