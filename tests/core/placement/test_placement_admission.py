"""The fit check every load path runs first: a plan that does not fit, with its numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.core.hardware import MIB
from studio.core.placement import Planner, PlanRequest
from studio.core.placement.admission import ModelTooBigError, check_fits, refusal
from tests.core.placement.placement_helpers import fake_inventory, toy_summary


def test_a_plan_that_fits_passes_and_one_that_does_not_says_by_how_much() -> None:
    model = toy_summary(n_layer=32, layer_mib=200)
    fits = Planner(model, Path("m.gguf"), fake_inventory("GPU0:12GiB,HOST:64GiB"))  # type: ignore[arg-type]
    check_fits(fits.plan(PlanRequest(ctx=4096)))
    small = Planner(model, Path("big.gguf"), fake_inventory("HOST:64MiB"))  # type: ignore[arg-type]
    plan = small.plan(PlanRequest(ctx=4096))
    error = refusal(plan)
    assert isinstance(error, ModelTooBigError)
    assert error.code == "model_does_not_fit"
    assert error.params["device"] == "Host" and error.params["available"] == 64 * MIB
    assert error.params["needed"] == plan.host.predicted.total > 6000 * MIB
    assert error.params["reserve"] == plan.host.margin
    assert error.detail.startswith("big.gguf does not fit: it needs 6.")
    with pytest.raises(ModelTooBigError):
        check_fits(plan)
