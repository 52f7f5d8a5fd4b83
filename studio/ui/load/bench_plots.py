"""A benchmark's figures as plots: tokens/s per variant, generation and prompt processing,
as bars with their spread (lowest to highest run), and what each device held per variant,
stacked in the memory panel's colours.

Bars lie on their side, one row per variant, so a variant's name is read once, at the
left, and the three plots read across like a table. This is the only module that imports
pyqtgraph (and numpy, which it needs): the load dialog imports it when a benchmark panel
first opens, long after the window's first paint. The plots take their colours from the palette, so
they follow the app's light or dark theme, also when it changes while they are shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QBuffer, QByteArray, QEvent, QIODevice, QLocale, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPalette
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from studio.core.bench import Comparison, Metric, Outcome
from studio.core.bench.results import BenchResult
from studio.core.units import GIB, MIB
from studio.ui.common.numbers import ui_size
from studio.ui.load.memory_bar import SEGMENT_COLORS

SPEED_COLORS = {Metric.GENERATION: QColor(66, 133, 244), Metric.PROMPT: QColor(0, 150, 136)}
# Prompts are read hundreds of tokens a second: a decimal there says nothing.
SPEED_DECIMALS = {Metric.GENERATION: 1, Metric.PROMPT: 0}
BAR_HEIGHT = 0.6  # of a row's height
NAME_WIDTH_MAX = 220  # pixels for the variants' names; longer ones are elided
# Room right of the longest bar for its figure, as a share of the bar.
LABEL_ROOM = 0.35
_PARTS = ("weights", "kv", "compute", "overhead", "prompt_cache")


@dataclass(frozen=True)
class SpeedBars:
    """What one speed plot draws, per measured variant (top to bottom)."""

    medians: tuple[float, ...]
    lows: tuple[float, ...]
    highs: tuple[float, ...]


def speed_bars(results: Sequence[BenchResult], metric: Metric) -> SpeedBars:
    spreads = [metric.of(result) for result in results]
    return SpeedBars(
        tuple(s.median for s in spreads),
        tuple(s.low for s in spreads),
        tuple(s.high for s in spreads),
    )


class BenchPlots(QWidget):
    """The plots of one comparison (a benchmark's is a comparison of one variant)."""

    def __init__(
        self, device_name: Callable[[str, str], str], parent: QWidget | None = None
    ) -> None:
        """`device_name(key, label)` names a device as the rest of the app does."""
        super().__init__(parent)
        self.setObjectName("bench-plots")
        self.setAccessibleName(self.tr("Benchmark plots"))
        self._device_name = device_name
        self._comparison: Comparison | None = None
        self.canvas = pg.GraphicsLayoutWidget()
        self.canvas.setObjectName("bench-plot-canvas")
        self.canvas.setMinimumHeight(220)
        # Empty axes say nothing: until something is measured, a line says where to look.
        self.empty = QLabel(self.tr("The figures are plotted here once a benchmark has run."))
        self.empty.setObjectName("bench-plots-empty")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.canvas)
        layout.addWidget(self.empty)
        self.speed: dict[Metric, pg.PlotItem] = {}
        self.speed_items: dict[Metric, tuple[pg.BarGraphItem, pg.ErrorBarItem]] = {}
        self.memory_items: dict[str, pg.BarGraphItem] = {}
        self.rows: tuple[str, ...] = ()  # the variants drawn, top to bottom
        titles = {
            Metric.GENERATION: self.tr("Generation (tokens/s)"),
            Metric.PROMPT: self.tr("Prompt processing (tokens/s)"),
        }
        for column, metric in enumerate(Metric):
            self.speed[metric] = self._plot(titles[metric], column)
        self.memory = self._plot(self.tr("Memory per device"), len(Metric))
        # Under the plots, not over a bar: a row of its own, part of an exported image.
        self.memory_legend = pg.LegendItem(colCount=3)
        self.canvas.addItem(self.memory_legend, row=1, col=len(Metric))
        first = self.speed[Metric.GENERATION]
        for plot in (*self.speed.values(), self.memory):
            if plot is not first:
                plot.setYLink(first)  # a variant's row lines up across the plots
                plot.hideAxis("left")
        self._restyle()

    def _plot(self, title: str, column: int) -> pg.PlotItem:
        plot = self.canvas.addPlot(row=0, col=column)
        plot.setTitle(title)
        plot.invertY(True)  # the first variant on top, as the dialog lists them
        plot.setMouseEnabled(x=False, y=False)
        plot.setMenuEnabled(False)
        plot.hideButtons()
        return plot

    # -- drawing --------------------------------------------------------------------------

    def show_comparison(self, comparison: Comparison | None) -> None:
        """Draw the measured variants of `comparison` (None: nothing)."""
        self._comparison = comparison
        self._draw()

    def _measured(self) -> list[Outcome]:
        if self._comparison is None:
            return []
        return [o for o in self._comparison.outcomes if o.result is not None]

    def _draw(self) -> None:
        measured = self._measured()
        self.rows = tuple(o.variant for o in measured)
        results = [o.result for o in measured if o.result is not None]
        for plot in (*self.speed.values(), self.memory):
            plot.clear()
        self.memory_legend.clear()
        self.speed_items.clear()
        self.memory_items.clear()
        for metric, plot in self.speed.items():
            self._draw_speed(plot, metric, results)
        self._draw_memory(results)
        self._name_rows()
        rows = max(1, len(results))
        self.speed[Metric.GENERATION].setYRange(-0.5, rows - 0.5, padding=0.1)
        self.canvas.setVisible(bool(results))
        self.empty.setVisible(not results)

    def _draw_speed(self, plot: pg.PlotItem, metric: Metric, results: list[BenchResult]) -> None:
        if not results:
            return
        bars = speed_bars(results, metric)
        ys = list(range(len(results)))
        colour = SPEED_COLORS[metric]
        bar = pg.BarGraphItem(
            x0=[0.0] * len(ys),
            y=ys,
            width=list(bars.medians),
            height=BAR_HEIGHT,
            brush=colour,
            pen=pg.mkPen(colour.darker(130)),
        )
        medians = np.array(bars.medians)
        spread = pg.ErrorBarItem(  # it does arithmetic on its figures: numpy arrays
            x=medians,
            y=np.array(ys, dtype=float),
            left=medians - np.array(bars.lows),
            right=np.array(bars.highs) - medians,
            beam=BAR_HEIGHT / 3,
            pen=pg.mkPen(self._text_colour(), width=1.5),
        )
        plot.addItem(bar)
        plot.addItem(spread)
        self.speed_items[metric] = (bar, spread)
        decimals = SPEED_DECIMALS[metric]
        for y, median, high in zip(ys, bars.medians, bars.highs, strict=True):
            self._label(plot, QLocale().toString(median, "f", decimals), high, y)
        plot.setXRange(0, max(bars.highs) * (1 + LABEL_ROOM), padding=0)

    def _draw_memory(self, results: list[BenchResult]) -> None:
        """One thin bar per device within each variant's row, its parts stacked."""
        devices = list(dict.fromkeys(d.key for r in results for d in r.memory))
        if not devices:  # nothing measured, or an engine log without the allocations
            self.memory.setTitle(self.tr("Memory per device"))
            return
        largest = max(d.memory.total for r in results for d in r.memory)
        unit, unit_name = (GIB, "GiB") if largest >= GIB else (MIB, "MiB")
        # The unit in the title, as the speeds have theirs: an axis label would make this
        # plot shorter than its neighbours, and its rows would no longer line up.
        self.memory.setTitle(self.tr("Memory per device ({unit})").format(unit=unit_name))
        share = 0.8 / len(devices)

        def y_of(row: int, key: str) -> float:
            return row - 0.4 + share * (devices.index(key) + 0.5)

        ends: dict[tuple[int, str], float] = {}  # where each device's bar ends so far
        for part in _PARTS:
            ys, x0s, widths = [], [], []
            for row, result in enumerate(results):
                for device in result.memory:
                    size = dict(device.memory.parts())[part] / unit
                    if size > 0:
                        start = ends.get((row, device.key), 0.0)
                        ys.append(y_of(row, device.key))
                        x0s.append(start)
                        widths.append(size)
                        ends[(row, device.key)] = start + size
            if ys:
                item = pg.BarGraphItem(
                    x0=x0s, y=ys, width=widths, height=share * 0.85, brush=SEGMENT_COLORS[part]
                )
                self.memory.addItem(item)
                self.memory_legend.addItem(item, self._part_name(part))
                self.memory_items[part] = item
        for row, result in enumerate(results):
            for device in result.memory:
                text = ui_size(device.memory.total)
                if len(devices) > 1:
                    name = self._device_name(device.key, device.label)
                    text = self.tr("{device}: {size}").format(device=name, size=text)
                end = ends.get((row, device.key), 0.0)
                self._label(self.memory, text, end, y_of(row, device.key))
        widest = max(ends.values(), default=1.0)
        self.memory.setXRange(0, widest * (1 + 2 * LABEL_ROOM), padding=0)

    def _part_name(self, part: str) -> str:
        names = {
            "weights": self.tr("Weights"),
            "kv": self.tr("KV cache"),
            "compute": self.tr("Compute"),
            "overhead": self.tr("Overhead"),
            "prompt_cache": self.tr("Prompt cache"),
        }
        return names[part]

    def _label(self, plot: pg.PlotItem, text: str, x: float, y: float) -> None:
        label = pg.TextItem(text, color=self._text_colour(), anchor=(0, 0.5))
        label.setPos(x, y)
        plot.addItem(label)

    def _name_rows(self) -> None:
        axis = self.speed[Metric.GENERATION].getAxis("left")
        metrics = QFontMetrics(axis.font())
        names = [
            metrics.elidedText(name, Qt.TextElideMode.ElideRight, NAME_WIDTH_MAX)
            for name in self.rows
        ]
        axis.setTicks([list(enumerate(names))])
        widest = max((metrics.horizontalAdvance(n) for n in names), default=0)
        axis.setWidth(min(widest, NAME_WIDTH_MAX) + 16)

    # -- the theme ------------------------------------------------------------------------

    def _text_colour(self) -> QColor:
        return self.palette().color(QPalette.ColorRole.Text)

    def _restyle(self) -> None:
        text = self._text_colour()
        self.canvas.setBackground(self.palette().color(QPalette.ColorRole.Base))
        for plot in (*self.speed.values(), self.memory):
            plot.titleLabel.setAttr("color", text)
            plot.titleLabel.setText(plot.titleLabel.text)
            for name in ("left", "bottom"):
                axis = plot.getAxis(name)
                axis.setPen(pg.mkPen(text))
                axis.setTextPen(pg.mkPen(text))
        self.memory_legend.setLabelTextColor(text)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._restyle()
            self._draw()  # the figures' labels and spreads are drawn in the text colour

    # -- export ---------------------------------------------------------------------------

    def png(self) -> bytes:
        """The plots as they are shown, as a PNG image."""
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        self.canvas.grab().save(buffer, "PNG")
        buffer.close()
        return bytes(data.data())
