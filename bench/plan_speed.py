"""How long a re-plan takes after a slider move, for a 100-layer MoE model.

Side by side in one run, on fake GPUs (the real discovery code with STUDIO_FAKE_DEVICES
specs) and a 100-layer MoE GGUF header (synthetic, sparse data):

- estimate: one call of the memory estimator, the floor every plan pays at least once;
- layers: a per-GPU layer slider moved (`plan.with_layers`), then `Planner.plan`;
- n_cpu_moe: the MoE-on-CPU slider moved;
- ctx: the context slider moved;
- auto-fit: a fresh automatic plan (context search, device choice, spilling).

Each row prints the median and 95th percentile in ms and the median as a multiple of one
estimate. Target: a slider re-plan under 10 ms (median). Run:
`python bench/plan_speed.py [--rounds 200]`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from studio.core.gguf import read_model
from studio.core.hardware import DeviceConfig, DeviceInventory, discover_devices
from studio.core.memory import ModelSummary, summarize
from studio.core.placement import Planner, PlanRequest
from studio.core.placement.evaluate import Candidate, Evaluator
from tests.support.synthetic import QWEN3_30B_A3B, write_model

TARGET_MS = 10.0
MACHINES = (
    "GPU0:24GiB,HOST:64GiB",
    "GPU0:24GiB,GPU1:16GiB,HOST:64GiB",
    "GPU0:12GiB,GPU1:12GiB,GPU2:12GiB,GPU3:12GiB,HOST:128GiB",
)
# A 100-layer MoE: Qwen3-30B-A3B's layer shape, stacked deeper (about 34 GiB at Q4_K).
MOE_100 = QWEN3_30B_A3B.__class__(
    **{**QWEN3_30B_A3B.__dict__, "n_layer": 100, "n_vocab": 32000, "n_ctx_train": 131072}
)


def _inventory(spec: str) -> DeviceInventory:
    environ = {"STUDIO_FAKE_DEVICES": spec}
    return discover_devices(DeviceConfig.from_environment(environ), (), environ)


def _time(action: Callable[[int], object], rounds: int) -> list[float]:
    samples = []
    for i in range(rounds):
        start = time.perf_counter()
        action(i)
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def _row(name: str, samples: list[float], floor: float) -> str:
    median = statistics.median(samples)
    p95 = sorted(samples)[int(len(samples) * 0.95) - 1]
    return f"  {name:<10}{median:>9.2f}{p95:>9.2f}{median / floor:>10.1f}x"


def _machine(spec: str, summary: ModelSummary, path: Path, rounds: int) -> float:
    """Print one machine's rows; return its slowest slider median (ms)."""
    inventory = _inventory(spec)
    planner = Planner(summary, path, inventory)
    plan = planner.plan(PlanRequest())
    evaluator = Evaluator(summary, inventory, inventory.devices, plan.request, False)
    candidate = Candidate(plan.ctx, tuple(plan.layer_counts().values()), plan.n_cpu_moe)
    floor = statistics.median(_time(lambda _i: evaluator.evaluate(candidate), rounds))
    key = inventory.devices[0].key
    top = plan.limits.positions
    moe_top = plan.limits.n_cpu_moe_max
    sliders = {
        "layers": _time(lambda i: planner.plan(plan.with_layers(key, i % top)), rounds),
        "n_cpu_moe": _time(lambda i: planner.plan(plan.with_n_cpu_moe(i % (moe_top + 1))), rounds),
        "ctx": _time(lambda i: planner.plan(plan.with_ctx(512 + 256 * (i % 64))), rounds),
    }
    auto = _time(lambda _i: planner.plan(PlanRequest()), max(10, rounds // 10))
    print(
        f"\n{spec}: auto plan ctx {plan.ctx}, {plan.n_gpu_layers}/{top} layers on "
        f"devices, n_cpu_moe {plan.n_cpu_moe}"
    )
    print(f"  {'':<10}{'median':>9}{'p95':>9}{'vs est.':>11}   (ms)")
    print(_row("estimate", [floor], floor))
    for name, samples in sliders.items():
        print(_row(name, samples, floor))
    print(_row("auto-fit", auto, floor))
    return max(statistics.median(samples) for samples in sliders.values())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    rounds = args.rounds
    with tempfile.TemporaryDirectory() as scratch:
        path = write_model(Path(scratch) / "moe-100.gguf", MOE_100)
        summary = summarize(read_model(path))
    print(
        f"model: {summary.block_count} layers, {summary.expert_count} experts, "
        f"{summary.total_bytes / 2**30:.1f} GiB; {rounds} rounds per row"
    )
    worst_slider = 0.0
    for spec in MACHINES:
        worst_slider = max(worst_slider, _machine(spec, summary, path, rounds))
    verdict = "met" if worst_slider < TARGET_MS else "MISSED"
    print(
        f"\nslowest slider re-plan (median): {worst_slider:.2f} ms; target {TARGET_MS} ms {verdict}"
    )
    return 0 if worst_slider < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
