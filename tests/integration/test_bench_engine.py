"""Benchmarks through the manager on the real engine with SmolLM2: plausible figures,
stored and exported; an A/B on the host and on a loopback RPC device with a verdict; a
cancel mid-run that leaves the model loaded before (or, without one, no engine at all).

Tiny prompts, a few tokens, one or two runs: each test takes seconds. No test asserts a
speed, only that the figures are there and hold together."""

from __future__ import annotations

import asyncio
import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from studio.core.bench import (
    BenchKey,
    BenchOptions,
    BenchProgress,
    BenchRecord,
    BenchStore,
    Changes,
    Comparison,
    Phase,
    RecordKind,
    Restore,
    benchmark,
    compare,
    export_csv,
    export_json,
    plan_variant,
    plan_variants,
)
from studio.core.engine import EngineInfo, EngineLocation, EngineProber
from studio.core.placement.load_plan import (
    PlannedLoad,
    PlanningEngine,
    explicit_request,
    model_setup,
)
from studio.core.placement.setup import Machine, ModelSetup
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.server.states import ServerState
from studio.core.voice import ENGLISH
from tests.integration.test_manager_engine import engine_children
from tests.support.rpc import RpcServer, rpc_server

pytestmark = pytest.mark.engine

QUICK = BenchOptions(runs=2, prompt_lengths=(32, 96), generated_tokens=6)


@pytest.fixture(scope="module")
def info(engine_location: EngineLocation, tmp_path_factory: pytest.TempPathFactory) -> EngineInfo:
    return EngineProber(tmp_path_factory.mktemp("probe") / "probe.json").probe(engine_location)


def host_setup(
    model: Path, info: EngineInfo, engine: EngineLocation, rpc: tuple[str, ...] = ()
) -> ModelSetup:
    """SmolLM2 on this host (no GPU, whatever the machine has), or on `rpc` servers."""
    machine = Machine.of({} if rpc else {"STUDIO_FAKE_DEVICES": "HOST:16GiB"})
    return model_setup(machine, model, PlanningEngine(info, engine), rpc)


def manager(engine_location: EngineLocation, tmp_path: Path) -> ServerManager:
    return ServerManager(engine_location, tmp_path / "logs", health_timeout_s=120)


@pytest.fixture
def rpc(engine_location: EngineLocation) -> Iterator[RpcServer]:
    with rpc_server(engine_location, threads=2) as server:
        yield server


async def test_a_benchmark_on_the_host_is_plausible_stored_and_exported(
    engine_location: EngineLocation, smollm2: Path, info: EngineInfo, tmp_path: Path
) -> None:
    setup = host_setup(smollm2, info, engine_location)
    base = setup.planner.plan(explicit_request(setup, {"ctx": 1024}))
    steps: list[BenchProgress] = []
    running = manager(engine_location, tmp_path)
    try:
        outcome = await benchmark(running, plan_variant(setup, base), QUICK, steps.append)
    finally:
        await running.shutdown()
    result = outcome.result
    assert result is not None and result.runs == 2
    for length in result.lengths:
        assert abs(length.prompt_tokens - length.asked) <= 8  # sized from the calibration
        assert all(s.generated_tokens == 6 for s in length.samples)  # end of text ignored
        for spread in (length.prompt_per_s, length.generation_per_s, length.first_token_s):
            assert 0 < spread.low <= spread.median <= spread.high
    assert result.first_token_s.median < 60
    (host,) = result.memory  # from the engine's -lv 4 log, by the plan's device key
    assert host.key == "host" and host.memory.weights > 50 * 2**20 and host.memory.kv > 0
    assert result.load_s is not None and "-lv 4" in result.command
    assert [s.phase for s in steps[:2]] == [Phase.LOADING, Phase.WARMING_UP]
    assert (steps[-1].phase, steps[-1].run, steps[-1].done) == (Phase.MEASURING, 2, 1)

    store = BenchStore(tmp_path / "bench")
    key = BenchKey.of(base, info)
    kept = BenchRecord(RecordKind.BENCHMARK, 1.0, QUICK, Comparison.of([outcome]))
    store.add(key, kept)
    assert store.records(key) == (kept,)
    assert Comparison.from_json(json.loads(export_json(kept, key))) == kept.comparison
    rows = list(csv.DictReader(io.StringIO(export_csv(kept))))
    speeds = [float(r["median"]) for r in rows if r["measure"] == "generation_per_s"]
    assert speeds == [n.generation_per_s.median for n in result.lengths]


