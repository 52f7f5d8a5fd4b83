"""`studio fit` against what the engine allocates on a real GPU backend (Mesa's lavapipe).

For each placement, `studio fit --json` plans the model on this machine's devices as a user
runs it (the Vulkan device found by the engine, an RPC server serving a second Vulkan GPU),
and the engine is started with the very argv it printed. Per device, the prediction must be
within 2% of what the engine allocates and never more than 1% under. The tied-embedding
model's output matrix (170 MiB) is larger than lavapipe takes in one tensor, so the engine
keeps it on the host although its layer is offloaded: the plan must say the same.
A short chat on each placement proves the plan also runs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from studio.core.devices import HOST_ENGINE_NAME
from studio.core.engine import EngineLocation, EngineProber, SelfTester
from studio.core.units import MIB
from tests.support.allocation import ROUNDING, TOTAL_OVER, TOTAL_UNDER, engine_allocation
from tests.support.engine import running_server, selector_in
from tests.support.models import cache_dir, smollm2_path
from tests.support.rpc import RpcServer, rpc_server
from tests.support.synthetic import synthetic_model
from tests.support.vulkan import DEVICE, VISIBLE, vulkan_engine

pytestmark = pytest.mark.engine

_COMPONENTS = ("weights", "kv", "compute", "output")


@pytest.fixture(scope="module")
def vulkan(engine_location: EngineLocation) -> EngineLocation:
    tester = selector_in(cache_dir()).tester
    found, missing = vulkan_engine(engine_location, lambda engine: tester.test(engine).passed)
    if found is None:
        pytest.skip(missing)
    return found


@pytest.fixture(scope="module")
def remote_gpu(vulkan: EngineLocation) -> Iterator[RpcServer]:
    """lavapipe again, behind `ggml-rpc-server -d Vulkan0`: a second GPU."""
    with rpc_server(vulkan, device=DEVICE) as server:
        yield server


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One app home for the module: the engine's self-test runs once."""
    return tmp_path_factory.mktemp("home")


def _model(name: str) -> Path:
    return smollm2_path() if name == "smollm2" else synthetic_model(name)


def _fit(
    engine: EngineLocation, model: Path, home: Path, layers: str, rpc: str, *extra: str
) -> dict[str, object]:
    """`studio fit --json` for `engine`, with lavapipe visible."""
    env = {**os.environ, **VISIBLE, "STUDIO_HOME": str(home)}
    argv = [sys.executable, "-m", "studio", "fit", str(model), "--json"]
    argv += ["--binary", str(engine.path)]
    argv += ["--ctx", "4096", "--parallel", "2", "--layers", layers]
    argv += ["--rpc", rpc] if rpc else []
    argv += extra
    done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    plan: dict[str, object] = json.loads(done.stdout)
    return plan


def _predicted(plan: dict[str, object], rpc: RpcServer | None) -> dict[str, int]:
    """Bytes per device as engine_log names them (Vulkan0, RPC[host:port], Host)."""
    rows: dict[str, int] = {}
    devices = plan["devices"]
    assert isinstance(devices, list)
    for device in devices:
        if device["layers"] == 0:
            continue
        name = device["engine_name"]
        key = f"RPC[{rpc.endpoint}]" if rpc is not None and name.startswith("RPC") else name
        rows[key] = sum(device["predicted"][c] for c in _COMPONENTS)
    host = plan["host"]
    assert isinstance(host, dict)
    rows[HOST_ENGINE_NAME] = sum(host["predicted"][c] for c in _COMPONENTS)
    return rows


PLACEMENTS = [
    pytest.param("smollm2", "Vulkan0=31", False, id="smollm2-all-on-Vulkan0"),
    pytest.param("gemma3-270m-shape", "Vulkan0=19", False, id="tied-all-on-Vulkan0"),
    pytest.param("gemma3-270m-shape", "Vulkan0=8", False, id="tied-8-on-Vulkan0"),
    pytest.param("smollm2", "RPC0=15,Vulkan0=16", True, id="smollm2-Vulkan0-and-rpc-Vulkan"),
    pytest.param("gemma3-270m-shape", "RPC0=9,Vulkan0=10", True, id="tied-Vulkan0-and-rpc-Vulkan"),
]


