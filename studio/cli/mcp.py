"""`studio mcp`: the MCP servers whose tools models may use, kept in the app's list (the
config folder's `mcp-servers.json`, the list Settings edits).

    studio mcp [list] [--json]        start the enabled servers, show each one's state and tools
    studio mcp import FILE            merge an mcp.json (Claude Desktop, Cursor, LM Studio)
    studio mcp remove NAME
    studio mcp call TOOL [--args JSON]

Every server started is stopped before the command ends, Ctrl+C and SIGTERM included.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any

from studio.cli import inputs
from studio.cli.report import INPUT_FAILED, report
from studio.cli.terminal import printable
from studio.core.errors import StudioError
from studio.core.mcp import McpServerStore, McpSnapshot, McpState, ServerConfig
from studio.core.paths import AppPaths
from studio.core.voice import ENGLISH

if TYPE_CHECKING:
    from studio.core.mcp.registry import McpRegistry

Servers = tuple[ServerConfig, ...]
Work = Callable[[argparse.Namespace, Servers, "McpRegistry | None"], Coroutine[Any, Any, int]]

# A timeout for starting each server and for a call; a first `npx` run downloads its
# server, so the core's default start timeout is long.
_SECONDS = inputs.RealNumber("a timeout in seconds", 0.1, 3600.0)


def server_name(value: str) -> str:
    """A server of the list, by name (checked against the list when the command runs)."""
    return inputs.text(value)


def tool_name(value: str) -> str:
    """A tool as `studio mcp list` names it (checked against the servers' tools)."""
    return inputs.text(value)


def mcp_file(value: str) -> Path:
    """An mcp.json file to import, read with the core's caps when the command runs."""
    if "\0" in value:
        raise StudioError("mcp_file_unreadable", f"{value!r}: a NUL byte", path=value)
    return Path(inputs.text(value)).expanduser()


def call_arguments(value: str) -> dict[str, Any]:
    """A call's arguments: a JSON object."""
    try:
        parsed = json.loads(inputs.text(value))
    except json.JSONDecodeError as error:
        raise StudioError(
            "mcp_arguments_not_json", error.msg, line=error.lineno, column=error.colno
        ) from error
    except RecursionError as error:  # too deep for the parser, so no object it can read
        raise StudioError("mcp_arguments_not_object", "nested too deep") from error
    if not isinstance(parsed, dict):
        raise StudioError("mcp_arguments_not_object", type(parsed).__name__)
    return parsed


def _shared(parser: argparse.ArgumentParser, *, starts: bool, sub: bool) -> None:
    # On an action's parser the options are SUPPRESSed when absent, so `studio mcp --json
    # list` keeps what was given before the action.
    default: Any = argparse.SUPPRESS if sub else None
    parser.add_argument(
        "--config-dir",
        type=inputs.new_folder,
        default=default,
        help="the folder holding the list (default: the app's settings folder)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        default=argparse.SUPPRESS if sub else False,
        help="print machine-readable JSON",
    )
    if starts:
        parser.add_argument(
            "--timeout",
            type=_SECONDS,
            default=default,
            metavar="SECONDS",
            help="for each server's start and for a call (default: 60 and 120)",
        )


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "mcp", help="the MCP servers whose tools models may use: list, import, remove, call"
    )
    _shared(parser, starts=True, sub=False)
    parser.set_defaults(run=_run_list)
    actions = parser.add_subparsers(dest="mcp_action", metavar="ACTION")

    listing = actions.add_parser("list", help="start the enabled servers; their state and tools")
    _shared(listing, starts=True, sub=True)
    listing.set_defaults(run=_run_list)

    imported = actions.add_parser("import", help="merge an mcp.json file into the list")
    imported.add_argument("file", type=mcp_file, help="an mcp.json with an mcpServers object")
    _shared(imported, starts=False, sub=True)
    imported.set_defaults(run=_run_import)

    removed = actions.add_parser("remove", help="remove a server from the list")
    removed.add_argument("name", type=server_name, help="the server's name")
    _shared(removed, starts=False, sub=True)
    removed.set_defaults(run=_run_remove)

    call = actions.add_parser("call", help="call a tool of the enabled servers")
    call.add_argument("tool", type=tool_name, help="the tool's name as studio mcp list shows it")
    call.add_argument(
        "--args", type=call_arguments, default={}, metavar="JSON", help="a JSON object"
    )
    _shared(call, starts=True, sub=True)
    call.set_defaults(run=_run_call)


def _store(args: argparse.Namespace) -> McpServerStore:
    folder = args.config_dir if args.config_dir is not None else AppPaths.default().config_dir
    return McpServerStore(inputs.require_folder(folder, may_be_missing=True))


def _guarded(args: argparse.Namespace, work: Callable[[], int]) -> int:
    try:
        result: int = work()
    except StudioError as error:
        report(error, as_json=args.json)
        return INPUT_FAILED
    return result


# -- list ----------------------------------------------------------------------------------


def _run_list(args: argparse.Namespace) -> int:
    return _guarded(args, lambda: _with_servers(args, _list))


