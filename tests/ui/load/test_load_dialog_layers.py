"""The load dialog counts layers honestly: a 32-layer model reads as 32 layers and the
output layer, never as 33 layers; without a GPU, its sentence has a row of its own."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from studio.core.engine.info import EngineFeatures, EngineInfo, EngineVersion
from studio.core.engine.locate import EngineSource
from studio.core.placement.setup import Machine
from studio.services.plan_service import PlanService
from studio.ui.load.load_dialog import LoadDialog
from tests.ui.layout_checks import overlapping
from tests.ui.load.load_dialog_support import synthetic_model

ENGINE = EngineInfo(
    path=Path("/opt/llama-server"),
    source=EngineSource.BUNDLED,
    version=EngineVersion("b6000", 6000, "abc", "gcc"),
    devices=(),
    features=EngineFeatures(frozenset()),
)


def _dialog(qtbot: QtBot, devices: str) -> LoadDialog:
    setup = Machine.of({"STUDIO_FAKE_DEVICES": devices}).setup(
        synthetic_model("llama-8b-shape"), ENGINE
    )
    assert setup.summary.block_count == 32
    dialog = LoadDialog(setup, PlanService(setup.planner))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_on_the_cpu_the_output_layer_is_named_and_no_line_hides_another(qtbot: QtBot) -> None:
    dialog = _dialog(qtbot, "HOST:64GiB")
    assert dialog.host_layers.text() == "All 32 layers + output on the CPU"
    assert overlapping(dialog) == []


def test_the_gpu_holding_the_output_layer_says_so(qtbot: QtBot) -> None:
    dialog = _dialog(qtbot, "GPU0:24GiB,HOST:64GiB")
    (row,) = dialog._rows.values()
    assert row.spin.value() == 33  # llama.cpp's -ngl counts the output layer
    assert row.spin.text() == "32 layers + output"
    assert dialog.host_layers.text() == "0 of 32 layers on the CPU"
