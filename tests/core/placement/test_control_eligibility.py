"""Every load-dialog control's eligibility comes from the plan's Limits: whether the control
can be used for this model on this engine, and the reason it cannot. The dialog renders
these; these tests pin what core decides."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.core.engine.info import EngineFeatures
from studio.core.memory import ModelSummary
from studio.core.placement import Planner, PlanRequest, Projector, ReasonCode, SplitMode
from studio.core.placement.plan import Limits
from tests.core.placement.placement_helpers import fake_inventory, shape_summary

TWO_GPUS = "GPU0:24GiB,GPU1:24GiB,HOST:64GiB"
# An engine that offers tensor split, MTP and every flag the dialog's controls need.
FULL = EngineFeatures(
    frozenset({"--flash-attn", "--cache-type-k", "--spec-draft-model", "--mmproj"}),
    split_modes=("none", "layer", "row", "tensor"),
    spec_types=("draft-simple", "draft-mtp"),
    cache_types=("f16", "q8_0"),
)
# An old build with none of them.
BARE = EngineFeatures(frozenset())


@pytest.fixture(scope="module")
def moe(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ModelSummary]:
    return shape_summary(tmp_path_factory.mktemp("models"), "qwen3-30b-a3b-shape")


@pytest.fixture(scope="module")
def dense(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ModelSummary]:
    return shape_summary(tmp_path_factory.mktemp("models"), "llama-8b-shape")


def _limits(
    model: tuple[Path, ModelSummary],
    features: EngineFeatures | None,
    projector: Projector | None = None,
    request: PlanRequest | None = None,
) -> Limits:
    path, summary = model
    planner = Planner(summary, path, fake_inventory(TWO_GPUS), features, projector=projector)
    return planner.plan(request or PlanRequest()).limits


def _codes(limits: Limits, control: str) -> list[ReasonCode]:
    return [r.code for r in limits.eligibility()[control].reasons]


def test_an_engine_with_every_flag_offers_every_control(
    moe: tuple[Path, ModelSummary], tmp_path: Path
) -> None:
    limits = _limits(moe, FULL, Projector(tmp_path / "mmproj.gguf", 600 << 20))
    refused = {name: e.reasons for name, e in limits.eligibility().items() if not e.allowed}
    # MTP needs NextN layers the shape does not have; everything else is offered.
    assert set(refused) == {"mtp"}


def test_an_old_engine_refuses_its_missing_flags_with_reasons(
    moe: tuple[Path, ModelSummary], tmp_path: Path
) -> None:
    limits = _limits(moe, BARE, Projector(tmp_path / "mmproj.gguf", 600 << 20))
    assert _codes(limits, "flash_attn") == [ReasonCode.FLASH_ATTN_UNSUPPORTED_BY_ENGINE]
    assert _codes(limits, "cache_type") == [ReasonCode.CACHE_TYPE_FIXED_BY_ENGINE]
    assert _codes(limits, "draft") == [ReasonCode.DRAFT_UNSUPPORTED_BY_ENGINE]
    assert _codes(limits, "mmproj") == [ReasonCode.MMPROJ_UNSUPPORTED_BY_ENGINE]
    assert ReasonCode.TENSOR_UNSUPPORTED_ENGINE in _codes(limits, "tensor_parallel")
    assert ReasonCode.MTP_UNSUPPORTED_BY_ENGINE in _codes(limits, "mtp")
    assert limits.n_cpu_moe.allowed and limits.layers.allowed  # not the engine's to refuse


def test_without_an_engine_every_flag_is_assumed(moe: tuple[Path, ModelSummary]) -> None:
    limits = _limits(moe, None)
    for control in ("flash_attn", "cache_type", "draft"):
        assert limits.eligibility()[control].allowed, control
    # The projector control still needs a file beside the model.
    assert _codes(limits, "mmproj") == [ReasonCode.MMPROJ_NOT_FOUND]


def test_a_dense_model_has_no_experts_to_move(dense: tuple[Path, ModelSummary]) -> None:
    limits = _limits(dense, FULL)
    assert _codes(limits, "n_cpu_moe") == [ReasonCode.DENSE_MODEL_HAS_NO_EXPERTS]


def test_a_tensor_split_takes_the_layer_and_expert_controls(
    moe: tuple[Path, ModelSummary],
) -> None:
    limits = _limits(moe, FULL, request=PlanRequest(split_mode=SplitMode.TENSOR))
    assert limits.tensor_parallel.allowed
    assert _codes(limits, "layers") == [ReasonCode.TENSOR_SPLITS_EVERY_LAYER]
    assert _codes(limits, "n_cpu_moe") == [ReasonCode.TENSOR_KEEPS_EXPERTS_ON_GPUS]


def test_every_control_is_in_the_json_the_cli_prints(moe: tuple[Path, ModelSummary]) -> None:
    data = _limits(moe, BARE).to_json()
    for control in ("tensor_parallel", "mtp", "flash_attn", "cache_type", "mmproj", "draft"):
        assert data[control]["allowed"] is False, control
        assert data[control]["reasons"], control
