"""`studio engine [--json]`: every llama-server candidate, its verdict on this CPU, the active one.

`studio engine build [--portable] [--jobs N]` builds one for this machine from the pinned
llama.cpp source and installs it where the app looks first after the setting.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from studio.cli import inputs
from studio.cli.engine_choice import why_not
from studio.cli.report import INPUT_FAILED, report
from studio.cli.terminal import printable
from studio.core.engine import (
    BuildError,
    BuildOptions,
    BuildProgress,
    BuildVariant,
    EngineBuilder,
    EngineCandidate,
    EngineChoice,
    EngineError,
    default_selector,
)
from studio.core.paths import AppPaths
from studio.core.voice import ENGLISH


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "engine", help="list the llama-server engines, which one runs here, or build one"
    )
    parser.add_argument(
        "--binary", type=inputs.engine_file, help="consider this binary first (it must run)"
    )
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")
    parser.set_defaults(run=run)
    actions = parser.add_subparsers(dest="engine_action", metavar="ACTION")
    build = actions.add_parser("build", help="build llama-server for this machine from source")
    build.add_argument(
        "--portable",
        action="store_true",
        help="every x86-64 CPU variant, picked at run time (slower to build; runs anywhere)",
    )
    build.add_argument(
        "--jobs", type=inputs.jobs, help="parallel compilers (default: cores and memory)"
    )
    build.add_argument(
        "--vulkan",
        action=argparse.BooleanOptionalAction,
        help="default: when Vulkan's headers (VULKAN_SDK's first), glslc and SPIR-V headers "
        "are here",
    )
    build.add_argument(
        "--cuda", action=argparse.BooleanOptionalAction, help="default: when nvcc and a GPU are"
    )
    build.set_defaults(run=run_build)


def _candidate_json(candidate: EngineCandidate, active: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "path": str(candidate.location.path),
        "source": candidate.location.source.value,
        "active": active,
        "verdict": candidate.verdict,
        "reason": ENGLISH.verdict(candidate),
    }
    if candidate.info is not None:
        data["engine"] = candidate.info.to_json()
        data["version"] = candidate.info.version.label
    if candidate.self_test is not None:
        data["self_test"] = candidate.self_test.to_json()
    return data


def _candidate_lines(candidate: EngineCandidate, active: bool) -> list[str]:
    marker = "*" if active else " "
    lines = [f"{marker} {candidate.location.path} ({candidate.location.source.value})"]
    if candidate.info is not None:
        lines.append(f"    version:     {candidate.info.version.label}")
    test = candidate.self_test
    if test is not None:
        lines.append(f"    backends:    {', '.join(test.backends)}")
        lines.append(f"    CPU variant: {test.cpu_variant}")
    lines.append(f"    verdict:     {ENGLISH.verdict(candidate)}")
    return lines


def _describe(choice: EngineChoice) -> str:
    active = choice.active
    lines: list[str] = []
    for candidate in choice.candidates:
        lines.extend(_candidate_lines(candidate, candidate is active))
    if active is not None and active.info is not None:
        info = active.info
        features = info.features
        yes = {True: "yes", False: "no"}
        lines += [
            "",
            f"active:        {info.path}",
            "devices:       "
            + (
                ", ".join(
                    f"{d.name} {d.description} ({d.free_mib}/{d.total_mib} MiB free)"
                    for d in info.devices
                )
                or "none (CPU only)"
            ),
            f"split modes:   {', '.join(features.split_modes) or '?'}",
            f"spec types:    {', '.join(features.spec_types) or 'none'}",
            f"cache types:   {', '.join(features.cache_types) or '?'}",
            f"rpc:           {yes[features.rpc]}",
            f"mmproj:        {yes[features.mmproj]}",
        ]
        lines.extend(f"warning:       {warning}" for warning in info.device_warnings)
    elif not choice.candidates:
        lines.append("No llama-server found. Run `studio engine build` to build one.")
    else:
        lines += ["", "No engine runs on this CPU. Run `studio engine build` to build one."]
    # Paths, device names and versions are the system's and the engine's own words.
    return "\n".join(printable(line) for line in lines)


def run(args: argparse.Namespace) -> int:
    selector = default_selector(AppPaths.default())
    choice = selector.choose(args.binary, examine_all=True)
    active = choice.active
    if args.json:
        payload = {
            "active": str(active.location.path) if active else None,
            "candidates": [_candidate_json(c, c is active) for c in choice.candidates],
        }
        print(json.dumps(payload, indent=2))
    else:
        print(_describe(choice))
    named = choice.candidates[0] if args.binary is not None and choice.candidates else None
    if named is not None and not named.runnable:
        report(why_not(named))  # the listing shows the others; the one asked for cannot run
        return INPUT_FAILED
    return 0 if active is not None else INPUT_FAILED


class _ProgressPrinter:
    """One line per whole percent (and per phase) on stdout, so a log or a terminal both
    read well."""

    def __init__(self) -> None:
        self._last: tuple[str, int] | None = None

    def __call__(self, progress: BuildProgress) -> None:
        key = (progress.phase, int(progress.percent))
        if key == self._last:
            return
        self._last = key
        text = f"{progress.phase}: {progress.percent:.0f}%"
        if progress.eta_s:
            text += f", about {int(progress.eta_s // 60)} min {int(progress.eta_s % 60)} s left"
        print(text, flush=True)  # progress is output; stderr holds only what went wrong


def run_build(args: argparse.Namespace) -> int:
    paths = AppPaths.default()
    selector = default_selector(paths)
    builder = EngineBuilder(paths.cache_dir / "engine-build", paths.engines_dir, selector.tester)
    options = BuildOptions(
        variant=BuildVariant.PORTABLE if args.portable else BuildVariant.NATIVE,
        vulkan=args.vulkan,
        cuda=args.cuda,
        jobs=args.jobs,
    )
    try:
        location = builder.build(options, _ProgressPrinter())
    except KeyboardInterrupt:
        builder.cancel()
        report(BuildError("build_cancelled", "the engine build was cancelled"))
        return 130
    except (BuildError, EngineError) as error:
        report(error)
        return INPUT_FAILED
    print(f"built and self-tested: {printable(location.path)}")
    return 0