async def _list(args: argparse.Namespace, servers: Servers, registry: McpRegistry | None) -> int:
    snapshots = await registry.settled() if registry is not None else ()
    offered: dict[str, list[dict[str, str]]] = {}
    for tool in registry.tools() if registry is not None else ():
        offered.setdefault(tool.server, []).append(
            {"name": tool.name, "tool": tool.tool.name, "description": tool.tool.description}
        )
    rows = [
        _server_json(config, snapshot, offered.get(config.name, []))
        for config, snapshot in zip(servers, snapshots, strict=True)
    ]
    if args.json:
        print(json.dumps({"servers": rows}, indent=2, ensure_ascii=False))
    elif not rows:
        print("no MCP servers are configured (add some with studio mcp import FILE)")
    else:
        print("\n".join(_server_lines(row) for row in rows))
    return 0


def _server_json(
    config: ServerConfig, snapshot: McpSnapshot, tools: list[dict[str, str]]
) -> dict[str, Any]:
    problem = snapshot.problem
    error = None
    if problem is not None:
        error = {
            "code": problem.code,
            "message": ENGLISH.error(problem),
            "params": dict(problem.params),
        }
    return {
        "name": config.name,
        "transport": config.transport.kind.value,
        "enabled": config.enabled,
        "state": snapshot.state.value,
        "restarts": snapshot.restarts,
        "tools": tools,
        "error": error,
    }


def _server_lines(row: dict[str, Any]) -> str:
    head = f"{printable(row['name'])} ({row['transport']}): "
    if not row["enabled"]:
        return head + "disabled"
    if row["error"] is not None:
        return head + f"{row['state']}: {printable(row['error']['message'])}"
    if row["state"] != McpState.READY.value:
        return head + str(row["state"])
    tools = row["tools"]
    lines = [head + f"ready, {len(tools)} tool(s)"]
    width = max((len(tool["name"]) for tool in tools), default=0)
    for tool in tools:
        summary = (tool["description"].strip().splitlines() or [""])[0]
        lines.append(f"  {printable(tool['name']).ljust(width)}  {printable(summary)}".rstrip())
    return "\n".join(lines)


# -- import and remove ---------------------------------------------------------------------


def _run_import(args: argparse.Namespace) -> int:
    return _guarded(args, lambda: _import(args))


def _import(args: argparse.Namespace) -> int:
    store = _store(args)
    done = store.import_file(args.file)
    if args.json:
        result = {"added": list(done.added), "replaced": list(done.replaced)}
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return 0
    if done.added:
        print(f"added: {printable(', '.join(done.added))}")
    if done.replaced:
        print(f"replaced: {printable(', '.join(done.replaced))}")
    if not done.added and not done.replaced:
        print("the file names no servers")
    return 0


def _run_remove(args: argparse.Namespace) -> int:
    return _guarded(args, lambda: _remove(args))


def _remove(args: argparse.Namespace) -> int:
    left = _store(args).remove(args.name)
    if args.json:
        print(json.dumps({"removed": args.name, "left": [s.name for s in left]}, indent=2))
    else:
        print(f"removed {printable(args.name)}")
    return 0


# -- call ----------------------------------------------------------------------------------


def _run_call(args: argparse.Namespace) -> int:
    return _guarded(args, lambda: _with_servers(args, _call))


async def _call(args: argparse.Namespace, servers: Servers, registry: McpRegistry | None) -> int:
    if registry is None:
        raise StudioError("mcp_tool_unknown", "no servers are configured", tool=args.tool)
    await registry.settled()
    server = registry.server_of(args.tool)
    result = await registry.call(args.tool, args.args)
    if args.json:
        answer = {
            "tool": args.tool,
            "server": server,
            "is_error": result.is_error,
            "text": result.text,
        }
        print(json.dumps(answer, indent=2, ensure_ascii=False))
    else:
        # The text's own lines, each safe for the terminal.
        print("\n".join(printable(line) for line in result.text.split("\n")))
    return 1 if result.is_error else 0


# -- running the servers -------------------------------------------------------------------


def _with_servers(args: argparse.Namespace, work: Work) -> int:
    """`work` with the list's enabled servers started (no registry when the list is
    empty); every one is stopped before this returns, on Ctrl+C and SIGTERM too."""
    servers = _store(args).load()
    if not servers:
        return asyncio.run(work(args, servers, None))
    from studio.cli.run import until_terminated  # SIGTERM stops the servers too
    from studio.core.mcp.registry import McpRegistry  # the SDK: only when servers run

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    # The SDK logs a server's protocol mistakes with tracebacks; the command says each
    # server's state in a sentence instead.
    logging.getLogger("mcp").setLevel(logging.CRITICAL)

    async def started() -> int:
        given = args.timeout
        registry = (
            McpRegistry(servers)
            if given is None
            else McpRegistry(servers, start_timeout=given, call_timeout=given)
        )
        registry.start()
        try:
            return await work(args, servers, registry)
        finally:
            await registry.close()

    return asyncio.run(until_terminated(started()))
