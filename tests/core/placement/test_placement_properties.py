"""Properties of the planner over many model shapes and machines (hypothesis).

Models are in-memory summaries (uniform layers, optional experts, tied or not); machines are
fake GPUs from a STUDIO_FAKE_DEVICES spec through the real discovery code.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studio.core.hardware import DeviceInventory
from studio.core.memory import ModelSummary
from studio.core.placement import Plan, Planner, PlanRequest, ReasonCode, Severity
from studio.core.placement.search import CTX_STEP, MIN_CTX
from tests.core.placement.placement_helpers import fake_inventory, toy_summary

SETTINGS = settings(
    max_examples=int(os.environ.get("STUDIO_PLACEMENT_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@st.composite
def models(draw: st.DrawFn) -> ModelSummary:
    moe = draw(st.booleans())
    return toy_summary(
        n_layer=draw(st.integers(2, 100)),
        layer_mib=draw(st.floats(1, 400)),
        expert_fraction=draw(st.floats(0.3, 0.95)) if moe else 0.0,
        leading_dense=draw(st.integers(0, 2)) if moe else 0,
        n_ctx_train=draw(st.sampled_from([2048, 8192, 32768, 131072])),
        n_head_kv=draw(st.sampled_from([1, 4, 8])),
        tied=draw(st.booleans()),
    )


@st.composite
def machines(draw: st.DrawFn) -> DeviceInventory:
    count = draw(st.sampled_from([0, 1, 2, 2, 3, 3, 4]))
    gpus = draw(st.lists(st.integers(2, 32), min_size=count, max_size=count))
    host = draw(st.integers(2, 128))
    spec = ",".join(f"GPU{i}:{g}GiB" for i, g in enumerate(gpus))
    return fake_inventory(f"{spec},HOST:{host}GiB" if spec else f"HOST:{host}GiB")


@st.composite
def requests(draw: st.DrawFn) -> PlanRequest:
    cache = draw(st.sampled_from(["f16", "q8_0", "q4_0"]))
    return PlanRequest(
        ctx=draw(st.one_of(st.none(), st.integers(256, 65536))),
        parallel=draw(st.integers(1, 4)),
        cache_type_k=cache,
        cache_type_v=cache,
    )


def _over_budget_keys(plan: Plan) -> set[str]:
    over = {d.key for d in plan.devices if d.layers and not d.fits}
    if not plan.host.fits:
        over.add(plan.host.key)
    return over


def _reported_keys(plan: Plan) -> set[str]:
    keys: set[str] = set()
    for reason in plan.reasons:
        if reason.code is ReasonCode.DEVICE_OVER_BUDGET:
            keys.add(str(reason.params["device"]))
        elif reason.code is ReasonCode.HOST_OVER_BUDGET:
            keys.add(plan.host.key)
    return keys


@SETTINGS
@given(models(), machines(), requests())
def test_a_plan_never_exceeds_a_budget_without_saying_so(
    model: ModelSummary, machine: DeviceInventory, request: PlanRequest
) -> None:
    plan = Planner(model, Path("m.gguf"), machine).plan(request)
    assert _over_budget_keys(plan) == _reported_keys(plan)
    if plan.fits:
        for device in plan.devices:
            assert device.predicted.total <= device.budget or device.layers == 0
        assert plan.host.predicted.total <= plan.host.budget
    if request.ctx is None and not plan.fits:
        # Auto-fit only gives up when even the smallest option does not fit.
        assert ReasonCode.NOTHING_FITS in {r.code for r in plan.reasons}


@SETTINGS
@given(models(), machines(), st.data())
def test_more_layers_on_a_device_never_lowers_its_bytes(
    model: ModelSummary, machine: DeviceInventory, data: st.DataObject
) -> None:
    if not machine.devices:
        return
    positions = model.block_count + 1
    keys = [d.key for d in machine.devices]
    counts = data.draw(
        st.lists(st.integers(0, positions), min_size=len(keys), max_size=len(keys)).filter(
            lambda c: sum(c) < positions
        )
    )
    index = data.draw(st.integers(0, len(keys) - 1))
    planner = Planner(model, Path("m.gguf"), machine)
    base = PlanRequest(ctx=4096, layers=dict(zip(keys, counts, strict=True)), n_cpu_moe=0)
    before = planner.plan(base)
    raised = list(counts)
    raised[index] += 1
    after = planner.plan(base.with_changes(layers=dict(zip(keys, raised, strict=True))))
    was, now = before.devices[index].predicted, after.devices[index].predicted
    if sum(raised) < positions:
        assert now.total >= was.total
    # else the host ran its last layer: a GPU no longer runs the host's batches (op
    # offload) and may keep less compute with the layer than without it, as the engine
    # does (lavapipe: 20.50 MiB with 8 of 19 layers, 19.52 MiB with all).
    assert now.weights >= was.weights and now.kv >= was.kv
    assert after.host.predicted.weights <= before.host.predicted.weights


def _check_layer_sums(plan: Plan, positions: int) -> None:
    enabled = [d for d in plan.devices if d.enabled]
    assert sum(d.layers for d in enabled) == plan.n_gpu_layers <= positions
    assert all(d.layers == 0 for d in plan.devices if not d.enabled)
    assert plan.host.layers == positions - plan.n_gpu_layers
    argv = plan.argv
    assert argv[argv.index("-ngl") + 1] == str(plan.n_gpu_layers)
    used = [d for d in enabled if d.layers > 0]
    if len(used) > 1:
        assert argv[argv.index("-ts") + 1] == ",".join(str(d.layers) for d in used)
        assert argv[argv.index("-dev") + 1] == ",".join(d.engine_name for d in used)


@SETTINGS
@given(models(), machines(), st.data())
def test_per_gpu_layers_always_sum_correctly(
    model: ModelSummary, machine: DeviceInventory, data: st.DataObject
) -> None:
    positions = model.block_count + 1
    planner = Planner(model, Path("m.gguf"), machine)
    plan = planner.plan(PlanRequest(ctx=2048))
    _check_layer_sums(plan, positions)
    keys = [d.key for d in machine.devices]
    if not keys:
        return
    for _ in range(data.draw(st.integers(1, 6))):
        key = data.draw(st.sampled_from(keys))
        action = data.draw(st.sampled_from(["layers", "toggle", "moe"]))
        if action == "layers":
            if not plan.device(key).enabled:
                continue
            value = data.draw(st.integers(-3, positions + 3))
            request = plan.with_layers(key, value)
            assert request.layers is not None
            assert request.layers[key] == max(0, min(value, positions))
        elif action == "toggle":
            request = plan.with_device_enabled(key, not plan.device(key).enabled)
        else:
            request = plan.with_n_cpu_moe(data.draw(st.integers(0, model.block_count)))
        plan = planner.plan(request)
        _check_layer_sums(plan, positions)


@SETTINGS
@given(models(), machines(), st.data())
def test_auto_context_is_never_one_a_smaller_context_would_not_fit(
    model: ModelSummary, machine: DeviceInventory, data: st.DataObject
) -> None:
    planner = Planner(model, Path("m.gguf"), machine)
    plan = planner.plan(PlanRequest())
    if not plan.fits:
        return
    assert plan.ctx % CTX_STEP == 0 and plan.ctx <= max(model.context_length, MIN_CTX)
    smaller = data.draw(st.integers(MIN_CTX // CTX_STEP, plan.ctx // CTX_STEP)) * CTX_STEP
    again = planner.plan(plan.with_ctx(smaller))
    assert again.fits, [r.to_json() for r in again.reasons if r.severity is Severity.ERROR]


@SETTINGS
@given(models(), machines(), st.data())
def test_manual_placements_report_every_device_they_overfill(
    model: ModelSummary, machine: DeviceInventory, data: st.DataObject
) -> None:
    positions = model.block_count + 1
    keys = [d.key for d in machine.devices]
    layers = {key: data.draw(st.integers(0, positions)) for key in keys}
    request = PlanRequest(
        ctx=data.draw(st.integers(256, 65536)),
        layers=layers,
        n_cpu_moe=data.draw(st.one_of(st.none(), st.integers(0, model.block_count))),
    )
    plan = Planner(model, Path("m.gguf"), machine).plan(request)
    assert _over_budget_keys(plan) == _reported_keys(plan)
    assert plan.fits == (not _over_budget_keys(plan))
    assert sum(d.layers for d in plan.devices) == plan.n_gpu_layers <= positions
