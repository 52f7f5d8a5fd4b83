"""Prompt and generation speed of every engine that runs here, side by side in one run.

    python bench/engine_speed.py [MODEL.gguf] [--runs N] [--engine PATH ...]

Each engine that passes its self-test on this CPU (the candidates `studio engine` lists, plus
any `--engine`) serves the same model with the same prompt, one after the other, `--runs`
times each with a fixed seed; the engine's own timings (`timings` of `/completion`) give
prompt and generation tokens per second. The median of the runs is printed per engine, and
each engine's ratio against the first. The default model is the test suite's SmolLM2.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from studio.core.engine import EngineLocation, EngineSource, default_selector
from studio.core.paths import AppPaths
from tests.support.engine import running_server

PROMPT = (
    "Write a short story about a lighthouse keeper who finds a message in a bottle. "
    "Describe the sea, the weather and the keeper's thoughts in detail. " * 4
)


def _speeds(base_url: str, runs: int) -> tuple[float, float]:
    prompt_tps: list[float] = []
    gen_tps: list[float] = []
    with httpx.Client(base_url=base_url, timeout=300, trust_env=False) as client:
        # One warm-up request: the first prompt pays for page faults of the mapped weights.
        client.post("/completion", json={"prompt": "Hi", "n_predict": 4})
        for run in range(runs):
            body = {
                "prompt": PROMPT,
                "n_predict": 128,
                "seed": 42,
                "temperature": 0,
                "cache_prompt": False,  # every run measures a full prompt pass
                "ignore_eos": True,
                "id_slot": 0,
            }
            timings = client.post("/completion", json=body).json()["timings"]
            prompt_tps.append(float(timings["prompt_per_second"]))
            gen_tps.append(float(timings["predicted_per_second"]))
            print(
                f"  run {run + 1}: prompt {prompt_tps[-1]:.1f} t/s, "
                f"generation {gen_tps[-1]:.1f} t/s",
                file=sys.stderr,
            )
    return statistics.median(prompt_tps), statistics.median(gen_tps)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", nargs="?", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--engine", type=Path, action="append", default=[])
    args = parser.parse_args()
    if args.model is None:
        from tests.support.models import smollm2_path

        args.model = smollm2_path()
    selector = default_selector(AppPaths.default())
    choice = selector.choose(examine_all=True)
    engines = [c.location for c in choice.candidates if c.runnable]
    for extra in args.engine:
        candidate = selector.examine(EngineLocation(extra.resolve(), EngineSource.SETTING))
        if candidate.runnable:
            engines.append(candidate.location)
        else:
            print(f"skipped {extra}: it does not run on this CPU", file=sys.stderr)
    if not engines:
        print("no engine runs on this CPU; run `studio engine build` first", file=sys.stderr)
        return 2
    rows: list[tuple[EngineLocation, str, float, float]] = []
    for engine in engines:
        test = selector.tester.test(engine)
        print(f"{engine.path} ({test.cpu_variant})", file=sys.stderr)
        with running_server(engine, args.model, ["-c", "2048", "-np", "1"]) as base_url:
            prompt, gen = _speeds(base_url, args.runs)
        rows.append((engine, test.cpu_variant, prompt, gen))
    first_prompt, first_gen = rows[0][2], rows[0][3]
    print(f"model: {args.model.name}, {args.runs} runs each, median")
    print(
        f"{'engine':60s} {'CPU variant':14s} {'prompt t/s':>10s} {'gen t/s':>8s} "
        f"{'prompt x':>8s} {'gen x':>6s}"
    )
    for engine, variant, prompt, gen in rows:
        name = f"{engine.source.value}: {engine.path.parent.name}/{engine.path.name}"
        print(
            f"{name[:60]:60s} {variant:14s} {prompt:10.1f} {gen:8.1f} "
            f"{prompt / first_prompt:8.2f} {gen / first_gen:6.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
