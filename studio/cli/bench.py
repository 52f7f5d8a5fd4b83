"""`studio bench MODEL.gguf`: measure the plan `studio serve --plan` would load, through the
manager on the real engine: prompt and generation tokens/s, time to first token and the
memory each device allocated, over repeated runs (median and range).

`--variant "KNOB=VALUE,..."` (repeatable) compares variants of the plan with it (A/B, run
alternately); `--tune` searches around it for the fastest plan that fits. Every result is
kept under the app's data folder (`studio.core.bench.store`); `--json` prints it for
scripts, `--csv PATH` writes one figure a row. The engine runs on a manager of its own,
stopped when the command ends (Ctrl+C included).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
import time
from dataclasses import dataclass
from typing import Any

from studio.cli import inputs
from studio.cli.knob_options import Face, knob_value
from studio.cli.report import INPUT_FAILED, report
from studio.cli.run import until_terminated
from studio.cli.serve import add_model_arguments, checked_engine, engine_log_dir, load_policy
from studio.cli.terminal import printable
from studio.core.bench import (
    VARIABLE_KNOBS,
    BenchKey,
    BenchOptions,
    BenchProgress,
    BenchRecord,
    BenchStore,
    Changes,
    Comparison,
    Outcome,
    RecordKind,
    Spread,
    TuneSearch,
    Variant,
    benchmark,
    compare,
    export_csv,
    export_json,
    plan_variants,
    tune,
    tune_search,
    write_export,
)
from studio.core.bench.compare import check_variant_count
from studio.core.bench.export import check_export_target
from studio.core.bench.results import (
    DEFAULT_GENERATED_TOKENS,
    DEFAULT_PROMPT_LENGTHS,
    DEFAULT_RUNS,
    BenchResult,
)
from studio.core.bench.tune import TuneResult
from studio.core.bench.variants import LAYERS_PREFIX
from studio.core.engine import EngineError
from studio.core.errors import StudioError
from studio.core.paths import AppPaths
from studio.core.placement.load_plan import PlanningEngine, explicit_plan, model_setup
from studio.core.placement.plan import Plan
from studio.core.placement.setup import Machine
from studio.core.server.manager import ServerManager
from studio.core.units import format_bytes
from studio.core.voice import ENGLISH

log = logging.getLogger(__name__)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "bench",
        help="measure a model's plan on this machine: tokens/s, time to first token, memory",
        description="Benchmark the plan `studio serve --plan` would load (the same options), "
        "compare variants of it, or tune it.",
    )
    add_model_arguments(parser)
    parser.add_argument(
        "--runs", type=inputs.count, default=DEFAULT_RUNS, metavar="N", help="runs per variant"
    )
    parser.add_argument(
        "--prompt-lengths",
        type=inputs.count,
        nargs="+",
        default=list(DEFAULT_PROMPT_LENGTHS),
        metavar="N",
        help="prompt lengths in tokens (those past the context are left out)",
    )
    parser.add_argument(
        "--tokens",
        type=inputs.count,
        default=DEFAULT_GENERATED_TOKENS,
        metavar="N",
        help="tokens written per request",
    )
    how = parser.add_mutually_exclusive_group()
    how.add_argument(
        "--variant",
        type=inputs.text,
        action="append",
        default=[],
        metavar="KNOB=VALUE,...",
        help="compare the plan with this variant of it (repeatable, up to 5): "
        "ubatch=1024,threads=4, ctk=q8_0,ctv=q8_0, fa=off, ncmoe=4, sm=tensor, "
        "layers:CUDA0=20",
    )
    how.add_argument(
        "--tune", action="store_true", help="search around the plan for the fastest that fits"
    )
    parser.add_argument(
        "--budget-s",
        type=inputs.duration,
        default=None,
        metavar="S",
        help="with --tune: start no variant past this time (90, 90s, 15m)",
    )
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")
    parser.add_argument(
        "--csv", type=inputs.export_file, default=None, metavar="PATH", help="write a CSV file"
    )
    parser.set_defaults(run=run)


def parse_variant(text: str) -> Changes:
    """`KNOB=VALUE,...` as changes: a knob by its option's name (`ub`, `cache-type-k`) or
    field (`n_cpu_moe`), read as that option reads it; `layers:DEVICE=N` a device's layers."""
    knobs: dict[str, Any] = {}
    layers: dict[str, int] = {}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        name, sep, value = (part.strip() for part in item.partition("="))
        if not sep or not name or not value:
            raise StudioError("bench_variant_invalid", f"not KNOB=VALUE: {item!r}", item=item)
        try:
            if name.startswith(LAYERS_PREFIX):
                layers[name.removeprefix(LAYERS_PREFIX)] = inputs.layer_count(value)
            else:
                field, read = _knob(name, value)
                knobs[field] = read
        except argparse.ArgumentTypeError as error:
            raise StudioError(
                "bench_knob_value_invalid",
                f"{name}={value}: {error}",
                knob=name,
                value=value,
                expected=str(error),
            ) from None
    return Changes(knobs, layers)


