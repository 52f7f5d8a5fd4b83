"""The GPU memory panel: one stacked bar per device (each GPU, each RPC device, host RAM).

Bars are kept by device key, so a re-plan on every slider move only repaints; it never
rebuilds widgets (that would flicker and lose keyboard focus).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from studio.core.placement.device_memory import DeviceMemory
from studio.ui.load.memory_bar import SEGMENT_COLORS, DeviceMemoryBar


class _LegendLine(QWidget):
    """A legend key for a line drawn in the bars (the budget, what is in use now).

    It paints with its palette's colour at paint time, as the bars do: a pixmap drawn once
    keeps the colour of the theme the dialog opened in (black on the dark theme)."""

    def __init__(self, role: QPalette.ColorRole, style: Qt.PenStyle) -> None:
        super().__init__()
        self.role = role
        self._style = style
        self.setFixedSize(10, 12)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setPen(QPen(self.palette().color(self.role), 2, self._style))
        painter.drawLine(5, 0, 5, 12)
        painter.end()


def _swatch(color: QColor) -> QLabel:
    pixmap = QPixmap(10, 10)
    pixmap.fill(color)
    swatch = QLabel()
    swatch.setPixmap(pixmap)
    return swatch


class MemoryPanel(QWidget):
    def __init__(self, parent: QWidget | None = None, *, residents_shown: bool = False) -> None:
        """`residents_shown`: the bars draw models already loaded (the legend names them)."""
        super().__init__(parent)
        self._residents_shown = residents_shown
        self.setObjectName("memory-panel")
        self.setAccessibleName(self.tr("Memory per device"))
        self._bars: dict[str, DeviceMemoryBar] = {}
        self._bars_layout = QVBoxLayout()
        self._bars_layout.setSpacing(6)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._bars_layout)
        layout.addLayout(self._legend())

    def _legend(self) -> QGridLayout:
        # Three rows of three: a row of four is wider than the dialog's side once translated
        # (German, French, pseudo-locale).
        legend = QGridLayout()
        legend.setHorizontalSpacing(4)
        names = {
            "others": self.tr("Used by others"),
            **({"residents": self.tr("Models loaded")} if self._residents_shown else {}),
            "weights": self.tr("Weights"),
            "kv": self.tr("KV cache"),
            "compute": self.tr("Compute"),
            "overhead": self.tr("Overhead"),
            "prompt_cache": self.tr("Prompt cache"),
        }
        keys: list[tuple[QWidget, str]] = [
            (_swatch(SEGMENT_COLORS[part]), name) for part, name in names.items()
        ]
        keys.append((_LegendLine(QPalette.ColorRole.Text, Qt.PenStyle.DashLine), self.tr("Budget")))
        keys.append(
            (
                _LegendLine(QPalette.ColorRole.Highlight, Qt.PenStyle.SolidLine),
                self.tr("In use now"),
            )
        )
        per_row = 3
        for index, (key, name) in enumerate(keys):
            row, column = divmod(index, per_row)
            legend.addWidget(key, row, column * 2)
            legend.addWidget(QLabel(name), row, column * 2 + 1)
        legend.setColumnStretch(per_row * 2, 1)
        return legend

    def show_devices(
        self,
        devices: Sequence[DeviceMemory],
        kept: Mapping[str, int] | None = None,
        taken: Mapping[str, int] | None = None,
    ) -> None:
        """`kept`: bytes per device key the loaded models held when the plan was made
        (counted in what others use); `taken`: what those staying loaded hold."""
        keys = [device.key for device in devices]
        for key in list(self._bars):
            if key not in keys:
                bar = self._bars.pop(key)
                self._bars_layout.removeWidget(bar)
                bar.setParent(None)
                bar.deleteLater()
        for index, device in enumerate(devices):
            existing = self._bars.get(device.key)
            if existing is None:
                existing = DeviceMemoryBar(self)
                existing.setObjectName(f"memory-bar-{device.key}")
                self._bars[device.key] = existing
                self._bars_layout.insertWidget(index, existing)
            existing.set_device(
                device, (kept or {}).get(device.key, 0), (taken or {}).get(device.key, 0)
            )

    def bar(self, key: str) -> DeviceMemoryBar:
        return self._bars[key]

    @property
    def keys(self) -> list[str]:
        return [
            bar.device.key
            for bar in sorted(self._bars.values(), key=self._bars_layout.indexOf)
            if bar.device
        ]
