"""One device's memory as a stacked bar: what others use, what the models already loaded
beside this one hold, then weights, KV cache, compute and overhead of the plan, against
the device's free and total memory.

A marker shows the budget (free memory less the safety margin); whatever of the plan lies
beyond it is outlined in red. Once a model runs, a thin strip under the bar shows what the
engine really allocated and a line marks the memory in use right now.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from studio.core.placement.device_memory import DeviceMemory, MemoryBreakdown
from studio.ui.common.numbers import ui_size
from studio.ui.common.plain_text import rich_label
from studio.ui.common.voice import device_name

# Mid-saturation colours that read on both the light and the dark theme.
SEGMENT_COLORS = {
    "others": QColor(128, 128, 128),
    "residents": QColor(84, 110, 122),
    "weights": QColor(66, 133, 244),
    "kv": QColor(52, 168, 83),
    "compute": QColor(251, 140, 0),
    "overhead": QColor(156, 39, 176),
    "prompt_cache": QColor(0, 150, 136),
}
# Parts reserved by the plan but filled only with use: drawn hatched.
RESERVED_PARTS = frozenset({"others", "prompt_cache"})
OVERFLOW_COLOR = QColor(220, 38, 38)


@dataclass(frozen=True)
class Span:
    """A horizontal run of the bar, in pixels from the left edge."""

    part: str
    start: float
    end: float

    @property
    def width(self) -> float:
        return self.end - self.start


@dataclass(frozen=True)
class BarGeometry:
    spans: tuple[Span, ...]
    budget_x: float
    total_x: float
    overflow: Span | None
    actual: tuple[Span, ...]
    live_x: float | None


def _stack(breakdown: MemoryBreakdown, offset: int, scale: float) -> list[Span]:
    spans: list[Span] = []
    cursor = offset
    for part, size in breakdown.parts():
        if size <= 0:
            continue
        spans.append(Span(part, cursor * scale, (cursor + size) * scale))
        cursor += size
    return spans


def bar_geometry(device: DeviceMemory, width: float, kept: int = 0, taken: int = 0) -> BarGeometry:
    """Where each part of the bar goes for a bar `width` pixels wide. `kept`: what the
    models loaded held here when the plan was made (the device's free memory left them
    out); `taken`: what those staying loaded beside the plan hold (drawn after what
    others use; the room of those that leave is the plan's).

    The scale is the device's total memory unless the plan runs past it, in which case the
    bar shrinks so that the overflow is still visible."""
    held = max(0, device.used_by_others - kept)
    others = held + taken
    planned_end = others + device.planned.total
    actual_end = others + (device.actual.total if device.actual else 0)
    extent = max(device.total, planned_end, actual_end, device.live_used or 0, 1)
    scale = width / extent
    spans = [Span("others", 0.0, held * scale)] if held > 0 else []
    if taken > 0:
        spans.append(Span("residents", held * scale, others * scale))
    spans += _stack(device.planned, others, scale)
    budget_end = held + device.usable + kept
    overflow = (
        Span("overflow", budget_end * scale, planned_end * scale)
        if planned_end > budget_end
        else None
    )
    actual = tuple(_stack(device.actual, held, scale)) if device.actual else ()
    live_x = device.live_used * scale if device.live_used is not None else None
    return BarGeometry(
        spans=tuple(spans),
        budget_x=budget_end * scale,
        total_x=device.total * scale,
        overflow=overflow,
        actual=actual,
        live_x=live_x,
    )


class _BarCanvas(QWidget):
    BAR_HEIGHT = 18
    ACTUAL_HEIGHT = 6

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.device: DeviceMemory | None = None
        self.kept = 0
        self.taken = 0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(160)

    def sizeHint(self) -> QSize:
        return QSize(320, self.BAR_HEIGHT + self.ACTUAL_HEIGHT + 4)

    def minimumSizeHint(self) -> QSize:
        return QSize(160, self.BAR_HEIGHT + self.ACTUAL_HEIGHT + 4)

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.device is None:
            return
        painter = QPainter(self)
        try:
            self._paint(painter)
        finally:
            painter.end()

    def _paint(self, painter: QPainter) -> None:
        assert self.device is not None
        palette = self.palette()
        width = float(self.width() - 1)
        geometry = bar_geometry(self.device, width, self.kept, self.taken)
        bar = QRectF(0.0, 0.0, geometry.total_x, self.BAR_HEIGHT)
        painter.fillRect(bar, palette.base())
        for span in geometry.spans:
            rect = QRectF(span.start, 0.0, span.width, self.BAR_HEIGHT)
            brush = QBrush(SEGMENT_COLORS[span.part])
            if span.part in RESERVED_PARTS:
                brush.setStyle(Qt.BrushStyle.BDiagPattern)
            painter.fillRect(rect, brush)
        if geometry.overflow is not None:
            painter.setPen(QPen(OVERFLOW_COLOR, 2))
            painter.drawRect(
                QRectF(geometry.overflow.start, 1.0, geometry.overflow.width, self.BAR_HEIGHT - 2)
            )
        painter.setPen(QPen(palette.text().color(), 1))
        painter.drawRect(bar)
        painter.setPen(QPen(palette.text().color(), 2, Qt.PenStyle.DashLine))
        painter.drawLine(
            int(geometry.budget_x), 0, int(geometry.budget_x), self.BAR_HEIGHT + self.ACTUAL_HEIGHT
        )
        top = self.BAR_HEIGHT + 2
        for span in geometry.actual:
            painter.fillRect(
                QRectF(span.start, top, span.width, self.ACTUAL_HEIGHT),
                SEGMENT_COLORS[span.part],
            )
        if geometry.live_x is not None:
            painter.setPen(QPen(palette.highlight().color(), 3))
            painter.drawLine(
                int(geometry.live_x), 0, int(geometry.live_x), top + self.ACTUAL_HEIGHT
            )


class DeviceMemoryBar(QWidget):
    """A device's name, its stacked bar, and the numbers in words (also its accessible
    description, so a screen reader hears what the colours show)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = rich_label(QLabel())
        self.title.setObjectName("memory-bar-title")
        self.canvas = _BarCanvas()
        self.canvas.setObjectName("memory-bar-canvas")
        self.details = QLabel()
        self.details.setObjectName("memory-bar-details")
        self.details.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.setSpacing(2)
        layout.addWidget(self.title)
        layout.addWidget(self.canvas)
        layout.addWidget(self.details)
        self.device: DeviceMemory | None = None

    def set_device(self, device: DeviceMemory, kept: int = 0, taken: int = 0) -> None:
        """`kept`: what the loaded models held on the device when the plan was made;
        `taken`: what those staying loaded beside the plan hold (see `bar_geometry`)."""
        self.device = device
        self.kept = kept
        self.taken = taken
        self.canvas.device = device
        self.canvas.kept = kept
        self.canvas.taken = taken
        name = device_name(device.key, device.label)
        self.title.setText(f"<b>{html.escape(name)}</b>")
        summary = self.describe(device)
        self.details.setText(summary)
        self.setAccessibleName(self.tr("Memory of {device}").format(device=name))
        self.setAccessibleDescription(summary)
        self.canvas.setToolTip(self._breakdown_tooltip(device))
        self.canvas.update()

    def describe(self, device: DeviceMemory) -> str:
        plan = device.planned
        # The room of loaded models that leave for this plan is the plan's.
        freed = self.kept - self.taken
        text = self.tr("Plan {plan} of {usable} usable ({free} free of {total})").format(
            plan=ui_size(plan.total),
            usable=ui_size(device.usable + freed),
            free=ui_size(device.free + freed),
            total=ui_size(device.total),
        )
        if plan.prompt_cache:
            text += "\n" + self.tr("Includes a prompt cache of {cache} that fills with use").format(
                cache=ui_size(plan.prompt_cache)
            )
        over = max(0, plan.total - device.usable - freed)
        if over:
            text += " — " + self.tr("{over} over budget").format(over=ui_size(over))
        if self.taken:
            text += "\n" + self.tr("Models staying loaded hold {taken}").format(
                taken=ui_size(self.taken)
            )
        if device.actual is not None:
            text += "\n" + self.tr("Engine allocated {actual} (predicted {plan})").format(
                actual=ui_size(device.actual.total),
                plan=ui_size(device.predicted_buffers),
            )
        if device.live_used is not None:
            text += "\n" + self.tr("In use now: {live}").format(live=ui_size(device.live_used))
        return text

    def _breakdown_tooltip(self, device: DeviceMemory) -> str:
        names = {
            "weights": self.tr("Weights"),
            "kv": self.tr("KV cache"),
            "compute": self.tr("Compute buffers"),
            "overhead": self.tr("Output buffer and overhead"),
            "prompt_cache": self.tr("Prompt cache (fills with use)"),
        }
        rows = [
            f"<tr><td>{names[part]}</td><td align=right>{ui_size(size)}</td>"
            + (
                f"<td align=right>{ui_size(dict(device.actual.parts())[part])}</td>"
                if device.actual
                else ""
            )
            + "</tr>"
            for part, size in device.planned.parts()
        ]
        header = (
            "<tr><th></th><th>"
            + self.tr("Predicted")
            + "</th>"
            + ("<th>" + self.tr("Engine") + "</th>" if device.actual else "")
            + "</tr>"
        )
        # Spaced cells: side by side, "138 MiB" and "138 MiB" ran into "138 MiB138 MiB".
        return "<table cellspacing='0' cellpadding='3'>" + header + "".join(rows) + "</table>"
