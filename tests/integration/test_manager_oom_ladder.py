"""The out-of-memory ladder with real allocation failures, and the idle health probe.

An RPC device whose address space is capped stands in for a small GPU: the planner sees
the host's memory (as the device reports it) and plans everything onto it, the engine's
allocations on it fail for real, and the ladder steps down, one planned step at a time,
until the model loads. A buffer that does not fit fails cleanly; a remote that cannot
receive a tensor drops the connection and the engine aborts, which is that device out of
memory too. A hung engine is a child stopped with SIGSTOP: alive, listening, never
answering.
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from studio.core.engine import EngineLocation
from studio.core.gguf import read_model
from studio.core.hardware import MIB, DeviceInventory, RpcEndpoint, probe_rpc_devices
from studio.core.hardware.host import read_host_memory
from studio.core.memory import summarize
from studio.core.placement import Plan, Planner, PlanRequest, SmallerPlanStep
from studio.core.placement.smaller import CONTEXT_FLOOR
from studio.core.server.failures import Failure, FailureCode, ServerFailureError
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.server.recovery import RecoveryStep
from studio.core.server.states import ServerState, Snapshot
from tests.support.rpc import RpcServer, rpc_server

pytestmark = pytest.mark.engine


def _planner(engine: EngineLocation, server: RpcServer, model_path: Path) -> Planner:
    devices = probe_rpc_devices(engine, [RpcEndpoint.parse(server.endpoint)])
    model = read_model(model_path)
    inventory = DeviceInventory(devices, read_host_memory())
    return Planner(summarize(model), model_path, inventory, None, {t.name for t in model.tensors})


@pytest.fixture
def small_device(engine_location: EngineLocation) -> Iterator[RpcServer]:
    # SmolLM2 puts 92 MiB of weights on the device and about 20 MiB of compute buffers; its
    # KV cache is 22.5 MiB per 1024 tokens (180 MiB at 8192). 218 MiB of room holds the
    # weights, the compute buffers and 4608 tokens of cache (101 MiB), but not the weights
    # and 6144 tokens of cache (135 MiB): a few MiB from either edge.
    with rpc_server(engine_location, room=218 * MIB) as server:
        yield server


async def _load_down_the_ladder(
    engine: EngineLocation, server: RpcServer, model: Path, logs: Path, request: PlanRequest
) -> tuple[Plan, Snapshot]:
    """Plan `model` onto the capped device, load it with the planner's step-downs, and
    return the first plan and where the ladder ended (the manager is shut down)."""
    planner = _planner(engine, server, model)
    plan = planner.plan(request)
    manager = ServerManager(engine, logs, health_timeout_s=120)
    try:
        snapshot = await manager.load(plan.launch, smaller_plan=SmallerPlanStep(planner, plan))
    finally:
        await manager.shutdown()
    return plan, snapshot


async def test_kv_oom_steps_the_context_down_until_the_model_loads(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path, small_device: RpcServer
) -> None:
    plan, snapshot = await _load_down_the_ladder(
        engine_location, small_device, smollm2, tmp_path / "logs", PlanRequest(ctx=8192)
    )
    assert plan.fits and plan.n_gpu_layers == plan.limits.positions  # all on the "GPU"
    steps = [(note.step, note.cause.code) for note in snapshot.recovery]
    assert len(steps) >= 2, steps  # it kept stepping, not once and done
    assert all(step is RecoveryStep.SMALLER_CONTEXT for step, _ in steps)
    assert {code for _, code in steps} == {FailureCode.OOM_KV}
    contexts = [note.params["ctx"] for note in snapshot.recovery]
    assert contexts == sorted(contexts, reverse=True) and contexts[0] == 6144
    assert {note.params["floor"] for note in snapshot.recovery} == {CONTEXT_FLOOR}
    assert snapshot.spec is not None and snapshot.ready is not None
    assert snapshot.ready.n_ctx == snapshot.spec.ctx_size == contexts[-1]


async def test_past_the_context_floor_the_cache_gives_way(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    # Room for the weights and a little cache: the floor's f16 cache (45 MiB at 2048 tokens)
    # and the compute buffers do not fit, its q8_0 cache (24 MiB) does.
    with rpc_server(engine_location, room=140 * MIB) as server:
        _, snapshot = await _load_down_the_ladder(
            engine_location, server, smollm2, tmp_path / "logs", PlanRequest(ctx=4096)
        )
    kinds = [note.step for note in snapshot.recovery]
    assert kinds[: kinds.index(RecoveryStep.QUANTIZED_KV)] == (
        [RecoveryStep.SMALLER_CONTEXT] * kinds.index(RecoveryStep.QUANTIZED_KV)
    )
    # Layers leave only the device that failed, if the cache alone was not enough.
    fewer = [n for n in snapshot.recovery if n.step is RecoveryStep.FEWER_LAYERS]
    assert {n.params["device"] for n in fewer} <= {"RPC0"}
    assert snapshot.spec is not None and snapshot.spec.cache_type_v == "q8_0"
    assert snapshot.state is ServerState.READY


async def test_a_remote_that_cannot_take_the_weights_aborts_and_gives_up_layers(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    # Room for the 92 MiB weights buffer, not also for receiving the largest tensor (the
    # 30 MiB output matrix) into: the server drops the connection in the middle of the
    # upload ("Failed to allocate input buffer") and the engine aborts with SIGABRT.
    with rpc_server(engine_location, room=100 * MIB) as server:
        plan, snapshot = await _load_down_the_ladder(
            engine_location, server, smollm2, tmp_path / "logs", PlanRequest(ctx=2048)
        )
        survived = server.process.poll() is None  # it dropped the connection; still up
    assert plan.fits and plan.n_gpu_layers == plan.limits.positions
    first = snapshot.recovery[0]
    assert first.cause.code is FailureCode.OOM_WEIGHTS, first.cause.detail
    assert first.cause.signal_name == "SIGABRT"
    assert dict(first.cause.params) == {"device_kind": "rpc"}
    # The weights ran out, so layers leave the remote device before anything else.
    assert first.step is RecoveryStep.FEWER_LAYERS and first.params["device"] == "RPC0"
    fewer = [n for n in snapshot.recovery if n.step is RecoveryStep.FEWER_LAYERS]
    assert [n.params["layers"] for n in fewer] == sorted(
        (n.params["layers"] for n in fewer), reverse=True
    )
    assert survived
    assert snapshot.state is ServerState.READY and snapshot.spec is not None
    assert 0 < (snapshot.spec.n_gpu_layers or 0) < plan.n_gpu_layers


async def test_no_step_left_ends_with_oom_nothing_smaller(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    asked: list[Failure] = []

    def two_steps_then_nothing(spec: LaunchSpec, failure: Failure) -> LaunchSpec | None:
        asked.append(failure)
        return spec.with_changes(ctx_size=(spec.ctx_size or 0) - 256) if len(asked) <= 2 else None

    # Millions of tokens of KV cache: more than any test machine has, at every step.
    huge = LaunchSpec(model=smollm2, ctx_size=8_000_000, parallel=1, fit=False)
    manager = ServerManager(engine_location, tmp_path / "logs", health_timeout_s=60)
    try:
        with pytest.raises(ServerFailureError) as caught:
            await manager.load(huge, smaller_plan=two_steps_then_nothing)
        failure = caught.value.failure
        assert failure.code is FailureCode.OOM_NOTHING_SMALLER
        assert dict(failure.params) == {"last": "oom_kv", "steps": 2, "ctx": 8_000_000 - 512}
        assert manager.snapshot.failure == failure and manager.snapshot.state is ServerState.FAILED
        assert len(manager.snapshot.recovery) == 2
    finally:
        await manager.shutdown()


def _small(model: Path) -> LaunchSpec:
    return LaunchSpec(model=model, ctx_size=512, parallel=1)


async def test_a_hung_idle_engine_is_replaced_by_the_health_probe(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    seen: list[Snapshot] = []
    manager = ServerManager(
        engine_location, tmp_path / "logs", health_probe_interval_s=0.3, hung_probe_timeout_s=1.0
    )
    manager.subscribe(seen.append)
    try:
        first = await manager.load(_small(smollm2))
        assert first.pid is not None
        os.kill(first.pid, signal.SIGSTOP)  # alive, listening, never answering
        replaced = await manager.wait_for(
            lambda s: s.state is ServerState.READY and s.respawn_count == 1, timeout_s=90
        )
        assert replaced.pid != first.pid
        hung = [s.failure for s in seen if s.state is ServerState.CRASHED]
        assert hung and hung[0] is not None and hung[0].code is FailureCode.HUNG
        with pytest.raises(ProcessLookupError):
            os.kill(first.pid, 0)  # killed and reaped, not left stopped
        deltas = [
            d async for d in manager.stream_chat([{"role": "user", "content": "Hi"}], max_tokens=2)
        ]
        assert deltas
    finally:
        await manager.shutdown()


async def test_an_unload_racing_the_probe_never_brings_the_model_back(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    manager = ServerManager(
        engine_location, tmp_path / "logs", health_probe_interval_s=0.2, hung_probe_timeout_s=1.0
    )
    try:
        first = await manager.load(_small(smollm2))
        assert first.pid is not None
        os.kill(first.pid, signal.SIGSTOP)
        await asyncio.sleep(0.5)  # the probe is waiting on the stopped child now
        await manager.unload()
        await asyncio.sleep(3.0)  # longer than both probes: nothing may come back
        snapshot = manager.snapshot
        assert snapshot.state is ServerState.IDLE and manager.current_process() is None
        assert (snapshot.spawn_count, snapshot.respawn_count) == (1, 0)
        with pytest.raises(ProcessLookupError):
            os.kill(first.pid, 0)
    finally:
        await manager.shutdown()