async def test_an_ab_on_the_host_and_an_rpc_device_gives_a_verdict(
    engine_location: EngineLocation,
    smollm2: Path,
    info: EngineInfo,
    rpc: RpcServer,
    tmp_path: Path,
) -> None:
    setup = host_setup(smollm2, info, engine_location, (rpc.endpoint,))
    base = setup.planner.plan(explicit_request(setup, {"ctx": 1024}))
    (device,) = base.devices
    assert device.layers > 0  # auto-fit places the model on the RPC device
    on_host = Changes(layers={"RPC0": 0}, label="host")
    variants = plan_variants(setup, base, [Changes(label="rpc"), on_host])
    running = manager(engine_location, tmp_path)
    try:
        comparison = await compare(running, variants, QUICK)
    finally:
        await running.shutdown()
    assert all(o.result is not None and o.problem is None for o in comparison.outcomes)
    assert {v.metric.value for v in comparison.verdicts} == {"generation", "prompt"}
    for verdict in comparison.verdicts:
        assert verdict.fastest in {"rpc", "host"} and verdict.margins[0].ratio >= 1
    said = [ENGLISH.code(code, params) for code, params in comparison.sentences()]
    assert said and all("?" not in sentence for sentence in said)
    placed = {o.variant: {d.key for d in o.result.memory} for o in comparison.outcomes if o.result}
    assert device.key in placed["rpc"] and placed["host"] == {"host"}


async def _cancelled_mid_run(
    running: ServerManager, restore: Restore | None, setup: ModelSetup
) -> None:
    base = setup.planner.plan(explicit_request(setup, {"ctx": 1024}))
    measuring = asyncio.Event()

    def on_step(step: BenchProgress) -> None:
        if step.phase is Phase.MEASURING:
            measuring.set()

    options = BenchOptions(runs=50, prompt_lengths=(256,), generated_tokens=64)
    task = asyncio.create_task(
        benchmark(running, plan_variant(setup, base), options, on_step, restore=restore)
    )
    await asyncio.wait_for(measuring.wait(), 120)
    await asyncio.sleep(0.2)  # inside a request
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_a_cancel_mid_run_loads_the_model_loaded_before_again(
    engine_location: EngineLocation, smollm2: Path, info: EngineInfo, tmp_path: Path
) -> None:
    running = manager(engine_location, tmp_path)
    before = LaunchSpec(model=smollm2, ctx_size=512, parallel=1)
    try:
        await running.load(before)
        await _cancelled_mid_run(
            running, Restore(PlannedLoad(before)), host_setup(smollm2, info, engine_location)
        )
        snapshot = running.snapshot
        assert snapshot.state is ServerState.READY and snapshot.requested == before
        assert len(engine_children()) == 1
        answer = [
            d async for d in running.stream_chat([{"role": "user", "content": "Hi"}], max_tokens=2)
        ]
        assert answer[-1].finish_reason in {"stop", "length"}
    finally:
        await running.shutdown()
    assert not engine_children()


async def test_a_cancel_without_a_model_to_restore_leaves_no_engine(
    engine_location: EngineLocation, smollm2: Path, info: EngineInfo, tmp_path: Path
) -> None:
    running = manager(engine_location, tmp_path)
    try:
        await _cancelled_mid_run(running, Restore(None), host_setup(smollm2, info, engine_location))
        assert running.snapshot.state is ServerState.IDLE
        assert not engine_children()
    finally:
        await running.shutdown()
    assert not engine_children()
