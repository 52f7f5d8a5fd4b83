"""`studio estimate MODEL.gguf`: predicted llama-server memory per device and component.

A pure estimate from the GGUF header (a local file, any shard of a split model, or an
http(s) URL read with Range requests). By default it plans like `studio fit`: this machine's
devices (or STUDIO_FAKE_DEVICES), the same default settings (one slot, flash attention on)
and the same placement, so both commands print the same totals. `--devices N` (or a
`--tensor-split` / `--n-gpu-layers` placement) asks instead about N hypothetical GPUs, as many
as `--tensor-split` names when N is not given, else one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from studio.cli import inputs
from studio.cli.engine_choice import active_engine
from studio.cli.knob_options import Face, add_knob_options, knobs_from_args
from studio.cli.report import INPUT_FAILED, report
from studio.cli.terminal import printable
from studio.core.devices import DeviceKind
from studio.core.engine import EngineError
from studio.core.engine_knobs import estimate_copies
from studio.core.errors import StudioError
from studio.core.gguf import GGUFModel, read_model, read_remote_model
from studio.core.memory import (
    DeviceSpec,
    EngineMemory,
    Estimate,
    EstimateSettings,
    ModelSummary,
    estimate,
    summarize,
)
from studio.core.placement import Plan, PlanRequest
from studio.core.placement.load_plan import explicit_request
from studio.core.units import mib_cell
from studio.core.voice import ENGLISH


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "estimate",
        help="predict llama-server's memory per device from a GGUF header",
        description="Predict weights, KV cache, output and compute buffers per device.",
    )
    parser.add_argument(
        "model",
        type=inputs.model_source,
        help="a .gguf file (any shard of a split model) or an URL",
    )
    # The plan's knobs but the batch and the prompt cache, which this estimate does not take.
    add_knob_options(parser, Face.PLAN, leave_out=("batch", "cache_ram"))
    parser.add_argument(
        "--n-gpu-layers", "-ngl", type=inputs.layer_count, default=None, metavar="N"
    )
    parser.add_argument("--tensor-split", "-ts", type=inputs.shares, default=None, metavar="a,b")
    parser.add_argument(
        "--devices",
        type=inputs.devices,
        default=None,
        metavar="N",
        help="hypothetical GPUs to estimate for (default: this machine, as studio fit plans)",
    )
    parser.add_argument(
        "--binary", type=inputs.engine_file, default=None, help="the llama-server to plan for"
    )
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")
    parser.set_defaults(run=run)


def _hypothetical(args: argparse.Namespace) -> bool:
    """Placement flags name devices this machine may not have: estimate for those."""
    return (
        args.devices is not None or args.tensor_split is not None or args.n_gpu_layers is not None
    )


def _settings(args: argparse.Namespace) -> EstimateSettings:
    # Studio's own defaults (PlanRequest), not a bare llama-server's: every launch passes them.
    request = PlanRequest().with_changes(**knobs_from_args(args, Face.PLAN))
    return EstimateSettings(
        **estimate_copies(request),
        ctx=request.ctx or 0,
        n_gpu_layers=args.n_gpu_layers,
        tensor_split=args.tensor_split,
        split_mode=request.split_mode,
        n_cpu_moe=request.n_cpu_moe or 0,
    )


def _devices(args: argparse.Namespace) -> list[DeviceSpec]:
    count = args.devices
    if count is None:
        count = len(args.tensor_split) if args.tensor_split else 1
    return [DeviceSpec(f"GPU{i}", DeviceKind.GPU) for i in range(count)]


async def _read_remote(url: str) -> GGUFModel:
    # Not a loopback client: Hugging Face URLs redirect to a CDN, proxies may be needed.
    async with httpx.AsyncClient(follow_redirects=True, timeout=60) as client:
        return await read_remote_model(client, url)


def _read(source: str) -> GGUFModel:
    if source.startswith(("http://", "https://")):
        return asyncio.run(_read_remote(source))
    return read_model(Path(source))


def _mib(value: int) -> str:
    return mib_cell(value, decimals=1)  # the estimate's table shows tenths of a MiB


@dataclass(frozen=True)
class Row:
    """One device's line: an estimate's row, or a plan's (which adds fixed overheads)."""

    name: str
    kind: str
    weights: int
    kv: int
    output: int
    compute: int
    overhead: int  # a plan's per-device context/process footprint and draft model
    layers: int
    output_layer: bool

    @property
    def total(self) -> int:
        return self.weights + self.kv + self.output + self.compute + self.overhead

    def to_json(self) -> dict[str, object]:
        return {
            "device": self.name,
            "kind": self.kind,
            "weights": self.weights,
            "kv": self.kv,
            "output": self.output,
            "compute": self.compute,
            "overhead": self.overhead,
            "total": self.total,
            "layers": self.layers,
            "output_layer": self.output_layer,
        }


