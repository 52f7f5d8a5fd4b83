"""What the several-models scheduler (`core/residents`) costs, measured side by side in one
run with the real engine and two copies of one model, A and B.

1. Time to first token on A, resident, beside B resident and idle, and while B is being
   loaded, against the same with only A resident and nothing loading. Target: within 5%
   (a request to a resident model pays nothing for the others). B's load is caught at two
   points: just started (A's request is sent at once, while the scheduler plans B in a
   thread of this process) and once B's engine has started (its child loads the weights
   and warms up). The run
   counts how often B was still loading when A's first token came: a figure from runs
   that did not overlap says less.
2. A switch that evicts: with `max_models=1`, from asking `use()` for the model that is
   not resident to its first token, against a plain `ServerManager` doing the bare
   sequence (unload, load the other's spec, first token). The scheduler's side also plans
   the model (on its own and beside the resident); the time spent in its planner is
   printed beside it.

Runs rotate which side goes first so machine load drifts hit every side alike.
Usage: python bench/multi_model.py [MODEL.gguf] [--runs N]
(default model: the SmolLM2 test model, fetched into the test cache).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import os
import shutil
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from model_argument import parse_with_model  # bench/, the script's own folder

from studio.core.engine import default_selector
from studio.core.gguf.cache import ModelCache
from studio.core.paths import AppPaths
from studio.core.placement.load_plan import (
    Explicit,
    OwnEngines,
    PlannedLoad,
    PlanningEngine,
    plan_load,
)
from studio.core.placement.setup import Machine
from studio.core.residents.scheduler import Residents
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager

POLICY = Explicit({"ctx": 512})
Side = Callable[[int], Awaitable[None]]  # one side of a comparison, given the run
MAX_TOKENS = 4  # only the first token is timed; the rest is cut short
_asked = itertools.count()


def prompt() -> list[dict[str, str]]:
    """A prompt no earlier request shares a prefix with: llama-server would otherwise
    answer from its prompt cache and the time to first token would measure nothing."""
    return [{"role": "user", "content": f"{next(_asked)}. Write a story about a lighthouse."}]


async def first_token(manager: ServerManager, spec: LaunchSpec) -> float:
    """When the first delta with text came, on the monotonic clock."""
    stream = manager.stream_chat(prompt(), requested=spec, max_tokens=MAX_TOKENS, temperature=0)
    async with contextlib.aclosing(stream):  # leaving early closes the engine connection
        async for delta in stream:
            if delta.content:
                return time.monotonic()
    raise RuntimeError(f"{spec.public_name} answered no text")


async def residents_ttft(residents: Residents, name: str) -> float:
    """Request to first token through the scheduler, holding `name` on the way."""
    started = time.monotonic()
    async with residents.use(name) as held:
        return await first_token(held.manager, held.spec) - started


SETTLE_S = 2.0


def library(model: Path, folder: Path) -> tuple[Path, Path]:
    """Two names for one file in `folder`: the library lists a file once per path. Hard
    links cost no disk; a copy where the folder is on another file system."""
    paths = (folder / "A.gguf", folder / "B.gguf")
    for path in paths:
        try:
            os.link(model, path)
        except OSError:
            shutil.copyfile(model, path)
    return paths


def line(name: str, ours: list[float], theirs: list[float], labels: str, target: str) -> None:
    """Medians, min-max and the ratio of ours to theirs, in milliseconds."""
    ours_label, theirs_label = labels.split("/")

    def figure(values: list[float]) -> str:
        low, mid, high = min(values), statistics.median(values), max(values)
        return f"{mid * 1000:7.1f} ms ({low * 1000:.1f}-{high * 1000:.1f})"

    ratio = statistics.median(ours) / statistics.median(theirs)
    print(
        f"{name:<32} {ours_label} {figure(ours)}   {theirs_label} {figure(theirs)}"
        f"   ratio {ratio:5.3f}   {target}"
    )


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    return parse_with_model(parser)


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="studio-bench-") as scratch:
        await measure(args, Path(scratch))


async def measure(args: argparse.Namespace, scratch: Path) -> None:
    active = default_selector(AppPaths.default()).active()
    planning = PlanningEngine.of(active)
    path_a, path_b = library(args.model, scratch)
    logs = scratch / "logs"
    planner_s: list[float] = []  # time in the planner, per call
    models = ModelCache()

    async def plan(path: Path, own: OwnEngines) -> PlannedLoad:
        # As `studio serve` plans: off the loop, each model's header read once.
        started = time.monotonic()
        machine = Machine.of(os.environ)
        planned = await asyncio.to_thread(
            plan_load, machine, path, planning, POLICY, (), own, models
        )
        planner_s.append(time.monotonic() - started)
        return planned

    async def lookup(name: str) -> Path | None:
        return {"A": path_a, "B": path_b}.get(name)

    def residents(max_models: int | None) -> Residents:
        return Residents(
            lambda: ServerManager(active.location, logs), lookup, plan, max_models=max_models
        )

    async def in_turn(run: int, *sides: Side) -> None:
        # Rotate which side goes first, so none always meets a colder machine.
        shift = run % len(sides)
        for side in sides[shift:] + sides[:shift]:
            await side(run)

    # 1. A's time to first token: alone; B's load started at once (its plan is being made,
    # in this process); B's engine started (its child is loading the weights).
    alone: list[float] = []
    with_b: dict[bool, list[float]] = {False: [], True: []}  # key: B's engine started
    beside_b: list[float] = []  # B resident and idle
    overlapped = 0
    scheduler = residents(None)
    try:
        await scheduler.load(path_a)
        await residents_ttft(scheduler, "A")  # warm A's slot alike for every side

        def b_has_child() -> bool:
            return any(v.name == "B" and v.snapshot.pid for v in scheduler.views())

        async def b_loading(spawned: bool) -> None:
            nonlocal overlapped
            loading = asyncio.create_task(scheduler.load(path_b))
            # The scheduler makes B's manager once B is planned: until then, nothing to wait on.
            while spawned and not b_has_child():  # noqa: ASYNC110
                await asyncio.sleep(0.002)
            with_b[spawned].append(await residents_ttft(scheduler, "A"))
            overlapped += not loading.done()
            await loading
            await scheduler.unload("B")

        async def b_planned(run: int) -> None:
            await b_loading(spawned=False)

        async def b_starting(run: int) -> None:
            await b_loading(spawned=True)

        async def a_alone(run: int) -> None:
            alone.append(await residents_ttft(scheduler, "A"))

        async def b_resident(run: int) -> None:
            await scheduler.load(path_b)
            # Idle: its engine's start-up and the scheduler's reading of its log are over.
            await asyncio.sleep(SETTLE_S)
            beside_b.append(await residents_ttft(scheduler, "A"))
            await scheduler.unload("B")

        for run in range(args.runs):
            await in_turn(run, b_planned, b_starting, b_resident, a_alone)
        # B fit beside A (else the figure would be of an eviction, not of a neighbour).
        assert scheduler.evicted == 0, "B evicted A: not enough room for both"
    finally:
        await scheduler.close()

    # 2. A switch that evicts, against unload + load + first token on one manager.
    switch, bare_switch, switch_planner = [], [], []
    scheduler = residents(1)
    manager = ServerManager(active.location, logs)
    specs = {
        name: (await plan(path, OwnEngines())).spec for name, path in (("A", path_a), ("B", path_b))
    }
    try:
        await scheduler.load(path_a)
        await manager.load(specs["A"])

        def other(run: int) -> str:
            """Each run switches to the model not resident (both sides hold the same)."""
            return "B" if run % 2 == 0 else "A"

        async def scheduled(run: int) -> None:
            planner_s.clear()
            switch.append(await residents_ttft(scheduler, other(run)))
            switch_planner.append(sum(planner_s))

        async def bare(run: int) -> None:
            spec = specs[other(run)]
            started = time.monotonic()
            await manager.unload()
            await manager.load(spec)
            bare_switch.append(await first_token(manager, spec) - started)

        for run in range(args.runs):
            await in_turn(run, scheduled, bare)
        assert scheduler.evicted == args.runs, "a switch did not evict"
    finally:
        await scheduler.close()
        await manager.shutdown()

    print(f"model {args.model.name}, {args.runs} runs each, median (min-max)")
    target = "target ratio <= 1.05"
    line("A's first token, B resident", beside_b, alone, "B idle/alone", target)
    line("A's first token, B planned", with_b[False], alone, "B loading/alone", target)
    line("A's first token, B's engine up", with_b[True], alone, "B loading/alone", target)
    loaded = 2 * args.runs
    print(f"{'':<32} B still loading at A's first token in {overlapped} of {loaded} runs")
    line("switch with eviction", switch, bare_switch, "residents/bare", "(scheduler cost)")
    planned_ms = statistics.median(switch_planner) * 1000
    print(f"{'':<32} of which planning {planned_ms:.1f} ms (median, the bare side plans nothing)")


if __name__ == "__main__":
    asyncio.run(main(parse_arguments()))
