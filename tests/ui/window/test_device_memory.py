"""The inspector's memory section: each device's free memory, and what the running model's
engine itself holds while one is loaded."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from studio.core.hardware import GIB
from studio.services.memory_monitor import MemorySample
from studio.ui.window.device_memory import DeviceMemoryView


def test_the_loaded_models_own_memory_is_shown_while_it_runs(qtbot: QtBot) -> None:
    view = DeviceMemoryView()
    qtbot.addWidget(view)
    view.show()
    assert not view.model_line.isVisible()  # nothing loaded

    view.show_sample(MemorySample(engine_rss=3 * GIB // 2))
    assert view.model_line.isVisible()
    assert view.model_line.text() == "The loaded model's engine holds 1.5 GiB of RAM."

    view.show_sample(MemorySample())  # unloaded: no engine process to measure
    assert not view.model_line.isVisible()
