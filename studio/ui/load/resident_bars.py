"""Every loaded model on every device: one bar per device, each model a segment of its own
colour (what its plan predicted), and under it a thin strip of what each model's engine
allocated, so prediction and allocation read side by side; the numbers in words beneath
(also the bar's accessible description)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from studio.core.residents.scheduler import ResidentView
from studio.ui.common.numbers import ui_size
from studio.ui.common.plain_text import rich_label
from studio.ui.common.voice import device_name

# One colour per resident, in the order the residents are listed; mid-saturation, so they
# read on the light and the dark theme.
RESIDENT_COLORS = (
    QColor(66, 133, 244),
    QColor(251, 140, 0),
    QColor(52, 168, 83),
    QColor(156, 39, 176),
    QColor(0, 150, 136),
    QColor(233, 30, 99),
)


def resident_color(index: int) -> QColor:
    return RESIDENT_COLORS[index % len(RESIDENT_COLORS)]


@dataclass(frozen=True)
class Share:
    """One resident on one device."""

    name: str
    color: int  # its index in the residents' list
    predicted: int
    allocated: int | None
    cache: int = 0  # of `predicted`, the prompt cache that fills with use


@dataclass(frozen=True)
class DeviceShares:
    key: str
    label: str
    shares: tuple[Share, ...]
    total: int | None  # the device's size, when the monitor knows it

    @property
    def predicted(self) -> int:
        return sum(s.predicted for s in self.shares)

    @property
    def allocated(self) -> int:
        return sum(s.allocated or 0 for s in self.shares)

    @property
    def extent(self) -> int:
        """The bytes the bar's width stands for."""
        return max(self.total or 0, self.predicted, self.allocated, 1)


def device_shares(
    views: Sequence[ResidentView], totals: Mapping[str, int] | None = None
) -> list[DeviceShares]:
    """Per device (in the order the residents name them, the host last), each resident's
    predicted and allocated bytes."""
    order: list[str] = []
    labels: dict[str, str] = {}
    shares: dict[str, list[Share]] = {}
    for index, view in enumerate(views):
        for device in view.devices:
            if device.key not in shares:
                order.append(device.key)
                labels[device.key] = device.label
                shares[device.key] = []
            shares[device.key].append(
                Share(view.name, index, device.predicted, device.allocated, device.cache)
            )
    order.sort(key=lambda key: key == "host")
    return [
        DeviceShares(key, labels[key], tuple(shares[key]), (totals or {}).get(key)) for key in order
    ]


class _SharesCanvas(QWidget):
    BAR_HEIGHT = 18
    ALLOCATED_HEIGHT = 6

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.device: DeviceShares | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(160)

    def sizeHint(self) -> QSize:
        return QSize(320, self.BAR_HEIGHT + self.ALLOCATED_HEIGHT + 4)

    def minimumSizeHint(self) -> QSize:
        return QSize(160, self.BAR_HEIGHT + self.ALLOCATED_HEIGHT + 4)

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.device is None:
            return
        painter = QPainter(self)
        try:
            self._paint(painter, self.device)
        finally:
            painter.end()

    def _paint(self, painter: QPainter, device: DeviceShares) -> None:
        palette = self.palette()
        width = float(self.width() - 1)
        scale = width / device.extent
        bar = QRectF(0.0, 0.0, width, self.BAR_HEIGHT)
        painter.fillRect(bar, palette.base())
        top = self.BAR_HEIGHT + 2
        predicted = allocated = 0.0
        for share in device.shares:
            color = resident_color(share.color)
            painter.fillRect(
                QRectF(predicted * scale, 0.0, share.predicted * scale, self.BAR_HEIGHT), color
            )
            predicted += share.predicted
            if share.allocated is not None:
                painter.fillRect(
                    QRectF(allocated * scale, top, share.allocated * scale, self.ALLOCATED_HEIGHT),
                    color,
                )
                allocated += share.allocated
        # Where one resident ends and the next begins, on both rows.
        painter.setPen(QPen(palette.base().color(), 1))
        edge = 0.0
        for share in device.shares[:-1]:
            edge += share.predicted
            painter.drawLine(int(edge * scale), 0, int(edge * scale), self.BAR_HEIGHT)
        painter.setPen(QPen(palette.text().color(), 1))
        painter.drawRect(bar)