def _knob(name: str, value: str) -> tuple[str, Any]:
    # The plan's side first: it reads a value as a plan takes it (flash attention on/off).
    for face in (Face.PLAN, Face.LAUNCH):
        try:
            return knob_value(face, name, value)
        except KeyError:
            continue
    raise StudioError(
        "bench_knob_unknown",
        f"no knob named {name!r}",
        knob=name,
        knobs=sorted(VARIABLE_KNOBS),
    )


@dataclass(frozen=True)
class _Prepared:
    """The command line's model on this machine, planned as `serve --plan` plans it, and
    what is to be measured: the base, the variants (A/B) or the search (tune)."""

    engine: PlanningEngine
    base: Plan
    variants: tuple[Variant, ...]
    search: TuneSearch | None


def _prepare(args: argparse.Namespace, changes: list[Changes]) -> _Prepared:
    """Blocking: the engine's probes, the model's header, the devices and the plans."""
    engine = PlanningEngine.of(checked_engine(args))
    setup = model_setup(Machine.of(os.environ), args.model, engine, [str(e) for e in args.rpc])
    policy = load_policy(args)
    base = explicit_plan(setup, policy)
    launch = policy.launch
    if args.tune:
        search = tune_search(setup, base, None, launch)
        return _Prepared(engine, base, search.variants, search)
    return _Prepared(engine, base, plan_variants(setup, base, changes or [Changes()], launch), None)


def _progress(step: BenchProgress) -> None:
    run = f" run {step.run}/{step.runs}" if step.run else ""
    variant = f" {printable(step.variant)}" if step.variant else ""
    phase = step.phase.value.replace("_", " ")
    print(f"[{step.done}/{step.total}] {phase}{variant}{run}", file=sys.stderr)


async def _measure(
    args: argparse.Namespace,
    prepared: _Prepared,
    options: BenchOptions,
    store: BenchStore,
    key: BenchKey,
) -> tuple[BenchRecord, TuneResult | None]:
    assert prepared.engine.location is not None  # `checked_engine` found one that runs
    manager = ServerManager(prepared.engine.location, engine_log_dir())
    try:
        if prepared.search is not None:
            _say_estimate(prepared.search, options, await asyncio.to_thread(store.reference, key))
            tuned = await tune(manager, prepared.search, options, _progress, budget_s=args.budget_s)
            return _record(RecordKind.TUNING, options, tuned.comparison), tuned
        if len(prepared.variants) > 1:
            compared = await compare(manager, prepared.variants, options, _progress)
            return _record(RecordKind.COMPARISON, options, compared), None
        outcome = await benchmark(manager, prepared.variants[0], options, _progress)
        return _record(RecordKind.BENCHMARK, options, Comparison.of([outcome])), None
    finally:
        await manager.shutdown()


def _record(kind: RecordKind, options: BenchOptions, comparison: Comparison) -> BenchRecord:
    return BenchRecord(kind, time.time(), options, comparison)


def _say_estimate(search: TuneSearch, options: BenchOptions, reference: BenchResult | None) -> None:
    estimate = search.estimate(options, reference)
    basis = "from the last benchmark" if estimate.measured else "roughly"
    left_out = f" ({estimate.left_out} more do not fit)" if estimate.left_out else ""
    print(
        f"tuning: {estimate.variants} variants{left_out}, at most {estimate.runs} runs, "
        f"{basis} {estimate.seconds:.0f} s at most",
        file=sys.stderr,
    )