def describe(summary: ModelSummary, result: Estimate, rows: list[Row]) -> str:
    g = result.geometry
    s = result.settings
    lines = [
        # The name and architecture are the file's own text, escape sequences and all.
        f"model:    {printable(summary.name or summary.architecture)} "
        f"({printable(summary.architecture)}, "
        f"{summary.parameter_count / 1e9:.2f} B parameters, {_mib(summary.total_bytes)} MiB)",
        f"context:  {g.n_ctx} cells, {g.n_seq} slots"
        f"{' (unified KV)' if g.n_stream == 1 else ''}, {g.n_ctx_seq} per slot; "
        f"KV {s.cache_type_k}/{s.cache_type_v}, "
        f"flash attention {'on' if s.flash_attention else 'off'}, ubatch {s.ubatch}",
        "",
        f"{'device':<12}{'layers':>7}{'weights':>11}{'kv':>10}{'output':>9}{'compute':>10}"
        f"{'overhd':>9}{'total':>11}  MiB",
    ]
    for row in rows:
        layers = f"{row.layers}{'+o' if row.output_layer else ''}"
        lines.append(
            f"{printable(row.name)[:11]:<12}{layers:>7}{_mib(row.weights):>11}{_mib(row.kv):>10}"
            f"{_mib(row.output):>9}{_mib(row.compute):>10}{_mib(row.overhead):>9}"
            f"{_mib(row.total):>11}"
        )
    total = sum(row.total for row in rows)
    lines.append(f"{'all':<12}{'':>7}{'':>11}{'':>10}{'':>9}{'':>10}{'':>9}{_mib(total):>11}")
    host = result.host
    if host.repack:
        lines.append(f"host weights include {_mib(host.repack)} MiB of repacked copies")
    if host.prompt_cache:
        lines.append(
            f"host prompt cache (--cache-ram) grows with use up to {_mib(host.prompt_cache)} MiB:"
            f" host budget {_mib(rows[-1].total + host.prompt_cache)} MiB"
        )
    lines += [f"note: {printable(ENGLISH.code(note))}" for note in result.notes]
    return "\n".join(lines)


def _summary_json(summary: ModelSummary) -> dict[str, object]:
    return {
        "architecture": summary.architecture,
        "name": summary.name,
        "parameters": summary.parameter_count,
        "bytes": summary.total_bytes,
        "layers": summary.block_count,
        "nextn_layers": summary.nextn_layers,
        "context_length": summary.context_length,
        "experts": summary.expert_count,
        "experts_used": summary.expert_used_count,
        "sliding_window": summary.sliding_window,
        "mla": summary.mla,
        "recurrent_layers": sum(summary.recurrent_layers),
        "quant_mix": dict(summary.quant_mix),
        "chat_template": summary.has_chat_template,
    }


def _plan(args: argparse.Namespace, model: GGUFModel) -> Plan:
    """The plan `studio fit` makes for the same model and flags."""
    from studio.cli.fit import machine_setup

    # A header estimate needs no engine: without one it plans as fit does on fake devices.
    setup = machine_setup(Path(args.model), model, args.binary, need_engine=False)
    return setup.planner.plan(explicit_request(setup, knobs_from_args(args, Face.PLAN)))


def _engine_memory(binary: Path | None) -> EngineMemory:
    """What the engine that would run the model measured at its self-test: the instruction
    sets it was built for (they decide the host's repack buffer) and its compute graph;
    nothing when no engine runs here (the estimate says so)."""
    try:
        active = active_engine(binary)
    except EngineError:
        if binary is not None:
            raise  # an engine the user named must run
        return EngineMemory()
    test = active.self_test
    return test.memory if test is not None else EngineMemory()


def _plan_rows(plan: Plan) -> list[Row]:
    rows = []
    devices = (*plan.used_devices, plan.host)
    # The estimate's rows hold the same devices in the same order and count repeating
    # layers only (a plan's positions count the output layer too).
    estimated = plan.estimate.devices
    aligned = len(estimated) == len(devices)
    for index, device in enumerate(devices):
        p = device.predicted
        name = device.engine_name or device.label
        rows.append(
            Row(
                name,
                device.kind,
                p.weights,
                p.kv,
                p.output,
                p.compute,
                p.overhead + p.draft,
                len(estimated[index].layers) if aligned else device.layers,
                estimated[index].has_output_layer if aligned else device.has_output_layer,
            )
        )
    return rows


def _estimate_rows(result: Estimate) -> list[Row]:
    return [
        Row(
            r.device.name,
            r.device.kind.value,
            r.weights,
            r.kv + r.recurrent,
            r.output,
            r.compute,
            0,
            len(r.layers),
            r.has_output_layer,
        )
        for r in result.devices
    ]


def run(args: argparse.Namespace) -> int:
    try:
        model = _read(args.model)
        summary = summarize(model)
        if _hypothetical(args):
            devices = _devices(args)
            memory = _engine_memory(args.binary)
            features = None if devices else memory.cpu_features
            result = estimate(
                summary, _settings(args), devices, cpu_features=features, graph=memory.graph
            )
            rows = _estimate_rows(result)
        else:
            plan = _plan(args, model)
            result, rows = plan.estimate, _plan_rows(plan)
    except StudioError as error:
        report(error, as_json=args.json)
        return INPUT_FAILED
    if args.json:
        data = {"model": _summary_json(summary), **result.to_json()}
        data["devices"] = [row.to_json() for row in rows]
        data["total"] = sum(row.total for row in rows)
        data["host_budget"] = rows[-1].total + result.host.prompt_cache
        data["prompt_cache"] = result.host.prompt_cache
        data["mode"] = "hypothetical" if _hypothetical(args) else "machine"
        print(json.dumps(data, indent=2))
    else:
        print(describe(summary, result, rows))
    return 0
