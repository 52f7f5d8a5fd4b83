"""The one set-up every front end plans with: a model and this machine's devices, what was
remembered for the model, the command shown for a plan, and the memory panel's view of it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from studio.core.devices import DeviceKind, SplitMode
from studio.core.engine import EngineInfo, EngineLocation
from studio.core.placement import setup as placement_setup
from studio.core.placement.plan_memory import plan_memory
from studio.core.placement.remembered import recall, remembered, restore
from studio.core.placement.request import DraftModel, DraftType, Mtp, PlanRequest
from studio.core.placement.setup import Machine, ModelSetup, find_projector
from tests.ui.load.load_dialog_support import fake_setup, probe_engine, synthetic_model

pytestmark = pytest.mark.engine  # the engine's own --help tells which features exist


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory, engine_location: EngineLocation) -> EngineInfo:
    return probe_engine(tmp_path_factory.mktemp("probe") / "probe.json", engine_location)


@pytest.fixture(scope="module")
def moe(engine: EngineInfo) -> ModelSetup:
    """Read once: the 30B-A3B shape's tensor table takes most of a second to parse."""
    return fake_setup("qwen3-30b-a3b-shape", engine)


def test_plan_memory_lists_every_device_then_the_host(moe: ModelSetup) -> None:
    setup = moe
    plan = setup.planner.plan(setup.base_request)
    memory = plan_memory(plan)
    assert [m.key for m in memory] == [d.key for d in plan.devices] + ["host"]
    assert [m.kind for m in memory] == [DeviceKind.GPU, DeviceKind.GPU, DeviceKind.HOST]
    for view, device in zip(memory, (*plan.devices, plan.host), strict=True):
        assert view.planned.total == device.predicted.total
        assert view.budget == device.budget
        assert view.fits == device.fits
        assert view.total == device.total_bytes


def test_remembered_settings_round_trip(moe: ModelSetup) -> None:
    setup = moe
    plan = setup.planner.plan(
        setup.base_request.with_changes(
            ctx=8192,
            cache_type_k="q8_0",
            cache_type_v="q8_0",
            parallel=2,
            disabled=frozenset({setup.inventory.devices[1].key}),
            n_cpu_moe=12,
        )
    )
    saved = remembered(plan, use_projector=False)
    request, use_projector = restore(saved, PlanRequest(), projector=None)
    assert not use_projector
    again = setup.planner.plan(request)
    assert again.ctx == 8192
    assert again.request.cache_types == ("q8_0", "q8_0")
    assert again.request.parallel == 2
    assert again.n_cpu_moe == 12
    assert not again.device(setup.inventory.devices[1].key).enabled


def test_restore_is_lenient() -> None:
    base = PlanRequest()
    request, _ = restore(
        {"ctx": "big", "parallel": -3, "split_mode": "diagonal", "layers": {"a": "x"}, "mtp": 1},
        base,
        projector=None,
    )
    assert request == base
    request, _ = restore(
        {"ctx": None, "split_mode": "tensor", "mtp": True, "flash_attn": False}, base, None
    )
    assert request.ctx is None
    assert request.split_mode is SplitMode.TENSOR
    assert isinstance(request.speculative, Mtp)
    assert request.flash_attn is False


def test_projector_beside_the_model_is_found(tmp_path: Path) -> None:
    model = tmp_path / "model.gguf"
    shutil.copy(synthetic_model("tiny-llama"), model)
    assert find_projector(model) is None
    projector = tmp_path / "mmproj-model-f16.gguf"
    shutil.copy(synthetic_model("tiny-llama-q8-tied"), projector)
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "mmproj-a-pipe.gguf")  # sorts first; reading it would block
    found = find_projector(model)
    assert found is not None and found.path == projector
    assert found.weight_bytes > 0
    _, use = restore({"mmproj": False}, PlanRequest(), found)
    assert not use
    _, use = restore(None, PlanRequest(), found)
    assert use


def test_our_running_engine_is_handed_to_device_discovery(
    engine: EngineInfo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Planning a switch must count the memory our own engine holds as free; the NVML side
    of that is tested in tests/core/hardware/test_hardware_devices.py, this is the hand-over."""
    seen: list[object] = []
    real = placement_setup.discover_devices

    def spy(*args: object, **kwargs: object) -> object:
        seen.append(kwargs.get("own_pids"))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(placement_setup, "discover_devices", spy)
    model = synthetic_model("tiny-llama")
    fakes = {"STUDIO_FAKE_DEVICES": "GPU0:8GiB"}
    Machine.of(fakes).setup(model, engine, own_pids=(4321,))
    Machine.of(fakes).setup(model, engine)
    assert seen == [(4321,), ()]


def test_recall_brings_back_the_projector_and_a_draft_that_is_still_there(
    tmp_path: Path,
) -> None:
    projector = find_projector(synthetic_model("tiny-llama"))  # none beside the cache copy
    assert projector is None
    draft = tmp_path / "draft.gguf"
    shutil.copy(synthetic_model("tiny-llama"), draft)
    saved = {"draft": str(draft), "draft_spec_type": "draft-mtp", "ctx": 2048}
    recalled = recall(saved, PlanRequest(), None)
    assert recalled.request.ctx == 2048 and not recalled.use_projector
    assert isinstance(recalled.request.speculative, DraftModel)
    assert recalled.request.speculative.spec_type is DraftType.MTP
    draft.unlink()
    assert recall(saved, PlanRequest(), None).request.speculative is None  # gone: not used


def test_a_setup_without_an_engine_plans_on_fake_devices() -> None:
    machine = Machine.of({"STUDIO_FAKE_DEVICES": "GPU0:8GiB,HOST:16GiB"})
    assert machine.fake_devices
    setup = machine.setup(synthetic_model("tiny-llama"), None)
    assert setup.features is None
    assert [d.key for d in setup.inventory.devices] == [
        d.key for d in machine.devices(None).devices
    ]
    plan = setup.planner.plan(setup.base_request)
    assert plan.fits
    command = setup.command(plan)
    assert command[0] == "llama-server" and str(setup.model_path) in command


def test_a_remembered_plan_that_no_longer_fits_is_auto_fitted(moe: ModelSetup) -> None:
    small = moe.remembered_plan({"ctx": 4096})
    assert small.fits and small.ctx == 4096  # what was remembered, while it fits
    gpu0 = moe.inventory.devices[0].key
    crammed = {"ctx": 4096, "n_cpu_moe": 0, "layers": {gpu0: moe.planner.positions}}
    assert not moe.planner.plan(moe.recall(crammed).request).fits
    fitted = moe.remembered_plan(crammed)
    assert fitted.fits and fitted.asked.layers is None  # placement chosen afresh


def test_a_model_that_cannot_fit_at_all_is_refused_not_planned(engine: EngineInfo) -> None:
    from studio.core.errors import StudioError

    tiny_gpus = fake_setup("qwen3-30b-a3b-shape", engine, "GPU0:1GiB,HOST:2GiB")
    with pytest.raises(StudioError):
        tiny_gpus.remembered_plan(None)