async def _bench(args: argparse.Namespace) -> int:
    try:
        options = BenchOptions(args.runs, tuple(args.prompt_lengths), args.tokens)
        if args.csv is not None:
            check_export_target(args.csv)
        changes = [parse_variant(text) for text in args.variant]
        if changes:
            check_variant_count(len(changes) + 1)
            changes.insert(0, Changes())
        prepared = await asyncio.to_thread(_prepare, args, changes)
        key = await asyncio.to_thread(BenchKey.of, prepared.base, prepared.engine.info)
    except StudioError as error:
        report(error, as_json=args.json)
        return INPUT_FAILED
    store = BenchStore.of(AppPaths.default())
    try:
        record, tuned = await _measure(args, prepared, options, store, key)
    except StudioError as error:
        report(error, as_json=args.json)
        return 1
    try:
        await asyncio.to_thread(store.add, key, record)
    except OSError as error:
        log.warning("the benchmark was not kept in %s: %s", store.directory, error)
    try:
        if args.csv is not None:
            write_export(args.csv, export_csv(record))
    except StudioError as error:
        report(error, as_json=args.json)
        return 1
    if args.json:
        print(_json(record, key, tuned))
    else:
        print(describe(record, tuned))
    return 0 if any(o.result is not None for o in record.comparison.outcomes) else 1


def _json(record: BenchRecord, key: BenchKey, tuned: TuneResult | None) -> str:
    data = json.loads(export_json(record, key, ENGLISH.code))
    if tuned is not None:
        data["winner"] = tuned.winner.label if tuned.winner is not None else None
        data["remembered_settings"] = dict(tuned.settings)
        data["not_remembered"] = dict(tuned.unkept)
    return json.dumps(data, indent=2, default=str)


def _spread(spread: Spread, digits: int) -> str:
    return f"{spread.median:.{digits}f} ({spread.low:.{digits}f}-{spread.high:.{digits}f})"


def describe(record: BenchRecord, tuned: TuneResult | None = None) -> str:
    """The record as a small table, the verdicts and the problems in sentences."""
    comparison = record.comparison
    lengths = sorted({n.asked for o in comparison.outcomes if o.result for n in o.result.lengths})
    header = ["variant", "gen tok/s", *(f"prompt@{n} tok/s" for n in lengths), "1st token s"]
    rows = [header]
    for outcome in comparison.outcomes:
        if outcome.result is None:
            continue
        by_length = {n.asked: n for n in outcome.result.lengths}
        rows.append(
            [
                printable(outcome.variant),
                _spread(outcome.result.generation_per_s, 1),
                *(
                    _spread(by_length[n].prompt_per_s, 0) if n in by_length else "-"
                    for n in lengths
                ),
                _spread(outcome.result.first_token_s, 3),
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]
    lines += ["", f"runs: {record.options.runs}, {record.options.generated_tokens} tokens written"]
    lines += [_memory(o) for o in comparison.outcomes if o.result is not None]
    lines += [_problem(o) for o in comparison.outcomes if o.problem is not None]
    lines += [
        f"stopped after one run, clearly slower: {printable(o.variant)}"
        for o in comparison.outcomes
        if o.stopped_early
    ]
    said = [printable(ENGLISH.code(code, params)) for code, params in comparison.sentences()]
    if said:
        lines += ["", *said]
    if tuned is not None and tuned.winner is not None:
        lines += ["", f"fastest: {printable(tuned.winner.label)}"]
    return "\n".join(lines)


def _memory(outcome: Outcome) -> str:
    assert outcome.result is not None
    devices = ", ".join(
        f"{printable(d.label)} {format_bytes(d.memory.total)}" for d in outcome.result.memory
    )
    return f"memory of {printable(outcome.variant)}: {devices or 'not logged'}"


def _problem(outcome: Outcome) -> str:
    assert outcome.problem is not None
    said = ENGLISH.code(outcome.problem.code, outcome.problem.params)
    return f"{printable(outcome.variant)}: {printable(said)}"


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        return asyncio.run(until_terminated(_bench(args)))
    except EngineError as error:
        report(error, as_json=args.json)
        return INPUT_FAILED
    except KeyboardInterrupt:
        return 130
