"""`studio fit MODEL.gguf`: plan a model on this machine (or on STUDIO_FAKE_DEVICES) and
print where everything goes, what it costs per device and the exact llama-server arguments.

Exit status: 0 the plan fits, 1 it does not (the reasons say why), 2 the model, engine or
devices could not be read.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from studio.cli import inputs
from studio.cli.engine_choice import active_engine
from studio.cli.knob_options import Face, add_knob_options, knobs_from_args
from studio.cli.report import INPUT_FAILED, report
from studio.cli.terminal import printable
from studio.core.endpoint import RpcEndpoint
from studio.core.engine import EngineError
from studio.core.errors import StudioError
from studio.core.gguf import GGUFModel, read_model
from studio.core.memory import summarize
from studio.core.placement import (
    HOST_KEY,
    DevicePlan,
    DraftModel,
    DraftType,
    Mtp,
    Plan,
    Planner,
    PlanRequest,
    Projector,
    Reason,
)
from studio.core.placement.environment import child_environment
from studio.core.placement.load_plan import PlanningEngine, explicit_request, model_setup
from studio.core.placement.setup import Machine, ModelSetup
from studio.core.units import mib_cell, parse_size
from studio.core.voice import ENGLISH


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "fit",
        help="plan where a model's layers, KV cache and buffers go on this machine",
        description="Plan a GGUF model on this machine's devices (or STUDIO_FAKE_DEVICES).",
    )
    parser.add_argument(
        "model", type=inputs.model_file, help="the .gguf file (first shard of a split model)"
    )
    add_knob_options(parser, Face.PLAN)
    parser.add_argument(
        "--layers",
        type=inputs.text,
        default=None,
        metavar="DEV=N,...",
        help="layers per device by engine name or key (CUDA0=20,CUDA1=13); others on the host",
    )
    parser.add_argument(
        "--disable",
        type=inputs.text,
        default="",
        metavar="DEV,...",
        help="devices not to use (name or key)",
    )
    parser.add_argument(
        "--margin",
        type=inputs.text,
        action="append",
        default=[],
        metavar="[DEV=]SIZE",
        help="safety margin, for every device or one (host=2GiB); repeatable",
    )
    parser.add_argument(
        "--rpc", type=inputs.endpoints, default=(), metavar="HOST:PORT,...", help="RPC servers"
    )
    parser.add_argument("--mtp", action="store_true", help="speculative decoding with MTP")
    parser.add_argument(
        "--draft", type=inputs.model_file, default=None, help="a draft model (.gguf)"
    )
    parser.add_argument(
        "--spec-type",
        choices=inputs.DRAFT_TYPES,
        default=DraftType.SIMPLE.value,
        help="how the --draft file drafts: a small model, or an MTP head shipped apart",
    )
    parser.add_argument(
        "--mmproj", type=inputs.model_file, default=None, help="a multimodal projector"
    )
    parser.add_argument(
        "--binary", type=inputs.engine_file, default=None, help="the llama-server to plan for"
    )
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")
    parser.set_defaults(run=run)


def _device_key(planner: Planner, name: str) -> str:
    for device in planner.inventory.devices:
        if name in (device.key, device.engine_name):
            return device.key
    if name.lower() == HOST_KEY:
        return HOST_KEY
    raise StudioError("fit_unknown_device", f"no device named {name!r}", device=name)


def _request(args: argparse.Namespace, setup: ModelSetup) -> PlanRequest:
    """The flags over the set-up's base (which holds the LLAMA_ARG_* settings)."""
    request = explicit_request(setup, knobs_from_args(args, Face.PLAN))
    planner = setup.planner
    changes: dict[str, Any] = {}
    if args.layers:
        layers = {}
        for item in args.layers.split(","):
            name, _, count = item.partition("=")
            try:
                layers[_device_key(planner, name.strip())] = inputs.layer_count(count)
            except argparse.ArgumentTypeError:
                raise StudioError("fit_layers_invalid", f"not DEV=N: {item!r}", item=item) from None
        changes["layers"] = layers
    if args.disable:
        changes["disabled"] = frozenset(
            _device_key(planner, n.strip()) for n in args.disable.split(",") if n.strip()
        )
    margins: dict[str, int] = {}
    for item in args.margin:
        name, sep, size = item.rpartition("=")
        targets = (
            [_device_key(planner, name)]
            if sep
            else [d.key for d in planner.inventory.devices] + [HOST_KEY]
        )
        try:
            bytes_kept = parse_size(size)
        except ValueError:
            raise StudioError("fit_margin_invalid", f"not a size: {item!r}", item=item) from None
        for key in targets:
            margins[key] = bytes_kept
    if margins:
        changes["margins"] = margins
    if args.mtp:
        changes["speculative"] = Mtp()
    elif args.draft is not None:
        summary = summarize(read_model(args.draft))
        changes["speculative"] = DraftModel(
            args.draft, summary, spec_type=DraftType(args.spec_type)
        )
    if args.mmproj is not None:
        projector = read_model(args.mmproj)
        size = sum(t.n_bytes for t in projector.tensors)
        changes["projector"] = Projector(args.mmproj, size)
    return request.with_changes(**changes)


