"""The `studio` command: no sub-command opens the app; sub-commands drive the core headless."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from studio import __version__
from studio.cli import desktop_entry, system_check
from studio.cli.guard import guarded

# Each module defines `register(subparsers)`, which adds one sub-command whose parser has
# a `run(args) -> int` default.
_COMMAND_MODULES = (
    "studio.cli.engine",
    "studio.cli.fit",
    "studio.cli.estimate",
    "studio.cli.hub",
    "studio.cli.serve",
    "studio.cli.ps",
    "studio.cli.run",
    "studio.cli.bench",
    "studio.cli.mcp",
)


def build_parser(*, with_commands: bool = True) -> argparse.ArgumentParser:
    """`studio`'s parser; without its commands, it only has what starting the app needs."""
    parser = argparse.ArgumentParser(
        prog="studio", description="GGUF Studio: run GGUF models locally with llama-server."
    )
    parser.add_argument("--version", action="version", version=f"GGUF Studio {__version__}")
    desktop_entry.add_arguments(parser)
    if with_commands:
        subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
        for module_name in _COMMAND_MODULES:
            importlib.import_module(module_name).register(subparsers)
    return parser


def _names_a_command(args_list: Sequence[str]) -> bool:
    """Whether the arguments name a command (any bare word does) or ask for the help that
    lists them; if not, the app starts, and no command's module (engine, Hub and model-file
    code, a third of a second) has to load before its window paints."""
    return any(not arg.startswith("-") or arg in ("-h", "--help") for arg in args_list)


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    # Every failure a command lets out (even one while reading its arguments, such as an
    # endpoint that is not host:port) is said as one sentence, never a traceback.
    command = next((a for a in args_list if not a.startswith("-")), "")
    as_json = "--json" in args_list
    return guarded(command, lambda: _main(args_list), as_json=as_json)


def _main(args_list: list[str]) -> int:
    parser = build_parser(with_commands=_names_a_command(args_list))
    args, rest = parser.parse_known_args(args_list)
    handled = desktop_entry.run(args)
    if handled is not None:
        return handled
    if getattr(args, "command", None) is None:
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
