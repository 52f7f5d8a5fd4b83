"""The load dialog on fake GPUs with synthetic GGUFs: sliders rebalance, toggles disable with
reasons, every change re-plans the bars, the context marker, and loading a plan that does
not fit asks first."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from studio.core.devices import SplitMode
from studio.core.engine import EngineInfo, EngineLocation
from studio.core.placement.plan import Plan
from studio.core.placement.setup import Machine, ModelSetup
from studio.services.plan_service import PlanService
from studio.ui.load.load_dialog import LoadDialog
from tests.ui.load.load_dialog_support import (
    fake_setup,
    probe_engine,
    synthetic_model,
    unnamed_controls,
)

pytestmark = pytest.mark.engine  # the engine's own --help tells which features exist

MOE = "qwen3-30b-a3b-shape"
DENSE = "tiny-llama"


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory, engine_location: EngineLocation) -> EngineInfo:
    return probe_engine(tmp_path_factory.mktemp("probe") / "probe.json", engine_location)


@pytest.fixture(scope="module")
def moe_setup(engine: EngineInfo) -> ModelSetup:
    return fake_setup(MOE, engine)


def _dialog(
    qtbot: QtBot,
    setup: ModelSetup,
    engine: EngineInfo,
    remembered: dict[str, Any] | None = None,
    confirm: Callable[[object, str], bool] | None = None,
) -> LoadDialog:
    def unexpected(_parent: object, problems: str) -> bool:
        raise AssertionError(f"the load-anyway question was not expected: {problems}")

    dialog = LoadDialog(
        setup,
        PlanService(setup.planner),
        setup.recall(remembered),  # as `DialogLoads.prepare` reads it, off the GUI thread
        # Never the real modal box in a test: it would wait for a click forever.
        confirm_overflow=confirm or unexpected,  # type: ignore[arg-type]
    )
    qtbot.addWidget(dialog)
    return dialog


def _replanned(qtbot: QtBot, dialog: LoadDialog, action: Callable[[], None]) -> Plan:
    with qtbot.waitSignal(dialog._service.planned, timeout=5000) as seen:
        action()
    plan: Plan = seen.args[0]
    return plan


def _bar_totals(dialog: LoadDialog) -> dict[str, int]:
    totals = {}
    for key in dialog.panel.keys:
        device = dialog.panel.bar(key).device
        assert device is not None
        totals[key] = device.planned.total
    return totals


def test_opens_with_an_auto_fit_plan_drawn_per_device(
    qtbot: QtBot, moe_setup: ModelSetup, engine: EngineInfo
) -> None:
    dialog = _dialog(qtbot, moe_setup, engine)
    plan = dialog.plan
    gpu0, gpu1 = (d.key for d in plan.devices)
    assert plan.fits
    assert dialog.panel.keys == [gpu0, gpu1, "host"]
    assert _bar_totals(dialog) == {
        gpu0: plan.device(gpu0).predicted.total,
        gpu1: plan.device(gpu1).predicted.total,
        "host": plan.host.predicted.total,
    }
    assert dialog.load_button.text() == "Load"
    assert "Fits." in dialog.reasons.text()
    assert dialog.ctx_slider.value() == plan.ctx
    assert dialog.ctx_slider.marker == plan.ctx  # auto-fit found the edge itself
    command = dialog.command.toPlainText()
    assert "-ngl 49" in command and "-ts 29,20" in command
    assert "--api-key" not in command
    assert command.endswith("-lv 4")  # the engine reports its allocations for the comparison
    dialog.show()
    assert not dialog.grab().isNull()


def test_layer_slider_rebalances_and_moves_the_bars(
    qtbot: QtBot, moe_setup: ModelSetup, engine: EngineInfo
) -> None:
    dialog = _dialog(qtbot, moe_setup, engine)
    before = dialog.plan
    gpu0, gpu1 = (d.key for d in before.devices)
    slider = dialog._rows[gpu0].slider
    after = _replanned(qtbot, dialog, lambda: slider.setValue(10))
    assert after.device(gpu0).layers == 10
    # GPU1 was full, so the 19 positions GPU0 gave up went to the CPU.
    assert after.device(gpu1).layers == before.device(gpu1).layers
    # 48 layers and the output: the CPU holds 19 layers, GPU1 the output (said so).
    assert dialog.host_layers.text() == "19 of 48 layers on the CPU"
    gpu1_layers = after.device(gpu1).layers
    assert dialog._rows[gpu1].spin.text() == f"{gpu1_layers - 1} layers + output"
    assert dialog._rows[gpu0].spin.text() == "10 layers"
    bars = _bar_totals(dialog)
    assert bars[gpu0] < before.device(gpu0).predicted.total
    assert bars["host"] > before.host.predicted.total
    assert dialog._rows[gpu0].spin.value() == 10
    # Now GPU1 has room only if GPU0 takes more: raising GPU0 past what is left takes
    # positions back from the CPU first and then from GPU1.
    after = _replanned(qtbot, dialog, lambda: dialog._rows[gpu0].spin.setValue(40))
    assert after.device(gpu0).layers + after.device(gpu1).layers <= after.limits.positions
    assert after.device(gpu0).layers == 40
    assert after.device(gpu1).layers == after.limits.positions - 40
    assert not after.fits  # 40 positions on a 12 GiB GPU
    assert dialog.load_button.text() == "Load anyway…"
    assert "Does not fit." in dialog.reasons.text()
    assert "Fake GPU 0 needs" in dialog.reasons.text()  # device named, not its UUID


def test_gpu_checkbox_disables_its_slider(
    qtbot: QtBot, moe_setup: ModelSetup, engine: EngineInfo
) -> None:
    dialog = _dialog(qtbot, moe_setup, engine)
    gpu1 = dialog.plan.devices[1].key
    row = dialog._rows[gpu1]
    plan = _replanned(qtbot, dialog, lambda: row.enabled.setChecked(False))
    assert not plan.device(gpu1).enabled
    assert not row.slider.isEnabled() and not row.spin.isEnabled()
    assert _bar_totals(dialog)[gpu1] == 0
    assert plan.fits  # auto-fit chose again for one GPU: smaller context, experts on CPU
    assert "-dev CUDA0" in dialog.command.toPlainText()
    tensor = dialog.tensor_parallel
    assert not tensor.isEnabled()
    assert tensor.toolTip() == "Tensor parallelism needs two or more devices."


def test_moe_slider_shows_and_moves_expert_bytes(
    qtbot: QtBot, moe_setup: ModelSetup, engine: EngineInfo
) -> None:
    dialog = _dialog(qtbot, moe_setup, engine)
    before = dialog.plan
    step = before.limits.n_cpu_moe_step_bytes[0]
    assert dialog.moe.isEnabled()
    assert dialog.moe.maximum() == 48
    assert "each step moves 324 MiB" in dialog.moe_label.text()
    after = _replanned(qtbot, dialog, lambda: dialog.moe.setValue(4))
    assert after.n_cpu_moe == 4
    moved = sum(after.limits.n_cpu_moe_step_bytes[:4])
    assert moved == 4 * step
    gpus_before = sum(d.predicted.weights for d in before.devices)
    gpus_after = sum(d.predicted.weights for d in after.devices)
    assert gpus_before - gpus_after == moved
    assert after.host.predicted.weights - before.host.predicted.weights == moved
    assert "(1.3 GiB moved to RAM)" in dialog.moe_label.text()
    assert "-ncmoe 4" in dialog.command.toPlainText()


def test_dense_model_disables_moe_and_quantized_kv_disables_tensor_parallel(
    qtbot: QtBot, engine: EngineInfo
) -> None:
    dialog = _dialog(qtbot, fake_setup(DENSE, engine), engine)
    assert not dialog.moe.isEnabled()
    assert "dense" in dialog.moe.toolTip()
    assert dialog.tensor_parallel.isEnabled()
    plan = _replanned(qtbot, dialog, lambda: dialog.cache_v.setCurrentText("q8_0"))
    assert plan.request.cache_type_v == "q8_0"
    assert not dialog.tensor_parallel.isEnabled()
    assert "unquantized KV cache (not q8_0)" in dialog.tensor_parallel.toolTip()
    plan = _replanned(qtbot, dialog, lambda: dialog.cache_v.setCurrentText("f16"))
    plan = _replanned(qtbot, dialog, lambda: dialog.tensor_parallel.setChecked(True))
    assert plan.split_mode is SplitMode.TENSOR
    assert not dialog._rows[plan.devices[0].key].slider.isEnabled()
    assert "-sm tensor" in dialog.command.toPlainText()
    # No MTP layers, no projector: both off, each saying why.
    assert not dialog.mtp.isEnabled()
    assert "no MTP layers" in dialog.mtp.toolTip()
    assert not dialog.mmproj.isEnabled()
    assert "No mmproj file" in dialog.mmproj.toolTip()


def test_context_beyond_the_marker_warns_and_auto_fit_recovers(
    qtbot: QtBot, moe_setup: ModelSetup, engine: EngineInfo
) -> None:
    asked: list[str] = []

    def refuse(_parent: object, problems: str) -> bool:
        asked.append(problems)
        return False

    dialog = _dialog(qtbot, moe_setup, engine, confirm=refuse)
    edge = dialog.ctx_slider.marker
    assert edge is not None
    trained = dialog.plan.limits.ctx_trained
    plan = _replanned(qtbot, dialog, lambda: dialog.ctx_slider.setValue(trained))
    assert plan.ctx == trained and not plan.fits
    assert dialog.ctx_slider.marker == edge  # same placement, same edge
    marker_x = dialog.ctx_slider.marker_x()
    assert marker_x is not None and 0 < marker_x < dialog.ctx_slider.width()
    with qtbot.assertNotEmitted(dialog.load_requested):
        dialog.load_button.click()
    assert len(asked) == 1 and "needs" in asked[0]
    assert dialog.result() == 0

    plan = _replanned(qtbot, dialog, dialog.auto_fit.click)
    assert plan.fits and plan.ctx == edge
    assert "(automatic)" in dialog.ctx_label.text()


def test_load_anyway_emits_the_plan_and_what_to_remember(
    qtbot: QtBot, moe_setup: ModelSetup, engine: EngineInfo
) -> None:
    dialog = _dialog(qtbot, moe_setup, engine, confirm=lambda _p, _t: True)
    trained = dialog.plan.limits.ctx_trained
    _replanned(qtbot, dialog, lambda: dialog.ctx_slider.setValue(trained))
    with qtbot.waitSignal(dialog.load_requested) as seen:
        dialog.load_button.click()
    plan: Plan = seen.args[0]
    assert plan.ctx == trained and not plan.fits
    assert dialog.remembered_settings["ctx"] == trained
    assert dialog.result() == 1

    # Opening the dialog again with what was remembered restores the same choices.
    again = _dialog(qtbot, moe_setup, engine, remembered=dialog.remembered_settings)
    assert again.plan.ctx == trained
    assert again.ctx_slider.value() == trained
    assert [d.layers for d in again.plan.devices] == [d.layers for d in plan.devices]


def test_kv_cache_and_slots_change_the_kv_bars(
    qtbot: QtBot, moe_setup: ModelSetup, engine: EngineInfo
) -> None:
    dialog = _dialog(qtbot, moe_setup, engine)
    pinned = _replanned(qtbot, dialog, dialog.ctx_spin.editingFinished.emit)  # pin the context
    assert pinned.asked.ctx == pinned.ctx
    kv_f16 = sum(d.predicted.kv for d in pinned.devices)
    plan = _replanned(qtbot, dialog, lambda: dialog.cache_k.setCurrentText("q8_0"))
    plan = _replanned(qtbot, dialog, lambda: dialog.cache_v.setCurrentText("q8_0"))
    kv_q8 = sum(d.predicted.kv for d in plan.devices)
    assert 0.5 < kv_q8 / kv_f16 < 0.56  # q8_0 is 34 bytes per 32 values
    assert "-ctk q8_0 -ctv q8_0" in dialog.command.toPlainText()
    plan = _replanned(qtbot, dialog, lambda: dialog.parallel.setValue(2))
    assert plan.request.parallel == 2
    assert "-np 2" in dialog.command.toPlainText()


def test_every_control_has_an_accessible_name(
    qtbot: QtBot, moe_setup: ModelSetup, engine: EngineInfo
) -> None:
    dialog = _dialog(qtbot, moe_setup, engine)
    assert unnamed_controls(dialog) == []


def test_projector_beside_the_model_can_be_switched_off(
    qtbot: QtBot, engine: EngineInfo, tmp_path: Path
) -> None:
    folder = tmp_path / "repo"
    folder.mkdir()
    model = folder / "model-Q8_0.gguf"
    shutil.copy(synthetic_model(DENSE), model)
    shutil.copy(synthetic_model("tiny-llama-q8-tied"), folder / "mmproj-model-f16.gguf")
    setup = Machine.of({"STUDIO_FAKE_DEVICES": "GPU0:8GiB"}).setup(model, engine)
    assert setup.projector is not None
    dialog = _dialog(qtbot, setup, engine)
    assert dialog.mmproj.isEnabled() and dialog.mmproj.isChecked()
    assert "mmproj-model-f16.gguf" in dialog.mmproj.toolTip()
    with_projector = dialog.plan
    assert "--mmproj" in dialog.command.toPlainText()
    without = _replanned(qtbot, dialog, lambda: dialog.mmproj.setChecked(False))
    assert without.launch.mmproj is None
    assert "--no-mmproj" in dialog.command.toPlainText()
    used = sum(d.predicted.total for d in (*with_projector.devices, with_projector.host))
    freed = sum(d.predicted.total for d in (*without.devices, without.host))
    assert used - freed >= setup.projector.weight_bytes
    dialog.load_button.click()
    assert dialog.remembered_settings["mmproj"] is False


def test_a_machine_without_gpus_plans_for_ram(qtbot: QtBot, engine: EngineInfo) -> None:
    dialog = _dialog(qtbot, fake_setup(DENSE, engine, devices="HOST:16GiB"), engine)
    assert dialog.panel.keys == ["host"]
    assert dialog._rows == {}
    assert dialog.plan.fits
    assert not dialog.tensor_parallel.isEnabled()
    assert "two or more devices" in dialog.tensor_parallel.toolTip()
    assert "-ngl 0" in dialog.command.toPlainText()


def test_safety_margin_moves_the_budget(
    qtbot: QtBot, moe_setup: ModelSetup, engine: EngineInfo
) -> None:
    dialog = _dialog(qtbot, moe_setup, engine)
    before = dialog.plan
    gpu1 = before.devices[1].key
    spin = dialog._margins[gpu1]
    assert spin.value() == pytest.approx(before.device(gpu1).margin / 2**30, abs=0.005)
    after = _replanned(qtbot, dialog, lambda: spin.setValue(2.0))
    assert after.device(gpu1).margin == 2 * 2**30
    assert after.device(gpu1).budget == before.device(gpu1).budget - (
        2 * 2**30 - before.device(gpu1).margin
    )
    bar = dialog.panel.bar(gpu1).device
    assert bar is not None and bar.usable == after.device(gpu1).budget
    assert after.fits  # auto-fit chose again within the smaller budget
    assert after.device(gpu1).predicted.total <= after.device(gpu1).budget


def test_a_draft_model_reserves_memory_and_is_remembered(
    qtbot: QtBot, moe_setup: ModelSetup, engine: EngineInfo
) -> None:
    draft_path = synthetic_model("tiny-llama-q8-tied")
    dialog = _dialog(qtbot, moe_setup, engine, confirm=lambda _p, _t: True)
    dialog._choose_draft = lambda _parent: draft_path
    assert not dialog.draft_clear.isEnabled()
    ctx_pinned = _replanned(qtbot, dialog, dialog.ctx_spin.editingFinished.emit)
    plan = _replanned(qtbot, dialog, dialog.draft_choose.click)
    assert plan.launch.draft_model == draft_path
    assert sum(d.predicted.draft for d in (*plan.devices, plan.host)) > sum(
        d.predicted.draft for d in (*ctx_pinned.devices, ctx_pinned.host)
    )
    assert draft_path.name in dialog.draft_label.text()
    assert f"--spec-draft-model {draft_path}" in dialog.command.toPlainText()
    assert dialog.draft_clear.isEnabled()
    dialog.load_button.click()
    remembered = dialog.remembered_settings
    assert remembered["draft"] == str(draft_path)
    again = _dialog(qtbot, moe_setup, engine, remembered=remembered)
    assert again.plan.launch.draft_model == draft_path
    cleared = _replanned(qtbot, again, again.draft_clear.click)
    assert cleared.launch.draft_model is None
    assert again.draft_label.text() == "No draft model"


def test_a_draft_file_can_draft_as_an_mtp_head_and_is_remembered(
    qtbot: QtBot, moe_setup: ModelSetup, engine: EngineInfo
) -> None:
    head = synthetic_model("mtp-tiny-deepseek2")
    dialog = _dialog(qtbot, moe_setup, engine, confirm=lambda _p, _t: True)
    dialog._choose_draft = lambda _parent: head
    simple = _replanned(qtbot, dialog, dialog.draft_choose.click)
    assert simple.launch.spec_type is None and simple.launch.draft_model == head
    mtp = _replanned(qtbot, dialog, lambda: dialog.draft_type.setCurrentIndex(1))
    assert mtp.launch.spec_type == "draft-mtp" and mtp.launch.draft_model == head
    assert "--spec-type draft-mtp" in dialog.command.toPlainText()
    dialog.load_button.click()
    remembered = dialog.remembered_settings
    assert remembered["draft_spec_type"] == "draft-mtp"
    again = _dialog(qtbot, moe_setup, engine, remembered=remembered)
    assert again.plan.launch.spec_type == "draft-mtp"
    assert again.draft_type.currentData() == "draft-mtp"


def test_enter_loads_wherever_the_focus_is(qtbot: QtBot, engine: EngineInfo) -> None:
    """Enter is the dialog's Load, also with the focus in the controls column (Auto fit,
    the first button made, was the default and Enter re-planned instead)."""
    dialog = _dialog(qtbot, fake_setup(DENSE, engine, devices="HOST:16GiB"), engine)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    dialog.controls_scroll.setFocus()
    qtbot.waitUntil(dialog.controls_scroll.hasFocus)
    with qtbot.waitSignal(dialog.load_requested, timeout=5000):
        QTest.keyClick(dialog.controls_scroll, Qt.Key.Key_Return)
