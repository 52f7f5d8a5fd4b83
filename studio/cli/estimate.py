"""`studio estimate MODEL.gguf`: predicted llama-server memory per device and component.

A pure estimate from the GGUF header (a local file, any shard of a split model, or an
http(s) URL read with Range requests), for hypothetical devices: `--devices N` GPUs, by
default as many as `--tensor-split` names, else one. For a plan on this machine's real
devices use `studio fit`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import httpx

from studio.core.errors import StudioError
from studio.core.gguf import GGUFModel, read_model, read_remote_model
from studio.core.memory import (
    KV_CACHE_TYPES,
    DeviceKind,
    DeviceSpec,
    Estimate,
    EstimateSettings,
    ModelSummary,
    SplitMode,
    estimate,
    summarize,
)

MIB = 1 << 20


def _on_off(text: str) -> bool:
    if text not in ("on", "off"):
        raise argparse.ArgumentTypeError("expected on or off")
    return text == "on"


def _split(text: str) -> tuple[float, ...]:
    try:
        values = tuple(float(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError("expected numbers like 3,1") from None
    if any(v < 0 for v in values) or not any(values):
        raise argparse.ArgumentTypeError("expected non-negative proportions, not all zero")
    return values


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "estimate",
        help="predict llama-server's memory per device from a GGUF header",
        description="Predict weights, KV cache, output and compute buffers per device.",
    )
    parser.add_argument("model", help="a .gguf file (any shard of a split model) or an URL")
    parser.add_argument("--ctx", "-c", type=int, default=0, metavar="N", help="0 = trained")
    parser.add_argument("--parallel", "-np", type=int, default=None, metavar="N")
    parser.add_argument("--kv-unified", "-kvu", action="store_true", default=None)
    types = sorted(KV_CACHE_TYPES)
    parser.add_argument("--cache-type-k", "-ctk", default="f16", choices=types, metavar="T")
    parser.add_argument("--cache-type-v", "-ctv", default="f16", choices=types, metavar="T")
    parser.add_argument("--flash-attn", "-fa", type=_on_off, default=None, metavar="on|off")
    parser.add_argument("--ubatch", "-ub", type=int, default=512, metavar="N")
    parser.add_argument("--n-gpu-layers", "-ngl", type=int, default=None, metavar="N")
    parser.add_argument("--tensor-split", "-ts", type=_split, default=None, metavar="a,b")
    parser.add_argument(
        "--split-mode",
        "-sm",
        choices=[SplitMode.LAYER.value, SplitMode.TENSOR.value],
        default=SplitMode.LAYER.value,
    )
    parser.add_argument("--n-cpu-moe", "-ncmoe", type=int, default=0, metavar="N")
    parser.add_argument(
        "--devices", type=int, default=None, metavar="N", help="GPUs to estimate for"
    )
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")
    parser.set_defaults(run=run)


def _settings(args: argparse.Namespace) -> EstimateSettings:
    return EstimateSettings(
        ctx=args.ctx,
        parallel=args.parallel,
        kv_unified=args.kv_unified,
        cache_type_k=args.cache_type_k,
        cache_type_v=args.cache_type_v,
        flash_attn=args.flash_attn,
        ubatch=args.ubatch,
        n_gpu_layers=args.n_gpu_layers,
        tensor_split=args.tensor_split,
        split_mode=SplitMode(args.split_mode),
        n_cpu_moe=args.n_cpu_moe,
    )


def _devices(args: argparse.Namespace) -> list[DeviceSpec]:
    count = args.devices
    if count is None:
        count = len(args.tensor_split) if args.tensor_split else 1
    return [DeviceSpec(f"GPU{i}", DeviceKind.GPU) for i in range(max(count, 0))]


async def _read_remote(url: str) -> GGUFModel:
    # Not a loopback client: Hugging Face URLs redirect to a CDN, proxies may be needed.
    async with httpx.AsyncClient(follow_redirects=True, timeout=60) as client:
        return await read_remote_model(client, url)


def _read(source: str) -> GGUFModel:
    if source.startswith(("http://", "https://")):
        return asyncio.run(_read_remote(source))
    return read_model(Path(source))


def _mib(value: int) -> str:
    return f"{value / MIB:,.1f}"


def describe(summary: ModelSummary, result: Estimate) -> str:
    g = result.geometry
    s = result.settings
    lines = [
        f"model:    {summary.name or summary.architecture} ({summary.architecture}, "
        f"{summary.parameter_count / 1e9:.2f} B parameters, {_mib(summary.total_bytes)} MiB)",
        f"context:  {g.n_ctx} cells, {g.n_seq} slots"
        f"{' (unified KV)' if g.n_stream == 1 else ''}, {g.n_ctx_seq} per slot; "
        f"KV {s.cache_type_k}/{s.cache_type_v}, "
        f"flash attention {'on' if s.flash_attention else 'off'}, ubatch {s.ubatch}",
        "",
        f"{'device':<12}{'layers':>7}{'weights':>11}{'kv':>10}{'output':>9}{'compute':>10}"
        f"{'total':>11}  MiB",
    ]
    for row in result.devices:
        layers = f"{len(row.layers)}{'+o' if row.has_output_layer else ''}"
        lines.append(
            f"{row.device.name:<12}{layers:>7}{_mib(row.weights):>11}"
            f"{_mib(row.kv + row.recurrent):>10}{_mib(row.output):>9}{_mib(row.compute):>10}"
            f"{_mib(row.total):>11}"
        )
    lines.append(f"{'all':<12}{'':>7}{'':>11}{'':>10}{'':>9}{'':>10}{_mib(result.total):>11}")
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


def run(args: argparse.Namespace) -> int:
    try:
        summary = summarize(_read(args.model))
        result = estimate(summary, _settings(args), _devices(args))
    except StudioError as error:
        if args.json:
            payload = {"code": error.code, "detail": error.detail, "params": dict(error.params)}
            print(json.dumps({"error": payload}, indent=2, default=str))
        else:
            print(f"error: {error.detail}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"model": _summary_json(summary), **result.to_json()}, indent=2))
    else:
        print(describe(summary, result))
    return 0
