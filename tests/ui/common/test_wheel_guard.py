"""Scrolling a panel with the mouse wheel never changes the setting under the pointer:
the inspector's sampling boxes and the load dialog's sliders and boxes take the wheel only
once they have focus, and the panel scrolls instead."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from studio.core.placement.setup import Machine
from studio.services.plan_service import PlanService
from studio.ui.chat.inspector import Inspector
from studio.ui.chat.sampling_panel import SamplingPanel
from studio.ui.common.wheel_guard import WheelGuard
from studio.ui.load.load_dialog import LoadDialog
from tests.ui.load.load_dialog_support import synthetic_model
from tests.ui.load.test_load_dialog_layers import ENGINE


@pytest.fixture
def guard(qapp: QApplication) -> Iterator[WheelGuard]:
    installed = WheelGuard()
    qapp.installEventFilter(installed)
    yield installed
    qapp.removeEventFilter(installed)


def _turn_wheel_down(widget: QWidget) -> None:
    position = QPointF(4, 4)
    QApplication.sendEvent(
        widget,
        QWheelEvent(
            position,
            widget.mapToGlobal(position),
            QPoint(0, 0),
            QPoint(0, -120),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        ),
    )


def _inspector(qtbot: QtBot) -> tuple[SamplingPanel, Inspector]:
    panel = SamplingPanel()
    inspector = Inspector(panel)
    qtbot.addWidget(inspector)
    inspector.resize(300, 200)  # short enough to scroll
    inspector.show()
    qtbot.waitExposed(inspector)
    return panel, inspector  # the inspector owns the panel: keep it alive


def test_scrolling_the_inspector_over_temperature_scrolls_and_keeps_the_value(
    qtbot: QtBot, guard: WheelGuard
) -> None:
    panel, inspector = _inspector(qtbot)
    area = inspector.scroll_area
    panel.temperature.setValue(0.3)
    assert area.verticalScrollBar().maximum() > 0
    _turn_wheel_down(panel.temperature)
    assert panel.temperature.value() == pytest.approx(0.3)
    assert area.verticalScrollBar().value() > 0


def test_a_focused_box_takes_the_wheel(qtbot: QtBot, guard: WheelGuard) -> None:
    panel, _inspector_alive = _inspector(qtbot)
    panel.temperature.setValue(0.3)
    panel.temperature.setFocus()
    qtbot.waitUntil(panel.temperature.hasFocus)
    _turn_wheel_down(panel.temperature)
    assert panel.temperature.value() == pytest.approx(0.25)


def test_the_load_dialogs_controls_ignore_a_passing_wheel(qtbot: QtBot, guard: WheelGuard) -> None:
    setup = Machine.of({"STUDIO_FAKE_DEVICES": "GPU0:24GiB,HOST:64GiB"}).setup(
        synthetic_model("llama-8b-shape"), ENGINE
    )
    dialog = LoadDialog(setup, PlanService(setup.planner))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    (row,) = dialog._rows.values()
    controls = [row.spin, row.slider, dialog.moe, dialog.ctx_spin, dialog.cache_k]
    before = [_value(control) for control in controls]
    for control in controls:
        _turn_wheel_down(control)
    assert [_value(control) for control in controls] == before


def _value(control: QWidget) -> object:
    index = getattr(control, "currentIndex", None)
    return index() if index is not None else control.value()  # type: ignore[attr-defined]
