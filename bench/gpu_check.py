"""Estimate vs engine per device on a real GPU: the check to run when a GPU machine is lent.

For a few models (synthetic big shapes with sparse data, and SmolLM2) at a few contexts it
starts llama-server (a CUDA or Vulkan build) with every layer on the first GPU, reads the
fit pass's projected breakdown (printed before any weights load, so big shapes need no
real memory), and prints predicted vs engine per device and component with the error.

Run: `python bench/gpu_check.py OUT_DIR [--binary PATH/llama-server]` (a few minutes).
`--lavapipe` runs it on Mesa's lavapipe, a real Vulkan device on any machine (2 GiB, a
128 MiB per-tensor limit): SmolLM2 and a gemma-3-270m-shaped tied model, loaded for real
(the big shapes do not fit it), with the device's limit read as the planner reads it.
`--cpu` runs the same comparison on two loopback RPC devices instead, to prove the script
end to end on a machine without a GPU; its numbers say nothing about GPU backends.
The table lands in OUT_DIR/gpu_check.md. Exit status 0: every device total within
tolerance; 1: some row missed; 2: no GPU visible (or the engine sees none).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from studio.core.engine import EngineLocation, default_selector
from studio.core.engine.info import parse_devices
from studio.core.gguf import read_model
from studio.core.hardware.vulkan import vulkan_limits
from studio.core.memory import (
    DeviceKind,
    DeviceSpec,
    EngineGraph,
    EstimateSettings,
    estimate,
    summarize,
)
from studio.core.memory.engine_log import EngineAllocation
from studio.core.paths import AppPaths
from studio.core.units import MIB
from tests.support.allocation import TOTAL_OVER, TOTAL_UNDER, engine_allocation
from tests.support.models import smollm2_path
from tests.support.rpc import rpc_argument, rpc_servers
from tests.support.synthetic import synthetic_model
from tests.support.vulkan import VISIBLE, vulkan_missing, with_vulkan

MODELS = ("smollm2", "llama-8b-shape", "qwen3-30b-a3b-shape", "gemma3-12b-shape")
LAVAPIPE_MODELS = ("smollm2", "gemma3-270m-shape")
CONTEXTS = (4096, 32768)
COMPONENTS = ("model", "context", "compute")
# The fit pass prints whole MiB per component: allow that rounding on top of the tolerance.
ROUNDING_MIB = 2.0
GPU_PREFIXES = ("CUDA", "Vulkan", "ROCm")


@dataclass(frozen=True)
class Row:
    case: str
    device: str
    predicted: tuple[float, float, float]  # MiB: model, context, compute
    engine: tuple[int, int, int]

    @property
    def ok(self) -> bool:
        ours, theirs = sum(self.predicted), sum(self.engine)
        low = theirs * (1 - TOTAL_UNDER) - ROUNDING_MIB
        return low <= ours <= theirs * (1 + TOTAL_OVER) + ROUNDING_MIB


def _error(ours: float, theirs: int) -> str:
    if theirs == 0:
        return "-" if ours < 1 else f"+{ours:.0f} MiB"
    return f"{ours / theirs - 1:+.1%}"


def _model(name: str) -> Path:
    return smollm2_path() if name == "smollm2" else synthetic_model(name)


def _list_devices(engine: EngineLocation) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(engine.path), "--list-devices"],
        capture_output=True,
        text=True,
        timeout=60,
        env=engine.child_environment(os.environ),
    )


def engine_gpus(engine: EngineLocation) -> list[str]:
    """The engine's own GPU device names (CUDA0, Vulkan0, ...), in its order."""
    result = _list_devices(engine)
    names = []
    for line in (result.stdout + result.stderr).splitlines():
        name = line.strip().split(":", 1)[0]
        if name.startswith(GPU_PREFIXES):
            names.append(name)
    return names


def no_gpu_reason(engine: EngineLocation) -> str | None:
    """One sentence when this machine cannot run the GPU check, else None."""
    if shutil.which("nvidia-smi") is None:
        return "No NVIDIA GPU is visible (nvidia-smi is not installed); run with --cpu instead."
    listed = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True, timeout=30)
    if listed.returncode != 0 or "GPU" not in listed.stdout:
        return "No NVIDIA GPU is visible (nvidia-smi lists none); run with --cpu instead."
    if not engine_gpus(engine):
        return f"{engine.path} sees no CUDA or Vulkan device; pass a GPU build with --binary."
    return None


@contextmanager
def devices(engine: EngineLocation, cpu: bool) -> Iterator[tuple[list[str], list[str]]]:
    """(engine args that select the devices, the breakdown's device keys)."""
    if cpu:
        with rpc_servers(engine, 2) as servers:
            yield ["--rpc", rpc_argument(servers)], [s.device_key for s in servers]
        return
    first = engine_gpus(engine)[0]
    yield ["-dev", first], [first]


def tensor_limits(engine: EngineLocation) -> dict[str, int]:
    """{engine device name: its per-tensor limit} for the Vulkan devices it lists."""
    listed = _list_devices(engine)
    limits = {limit.name: limit.max_tensor_bytes for limit in vulkan_limits()}
    return {d.name: limits.get(d.description, 0) for d in parse_devices(listed.stdout)}