@pytest.mark.parametrize(("model_name", "layers", "with_rpc"), PLACEMENTS)
def test_fit_predicts_each_vulkan_device(
    vulkan: EngineLocation,
    remote_gpu: RpcServer,
    home: Path,
    model_name: str,
    layers: str,
    with_rpc: bool,
) -> None:
    model = _model(model_name)
    rpc = remote_gpu if with_rpc else None
    plan = _fit(vulkan, model, home, layers, rpc.endpoint if rpc else "")
    assert plan["fits"], plan
    argv = plan["argv"]
    assert isinstance(argv, list) and DEVICE in argv[argv.index("-dev") + 1]
    # The plan says which weights the device refuses (the tied output: over 128 MiB).
    reasons = plan["reasons"]
    assert isinstance(reasons, list)
    kept = [r for r in reasons if r["code"] == "weights_kept_on_host"]
    assert bool(kept) == (model_name == "gemma3-270m-shape"), reasons
    allocation, lines = engine_allocation(vulkan, model, argv[2:])
    predicted = _predicted(plan, rpc)
    assert set(predicted) - {HOST_ENGINE_NAME} <= {b.device for b in allocation.buffers}
    misses = []
    for key, ours in predicted.items():
        theirs = sum(b.bytes for b in allocation.buffers if b.device == key)
        error = ours / theirs - 1 if theirs else float("inf")
        if not -TOTAL_UNDER <= error <= TOTAL_OVER:
            misses.append(f"{key}: predicted {ours / MIB:.2f} MiB, engine {theirs / MIB:.2f} MiB")
    assert not misses, "\n".join(misses + lines[-40:])


def test_fit_places_a_moe_on_vulkan0(vulkan: EngineLocation, home: Path) -> None:
    """A MoE with every layer on Vulkan0, then with the first three layers' experts kept on
    the host (the load dialog's experts-on-CPU slider): the device's weights and KV exactly
    as the engine places them. Its compute is the accuracy matrix's documented toy-MoE
    deviation (attention, not the experts, sets the peak): it may err high, never low."""
    model = synthetic_model("tiny-qwen3moe")
    device_weights: dict[int, tuple[int, int]] = {}
    for experts_on_host in (0, 3):
        plan = _fit(vulkan, model, home, "Vulkan0=6", "", "--n-cpu-moe", str(experts_on_host))
        assert plan["fits"], plan
        devices = plan["devices"]
        assert isinstance(devices, list)
        (device,) = [d for d in devices if d["engine_name"] == DEVICE]
        argv = plan["argv"]
        assert isinstance(argv, list)
        allocation, lines = engine_allocation(vulkan, model, argv[2:])
        engine = allocation.by_device()[DEVICE]
        for component, kind in (("weights", "model"), ("kv", "KV"), ("output", "output")):
            ours = device["predicted"][component]
            assert ours == pytest.approx(engine[kind], abs=ROUNDING), (component, lines[-40:])
        assert device["predicted"]["compute"] >= engine["compute"] - ROUNDING
        device_weights[experts_on_host] = (device["predicted"]["weights"], engine["model"])
    # The slider moved experts off the device, in the plan as in the engine.
    (planned_all, engine_all), (planned_three, engine_three) = device_weights[0], device_weights[3]
    assert planned_three < planned_all and engine_three < engine_all


@pytest.mark.parametrize(
    "layers",
    [pytest.param("Vulkan0=31", id="Vulkan0"), pytest.param("RPC0=15,Vulkan0=16", id="and-rpc")],
)
def test_a_vulkan_plan_answers(
    vulkan: EngineLocation, remote_gpu: RpcServer, home: Path, layers: str
) -> None:
    model = smollm2_path()
    rpc = remote_gpu.endpoint if "RPC0" in layers else ""
    plan = _fit(vulkan, model, home, layers, rpc)
    argv = plan["argv"]
    assert isinstance(argv, list)
    # The planner's argv, less what running_server sets itself (model, address, web UI).
    engine_args = argv[argv.index("--no-webui") + 1 :]
    with running_server(vulkan, model, engine_args) as base_url:
        reply = httpx.post(
            f"{base_url}/v1/chat/completions",
            json={"messages": [{"role": "user", "content": "Say hi."}], "max_tokens": 8},
            timeout=120,
            trust_env=False,
        )
    assert reply.status_code == 200, reply.text
    answer = reply.json()["choices"][0]["message"]["content"]
    assert answer.strip()


def test_the_self_test_measures_each_gpu_once_per_device_set(
    vulkan: EngineLocation, tmp_path: Path
) -> None:
    cache = tmp_path / "self-test.json"
    gpus = [d for d in EngineProber().probe(vulkan).devices if d.name == DEVICE]
    assert gpus, "the engine lists lavapipe"
    tester = SelfTester(cache, tmp_path / "models")
    measured = tester.test(vulkan, gpus)
    assert measured.passed and measured.graph is not None and measured.graph.gpus_measured
    assert measured.graph.gpu_entry_rows >= 0 and measured.graph.op_offload_rows >= 0
    # Cached for this device set, and only for it: without the GPU the graph is the host's.
    again = SelfTester(cache, tmp_path / "models")
    assert again.cached(vulkan, gpus) == measured
    assert again.cached(vulkan) is None
