"""An engine's measured graph differences (EngineGraph) and how they reach an estimate."""

from __future__ import annotations

from dataclasses import replace

import pytest

from studio.core.engine.calibrate import rows
from studio.core.engine.selftest import SelfTestResult
from studio.core.gguf import read_model
from studio.core.memory import (
    DeviceKind,
    DeviceSpec,
    EngineGraph,
    EstimateSettings,
    ModelSummary,
    estimate,
    summarize,
)
from tests.support.synthetic import synthetic_model

MIB = 1 << 20
# What calibration measured for the b11434 native build (README "Memory estimates").
B11434 = EngineGraph(
    host_rows=1,
    recurrent_host_rows=1,
    hybrid_slot_states=3,
    host_offloaded_rows=2,
    entry_rows=1,
    entry_nkvo_rows=-1,
    rpc_pipeline=True,
    pipeline_host_rows=2,
    pipeline_entry_rows=3,
    pipeline_device_rows=1,
    recurrent_boundary_copies=1,
    nextn_kv_in_target=False,
    mtp_context_full=False,
    measured=True,
)


@pytest.fixture(scope="module")
def llama() -> ModelSummary:
    return summarize(read_model(synthetic_model("tiny-llama")))


def _rpc(n: int) -> list[DeviceSpec]:
    return [DeviceSpec(f"RPC{i}", DeviceKind.RPC, 1, 1) for i in range(n)]


def _row(summary: ModelSummary, settings: EstimateSettings) -> int:
    return 4 * summary.embedding_length * min(settings.ubatch, settings.batch)


def test_host_rows_are_added_where_the_host_runs_layers(llama: ModelSummary) -> None:
    settings = EstimateSettings(ctx=2048, n_gpu_layers=0)
    base = estimate(llama, settings)
    measured = estimate(llama, settings, graph=B11434)
    assert measured.host.compute - base.host.compute == _row(llama, settings)
    assert measured.host.weights == base.host.weights and measured.host.kv == base.host.kv


def test_an_offloaded_model_adds_host_and_first_device_rows(llama: ModelSummary) -> None:
    settings = EstimateSettings(ctx=2048)
    one = replace(B11434, rpc_pipeline=False)
    base = estimate(llama, settings, _rpc(1))
    measured = estimate(llama, settings, _rpc(1), graph=one)
    row = _row(llama, settings)
    assert measured.host.compute - base.host.compute == 2 * row
    assert measured.devices[0].compute - base.devices[0].compute == row


def test_nkvo_uses_the_first_devices_nkvo_rows(llama: ModelSummary) -> None:
    settings = EstimateSettings(ctx=2048, kv_offload=False)
    base = estimate(llama, settings, _rpc(1))
    measured = estimate(llama, settings, _rpc(1), graph=B11434)
    assert measured.devices[0].compute - base.devices[0].compute == -_row(llama, settings)


def test_pipeline_parallelism_prices_every_input_copy(llama: ModelSummary) -> None:
    settings = EstimateSettings(ctx=2048)
    without = estimate(llama, settings, _rpc(2), graph=replace(B11434, rpc_pipeline=False))
    pipelined = estimate(llama, settings, _rpc(2), graph=B11434)
    # Every device and the host hold more; the host's extra is (copies - 1) copies of its
    # inputs: the f16 mask of the whole context plus two rows and the small inputs.
    pairs = zip(pipelined.devices, without.devices, strict=True)
    assert all(p.compute > w.compute for p, w in pairs)
    n_tokens = 512
    mask = 2048 * n_tokens * 2
    per_copy = mask + n_tokens * 16 + 2 * _row(llama, settings)
    assert pipelined.host.compute - without.host.compute == 3 * per_copy


@pytest.mark.parametrize(
    ("settings", "devices", "graph"),
    [
        (EstimateSettings(ctx=2048, n_gpu_layers=3), 2, B11434),  # a layer on the host
        (EstimateSettings(ctx=2048, kv_offload=False), 2, B11434),  # -nkvo
        (EstimateSettings(ctx=2048, n_cpu_moe=1), 2, B11434),  # a tensor override
        (EstimateSettings(ctx=2048), 1, B11434),  # one device
        (EstimateSettings(ctx=2048), 2, EngineGraph()),  # RPC without async + events
    ],
    ids=["partial offload", "nkvo", "tensor overrides", "one device", "not capable"],
)
def test_pipeline_parallelism_is_off_where_llama_cpp_turns_it_off(
    llama: ModelSummary, settings: EstimateSettings, devices: int, graph: EngineGraph
) -> None:
    off = replace(graph, rpc_pipeline=False, gpu_pipeline=False)
    assert estimate(llama, settings, _rpc(devices), graph=graph) == estimate(
        llama, settings, _rpc(devices), graph=off
    )


def test_gpus_are_priced_with_pipeline_parallelism_by_default(llama: ModelSummary) -> None:
    gpus = [DeviceSpec(f"GPU{i}", DeviceKind.GPU, 1, 1) for i in range(2)]
    settings = EstimateSettings(ctx=2048)
    default = estimate(llama, settings, gpus)
    off = estimate(llama, settings, gpus, graph=EngineGraph(gpu_pipeline=False))
    assert default.host.compute > off.host.compute