def compare(
    engine: EngineLocation,
    name: str,
    ctx: int,
    select: Sequence[str],
    keys: Sequence[str],
    *,
    loaded: bool = False,
    graph: EngineGraph | None = None,
) -> list[Row]:
    """`loaded`: the engine really allocates (the model fits the device) and its buffers
    are compared; otherwise the fit pass's projection, before any weight loads."""
    path = _model(name)
    args = ["--no-repack", "-c", str(ctx), "-ngl", "999", *select]
    args += ["-fit", "off"] if loaded else ["-fit", "on"]
    allocation, _ = engine_allocation(engine, path, args, fit_only=not loaded)
    kind = DeviceKind.RPC if keys[0].startswith("RPC") else DeviceKind.GPU
    limits = tensor_limits(engine) if kind is DeviceKind.GPU else {}
    specs = [DeviceSpec(key, kind, 1, 1, limits.get(key, 0)) for key in keys]
    settings = EstimateSettings(ctx=ctx, repack=False)
    predicted = estimate(summarize(read_model(path)), settings, specs, graph=graph)
    table = _allocated(allocation) if loaded else allocation.breakdown_totals(0)
    rows = []
    for row, key in zip(predicted.devices, [*keys, "Host"], strict=True):
        ours = (row.weights / MIB, (row.kv + row.recurrent) / MIB, row.compute / MIB)
        rows.append(Row(f"{name} -c {ctx}", key, ours, table.get(key, (0, 0, 0))))
    return rows


def _allocated(allocation: EngineAllocation) -> dict[str, tuple[int, int, int]]:
    """{device: (model, context, compute) MiB} of the buffers the engine logged."""
    kinds = {"model": 0, "KV": 1, "RS": 1, "compute": 2}
    table: dict[str, list[float]] = {}
    for buffer in allocation.buffers:
        if buffer.kind in kinds:
            table.setdefault(buffer.device, [0.0, 0.0, 0.0])[kinds[buffer.kind]] += buffer.bytes
    return {
        key: (round(m / MIB), round(c / MIB), round(k / MIB)) for key, (m, c, k) in table.items()
    }


def render(rows: Sequence[Row], backend: str) -> str:
    lines = [
        f"# Estimate vs engine ({backend}), MiB: predicted / engine (error)",
        "",
        "| case | device | model | context | compute | total | verdict |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        cells = [
            f"{ours:,.0f} / {theirs:,} ({_error(ours, theirs)})"
            for ours, theirs in zip(row.predicted, row.engine, strict=True)
        ]
        ours, theirs = sum(row.predicted), sum(row.engine)
        cells.append(f"{ours:,.0f} / {theirs:,} ({_error(ours, theirs)})")
        lines.append(
            f"| {row.case} | {row.device} | " + " | ".join(cells) + f" | {_verdict(row)} |"
        )
    missed = sum(not r.ok for r in rows)
    lines += ["", f"{len(rows) - missed}/{len(rows)} device totals within tolerance."]
    return "\n".join(lines) + "\n"


def _verdict(row: Row) -> str:
    return "ok" if row.ok else "MISS"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for gpu_check.md")
    parser.add_argument("--binary", type=Path, default=None, help="a CUDA or Vulkan llama-server")
    parser.add_argument("--cpu", action="store_true", help="use loopback RPC devices instead")
    parser.add_argument("--lavapipe", action="store_true", help="Mesa's lavapipe as Vulkan0")
    args = parser.parse_args(argv)
    if args.lavapipe:
        os.environ.update(VISIBLE)  # before the self-test, so it measures lavapipe too
    # Priced as the app prices it: with the graph this engine's self-test measured on
    # these devices (b11434's differs from b10435's, which an unmeasured engine gets).
    candidate = default_selector(AppPaths.default()).active(args.binary)
    engine = candidate.location
    graph = candidate.self_test.graph if candidate.self_test is not None else None
    if args.lavapipe:
        reason = vulkan_missing(engine)
        engine = with_vulkan(engine)
    elif not args.cpu:
        reason = no_gpu_reason(engine)
    else:
        reason = None
    if reason is not None:
        print(reason, file=sys.stderr)
        return 2
    started = time.monotonic()
    rows: list[Row] = []
    with devices(engine, args.cpu) as (select, keys):
        for name in LAVAPIPE_MODELS if args.lavapipe else MODELS:
            for ctx in CONTEXTS:
                rows.extend(
                    compare(engine, name, ctx, select, keys, loaded=args.lavapipe, graph=graph)
                )
    backend = "CPU via 2 RPC devices, not a GPU" if args.cpu else keys[0]
    if args.lavapipe:
        backend += " (Mesa lavapipe)"
    text = render(rows, backend) + f"\nRan in {time.monotonic() - started:.0f} s.\n"
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "gpu_check.md").write_text(text)
    print(text)
    return 0 if all(r.ok for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
