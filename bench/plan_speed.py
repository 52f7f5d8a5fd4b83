"""How long a re-plan takes after a slider move, for a 100-layer MoE model.

Side by side in one run, on fake GPUs (the real discovery code with STUDIO_FAKE_DEVICES
specs) and a 100-layer MoE GGUF header (synthetic, sparse data):

- estimate: one call of the memory estimator, the floor every plan pays at least once;
- layers: a per-GPU layer slider moved (`plan.with_layers`), then `Planner.plan`;
- n_cpu_moe: the MoE-on-CPU slider moved;
- ctx: the context slider moved;
- auto-fit: a fresh automatic plan (context search, device choice, spilling).

Each row prints the median and 95th percentile in ms and the median as a multiple of one
estimate. Targets (medians): a slider re-plan under 10 ms, an automatic plan under 5 ms
(issue 30). Run: `python bench/plan_speed.py [--rounds 200]`.
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
from tests.support.synthetic import MOE_100, write_model

TARGET_MS = 10.0
AUTO_FIT_TARGET_MS = 5.0
MACHINES = (
    "GPU0:24GiB,HOST:64GiB",
    "GPU0:24GiB,GPU1:16GiB,HOST:64GiB",
    "GPU0:12GiB,GPU1:12GiB,GPU2:12GiB,GPU3:12GiB,HOST:128GiB",
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


def _machine(spec: str, summary: ModelSummary, path: Path, rounds: int) -> tuple[float, float]:
    """Print one machine's rows; return its slowest slider median and its auto-fit median
    (ms)."""
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
    slowest = max(statistics.median(samples) for samples in sliders.values())
    return slowest, statistics.median(auto)


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
    worst_slider = worst_auto = 0.0
    for spec in MACHINES:
        slider, auto = _machine(spec, summary, path, rounds)
        worst_slider, worst_auto = max(worst_slider, slider), max(worst_auto, auto)
    met = worst_slider < TARGET_MS and worst_auto < AUTO_FIT_TARGET_MS
    print()
    for name, worst, target in (
        ("slider re-plan", worst_slider, TARGET_MS),
        ("auto-fit", worst_auto, AUTO_FIT_TARGET_MS),
    ):
        verdict = "met" if worst < target else "MISSED"
        print(f"slowest {name} (median): {worst:.2f} ms; target {target} ms {verdict}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
