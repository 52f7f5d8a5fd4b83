"""How close `studio.core.memory.estimate` is to what llama-server really allocates.

Side by side in one run:

1. the accuracy matrix (tests/support/allocation.py MATRIX): SmolLM2 and synthetic dense,
   MoE, sliding-window, MLA, recurrent and hybrid models, on the CPU and on 2-3 local
   `ggml-rpc-server` devices (-ngl, -ts, --n-cpu-moe, -nkvo, --split-mode tensor), each
   compared per device and component with the engine's `-lv 4` buffer sizes;
2. big-model shapes (8B dense, 30B-A3B MoE, 12B SWA; full headers, sparse data) on two RPC
   devices, compared with the engine's fit-pass breakdown (whole MiB, printed before any
   weights load);
3. the cost of one estimate for a 100-layer model, as a fraction of the 5 ms budget.

Every part runs against each engine that runs here (the engine choice's candidates that pass
their self-test, or the `--engine` binaries given), each estimated with what its self-test
measured (CPU features, compute-graph differences): rows say which engine.

Targets: weights and KV within 0.5%; totals within 2% and never under by more than 1%.
Run: `python bench/estimate_accuracy.py [--engine PATH ...]` (about a minute per engine on
2 cores).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from studio.core.engine import EngineLocation, EngineSource, default_selector
from studio.core.engine.candidates import BUILD_MANIFEST, EngineCandidate
from studio.core.gguf import read_model
from studio.core.memory import (
    DeviceKind,
    DeviceSpec,
    EngineMemory,
    EstimateSettings,
    estimate,
    summarize,
)
from studio.core.paths import AppPaths
from studio.core.units import MIB
from tests.support.allocation import (
    EXACT_COMPONENTS,
    MATRIX,
    TOTAL_OVER,
    TOTAL_UNDER,
    Comparison,
    engine_allocation,
    misses,
    model_path,
    run_case,
)
from tests.support.rpc import rpc_argument, rpc_servers
from tests.support.synthetic import LLAMA_8B, synthetic_model, write_model

BUDGET_MS = 5.0
BIG_SHAPES = (
    ("llama-8b-shape", ["-c", "8192", "-ngl", "20"], EstimateSettings(ctx=8192, n_gpu_layers=20)),
    (
        "llama-8b-shape",
        ["-c", "32768", "-fa", "off"],
        EstimateSettings(ctx=32768, flash_attn=False),
    ),
    (
        "qwen3-30b-a3b-shape",
        ["-c", "8192", "-ncmoe", "20"],
        EstimateSettings(ctx=8192, n_cpu_moe=20),
    ),
    (
        "qwen3-30b-a3b-shape",
        ["-c", "32768", "-ngl", "30", "-ts", "1,1"],
        EstimateSettings(ctx=32768, n_gpu_layers=30, tensor_split=(1, 1)),
    ),
    (
        "gemma3-12b-shape",
        ["-c", "16384", "-ts", "3,1"],
        EstimateSettings(ctx=16384, tensor_split=(3, 1)),
    ),
    (
        "gemma3-12b-shape",
        ["-c", "32768", "-np", "1"],
        EstimateSettings(ctx=32768, parallel=1),
    ),
    ("llama-8b-shape", ["-c", "131072"], EstimateSettings(ctx=131072)),
    (
        "llama-8b-shape",
        ["-c", "32768", "-ub", "2048"],
        EstimateSettings(ctx=32768, ubatch=2048),
    ),
    (
        "qwen3-30b-a3b-shape",
        ["-c", "32768", "-ub", "2048"],
        EstimateSettings(ctx=32768, ubatch=2048),
    ),
    (
        "qwen3-30b-a3b-shape",
        ["-c", "32768", "-np", "1", "-ngl", "25"],
        EstimateSettings(ctx=32768, parallel=1, n_gpu_layers=25),
    ),
    ("gemma3-12b-shape", ["-c", "131072"], EstimateSettings(ctx=131072)),
    (
        "gemma3-12b-shape",
        ["-c", "32768", "-fa", "off", "-ngl", "30"],
        EstimateSettings(ctx=32768, flash_attn=False, n_gpu_layers=30),
    ),
    (
        "gemma3-12b-shape",
        ["-c", "32768", "-ctk", "q8_0", "-ctv", "q8_0"],
        EstimateSettings(ctx=32768, cache_type_k="q8_0", cache_type_v="q8_0"),
    ),
)


def _pct(row: Comparison) -> str:
    """Relative error; "~0" when the difference is within the log's MiB rounding."""
    if row.actual == 0 and row.predicted == 0:
        return "-"
    error = row.error_beyond_rounding
    if error == 0.0:
        return "~0"
    if row.actual == 0:
        return f"+{row.predicted / MIB:.2f} MiB"
    return f"{error:+.2%}"


