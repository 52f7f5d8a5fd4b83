"""Remembered load settings no load can use (a damaged or hand-edited settings file) are
dropped, named, and the plan falls back to auto-fit instead of refusing the model."""

from __future__ import annotations

import pytest

from studio.core.gguf.errors import ModelFileMissingError, TruncatedError
from studio.core.placement.remembered import checked_remembered, judged_damaged
from studio.core.placement.request import PlanRequest
from studio.core.placement.setup import Machine, ModelSetup
from tests.ui.load.load_dialog_support import synthetic_model

CORRUPTED = {
    "ctx": 10**30,
    "parallel": 10**30,
    "cache_type_k": "bogus",
    "n_cpu_moe": -3,
    "layers": {"GPU0": 10**30},
    "split_mode": "diagonal",
    "flash_attn": "yes",
}


@pytest.fixture(scope="module")
def setup() -> ModelSetup:
    """A real header on fake devices: no engine needed to plan."""
    machine = Machine.of({"STUDIO_FAKE_DEVICES": "GPU0:12GiB,GPU1:8GiB,HOST:64GiB"})
    return machine.setup(synthetic_model("qwen3-30b-a3b-shape"), None)


def test_unusable_values_are_named_and_the_rest_kept() -> None:
    kept, dropped = checked_remembered(
        {**CORRUPTED, "cache_type_v": "q8_0", "kv_unified": True, "newer": 1, "draft": None}
    )
    assert dropped == tuple(CORRUPTED)
    assert kept == {"cache_type_v": "q8_0", "kv_unified": True, "newer": 1, "draft": None}
    assert checked_remembered(None) == ({}, ())


@pytest.mark.parametrize("corrupted", [dict(CORRUPTED), {"parallel": 10**30}, {"ctx": -5}])
def test_a_corrupted_remembered_setting_falls_back_to_auto_fit(
    setup: ModelSetup, corrupted: dict[str, object]
) -> None:
    plan = setup.remembered_plan(corrupted)  # the autoload's plan; used to raise
    fresh = setup.planner.plan(setup.base_request)
    assert plan.fits
    assert plan.ctx == fresh.ctx and plan.request.parallel == 1
    assert setup.recall(corrupted).request.cache_type_k == PlanRequest().cache_type_k


def test_a_damaged_model_is_told_apart_from_a_missing_one() -> None:
    assert judged_damaged(TruncatedError("m.gguf", 100, 4))
    assert not judged_damaged(ModelFileMissingError("m.gguf"))
    assert not judged_damaged(OSError("busy"))
