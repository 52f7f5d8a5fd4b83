"""The `studio` command: no sub-command opens the app; sub-commands drive the core headless."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from studio import __version__
from studio.cli import desktop_entry, system_check
from studio.cli.report import guarded

# Each module defines `register(subparsers)`, which adds one sub-command whose parser has
# a `run(args) -> int` default.
_COMMAND_MODULES = (
    "studio.cli.engine",
    "studio.cli.fit",
    "studio.cli.estimate",
    "studio.cli.hub",
    "studio.cli.serve",
    "studio.cli.run",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="studio", description="GGUF Studio: run GGUF models locally with llama-server."
    )
    parser.add_argument("--version", action="version", version=f"GGUF Studio {__version__}")
    desktop_entry.add_arguments(parser)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in _COMMAND_MODULES:
        importlib.import_module(module_name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    # Every failure a command lets out (even one while reading its arguments, such as an
    # endpoint that is not host:port) is said as one sentence, never a traceback.
    command = next((a for a in args_list if not a.startswith("-")), "")
    as_json = "--json" in args_list
    return guarded(command, lambda: _main(args_list), as_json=as_json)


def _main(args_list: list[str]) -> int:
    parser = build_parser()
    args, rest = parser.parse_known_args(args_list)
    handled = desktop_entry.run(args)
    if handled is not None:
        return handled
    if args.command is None:
        # Qt aborts without saying which system library it lacks; we say it first.
        problem = system_check.missing_system_libraries_message()
        if problem is not None:
            print(problem, file=sys.stderr)
            return 1
        # Qt takes its own arguments (-platform, -style ...); everything else is ours.
        from studio.app import run_app

        return run_app([sys.argv[0], *rest])
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    result: int = args.run(args)
    return result
