"""`studio run MODEL.gguf -p "prompt"`: load the model, stream one answer to stdout; with
`--mcp-tools` the model may call the MCP servers' tools, each call allowed on the
terminal (`run_tools.py`)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Coroutine
from typing import Any

from studio.cli import inputs
from studio.cli.report import INPUT_FAILED, report
from studio.cli.run_tools import ToolPrinter, add_tool_arguments, started_tools
from studio.cli.serve import add_launch_arguments, make_manager
from studio.core.chat import ChatStore, SamplingSettings
from studio.core.chat.backend import ChatBackend, ManagerChatBackend, TemplateCapabilities
from studio.core.chat.models import Message
from studio.core.chat.tool_loop import LoopStopped, ToolLoop
from studio.core.chat.turn import Ask, Delta, Failed, Finished, NewConversation, chat_turn
from studio.core.engine import EngineError
from studio.core.errors import Problem, StudioError
from studio.core.server.manager import ServerManager
from studio.core.voice import ENGLISH


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("run", help="load a model and stream one answer")
    add_launch_arguments(parser)
    parser.add_argument("--prompt", "-p", type=inputs.text, required=True, help="the user message")
    parser.add_argument("--system", type=inputs.text, default=None, help="a system message")
    parser.add_argument("--max-tokens", "-n", type=inputs.count, default=512, metavar="N")
    parser.add_argument("--temperature", type=inputs.temperature, default=None, metavar="T")
    parser.add_argument("--seed", type=inputs.seed, default=None, metavar="N")
    parser.add_argument(
        "--think", choices=["on", "off"], default=None, help="ask for thinking on or off"
    )
    parser.add_argument(
        "--think-budget",
        type=inputs.token_count,
        default=None,
        metavar="N",
        help="let thinking take at most N tokens (templates that think)",
    )
    parser.add_argument(
        "--stats", action="store_true", help="print time to first token and tokens/s"
    )
    add_tool_arguments(parser)
    parser.set_defaults(run=run)


async def answer(args: argparse.Namespace) -> int:
    try:
        manager, first, _engine = make_manager(args)
    except StudioError as error:
        report(error)
        return 1
    try:
        # The MCP servers start while the engine loads.
        async with started_tools(args) as tools:
            await manager.load(first.spec, smaller_plan=first.step_down)
            settings = SamplingSettings(
                system_prompt=args.system or "",
                max_tokens=args.max_tokens,
                temperature=args.temperature,
                seed=args.seed,
                thinking=None if args.think is None else args.think == "on",
                thinking_budget=(
                    None if args.think_budget is None else think_budget(manager, args.think_budget)
                ),
            )
            loop = await tools.loop() if tools is not None else None
            backend = ManagerChatBackend(manager)
            return await stream_answer(backend, settings, args.prompt, args.stats, loop)
    except StudioError as error:
        report(error)
        return 1
    finally:
        await manager.shutdown()


async def stream_answer(
    backend: ChatBackend,
    settings: SamplingSettings,
    prompt: str,
    stats: bool,
    tools: ToolLoop | None = None,
) -> int:
    """Answer `prompt` as the chat does (`core.chat.turn`, through the tool loop with
    `tools`), kept in a store that forgets it: the answer on stdout, thinking and the tool
    calls on stderr; a failure said as its sentence."""
    answer: Message | None = None
    finish = ""
    in_reasoning = False
    calls = ToolPrinter()
    with ChatStore.in_memory() as store:
        where, ask = NewConversation(settings), Ask(prompt)
        turn = (
            chat_turn(store, backend, where, ask)
            if tools is None
            else tools.turn(store, backend, where, ask)
        )
        async with contextlib.aclosing(turn):
            async for event in turn:
                if isinstance(event, Failed):
                    report(event.cause or said(event.problem))
                    return 1
                if isinstance(event, LoopStopped):  # the rounds ran out, or a call broke
                    sys.stdout.write("\n")
                    report(said(event.problem))
                    return 1
                if isinstance(event, Finished):
                    answer = event.message
                if calls.show(event) or not isinstance(event, Delta):
                    continue
                delta = event.chunk
                if delta.reasoning:
                    # Thinking goes to stderr so stdout stays the answer alone.
                    sys.stderr.write(delta.reasoning)
                    sys.stderr.flush()
                    in_reasoning = True
                if delta.content:
                    if in_reasoning:
                        sys.stderr.write("\n")
                        in_reasoning = False
                    sys.stdout.write(delta.content)
                    sys.stdout.flush()
                finish = delta.finish_reason or finish
    sys.stdout.write("\n")
    if tools is not None and answer is not None:
        calls.left_unrun(answer)
    # The figures the chat page shows for the same answer (`turn.answer_stats`).
    if stats and answer is not None and finish:
        measured = answer.stats
        print(
            f"time to first token {(measured.ttft_ms or 0) / 1000:.2f} s, "
            f"{measured.tokens_per_second or 0:.1f} tokens/s, finish {finish}",
            file=sys.stderr,
        )
    return 0


def said(problem: Problem) -> StudioError:
    """The turn's problem as the CLI says it: a prompt too long for the context is the
    user's to shorten, or to give a larger --ctx."""
    code = "cli_prompt_too_long" if problem.code == "chat_context_exceeded" else problem.code
    return StudioError(code, problem.detail, **problem.params)


def think_budget(manager: ServerManager, budget: int) -> int | None:
    """The thinking budget to ask for, or a note on stderr (and none) when the loaded
    model's template cannot think."""
    ready = manager.snapshot.ready
    if TemplateCapabilities.from_props(ready.props if ready else {}).supports_thinking:
        return budget
    print(f"note: {ENGLISH.code('think_budget_unsupported')}", file=sys.stderr)
    return None


async def until_terminated(work: Coroutine[Any, Any, int]) -> int:
    """Run `work`; SIGTERM cancels it as Ctrl+C does, so its `finally` stops the engine
    and removes the API-key folder. (Python's default for SIGTERM ends the process on the
    spot, leaving both behind.)"""
    task = asyncio.current_task()
    assert task is not None
    loop = asyncio.get_running_loop()
    terminated = False

    def on_terminate() -> None:
        nonlocal terminated
        terminated = True
        task.cancel()

    with contextlib.suppress(NotImplementedError):  # Windows loops have no signal handlers
        loop.add_signal_handler(signal.SIGTERM, on_terminate)
    try:
        return await work
    except asyncio.CancelledError:
        if terminated:
            return 128 + signal.SIGTERM
        raise
    finally:
        with contextlib.suppress(NotImplementedError):
            loop.remove_signal_handler(signal.SIGTERM)


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        return asyncio.run(until_terminated(answer(args)))
    except EngineError as error:
        report(error)
        return INPUT_FAILED
    except KeyboardInterrupt:
        return 130
