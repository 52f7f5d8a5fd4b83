"""`studio run --mcp-tools`: the model may call the tools of the app's MCP servers.

The enabled servers of the app's list (the one Settings and `studio mcp` edit) start as
`studio serve --mcp-tools` starts them (`serve_tools.start_servers`), beside the engine's
load; their tools are offered and each call runs through the chat's own tool loop
(`core/chat/tool_loop.py`) once the person allows it on the terminal: once, always for
that tool, or deny, with the arguments shown (`--yes-tools` allows every call, for
scripts). Each call and its result are printed on stderr, so stdout stays the answer. A
server that fails to start is said in one sentence and the others are offered.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, TextIO

from studio.cli import inputs
from studio.cli.serve_tools import start_servers
from studio.cli.terminal import printable
from studio.core.chat.models import DEFAULT_TOOL_ROUNDS, MOST_TOOL_ROUNDS, Message, Role
from studio.core.chat.tool_loop import (
    AlwaysAllowed,
    Approval,
    ApprovalRequest,
    LoopEvent,
    ToolLoop,
    ToolRunning,
)
from studio.core.chat.tools import TOOL_CHOICES
from studio.core.chat.turn import Finished, Saved
from studio.core.voice import ENGLISH

if TYPE_CHECKING:
    from studio.core.mcp.registry import McpRegistry

ROUNDS: Final = inputs.WholeNumber("a number of rounds", 1, MOST_TOOL_ROUNDS)
# What the person may type at the approval prompt.
ANSWERS: Final = {
    "o": Approval.ONCE,
    "once": Approval.ONCE,
    "y": Approval.ONCE,
    "yes": Approval.ONCE,
    "a": Approval.ALWAYS,
    "always": Approval.ALWAYS,
    "d": Approval.DENY,
    "deny": Approval.DENY,
    "n": Approval.DENY,
    "no": Approval.DENY,
}

ReadLine = Callable[[], Awaitable[str | None]]


def add_tool_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--mcp-tools",
        action="store_true",
        help="offer the tools of the enabled MCP servers (studio mcp list) and run the "
        "model's calls once allowed on the terminal",
    )
    parser.add_argument(
        "--yes-tools",
        action="store_true",
        help="with --mcp-tools: run every call without asking (for scripts)",
    )
    parser.add_argument(
        "--tool-rounds",
        type=ROUNDS,
        default=DEFAULT_TOOL_ROUNDS,
        metavar="N",
        help=f"with --mcp-tools: answers in a row whose calls may run (default "
        f"{DEFAULT_TOOL_ROUNDS})",
    )
    parser.add_argument(
        "--tool-choice",
        choices=TOOL_CHOICES,
        default="auto",
        help="with --mcp-tools: the model may (auto), must (required) or must not call one",
    )


@dataclass
class StartedTools:
    """The servers starting beside the engine's load; `loop` waits for them."""

    registry: McpRegistry
    args: argparse.Namespace

    async def loop(self, read_line: ReadLine | None = None) -> ToolLoop:
        """The tool loop over the servers once each is ready or failed (each failure said
        on stderr)."""
        for snapshot in await self.registry.settled():
            if snapshot.problem is not None:
                note(ENGLISH.error(snapshot.problem))
        if not self.registry.tools():
            note("no MCP server offers tools, so none are offered to the model")
        approve = allow_all if self.args.yes_tools else TerminalApproval(read_line or read_stdin)
        return ToolLoop(
            self.registry,
            approve,
            AlwaysAllowed(),
            self.args.tool_rounds,
            self.args.tool_choice,
            ENGLISH,
        )


@contextlib.asynccontextmanager
async def started_tools(args: argparse.Namespace) -> AsyncIterator[StartedTools | None]:
    """With --mcp-tools, the list's enabled servers starting (None without it); every
    server's process ended when the block ends. Raises StudioError when the list cannot be
    read."""
    if not args.mcp_tools:
        yield None
        return
    registry = await start_servers()
    try:
        yield StartedTools(registry, args)
    finally:
        await registry.close()


def note(text: str) -> None:
    print(f"note: {printable(text)}", file=sys.stderr)


async def allow_all(request: ApprovalRequest) -> Approval:
    """--yes-tools: every call runs (and is printed as it runs)."""
    return Approval.ONCE


@dataclass
class TerminalApproval:
    """Asks on stderr whether a call may run, and reads the answer from stdin (piped
    answers work too); no answer at all (stdin closed) denies it."""

    read_line: ReadLine
    out: TextIO = field(default_factory=lambda: sys.stderr)
    # A piped answer is not echoed by a terminal: written after the question instead.
    echo: bool = field(default_factory=lambda: not sys.stdin.isatty())

    async def __call__(self, request: ApprovalRequest) -> Approval:
        call = request.call
        self.out.write(
            f"The model calls {printable(call.name)} of the MCP server "
            f"{printable(request.server)} with:\n"
        )
        for line in (call.pretty_arguments() or "{}").splitlines():
            self.out.write(f"  {printable(line)}\n")
        while True:
            self.out.write("Run it? [o]nce, [a]lways for this tool, [d]eny: ")
            self.out.flush()
            typed = await self.read_line()
            if typed is None:
                self.out.write("\nno answer on stdin, so the call is denied\n")
                return Approval.DENY
            if self.echo:
                self.out.write(f"{printable(typed.strip())}\n")
            answer = ANSWERS.get(typed.strip().lower())
            if answer is not None:
                return answer


async def read_stdin() -> str | None:
    """One line of stdin, None at its end. Read on a daemon thread, not `to_thread`: a
    read still waiting when the command ends (Ctrl+C, SIGTERM) must not hold the exit,
    which waits for the default executor's threads."""
    loop = asyncio.get_running_loop()
    read: asyncio.Future[str] = loop.create_future()

    def settle(line: str) -> None:
        if not read.done():
            read.set_result(line)

    def reader() -> None:
        line = sys.stdin.readline()
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits
            loop.call_soon_threadsafe(settle, line)

    threading.Thread(target=reader, name="studio-run-approval", daemon=True).start()
    line = await read
    return line or None


@dataclass
class ToolPrinter:
    """Each call as it runs and each result as it is stored, on stderr."""

    out: TextIO = field(default_factory=lambda: sys.stderr)
    names: dict[str, str] = field(default_factory=dict)  # call id -> tool name

    def left_unrun(self, answer: Message) -> None:
        """The last answer's calls, which the loop left: no server offers their tools."""
        names = ", ".join(sorted({call.name for call in answer.tool_calls}))
        if names:
            said = f"the model called {names}, which no MCP server offers, so nothing ran"
            self.out.write(f"note: {printable(said)}\n")

    def show(self, event: LoopEvent) -> bool:
        """Print `event` if it is a call's; whether it was."""
        match event:
            case Finished(message):
                self.names |= {call.id: call.name for call in message.tool_calls}
                return False
            case ToolRunning(_, call, server):
                arguments = " ".join((call.arguments or "{}").split())
                self.out.write(
                    f"tool: {printable(call.name)} on {printable(server)} {printable(arguments)}\n"
                )
            case Saved(message) if message.role is Role.TOOL:
                name = self.names.get(message.tool_call_id or "", "?")
                lines = message.content.splitlines() or [""]
                self.out.write(f"result of {printable(name)}: {printable(lines[0])}\n")
                for line in lines[1:]:
                    self.out.write(f"  {printable(line)}\n")
            case _:
                return False
        self.out.flush()
        return True