def test_a_whole_hybrid_on_the_host_keeps_states_per_extra_slot() -> None:
    hybrid = summarize(read_model(synthetic_model("tiny-granitehybrid")))
    assert hybrid.ssm is not None
    state = 4 * hybrid.ssm.state_size * hybrid.ssm.inner_size
    unmeasured = replace(B11434, hybrid_slot_states=0)

    def extra(settings: EstimateSettings, devices: tuple[DeviceSpec, ...] = ()) -> int:
        measured = estimate(hybrid, settings, devices, graph=B11434)
        base = estimate(hybrid, settings, devices, graph=unmeasured)
        return measured.host.compute - base.host.compute

    assert extra(EstimateSettings(ctx=2048, parallel=1, n_gpu_layers=0)) == 0
    assert extra(EstimateSettings(ctx=2048, parallel=4, n_gpu_layers=0)) == 3 * 3 * state
    # Only the first layers on the host, or a purely recurrent model: no per-slot term.
    assert extra(EstimateSettings(ctx=2048, parallel=4, n_gpu_layers=4), tuple(_rpc(2))) == 0
    mamba = summarize(read_model(synthetic_model("tiny-mamba2")))
    settings = EstimateSettings(ctx=1024, parallel=4, n_gpu_layers=0)
    assert estimate(mamba, settings, graph=B11434) == estimate(mamba, settings, graph=unmeasured)


def test_a_pipelined_recurrent_boundary_moves_the_projection_and_the_gate() -> None:
    mamba = summarize(read_model(synthetic_model("tiny-mamba2")))
    assert mamba.ssm is not None
    settings = EstimateSettings(ctx=1024)
    without = replace(B11434, recurrent_boundary_copies=0)
    measured = estimate(mamba, settings, _rpc(2), graph=B11434)
    base = estimate(mamba, settings, _rpc(2), graph=without)
    ssm, n_tokens, copies = mamba.ssm, 512, B11434.sched_copies
    conv_dim = ssm.inner_size + 2 * ssm.group_count * ssm.state_size
    projection = 4 * n_tokens * (ssm.inner_size + conv_dim + ssm.time_step_rank)
    gate = 4 * n_tokens * ssm.inner_size
    first, second = measured.devices[0], measured.devices[1]
    assert first.compute - base.devices[0].compute == copies * gate
    assert second.compute - base.devices[1].compute == copies * projection
    # Without pipeline parallelism (a host layer) nothing moves.
    host_too = EstimateSettings(ctx=1024, n_gpu_layers=3)
    assert estimate(mamba, host_too, _rpc(2), graph=B11434) == estimate(
        mamba, host_too, _rpc(2), graph=without
    )


def test_the_nextn_block_follows_what_the_engine_loads() -> None:
    summary = summarize(read_model(synthetic_model("tiny-glm4moe-mtp")))
    settings = EstimateSettings(ctx=1024, parallel=1, load_mtp=True)
    loads = estimate(summary, settings, graph=EngineGraph(mtp_loads_nextn=True))
    skips = estimate(summary, settings, graph=EngineGraph(mtp_loads_nextn=False))
    nextn = summary.layer_bytes[summary.repeating_layers]
    assert loads.host.weights - skips.host.weights == nextn
    no_nextn_kv = estimate(summary, settings, graph=EngineGraph(nextn_kv_in_target=False))
    assert 0 < no_nextn_kv.host.kv < loads.host.kv


def test_a_graph_survives_the_self_test_cache() -> None:
    result = SelfTestResult(
        passed=True,
        code="",
        built_features=("AVX2", "REPACK"),
        missing_features=(),
        cpu_variant="AVX2",
        cpu_summary="test",
        backends=("CPU",),
        exit_status="ok",
        log_tail=(),
        seconds=1.0,
        usable_features=("AVX2", "REPACK"),
        graph=B11434,
    )
    again = SelfTestResult.from_json(result.to_json())
    assert again == result
    assert again.memory.graph == B11434
    assert again.memory.cpu_features == frozenset({"AVX2", "REPACK"})
    failed = replace(result, passed=False)
    assert failed.memory.graph is None and failed.memory.cpu_features is None


@pytest.mark.parametrize(
    ("difference", "expected"),
    [(0, 0), (int(0.2 * MIB), 0), (int(0.6 * MIB), 1), (MIB, 1), (-int(1.5 * MIB), -1)],
)
def test_measured_differences_round_up_to_whole_rows(difference: int, expected: int) -> None:
    assert rows(difference, MIB) == expected


def test_a_measured_gpu_replaces_the_rpc_entry_rows_on_gpus_only() -> None:
    summary = summarize(read_model(synthetic_model("tiny-llama")))
    settings = EstimateSettings(ctx=2048, parallel=1)
    rpc_measured = EngineGraph(entry_rows=3, measured=True)
    gpu_measured = replace(rpc_measured, gpus_measured=True, gpu_entry_rows=1)
    row = 4 * summary.embedding_length * 512
    gpu = [DeviceSpec("Vulkan0", DeviceKind.GPU)]
    on_rpc = estimate(summary, settings, gpu, graph=rpc_measured).devices[0].compute
    on_gpu = estimate(summary, settings, gpu, graph=gpu_measured).devices[0].compute
    assert on_rpc - on_gpu == 2 * row
    rpc = [DeviceSpec("RPC0", DeviceKind.RPC)]
    assert (
        estimate(summary, settings, rpc, graph=rpc_measured).devices[0].compute
        == estimate(summary, settings, rpc, graph=gpu_measured).devices[0].compute
    )
    # Op offload: with host layers, the GPU keeps the measured rows beyond the whole graph.
    partial = replace(settings, n_gpu_layers=3)
    one = estimate(summary, partial, gpu, graph=replace(gpu_measured, op_offload_rows=1))
    three = estimate(summary, partial, gpu, graph=replace(gpu_measured, op_offload_rows=3))
    assert three.devices[0].compute - one.devices[0].compute == 2 * row
