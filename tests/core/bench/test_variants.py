"""Variants of a plan: named by the knob table, planned as the dialog plans (one thing
moves, the rest stays pinned), launched with what the command line keeps beside a plan,
and refused, not run, when they do not fit."""

from __future__ import annotations

import pytest

from studio.core.bench import VARIABLE_KNOBS, Changes, plan_variant, plan_variants
from studio.core.devices import SplitMode
from studio.core.engine_knobs import LAUNCH_KNOBS, PLANNED_KNOBS
from studio.core.errors import StudioError
from studio.core.placement.load_plan import explicit_request
from studio.core.placement.plan import Plan
from studio.core.placement.setup import Machine, ModelSetup
from studio.core.voice import ENGLISH
from tests.support.synthetic import synthetic_model


@pytest.fixture(scope="module")
def setup() -> ModelSetup:
    machine = Machine.of({"STUDIO_FAKE_DEVICES": "GPU0:12GiB,GPU1:8GiB,HOST:64GiB"})
    return machine.setup(synthetic_model("qwen3-30b-a3b-shape"), None)


@pytest.fixture(scope="module")
def base(setup: ModelSetup) -> Plan:
    return setup.planner.plan(explicit_request(setup, {"ctx": 4096}))


def test_the_variable_knobs_come_from_the_table() -> None:
    assert {k.name for k in PLANNED_KNOBS} <= VARIABLE_KNOBS
    assert "threads" in VARIABLE_KNOBS
    assert not {"n_gpu_layers", "devices", "tensor_split", "mmproj"} & VARIABLE_KNOBS
    assert {k.name for k in PLANNED_KNOBS} | {k.name for k in LAUNCH_KNOBS} >= VARIABLE_KNOBS
    with pytest.raises(StudioError) as raised:
        Changes({"n_gpu_layers": 3})
    assert raised.value.code == "bench_knob_unknown"
    assert "ubatch" in raised.value.params["knobs"]  # type: ignore[operator]


def test_changes_are_written_and_named_as_a_person_writes_them() -> None:
    changes = Changes({"flash_attn": False, "split_mode": SplitMode.LAYER}, {"CUDA0": 20})
    assert changes.written() == {"flash_attn": "off", "split_mode": "layer", "layers:CUDA0": "20"}
    assert changes.name == "flash_attn=off, split_mode=layer, layers:CUDA0=20"
    assert Changes().name == "base" and Changes(label="mine").name == "mine"


def test_one_knob_moves_and_the_rest_of_the_plan_stays(setup: ModelSetup, base: Plan) -> None:
    variant = plan_variant(setup, base, Changes({"ubatch": 1024, "threads": 3}))
    assert variant.fits and variant.label == "ubatch=1024, threads=3"
    assert variant.plan.request.ubatch == 1024 and variant.load.spec.ubatch == 1024
    assert variant.load.spec.threads == 3  # launched as given: no plan prices it
    assert variant.plan.layer_counts() == base.layer_counts() and variant.plan.ctx == base.ctx
    assert variant.load.step_down is not None


def test_a_device_s_layers_move_as_the_dialog_s_slider(setup: ModelSetup, base: Plan) -> None:
    gpu0, gpu1 = base.devices
    variant = plan_variant(setup, base, Changes(layers={"CUDA0": gpu0.layers - 4}))
    counts = variant.plan.layer_counts()
    assert counts[gpu0.key] == gpu0.layers - 4 and counts[gpu1.key] >= gpu1.layers
    with pytest.raises(StudioError) as raised:
        plan_variant(setup, base, Changes(layers={"CUDA7": 1}))
    assert raised.value.code == "fit_unknown_device"


def test_tensor_parallel_re_places_the_layers_at_the_same_context(
    setup: ModelSetup, base: Plan
) -> None:
    variant = plan_variant(setup, base, Changes({"split_mode": SplitMode.TENSOR}))
    assert variant.plan.split_mode is SplitMode.TENSOR and variant.plan.ctx == base.ctx


def test_a_split_mode_and_layer_moves_in_one_variant_both_hold(
    setup: ModelSetup, base: Plan
) -> None:
    tensor = setup.planner.plan(base.with_tensor_parallel(True).with_changes(ctx=base.ctx))
    gpu0 = base.devices[0]
    back = Changes({"split_mode": SplitMode.LAYER}, {gpu0.key: gpu0.layers - 4})
    variant = plan_variant(setup, tensor, back)
    assert variant.plan.split_mode is SplitMode.LAYER
    assert variant.plan.layer_counts()[gpu0.key] == gpu0.layers - 4


def test_layer_moves_under_tensor_parallelism_are_refused_not_lost() -> None:
    with pytest.raises(StudioError) as refused:
        Changes({"split_mode": SplitMode.TENSOR}, {"CUDA0": 20})
    assert refused.value.code == "bench_layers_under_tensor"
    assert ENGLISH.error(refused.value).startswith("split_mode=tensor, layers:CUDA0=20: ")


def test_a_variant_that_does_not_fit_carries_its_refusal(setup: ModelSetup, base: Plan) -> None:
    gpu1 = base.devices[1]
    variant = plan_variant(setup, base, Changes(layers={gpu1.key: gpu1.layers + 8}))
    assert not variant.fits and variant.refusal is not None
    assert variant.refusal.code == "model_does_not_fit"


def test_the_command_line_s_launch_goes_beside_every_variant(setup: ModelSetup, base: Plan) -> None:
    launch = {"threads": 6, "extra_args": ("--mlock",)}
    plain, faster = plan_variants(setup, base, [Changes(), Changes({"threads": 2})], launch)
    assert plain.load.spec.threads == 6 and faster.load.spec.threads == 2
    assert plain.load.spec.extra_args[-1] == "--mlock"  # last: the engine's last wins
    twice = plan_variants(setup, base, [Changes(), Changes()])
    assert [v.label for v in twice] == ["base", "base (2)"]