def _swatch(color: QColor) -> QLabel:
    pixmap = QPixmap(10, 10)
    pixmap.fill(color)
    swatch = QLabel()
    swatch.setPixmap(pixmap)
    return swatch


class DeviceSharesBar(QWidget):
    """A device's name, its residents' bar and the numbers in words."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = rich_label(QLabel())
        self.title.setObjectName("resident-bar-title")
        self.canvas = _SharesCanvas()
        self.canvas.setObjectName("resident-bar-canvas")
        self.details = QLabel()
        self.details.setObjectName("resident-bar-details")
        self.details.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.setSpacing(2)
        layout.addWidget(self.title)
        layout.addWidget(self.canvas)
        layout.addWidget(self.details)
        self.device: DeviceShares | None = None

    def set_device(self, device: DeviceShares) -> None:
        self.device = device
        self.canvas.device = device
        name = device_name(device.key, device.label)
        self.title.setText(f"<b>{html.escape(name)}</b>")
        summary = self.describe(device)
        self.details.setText(summary)
        self.setAccessibleName(self.tr("Loaded models on {device}").format(device=name))
        self.setAccessibleDescription(summary)
        self.canvas.update()

    def describe(self, device: DeviceShares) -> str:
        lines = []
        for share in device.shares:
            if share.allocated is None:
                lines.append(
                    self.tr("{model}: {predicted} predicted").format(
                        model=share.name, predicted=ui_size(share.predicted)
                    )
                )
            elif share.cache:
                # The cache is empty at load: without saying so, 2 GiB predicted beside
                # 389 MiB allocated reads as an estimate five times too high.
                lines.append(
                    self.tr(
                        "{model}: {predicted} predicted ({cache} of it a prompt cache that "
                        "fills with use), {allocated} allocated"
                    ).format(
                        model=share.name,
                        predicted=ui_size(share.predicted),
                        cache=ui_size(share.cache),
                        allocated=ui_size(share.allocated),
                    )
                )
            else:
                lines.append(
                    self.tr("{model}: {predicted} predicted, {allocated} allocated").format(
                        model=share.name,
                        predicted=ui_size(share.predicted),
                        allocated=ui_size(share.allocated),
                    )
                )
        if device.total is not None:
            lines.append(
                self.tr("Together {predicted} of {total}").format(
                    predicted=ui_size(device.predicted), total=ui_size(device.total)
                )
            )
        return "\n".join(lines)


class ResidentBars(QWidget):
    """One `DeviceSharesBar` per device the residents hold, and a key of their colours."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resident-bars")
        self.setAccessibleName(self.tr("Loaded models per device"))
        self.bars: dict[str, DeviceSharesBar] = {}
        self._bars_layout = QVBoxLayout()
        self._bars_layout.setSpacing(6)
        self._legend = QHBoxLayout()
        self._legend.setSpacing(4)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._bars_layout)
        layout.addLayout(self._legend)
        self.devices: list[DeviceShares] = []
        self._names: tuple[str, ...] = ()

    def show_residents(
        self, views: Sequence[ResidentView], totals: Mapping[str, int] | None = None
    ) -> None:
        self.devices = device_shares(views, totals)
        keys = [d.key for d in self.devices]
        for key in list(self.bars):
            if key not in keys:
                bar = self.bars.pop(key)
                self._bars_layout.removeWidget(bar)
                bar.setParent(None)
                bar.deleteLater()
        for index, device in enumerate(self.devices):
            if device.key not in self.bars:
                added = DeviceSharesBar(self)
                added.setObjectName(f"resident-bar-{device.key}")
                self.bars[device.key] = added
                self._bars_layout.insertWidget(index, added)
            self.bars[device.key].set_device(device)
        names = tuple(v.name for v in views)
        if names != self._names:
            self._names = names
            self._fill_legend(names)

    def _fill_legend(self, names: Sequence[str]) -> None:
        while self._legend.count():
            item = self._legend.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.setParent(None)
                widget.deleteLater()
        for index, name in enumerate(names):
            self._legend.addWidget(_swatch(resident_color(index)))
            self._legend.addWidget(QLabel(name))
            self._legend.addSpacing(8)
        self._legend.addStretch(1)