def engines(paths: list[str]) -> list[tuple[str, EngineLocation, EngineMemory]]:
    """(name, location, measurements) of each engine to compare: the given binaries, or
    every candidate of the engine choice that passes its self-test here."""
    selector = default_selector(AppPaths.default())
    if paths:
        found = [
            selector.examine(EngineLocation(Path(p).expanduser(), EngineSource.SETTING))
            for p in paths
        ]
    else:
        found = list(selector.choose(examine_all=True).candidates)
    return [(_name(c), c.location, c.self_test.memory) for c in found if c.runnable and c.self_test]


def _name(candidate: EngineCandidate) -> str:
    """The llama.cpp build a `studio engine build` manifest names (source builds report
    version 0), else the version the binary reports, else its folder."""
    manifest = candidate.location.path.with_name(BUILD_MANIFEST)
    with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
        return str(json.loads(manifest.read_text("utf-8"))["llama_cpp"])
    info = candidate.info
    build = info.version.build if info is not None else None
    return f"b{build}" if build else candidate.location.path.parent.name


def matrix_rows(
    engine: EngineLocation, memory: EngineMemory
) -> list[tuple[str, str, dict[str, Comparison], str]]:
    table = []
    for case, deviation in MATRIX:
        rows = run_case(engine, case, model_path(case.model), memory.graph)
        by_device: dict[str, dict[str, Comparison]] = {}
        for row in rows:
            by_device.setdefault(row.device, {})[row.component] = row
        bad = misses(rows)
        verdict = "ok" if not bad else ("known: " + deviation.reason if deviation else "MISS")
        for device, components in by_device.items():
            name = (
                "Host" if device == "Host" else device.split(":")[0].replace("RPC[127.0.0.1", "RPC")
            )
            table.append((case.label, name, components, verdict))
    return table


def big_shape_rows(
    engine: EngineLocation, memory: EngineMemory
) -> list[tuple[str, str, tuple[float, ...], tuple[int, ...], str]]:
    out: list[tuple[str, str, tuple[float, ...], tuple[int, ...], str]] = []
    for name, args, settings in BIG_SHAPES:
        path = synthetic_model(name)
        summary = summarize(read_model(path))
        with rpc_servers(engine, 2) as servers:
            allocation, _ = engine_allocation(
                engine,
                path,
                ["--no-repack", "-fit", "on", "--rpc", rpc_argument(servers), *args],
                fit_only=True,
            )
            keys = [s.device_key for s in servers]
        devices = [DeviceSpec(k, DeviceKind.RPC, 1, 1) for k in keys]
        predicted = estimate(summary, settings, devices, graph=memory.graph)
        table = allocation.breakdown_totals(0)
        for index, (row, key) in enumerate(zip(predicted.devices, [*keys, "Host"], strict=True)):
            engine_mib = table.get(key, (0, 0, 0))
            ours = (
                row.weights / MIB,
                (row.kv + row.recurrent) / MIB,
                row.compute / MIB,
            )
            total_engine = sum(engine_mib)
            total_ours = sum(ours)
            ok = (
                total_engine * (1 - TOTAL_UNDER) - 2
                <= total_ours
                <= total_engine * (1 + TOTAL_OVER) + 2
            )
            label = "Host" if key == "Host" else f"RPC{index}"
            out.append(
                (f"{name} {' '.join(args)}", label, ours, engine_mib, "ok" if ok else "MISS")
            )
    return out


