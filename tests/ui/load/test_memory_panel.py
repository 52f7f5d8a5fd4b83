"""The stacked memory bars: geometry, words for screen readers, and live updates by key."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from studio.core.devices import DeviceKind
from studio.core.placement.device_memory import DeviceMemory, MemoryBreakdown
from studio.core.units import GIB
from studio.ui.common.design import colors_for, palette_for
from studio.ui.load.memory_bar import DeviceMemoryBar, bar_geometry
from studio.ui.load.memory_panel import MemoryPanel


def _gpu(key: str = "GPU0", total: int = 24, free: int = 20, **planned: int) -> DeviceMemory:
    return DeviceMemory(
        key=key,
        label=f"{key} (fake)",
        kind=DeviceKind.GPU,
        total=total * GIB,
        free=free * GIB,
        planned=MemoryBreakdown(**{k: v * GIB for k, v in planned.items()}),
    )


def test_segments_stack_after_memory_used_by_others() -> None:
    device = _gpu(total=24, free=20, weights=8, kv=2, compute=1, overhead=1)
    geometry = bar_geometry(device, 240.0)  # 10 px per GiB
    assert [(s.part, s.start, s.end) for s in geometry.spans] == [
        ("others", 0.0, 40.0),
        ("weights", 40.0, 120.0),
        ("kv", 120.0, 140.0),
        ("compute", 140.0, 150.0),
        ("overhead", 150.0, 160.0),
    ]
    assert geometry.total_x == 240.0
    assert geometry.budget_x == 240.0
    assert geometry.overflow is None
    assert geometry.actual == ()
    assert geometry.live_x is None


def test_overflow_past_the_budget_is_marked_and_still_visible() -> None:
    device = DeviceMemory(
        key="GPU1",
        label="GPU1",
        kind=DeviceKind.GPU,
        total=12 * GIB,
        free=12 * GIB,
        budget=11 * GIB,
        planned=MemoryBreakdown(weights=14 * GIB, kv=1 * GIB),
    )
    assert not device.fits
    assert device.overflow == 4 * GIB
    geometry = bar_geometry(device, 150.0)  # the plan (15 GiB) sets the scale: 10 px per GiB
    assert geometry.total_x == pytest.approx(120.0)
    assert geometry.budget_x == pytest.approx(110.0)
    assert geometry.overflow is not None
    assert (geometry.overflow.start, geometry.overflow.end) == pytest.approx((110.0, 150.0))


def test_actual_allocation_and_live_use_are_drawn_under_the_plan() -> None:
    device = _gpu(total=10, free=10, weights=4, kv=1).with_actual(
        MemoryBreakdown(weights=4 * GIB, kv=1 * GIB, compute=GIB // 2)
    )
    geometry = bar_geometry(device.with_live(6 * GIB), 100.0)
    assert [(s.part, s.end) for s in geometry.actual] == [
        ("weights", 40.0),
        ("kv", 50.0),
        ("compute", 55.0),
    ]
    assert geometry.live_x == pytest.approx(60.0)


def test_bar_describes_its_numbers_in_words(qtbot: QtBot) -> None:
    bar = DeviceMemoryBar()
    qtbot.addWidget(bar)
    bar.set_device(_gpu(total=12, free=12, weights=14))
    assert "over budget" in bar.details.text()
    assert bar.accessibleDescription() == bar.details.text()
    assert "GPU0" in bar.accessibleName()
    bar.set_device(_gpu(total=24, free=20, weights=8).with_actual(MemoryBreakdown(weights=8 * GIB)))
    text = bar.details.text()
    assert "over budget" not in text
    assert "Engine allocated 8.0 GiB (predicted 8.0 GiB)" in text
    assert "Weights" in bar.canvas.toolTip()
    bar.resize(300, 60)
    bar.show()
    assert not bar.grab().isNull()  # paints without error, including the actual strip


def test_panel_keeps_one_bar_per_device_and_updates_in_place(qtbot: QtBot) -> None:
    panel = MemoryPanel()
    qtbot.addWidget(panel)
    host = DeviceMemory("host", "RAM", DeviceKind.HOST, 64 * GIB, 40 * GIB)
    panel.show_devices([_gpu("GPU0", weights=1), _gpu("GPU1", weights=2), host])
    assert panel.keys == ["GPU0", "GPU1", "host"]
    first = panel.bar("GPU0")
    panel.show_devices([_gpu("GPU0", weights=5), host])
    assert panel.keys == ["GPU0", "host"]
    assert panel.bar("GPU0") is first  # repainted, not rebuilt
    assert first.device is not None and first.device.planned.weights == 5 * GIB
    assert panel.findChild(DeviceMemoryBar, "memory-bar-GPU1") is None


def test_the_budget_key_follows_a_switch_to_the_dark_theme(qtbot: QtBot) -> None:
    """The legend's budget key is drawn in the theme's text colour, also after the theme
    changes while the dialog is open (a pixmap drawn once stayed black on dark)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = app.palette()
    app.setPalette(palette_for(colors_for(dark=False)))
    panel = MemoryPanel()
    qtbot.addWidget(panel)
    panel.show_devices([_gpu(weights=8)])
    panel.resize(600, 120)
    try:
        app.setPalette(palette_for(colors_for(dark=True)))
        QCoreApplication.processEvents()
        text = panel.palette().text().color()
        (budget,) = [label for label in panel.findChildren(QLabel) if label.text() == "Budget"]
        picture = panel.grab().toImage()
        key = budget.geometry()
        # The key stands left of its name, in the layout's spacing (4 px) before it.
        pixels = [
            picture.pixelColor(x, y)
            for x in range(key.left() - 14, key.left() - 4)
            for y in range(key.top(), key.bottom())
        ]
        assert any(_near(pixel, text) for pixel in pixels)
    finally:
        app.setPalette(before)


def _near(pixel: QColor, wanted: QColor) -> bool:
    return all(
        abs(a - b) < 40
        for a, b in (
            (pixel.red(), wanted.red()),
            (pixel.green(), wanted.green()),
            (pixel.blue(), wanted.blue()),
        )
    )