def _engine(binary: Path | None, fake: bool) -> PlanningEngine:
    try:
        # The engine that passed its self-test on this CPU plans the model it will run,
        # with what that self-test measured (CPU features, compute graph).
        return PlanningEngine.of(active_engine(binary))
    except EngineError:
        # Fake devices need no engine (every feature is then assumed); one the user named
        # must run all the same.
        if fake and binary is None:
            return PlanningEngine()
        raise


def _reason_text(reason: Reason, plan: Plan | None = None) -> str:
    """The reason's sentence, devices named as the table names them."""
    names = {d.key: _device_name(d) for d in plan.devices} if plan is not None else {}
    said = ENGLISH.reason(reason, lambda key: names.get(key, key))
    return f"{reason.severity.value}: {printable(said)}"


def _device_name(device: DevicePlan) -> str:
    # Both come from the engine's and the driver's own words.
    name = f"{device.engine_name} {device.label}" if device.engine_name else device.label
    return printable(name)


def describe(plan: Plan, command: list[str]) -> str:
    """The plan as a table a person can read in a terminal; `command` is what runs for it
    (`ModelSetup.command`, the load dialog's too)."""
    lines = [
        f"model:      {printable(plan.model_path)}",
        f"fits:       {'yes' if plan.fits else 'NO'}",
        f"context:    {plan.ctx}   slots: {plan.request.parallel}   "
        f"KV: {plan.request.cache_type_k}/{plan.request.cache_type_v}   "
        f"flash attention: {'on' if plan.request.flash_attn else 'off'}",
        f"placement:  {plan.split_mode.value} split, {plan.n_gpu_layers}/"
        f"{plan.limits.positions} layers on devices, n_cpu_moe {plan.n_cpu_moe}"
        f"/{plan.limits.n_cpu_moe_max}",
        "",
        f"{'device':<26}{'layers':>7}{'weights':>10}{'kv':>9}{'compute':>9}{'output':>8}"
        f"{'overhd':>8}{'draft':>8}{'total':>10}{'budget':>10}  MiB",
    ]
    for device in (*plan.devices, plan.host):
        p = device.predicted
        name = _device_name(device)
        if not device.enabled:
            name += " (off)"
        mark = "" if device.fits or not device.used else "  OVER"
        lines.append(
            f"{name[:25]:<26}{device.layers:>7}{mib_cell(p.weights):>10}{mib_cell(p.kv):>9}"
            f"{mib_cell(p.compute):>9}{mib_cell(p.output):>8}{mib_cell(p.overhead):>8}{mib_cell(p.draft):>8}"
            f"{mib_cell(p.total):>10}{mib_cell(device.budget):>10}{mark}"
        )
    cache = plan.host.predicted.prompt_cache
    lines.append(
        f"host total includes the prompt cache (--cache-ram): {mib_cell(cache)} MiB,"
        " filled with use"
    )
    if plan.reasons:
        lines += ["", "reasons:"] + [f"  {_reason_text(r, plan)}" for r in plan.reasons]
    lines += ["", "arguments:", "  " + printable(shlex.join(command[1:]))]
    return "\n".join(lines)


def machine_setup(
    path: Path,
    model: GGUFModel,
    binary: Path | None = None,
    rpc: Sequence[RpcEndpoint] = (),
    *,
    need_engine: bool = True,
) -> ModelSetup:
    """`model` on this machine's devices (or STUDIO_FAKE_DEVICES) for the engine that will
    run it, through the set-up the app uses: `studio fit` and `studio estimate` plan with it.
    Without `need_engine`, a machine with no runnable engine still gets a plan (its GPUs
    from NVML, every engine feature assumed), as with fake devices."""
    machine = Machine.of(os.environ)
    engine = _engine(binary, machine.fake_devices or not need_engine)
    return model_setup(machine, path, engine, [str(e) for e in rpc], model=model)


def run(args: argparse.Namespace) -> int:
    try:
        setup = machine_setup(args.model, read_model(args.model), args.binary, args.rpc)
        request = _request(args, setup)
    except StudioError as error:
        report(error, as_json=args.json)
        return INPUT_FAILED
    plan = setup.planner.plan(request)
    command = setup.command(plan)
    env_reasons = setup.environment_reasons
    if args.json:
        data = plan.to_json()
        data["argv"] = command[1:]
        data["environment"] = [r.to_json() for r in env_reasons]
        data["child_environment_cleared"] = sorted(
            k for k in os.environ if k not in child_environment(os.environ)
        )
        print(json.dumps(data, indent=2))
    else:
        text = describe(plan, command)
        if env_reasons:
            text += "\n\nenvironment:\n" + "\n".join(f"  {_reason_text(r)}" for r in env_reasons)
        print(text)
    return 0 if plan.fits else 1
