"""`studio engine [--json]`: which llama-server would run, and what it supports."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from studio.core.engine import EngineError, EngineInfo, EngineProber, locate_engine
from studio.core.paths import AppPaths


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("engine", help="show the llama-server binary and its features")
    parser.add_argument("--binary", type=Path, help="probe this binary instead of the default")
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")
    parser.set_defaults(run=run)


def _describe(info: EngineInfo) -> str:
    features = info.features
    yes = {True: "yes", False: "no"}
    lines = [
        f"binary:        {info.path} ({info.source.value})",
        f"version:       {info.version.label}",
        f"compiler:      {info.version.compiler or '?'}",
        "devices:       "
        + (
            ", ".join(
                f"{d.name} {d.description} ({d.free_mib}/{d.total_mib} MiB free)"
                for d in info.devices
            )
            or "none (CPU only)"
        ),
        f"fit:           {yes[features.fit]}",
        f"n-cpu-moe:     {yes[features.n_cpu_moe]}",
        f"split modes:   {', '.join(features.split_modes) or '?'}",
        f"spec types:    {', '.join(features.spec_types) or 'none'}",
        f"cache types:   {', '.join(features.cache_types) or '?'}",
        f"rpc:           {yes[features.rpc]}",
        f"mmproj:        {yes[features.mmproj]}",
    ]
    lines.extend(f"warning:       {warning}" for warning in info.device_warnings)
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    prober = EngineProber(AppPaths.default().engine_probe_cache)
    try:
        info = prober.probe(locate_engine(args.binary))
    except EngineError as error:
        if args.json:
            print(
                json.dumps(
                    {
                        "error": {
                            "code": error.code,
                            "detail": error.detail,
                            "params": dict(error.params),
                        }
                    },
                    indent=2,
                )
            )
        else:
            print(f"error: {error.detail}", file=sys.stderr)
        return 2
    print(json.dumps(info.to_json(), indent=2) if args.json else _describe(info))
    return 0
