"""The one planner of a load nobody is asked about: a policy in, the launch and its
out-of-memory step down out, or the refusal of a model that must not start."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.core.engine import EngineInfo, EngineLocation
from studio.core.errors import StudioError
from studio.core.placement.admission import MODEL_DOES_NOT_FIT
from studio.core.placement.load_plan import (
    Explicit,
    PlannedLoad,
    PlanningEngine,
    Remembered,
    plan_load,
)
from studio.core.placement.setup import Machine
from studio.core.server.failures import Failure, FailureCode
from studio.core.server.launch import LaunchSpec
from tests.ui.load.load_dialog_support import probe_engine, synthetic_model

pytestmark = pytest.mark.engine  # the engine's own --help tells which features exist

GPUS = Machine.of({"STUDIO_FAKE_DEVICES": "GPU0:12GiB,GPU1:8GiB,HOST:64GiB"})
SMALL = Machine.of({"STUDIO_FAKE_DEVICES": "GPU0:1GiB,HOST:2GiB"})


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory, engine_location: EngineLocation) -> EngineInfo:
    return probe_engine(tmp_path_factory.mktemp("probe") / "probe.json", engine_location)


@pytest.fixture(scope="module")
def moe() -> Path:
    return synthetic_model("qwen3-30b-a3b-shape")


def test_remembered_settings_are_planned_with_their_step_down(
    engine: EngineInfo, moe: Path
) -> None:
    load = plan_load(GPUS, moe, PlanningEngine(engine), Remembered({"ctx": 4096, "n_cpu_moe": 6}))
    assert load.plan is not None and load.step_down is not None
    assert (load.spec.ctx_size, load.spec.n_cpu_moe, load.spec.label) == (4096, 6, moe.name)
    stepped = load.step_down(load.spec, Failure(FailureCode.OOM_KV))
    assert stepped is not None and stepped.spec.ctx_size == 3072


def test_a_model_that_fits_in_no_way_is_refused(engine: EngineInfo, moe: Path) -> None:
    for policy in (Remembered(), Explicit()):
        with pytest.raises(StudioError) as refused:
            plan_load(SMALL, moe, PlanningEngine(engine), policy)
        assert refused.value.code == MODEL_DOES_NOT_FIT
    forced = plan_load(SMALL, moe, PlanningEngine(engine), Explicit(load_anyway=True))
    assert forced.plan is not None and not forced.plan.fits


def test_without_an_engine_or_a_readable_header_the_app_loads_unplanned(
    engine: EngineInfo, moe: Path, tmp_path: Path
) -> None:
    assert plan_load(GPUS, moe, PlanningEngine(), Remembered()) == PlannedLoad.unplanned(moe)
    gone = tmp_path / "gone.gguf"
    assert plan_load(GPUS, gone, PlanningEngine(engine), Remembered()) == PlannedLoad(
        LaunchSpec(model=gone, label="gone.gguf")
    )
    with pytest.raises(StudioError):  # a command line says why
        plan_load(GPUS, gone, PlanningEngine(engine), Explicit())


def test_a_damaged_file_is_refused_even_for_the_app(engine: EngineInfo, tmp_path: Path) -> None:
    whole = synthetic_model("tiny-llama").read_bytes()
    damaged = tmp_path / "damaged.gguf"
    damaged.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(StudioError) as refused:
        plan_load(GPUS, damaged, PlanningEngine(engine), Remembered())
    assert refused.value.code == "gguf.truncated"


def test_explicit_settings_go_over_the_environment_and_zero_is_the_trained_context(
    engine: EngineInfo, moe: Path
) -> None:
    machine = Machine.of({**GPUS.environ, "LLAMA_ARG_CTX_SIZE": "2048"})
    by_environment = plan_load(machine, moe, PlanningEngine(engine), Explicit())
    assert by_environment.spec.ctx_size == 2048
    trained = plan_load(machine, moe, PlanningEngine(engine), Explicit({"ctx": 0}))
    assert trained.plan is not None and trained.spec.ctx_size == trained.plan.limits.ctx_trained
    launch = {"extra_args": ("--no-warmup",), "embeddings": True}
    given = plan_load(machine, moe, PlanningEngine(engine), Explicit({"ctx": 1024}, launch=launch))
    assert given.spec.ctx_size == 1024
    # The command line's arguments go after the verbosity the engine logs allocations at.
    assert given.spec.extra_args == ("-lv", "4", "--no-warmup") and given.spec.embeddings
