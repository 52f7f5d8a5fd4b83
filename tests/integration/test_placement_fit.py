"""Auto-fit against llama.cpp's own `--fit`: the same budget gives the same context (or
one step less, never more).

One loopback RPC device stands in for a GPU; `--fit-target` leaves the engine the same
budget our margin leaves the planner (free minus the target). The engine's fit pass runs
dry (no weights are loaded) and prints the context it chose.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from studio.core.engine import EngineLocation
from studio.core.gguf import read_model
from studio.core.hardware import MIB, DeviceInventory, RpcEndpoint, probe_rpc_devices
from studio.core.hardware.host import read_host_memory
from studio.core.memory import EngineMemory, summarize
from studio.core.placement import Planner, PlanRequest
from studio.core.placement.search import CTX_STEP
from tests.support.allocation import engine_allocation
from tests.support.engines import EngineUnderTest
from tests.support.models import cache_dir
from tests.support.rpc import RpcServer, rpc_server
from tests.support.synthetic import SPECS, cached_model

pytestmark = pytest.mark.engine

_REDUCED = re.compile(r"context size reduced from (?P<trained>\d+) to (?P<ctx>\d+)")


@pytest.fixture(scope="module")
def engine_location(build: EngineUnderTest) -> EngineLocation:
    """Every test here runs against each engine build present."""
    return build.location


@pytest.fixture(scope="module")
def server(engine_location: EngineLocation) -> Iterator[RpcServer]:
    with rpc_server(engine_location) as started:
        yield started


@pytest.mark.parametrize(
    ("shape", "target_mib"),
    [
        ("llama-8b-shape", 18000),
        ("llama-8b-shape", 16000),
        ("gemma3-12b-shape", 14000),
        ("qwen3-30b-a3b-shape", 5000),
    ],
)
def test_auto_fit_picks_the_context_llama_cpp_fit_picks(
    engine_location: EngineLocation,
    build: EngineUnderTest,
    server: RpcServer,
    shape: str,
    target_mib: int,
) -> None:
    path = cached_model(cache_dir() / "synthetic", shape, SPECS[shape])
    devices = probe_rpc_devices(engine_location, [RpcEndpoint.parse(server.endpoint)])
    planner = Planner(
        summarize(read_model(path)),
        path,
        DeviceInventory(devices, read_host_memory()),
        memory=EngineMemory(graph=build.memory.graph),
    )
    plan = planner.plan(PlanRequest(margins={devices[0].key: target_mib * MIB}))
    assert plan.fits and plan.n_gpu_layers == planner.positions

    # The engine's own fit, from the same starting point: no -c, -ngl or -ts.
    args = ["--rpc", server.endpoint, "-np", "1", "-fitt", str(target_mib), "-fa", "on"]
    _, lines = engine_allocation(engine_location, path, args, fit_only=True)
    reduced = [m for line in lines if (m := _REDUCED.search(line))]
    assert reduced, "\n".join(lines[-20:])
    # Exactly the same, or one 256-cell step smaller where our estimate of the engine's
    # context is a hair above its own at the boundary (Qwen3-30B-A3B: 1.2 MiB of 19 GiB).
    engine_ctx = int(reduced[-1]["ctx"])
    assert 0 <= engine_ctx - plan.ctx <= CTX_STEP, (engine_ctx, plan.ctx)


_LAYERS = re.compile(r"common_params_fit_impl:\s+- RPC\d+ \([^)]*\): (?P<layers>\d+) layers")


def test_spilled_layers_match_llama_cpp_fit(
    engine_location: EngineLocation, build: EngineUnderTest, server: RpcServer
) -> None:
    """Too small for everything even at the floor context: both keep the same number of
    whole layers on the device (llama.cpp fills dense layers back to front)."""
    shape, target_mib = "llama-8b-shape", 21000
    path = cached_model(cache_dir() / "synthetic", shape, SPECS[shape])
    devices = probe_rpc_devices(engine_location, [RpcEndpoint.parse(server.endpoint)])
    planner = Planner(
        summarize(read_model(path)),
        path,
        DeviceInventory(devices, read_host_memory()),
        memory=EngineMemory(graph=build.memory.graph),
    )
    plan = planner.plan(PlanRequest(margins={devices[0].key: target_mib * MIB}))
    assert plan.fits and plan.ctx == 4096 and 0 < plan.n_gpu_layers < planner.positions

    args = ["--rpc", server.endpoint, "-np", "1", "-fitt", str(target_mib), "-fa", "on"]
    _, lines = engine_allocation(engine_location, path, args, fit_only=True)
    chosen = [m for line in lines if (m := _LAYERS.search(line))]
    assert chosen, "\n".join(lines[-20:])
    assert int(chosen[-1]["layers"]) == plan.n_gpu_layers
    assert any("context size reduced from 131072 to 4096" in line for line in lines)