def estimate_speed(rounds: int) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as scratch:
        spec = replace(LLAMA_8B, n_layer=100, n_vocab=32000)
        summary = summarize(read_model(write_model(Path(scratch) / "l100.gguf", spec)))
    gpus = [DeviceSpec(f"GPU{i}", DeviceKind.GPU, 24 << 30, 24 << 30) for i in range(2)]
    timings = []
    for i in range(rounds):
        settings = EstimateSettings(ctx=32768, n_gpu_layers=i % 101, tensor_split=(3, 1))
        start = time.perf_counter()
        estimate(summary, settings, gpus)
        timings.append((time.perf_counter() - start) * 1000)
    timings.sort()
    return statistics.median(timings), timings[int(0.95 * len(timings)) - 1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--engine", action="append", default=[], help="a llama-server binary")
    args = parser.parse_args()
    found = engines(args.engine)
    if not found:
        print("No engine runs on this CPU: build one with `studio engine build`.")
        return 1
    for name, location, memory in found:
        print(f"# Engine {name}: {location.path}\n")
        print(f"Measured graph: {memory.graph}\n")
        report(name, location, memory)
    median, p95 = estimate_speed(max(10, args.rounds))
    print(
        f"\n- one estimate, 100 layers: median {median:.3f} ms, p95 {p95:.3f} ms "
        f"= {median / BUDGET_MS:.2f}x the {BUDGET_MS:.0f} ms budget"
    )
    return 0


def report(name: str, engine: EngineLocation, memory: EngineMemory) -> None:
    """The accuracy tables and summary of one engine."""
    rows = matrix_rows(engine, memory)
    print("## Per case: worst device (error = predicted/engine - 1, beyond log rounding)\n")
    print("| case | devices | weights+KV | compute | total | verdict |")
    print("|---|---|---|---|---|---|")
    cases: dict[str, list[dict[str, Comparison]]] = {}
    verdicts: dict[str, str] = {}
    for label, _device, components, verdict in rows:
        cases.setdefault(label, []).append(components)
        verdicts[label] = verdict
    for label, devices in cases.items():

        def worst(component: str, devices: list[dict[str, Comparison]] = devices) -> str:
            errors = [d[component].error_beyond_rounding for d in devices if d[component].actual]
            extreme = max(errors, key=abs, default=0.0)
            return "~0" if extreme == 0 else f"{extreme:+.2%}"

        exact = max(
            (abs(d[c].error_beyond_rounding) for d in devices for c in ("weights", "kv")),
            default=0.0,
        )
        verdict = verdicts[label]
        short = verdict if verdict in ("ok", "MISS") else "known deviation"
        print(
            f"| {label} | {len(devices)} | {'~0' if exact == 0 else f'{exact:.2%}'} | "
            f"{worst('compute')} | {worst('total')} | {short} |"
        )

    print("\n## Per device and component\n")
    print("| case | device | weights | kv | output | compute | total | verdict |")
    print("|---|---|---|---|---|---|---|---|")
    worst_exact = 0.0
    worst_over = worst_under = 0.0
    on_target = total_rows = 0
    for label, device, components, verdict in rows:
        cells = [_pct(components[c]) for c in ("weights", "kv", "output", "compute", "total")]
        print(f"| {label} | {device} | " + " | ".join(cells) + f" | {verdict} |")
        for component in EXACT_COMPONENTS:
            row = components[component]
            if row.actual and "known" not in verdict:
                worst_exact = max(worst_exact, abs(row.error_beyond_rounding))
        total = components["total"]
        if total.actual and "known" not in verdict:
            total_rows += 1
            if verdict == "ok":
                on_target += 1
                worst_over = max(worst_over, total.error_beyond_rounding)
                worst_under = min(worst_under, total.error_beyond_rounding)

    print("\n## Big-model shapes vs the engine's fit pass (MiB: model / context / compute)\n")
    print("| case | device | estimate | engine | verdict |")
    print("|---|---|---|---|---|")
    for label, device, ours, theirs, verdict in big_shape_rows(engine, memory):
        mine = " / ".join(f"{v:,.0f}" for v in ours)
        logged = " / ".join(f"{v:,}" for v in theirs)
        print(f"| {label} | {device} | {mine} | {logged} | {verdict} |")

    print(f"\n## Summary ({name})\n")
    print(f"- matrix: {len(MATRIX)} cases, {sum(1 for _, d in MATRIX if d)} with a known deviation")
    print(
        f"- worst weights/KV/output error beyond the log's rounding, rows without a known "
        f"deviation: {worst_exact:.3%}"
    )
    print(
        f"- device totals on target (cases without a known deviation): {on_target}/{total_rows}; "
        f"worst over "
        f"{worst_over:+.2%}, worst under {worst_under:+.2%}\n"
    )


if __name__ == "__main__":
    raise SystemExit(main())
