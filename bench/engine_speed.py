"""Prompt and generation speed of every engine that runs here, side by side in one run.

    python bench/engine_speed.py [MODEL.gguf] [--runs N] [--threads N] [--engine PATH ...]

With `--engine` (repeatable) exactly those binaries are measured, in that order, e.g. a
native build against the portable every-CPU-variant one; without it, every candidate that
`studio engine` lists and that passes its self-test on this CPU. All engines serve the same
model at once with the same thread count, and the runs alternate between them (A, B, A, B,
...), so load from other processes on a shared machine falls on every engine alike. Each run
sends the same prompt with a fixed seed and no prompt cache; the engine's own `timings` give
prompt and generation tokens per second. The median per engine is printed with its ratio to
the first engine, and the CPU kernels it runs (for a portable build, the variant module it
mapped, e.g. `haswell`). The default model is the test suite's SmolLM2.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from studio.core.engine import EngineLocation, EngineSource, default_selector
from studio.core.engine.candidates import BUILD_MANIFEST
from studio.core.paths import AppPaths
from tests.support.engine import running_server

PROMPT = (
    "Write a short story about a lighthouse keeper who finds a message in a bottle. "
    "Describe the sea, the weather and the keeper's thoughts in detail. " * 4
)
# A portable build maps the CPU backend it chose, e.g. libggml-cpu-haswell.so (b10435 does not
# log its name, even at -lv 4).
_CPU_VARIANT_MODULE = re.compile(r"libggml-cpu-(?P<variant>[\w.]+)\.so$")


@dataclass
class EngineRun:
    """One engine under test and what its runs measured."""

    location: EngineLocation
    label: str
    kernels: str  # the self-test's instruction sets, plus the variant a portable build loaded
    base_url: str = ""
    prompt_tps: list[float] = field(default_factory=list)
    gen_tps: list[float] = field(default_factory=list)


def engine_label(location: EngineLocation) -> str:
    """A built engine's name from its manifest (`llama.cpp-b10435-portable`), else its source."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        manifest = json.loads((location.path.parent / BUILD_MANIFEST).read_text("utf-8"))
        return str(manifest["name"])
    return f"{location.source.value}: {location.path.parent.name}"


def loaded_variant(server: Path) -> str | None:
    """The CPU variant our running `server` (a portable build) mapped, e.g. `haswell`."""
    for child in psutil.Process().children():
        with contextlib.suppress(psutil.Error):
            if Path(child.exe()) != server.resolve():
                continue
            for mapping in child.memory_maps():
                match = _CPU_VARIANT_MODULE.search(mapping.path)
                if match:
                    return match.group("variant")
    return None


def _warm_up(client: httpx.Client) -> None:
    # The first prompt pays for page faults of the mapped weights; no run should.
    client.post("/completion", json={"prompt": "Hi", "n_predict": 4}).raise_for_status()


def _measure(client: httpx.Client, n_predict: int) -> tuple[float, float]:
    body = {
        "prompt": PROMPT,
        "n_predict": n_predict,
        "seed": 42,
        "temperature": 0,
        "cache_prompt": False,  # every run measures a full prompt pass
        "ignore_eos": True,
        "id_slot": 0,
    }
    reply = client.post("/completion", json=body)
    reply.raise_for_status()
    timings = reply.json()["timings"]
    return float(timings["prompt_per_second"]), float(timings["predicted_per_second"])


def _engines(args: argparse.Namespace) -> list[tuple[EngineLocation, str]]:
    """(engine, self-tested instruction sets) of every engine to measure that runs here."""
    selector = default_selector(AppPaths.default())
    try:
        if args.engine:
            candidates = [
                selector.examine(EngineLocation(path.resolve(), EngineSource.SETTING))
                for path in args.engine
            ]
        else:
            candidates = list(selector.choose(examine_all=True).candidates)
        runnable = []
        for candidate in candidates:
            if candidate.runnable and candidate.self_test is not None:
                runnable.append((candidate.location, candidate.self_test.cpu_variant))
            else:
                print(f"skipped {candidate.location.path}: {candidate.verdict}", file=sys.stderr)
        return runnable
    finally:
        selector.close()


def _print_table(runs: list[EngineRun], model: Path, rounds: int, threads: int) -> None:
    first_prompt = statistics.median(runs[0].prompt_tps)
    first_gen = statistics.median(runs[0].gen_tps)
    print(f"model: {model.name}, {threads} threads, {rounds} alternating runs each, median")
    print(
        f"{'engine':34s} {'CPU kernels':22s} {'prompt t/s':>10s} {'gen t/s':>8s} "
        f"{'prompt x':>8s} {'gen x':>6s}"
    )
    for run in runs:
        prompt = statistics.median(run.prompt_tps)
        gen = statistics.median(run.gen_tps)
        print(
            f"{run.label[:34]:34s} {run.kernels[:22]:22s} {prompt:10.1f} {gen:8.1f} "
            f"{prompt / first_prompt:8.2f} {gen / first_gen:6.2f}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", nargs="?", type=Path)
    parser.add_argument("--runs", type=int, default=5, help="runs per engine (default 5)")
    parser.add_argument("--n-predict", type=int, default=128, help="tokens generated per run")
    parser.add_argument(
        "--threads", type=int, default=os.cpu_count() or 1, help="engine threads (all cores)"
    )
    parser.add_argument("--engine", type=Path, action="append", default=[], help="measure this")
    args = parser.parse_args()
    if args.model is None:
        from tests.support.models import smollm2_path

        args.model = smollm2_path()
    engines = _engines(args)
    if not engines:
        print("no engine runs on this CPU; run `studio engine build` first", file=sys.stderr)
        return 2
    server_args = ["-c", "2048", "-np", "1", "-t", str(args.threads), "-tb", str(args.threads)]
    with contextlib.ExitStack() as up:
        runs = []
        for location, instruction_sets in engines:
            run = EngineRun(location, engine_label(location), instruction_sets)
            run.base_url = up.enter_context(running_server(location, args.model, server_args))
            variant = loaded_variant(location.path)
            if variant:
                run.kernels = f"{variant} ({instruction_sets})"
            print(f"{run.label}: {location.path} [{run.kernels}]", file=sys.stderr)
            runs.append(run)
        clients = [
            up.enter_context(httpx.Client(base_url=r.base_url, timeout=600, trust_env=False))
            for r in runs
        ]
        for client in clients:
            _warm_up(client)
        for round_number in range(args.runs):
            for run, client in zip(runs, clients, strict=True):
                prompt, gen = _measure(client, args.n_predict)
                run.prompt_tps.append(prompt)
                run.gen_tps.append(gen)
                print(
                    f"  run {round_number + 1} {run.label}: prompt {prompt:.1f} t/s, "
                    f"generation {gen:.1f} t/s",
                    file=sys.stderr,
                )
    _print_table(runs, args.model, args.runs, args.threads)
    return 0


if __name__ == "__main__":
    sys.exit(main())
