"""Several models resident at once on the real engine: SmolLM2 and small synthetic models
on the host and an RPC device together, streams to two models at the same time, eviction
by bytes (the resident whose bytes make room goes, not merely the oldest), a killed child
that leaves the other untouched, and no engine left behind."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from studio.core.engine import EngineInfo, EngineLocation, EngineProber
from studio.core.placement.load_plan import (
    Explicit,
    OwnEngines,
    PlannedLoad,
    PlanningEngine,
    plan_load,
)
from studio.core.placement.setup import Machine
from studio.core.residents.scheduler import Residents, ResidentView
from studio.core.server.manager import ServerManager
from studio.core.server.states import ServerState
from tests.integration.test_manager_engine import engine_children
from tests.support.rpc import RpcServer, rpc_server
from tests.support.synthetic import synthetic_model

pytestmark = pytest.mark.engine

HI = [{"role": "user", "content": "Say hello."}]
# No host prompt cache: each model's bytes are then its own, not a reserve they share.
POLICY = Explicit({"ctx": 512, "cache_ram": 0})


@pytest.fixture(scope="module")
def info(engine_location: EngineLocation, tmp_path_factory: pytest.TempPathFactory) -> EngineInfo:
    return EngineProber(tmp_path_factory.mktemp("probe") / "probe.json").probe(engine_location)


@pytest.fixture
def rpc(engine_location: EngineLocation) -> Iterator[RpcServer]:
    with rpc_server(engine_location) as server:
        yield server


@dataclass
class Scene:
    residents: Residents
    models: Path
    environ: dict[str, str] = field(default_factory=dict)  # what the planner's Machine reads

    def view(self, name: str) -> ResidentView:
        return next(v for v in self.residents.views() if v.name == name)

    def names(self) -> set[str]:
        return {v.name for v in self.residents.views()}


@contextlib.asynccontextmanager
async def scene(
    engine: EngineLocation,
    info: EngineInfo,
    smollm2: Path,
    tmp_path: Path,
    rpc: tuple[str, ...] = (),
) -> AsyncIterator[Scene]:
    """A library of SmolLM2 (twice), the tiny Gemma 3 and the Gemma 3 270M shape."""
    models = tmp_path / "models"
    models.mkdir()
    (models / "smol.gguf").symlink_to(smollm2)
    (models / "smol-b.gguf").symlink_to(smollm2)
    (models / "small.gguf").symlink_to(synthetic_model("tiny-gemma3"))
    (models / "big.gguf").symlink_to(synthetic_model("gemma3-270m-shape"))
    environ: dict[str, str] = {} if rpc else {"STUDIO_FAKE_DEVICES": "HOST:16GiB"}
    planning = PlanningEngine(info, engine)

    async def plan(path: Path, own: OwnEngines) -> PlannedLoad:
        machine = Machine.of(environ)
        return await asyncio.to_thread(plan_load, machine, path, planning, POLICY, rpc, own)

    async def lookup(name: str) -> Path | None:
        path = models / f"{name}.gguf"
        return path if path.exists() else None

    residents = Residents(
        lambda: ServerManager(engine, tmp_path / "logs", health_timeout_s=120), lookup, plan
    )
    residents.start()
    try:
        yield Scene(residents, models, environ)
    finally:
        await residents.close()
    assert not engine_children(), "an engine outlived the scheduler"


async def ask(residents: Residents, name: str, max_tokens: int = 4) -> str:
    """SmolLM2's answer; the random-weight models are only held (their output is not text
    a chat or completion parser takes)."""
    async with residents.use(name) as held:
        if not held.spec.model.resolve().name.startswith("SmolLM2"):
            return name
        deltas = held.manager.stream_chat(HI, requested=held.spec, max_tokens=max_tokens)
        return "".join([d.content async for d in deltas])


async def test_three_models_resident_on_the_host_and_an_rpc_device_at_once(
    engine_location: EngineLocation, info: EngineInfo, smollm2: Path, tmp_path: Path, rpc: RpcServer
) -> None:
    async with scene(engine_location, info, smollm2, tmp_path, (rpc.endpoint,)) as s:
        for name in ("smol", "smol-b", "small"):
            await ask(s.residents, name)
        assert s.names() == {"smol", "smol-b", "small"}
        assert s.residents.evicted == 0
        pids = {v.snapshot.pid for v in s.residents.views()}
        assert len(pids) == 3 and None not in pids
        # The RPC server serves one engine at a time: the first model has it, the others
        # are planned without it (asking it for its devices would wait for the first).
        rpc_key = f"rpc:{rpc.endpoint}"
        on_rpc = {v.name for v in s.residents.views() if any(d.key == rpc_key for d in v.devices)}
        assert on_rpc == {"smol"}
        (device,) = (d for d in s.view("smol").devices if d.key == rpc_key)
        # What the engine's own log says it put on the RPC device, beside the plan.
        assert device.allocated is not None and device.allocated > 0 and device.predicted > 0
        assert s.view("smol").snapshot.spec is not None
        assert s.view("smol").snapshot.spec.rpc_servers == (rpc.endpoint,)
        for name in ("smol-b", "small"):
            spec = s.view(name).snapshot.spec
            assert spec is not None and spec.rpc_servers == ()
        # Each still answers, from its own engine.
        for name in ("smol", "smol-b", "small"):
            assert await ask(s.residents, name)
        assert all(v.snapshot.spawn_count == 1 for v in s.residents.views())


async def test_two_models_stream_at_the_same_time(
    engine_location: EngineLocation, info: EngineInfo, smollm2: Path, tmp_path: Path
) -> None:
    async with scene(engine_location, info, smollm2, tmp_path) as s:
        await ask(s.residents, "smol")
        await ask(s.residents, "smol-b")
        async with s.residents.use("smol") as first:
            stream = first.manager.stream_chat(HI, requested=first.spec, max_tokens=24)
            opened = await anext(stream)  # smol's answer is under way ...
            # ... and smol-b answers in full while smol's stream waits half read.
            assert await ask(s.residents, "smol-b", max_tokens=8)
            assert first.manager.requests_in_flight == 1
            rest = "".join([d.content async for d in stream])
            assert (opened.content + rest).strip()


async def test_a_model_that_does_not_fit_evicts_the_resident_whose_bytes_make_room(
    engine_location: EngineLocation, info: EngineInfo, smollm2: Path, tmp_path: Path
) -> None:
    async with scene(engine_location, info, smollm2, tmp_path) as s:
        await ask(s.residents, "small")  # the least recently used, and the smaller
        await ask(s.residents, "smol")
        small = _host_bytes(s.view("small"))
        smol = _host_bytes(s.view("smol"))
        assert small < smol
        # The host holds the big model beside the small one, not beside SmolLM2: evicting
        # the older small one alone would not make room, so SmolLM2 goes and it stays.
        alone = await _host_alone(s, engine_location, info)
        _set_host_budget(s, alone + small + (smol - small) // 2)
        await ask(s.residents, "big")
        assert s.names() == {"small", "big"}
        assert s.residents.evicted == 1
        assert s.view("small").snapshot.spawn_count == 1


async def test_a_killed_child_leaves_the_other_model_untouched_and_comes_back(
    engine_location: EngineLocation, info: EngineInfo, smollm2: Path, tmp_path: Path
) -> None:
    async with scene(engine_location, info, smollm2, tmp_path) as s:
        await ask(s.residents, "smol")
        await ask(s.residents, "smol-b")
        async with s.residents.use("smol-b") as other:
            stream = other.manager.stream_chat(HI, requested=other.spec, max_tokens=16)
            await anext(stream)
            victim = s.view("smol").snapshot.pid
            assert victim is not None
            os.kill(victim, signal.SIGKILL)
            rest = [d async for d in stream]  # the other's answer goes on to its end
            assert rest and rest[-1].finish_reason not in (None, "cancelled")
        assert await ask(s.residents, "smol")  # respawned once, answers again
        assert s.view("smol").snapshot.respawn_count == 1
        assert s.view("smol-b").snapshot.spawn_count == 1
        assert s.view("smol").snapshot.state is ServerState.READY


def _host_bytes(view: ResidentView) -> int:
    return next(d.held for d in view.devices if d.key == "host")


async def _host_alone(s: Scene, engine: EngineLocation, info: EngineInfo) -> int:
    """What the big model's plan takes on the host with nothing else loaded."""
    planned = await asyncio.to_thread(
        plan_load,
        Machine.of(s.environ),
        s.models / "big.gguf",
        PlanningEngine(info, engine),
        POLICY,
    )
    assert planned.plan is not None
    return planned.plan.host.predicted.total


def _set_host_budget(s: Scene, budget: int) -> None:
    """Fake host memory whose plan budget (available less the margin) is `budget`."""
    total_mib = 4096
    s.environ["STUDIO_FAKE_DEVICES"] = f"HOST:{total_mib}MiB"
    anyway = Explicit(POLICY.settings, load_anyway=True)
    planned = plan_load(Machine.of(s.environ), s.models / "small.gguf", PlanningEngine(), anyway)
    assert planned.plan is not None
    available_kib = -(-(budget + planned.plan.host.margin) // 1024)
    s.environ["STUDIO_FAKE_DEVICES"] = f"HOST:{total_mib}MiB/{available_kib}KiB"
