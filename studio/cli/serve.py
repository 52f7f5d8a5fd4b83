"""`studio serve [MODEL.gguf ...]`: an OpenAI-compatible endpoint on 127.0.0.1 that goes
through the manager, so crash recovery and replay apply to API clients too. Several
models stay loaded at once, as many as the devices hold (`--max-models` caps the count):
a request for another model of the library loads it beside the others or evicts the
least recently used idle ones (`core/residents`); `studio ps` lists them.

Safe by default: loopback only; another `--host` is refused without an API key, since
anyone who can reach the port could otherwise load any file on this machine."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import errno
import logging
import os
import signal
import socket
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from studio.cli import inputs
from studio.cli.engine_choice import active_engine
from studio.cli.hub import library_models
from studio.cli.inputs import duration
from studio.cli.knob_options import Face, add_knob_options, knobs_from_args
from studio.cli.report import INPUT_FAILED, report
from studio.cli.serve_tools import start_mcp_tools
from studio.cli.terminal import printable
from studio.core.api.facade import ChatFacade
from studio.core.api.http import ServeOptions, default_max_connections, is_loopback
from studio.core.api.routing import SeveralModels
from studio.core.engine import (
    EngineCandidate,
    EngineError,
    EngineInfo,
)
from studio.core.engine_knobs import (
    LAUNCH_KNOBS,
    UnderPlan,
    asked_of_plan,
    kept_beside_plan,
    under_plan,
)
from studio.core.errors import StudioError
from studio.core.paths import AppPaths
from studio.core.safe_read import read_regular_text
from studio.core.server.engine_events import EngineEvent, EngineNotice
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.server.switcher import ModelLookup
from studio.core.settings import DEFAULT_API_PORT
from studio.core.voice import ENGLISH

if TYPE_CHECKING:
    from studio.core.gguf.cache import ModelCache
    from studio.core.mcp.registry import McpRegistry
    from studio.core.placement.load_plan import Explicit, OwnEngines, PlannedLoad, PlanningEngine
    from studio.core.placement.plan import Plan

_T = TypeVar("_T")


def run_event_loop(main: Coroutine[Any, Any, _T]) -> _T:
    """Run `main` on uvloop where it is installed (Linux, macOS), else on asyncio's loop.

    Serve wakes once for every streamed token, and on a machine whose cores the engine
    keeps busy that wake-up is taken from the engine. uvloop's loop is C: measured here, a
    bare socket read after 12 ms idle cost 185-197 us of CPU against 250-395 us with
    asyncio's, and serve's CPU per one-token request fell from 4.0 to 3.5 ms."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def add_launch_arguments(parser: argparse.ArgumentParser, *, several_models: bool = False) -> None:
    """The launch options `serve` and `run` share; unset = the engine's default."""
    add_model_arguments(parser, several_models=several_models)
    parser.add_argument("--plan", action="store_true", help=_plan_help())


class _Models(argparse.Action):
    """Several models; `model` is the first (what the launch options describe first, and
    what the functions shared with `run` and `bench` plan by default)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, values)
        namespace.model = values[0] if values else None


def add_model_arguments(parser: argparse.ArgumentParser, *, several_models: bool = False) -> None:
    """The model, the engine and its launch options (`bench` plans them as `--plan`)."""
    if several_models:
        parser.add_argument(
            "models",
            type=inputs.model_file,
            nargs="*",
            action=_Models,
            metavar="MODEL",
            help=".gguf model files to load at start, which requests may also name (none: "
            "requests load the library models they name)",
        )
    else:
        parser.add_argument("model", type=inputs.model_file, help="the .gguf model file")
    add_knob_options(parser, Face.LAUNCH)
    parser.add_argument(
        "--binary", type=inputs.engine_file, default=None, help="the llama-server to run"
    )
    parser.add_argument(
        "--engine-arg",
        type=inputs.text,
        action="append",
        default=[],
        metavar="ARG",
        help="an extra llama-server argument (repeatable; managed flags are refused)",
    )
    parser.add_argument(
        "--force",
        "--load-anyway",
        dest="force",
        action="store_true",
        help="load a model even when the planner says it does not fit in memory",
    )


def _plan_help() -> str:
    def options(fate: UnderPlan) -> str:
        named = (k.option.names[-1] for k in LAUNCH_KNOBS if k.option and under_plan(k) is fate)
        return ", ".join(named)

    return (
        "let the planner fit the model to this machine and step down after an out-of-memory "
        f"start: it is asked for {options(UnderPlan.ASKED)} (a value it cannot take, as "
        f"-fa auto or -sm row, is its own choice), decides {options(UnderPlan.PLACED)} "
        f"itself and launches {options(UnderPlan.KEPT)} as given"
    )


def spec_from_args(args: argparse.Namespace, model: Path | None = None) -> LaunchSpec:
    return LaunchSpec(
        model=(model or args.model).expanduser().resolve(),
        **knobs_from_args(args, Face.LAUNCH),
        extra_args=tuple(args.engine_arg),
    )


def load_policy(args: argparse.Namespace) -> Explicit:
    """The launch options under a plan, as the table sorts them (`UnderPlan`): a knob the
    plan models is asked of it, one the placement decides is left to it, the rest are
    launched as given, with the extra engine arguments; `--force` loads what does not fit."""
    from studio.core.placement.load_plan import Explicit

    given = knobs_from_args(args, Face.LAUNCH)
    launch = {**kept_beside_plan(given), "extra_args": tuple(args.engine_arg)}
    force = getattr(args, "force", False)
    return Explicit(asked_of_plan(given), load_anyway=force, launch=launch)


def planned(
    args: argparse.Namespace,
    engine: PlanningEngine,
    model: Path | None = None,
    policy: Explicit | None = None,
    own: OwnEngines | None = None,
    models: ModelCache | None = None,
) -> PlannedLoad:
    """The planner's launch for this machine (or STUDIO_FAKE_DEVICES) and its out-of-memory
    step down, on the `--rpc` servers and priced as `studio fit` plans; a plan that does
    not fit is refused with its numbers unless the user said `--force`. `own`: our running
    engines, and what those staying loaded hold; `models`: headers already read."""
    # Imported here: only planning needs the GGUF reader and the hardware probes.
    from studio.core.placement.load_plan import plan_load
    from studio.core.placement.setup import Machine

    rpc = [str(endpoint) for endpoint in args.rpc]
    policy = load_policy(args) if policy is None else policy
    machine = Machine.of(os.environ)
    return plan_load(machine, model or args.model, engine, policy, rpc, own, models)


def admitted(
    args: argparse.Namespace,
    engine: PlanningEngine,
    model: Path | None = None,
    own: OwnEngines | None = None,
    models: ModelCache | None = None,
) -> Plan | None:
    """Without `--plan`: refuse a model that cannot fit even as the planner would place it
    (auto-fit at the asked context), unless the user said `--force`; returns that plan
    (what the launch is expected to take). A model the planner cannot read is left to
    the engine, which reports it in its own words (None)."""
    from studio.core.placement.admission import check_fits

    policy = dataclasses.replace(load_policy(args), load_anyway=True)
    try:
        plan = planned(args, engine, model, policy, own, models).plan
    except (StudioError, OSError) as error:
        logging.getLogger(__name__).info("no fit check for %s: %s", model or args.model, error)
        return None
    if plan is not None and not getattr(args, "force", False):
        check_fits(plan)
    return plan


def load_for(
    args: argparse.Namespace,
    engine: PlanningEngine,
    model: Path | None = None,
    own: OwnEngines | None = None,
    models: ModelCache | None = None,
) -> PlannedLoad:
    """The load of `model` (the one on the command line by default): planned with `--plan`,
    else the launch options as given, once admitted (with the plan that admitted them, so
    the residents' ledger knows what they take)."""
    from studio.core.placement.load_plan import PlannedLoad

    if getattr(args, "plan", False):
        return planned(args, engine, model, own=own, models=models)
    plan = admitted(args, engine, model, own, models)
    return PlannedLoad(spec_from_args(args, model), plan=plan)


def check_spec_type(spec_type: str | None, info: EngineInfo | None) -> None:
    """Refuse a speculative type the engine does not know: it would refuse it at start,
    and the recovery would then quietly load the model without speculation."""
    known = info.features.spec_types if info is not None else ()
    if spec_type is not None and known and spec_type not in known:
        raise StudioError(
            "spec_type_unknown",
            f"--spec-type {spec_type!r} is not one of {known}",
            spec_type=spec_type,
            choices=list(known),
        )


def make_manager(
    args: argparse.Namespace,
) -> tuple[ServerManager, PlannedLoad, PlanningEngine]:
    """The manager, the first load (`load_for`) and the engine the planner plans for."""
    from studio.core.placement.load_plan import PlanningEngine

    active = checked_engine(args)
    planning = PlanningEngine.of(active)
    first = load_for(args, planning)
    return ServerManager(active.location, engine_log_dir()), first, planning


def checked_engine(args: argparse.Namespace) -> EngineCandidate:
    """The engine for the command line's model, once the model's files, the speculative
    type and the RPC servers are checked."""
    from studio.core.gguf import check_model_file
    from studio.core.hardware import probe_rpc_devices

    # A bad model, projector or draft file is told in our words before any engine starts
    # (the engine would say it in a page of log).
    for path in (*getattr(args, "models", ()), args.model, args.mmproj, args.draft):
        if path is not None:
            check_model_file(path)
    # Never a binary that dies of an illegal instruction here: the one named, which must
    # run, or the first that passed its self-test on this CPU.
    active = active_engine(args.binary)
    check_spec_type(args.spec_type, active.info)
    if args.rpc:
        probe_rpc_devices(active.location, args.rpc)  # a server that is down is told up front
    return active


def engine_log_dir() -> Path:
    return AppPaths.default().log_dir / "llama-server"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve", help="serve a model on 127.0.0.1 with an OpenAI-compatible API"
    )
    add_launch_arguments(parser, several_models=True)
    parser.add_argument(
        "--port", type=inputs.port, default=DEFAULT_API_PORT, help="0 = any free port"
    )
    parser.add_argument(
        "--host",
        type=inputs.text,
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1; any other needs an API key)",
    )
    parser.add_argument(
        "--api-key",
        type=inputs.text,
        default=None,
        help="require 'Authorization: Bearer KEY' (not on /health)",
    )
    parser.add_argument(
        "--api-key-file",
        type=inputs.secret_file,
        default=None,
        help="read the API key from this file",
    )
    parser.add_argument(
        "--allow-origin",
        type=inputs.text,
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a browser origin allowed to call the API, e.g. http://localhost:3000 (repeatable)",
    )
    parser.add_argument(
        "--max-connections",
        type=inputs.count,
        default=None,
        metavar="N",
        help="open connections at most (default: from the open-file limit)",
    )
    parser.add_argument(
        "--max-queued",
        type=inputs.non_negative,
        default=16,
        metavar="N",
        help="chats waiting for a busy slot at most; more are answered 429",
    )
    parser.add_argument(
        "--idle-unload",
        type=duration,
        default=None,
        metavar="DURATION",
        help="unload each model after this long without a request (90s, 15m, 1h); "
        "the next request loads it again (a request's keep_alive or ttl sets its own)",
    )
    parser.add_argument(
        "--max-models",
        type=inputs.count,
        default=None,
        metavar="N",
        help="models loaded at once at most (default: as many as the devices hold; "
        "1 switches models)",
    )
    parser.add_argument(
        "--pin",
        action="store_true",
        help="never evict the models given on the command line to make room for others",
    )
    parser.add_argument(
        "--mcp-tools",
        action="store_true",
        help="start the enabled MCP servers of the app's list (studio mcp) and list their "
        "tools at GET /studio/tools as OpenAI function definitions (off by default)",
    )
    parser.add_argument(
        "--models-dir",
        action="append",
        type=inputs.folder,
        default=[],
        metavar="DIR",
        help="a folder of models requests may name, besides the app's model folders and "
        "the Hugging Face cache (repeatable)",
    )
    parser.set_defaults(run=run)


API_KEY_FILE_LIMIT = 4096  # a key is tens of bytes


def serve_options(args: argparse.Namespace) -> ServeOptions:
    """The HTTP options from the command line; raises StudioError for an unsafe mix."""
    key = args.api_key
    if args.api_key_file is not None:
        try:
            # A FIFO would block the read and /dev/zero never end: regular files only.
            key = read_regular_text(args.api_key_file, limit=API_KEY_FILE_LIMIT).strip()
        except (OSError, ValueError) as error:
            raise StudioError(
                "api_key_file_unreadable", str(error), path=str(args.api_key_file)
            ) from error
    for folder in args.models_dir:
        inputs.require_folder(folder)
    if key is not None and not key:
        raise StudioError("api_key_empty", "the API key is empty")
    if not is_loopback(args.host) and not key:
        raise StudioError(
            "api_key_required",
            f"--host {args.host} accepts connections from other machines: "
            "give --api-key or --api-key-file",
            host=args.host,
        )
    return ServeOptions(
        host=args.host,
        api_key=key,
        allowed_origins=frozenset(o.rstrip("/").lower() for o in args.allow_origin),
        max_connections=args.max_connections or default_max_connections(),
        max_queued_chats=max(0, args.max_queued),
    )


async def listen(facade: ChatFacade, host: str, port: int) -> int:
    """The port `facade` listens on; one it cannot have is a StudioError that says why."""
    try:
        return await facade.start(port)
    except OSError as error:
        raise listen_failure(error, host, port) from error


def listen_failure(error: OSError, host: str, port: int) -> StudioError:
    if error.errno == errno.EADDRINUSE:
        return StudioError("api_port_in_use", str(error), port=port)
    if error.errno == errno.EACCES:
        return StudioError("api_port_denied", str(error), port=port)
    if isinstance(error, socket.gaierror) or error.errno == errno.EADDRNOTAVAIL:
        return StudioError("serve_host_unavailable", str(error), host=host)
    return StudioError("api_start_failed", str(error), reason=error.strerror or str(error))


async def serve(args: argparse.Namespace) -> int:
    from studio.core.gguf.cache import ModelCache
    from studio.core.placement.load_plan import PlanningEngine
    from studio.core.residents.scheduler import Residents

    given: list[Path] = list(dict.fromkeys(args.models))
    models = ModelCache()  # each model's header is read once, however often it is planned
    try:
        options = serve_options(args)
        active = checked_engine(args)
        engine = PlanningEngine.of(active)
        # A command line's model that cannot fit even alone is refused here, before
        # anything listens; its plan is its first load's.
        unused = {path: load_for(args, engine, path, models=models) for path in given}
    except StudioError as error:
        report(error)
        return 1
    log_dir = engine_log_dir()
    named = {name: path for path in given for name in (path.stem, path.name)}

    async def plan(path: Path, own: OwnEngines) -> PlannedLoad:
        # Reading the GGUF and probing devices block: off the loop.
        if path in given:
            if not own.kept and (ready := unused.pop(path, None)) is not None:
                return ready
            return await asyncio.to_thread(load_for, args, engine, path, own, models)
        # A model a request names is always planned, so it fits beside the others.
        return await asyncio.to_thread(planned, args, engine, path, None, own, models)

    def residents(library: ModelLookup) -> Residents:
        async def lookup(name: str) -> Path | None:
            return named.get(name) or await library(name)

        return Residents(
            lambda: ServerManager(active.location, log_dir),
            lookup,
            plan,
            max_models=args.max_models,
            idle_unload_s=args.idle_unload,
        )

    facade = ChatFacade.several(residents, options, library=lambda: library_models(args.models_dir))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    tools: McpRegistry | None = None
    try:
        try:
            if args.mcp_tools:
                tools = await start_mcp_tools(facade)
            port = await listen(facade, args.host, args.port)
        except StudioError as error:
            report(error)
            return 1
        host = f"[{args.host}]" if ":" in args.host else args.host
        address = f"studio serve: http://{host}:{port}"
        if not given:
            print(f"{address} ({NOTHING_LOADED})", flush=True)
        if tools is not None:
            print(f"studio serve: {TOOLS_LISTED}", flush=True)
        assert isinstance(facade.models, SeveralModels)
        for index, path in enumerate(given):
            loading = ENGLISH.engine_event(EngineNotice(EngineEvent.LOADING, printable(path)))
            print(
                f"{address} ({loading})" if index == 0 else f"studio serve: {loading}", flush=True
            )
            try:
                snapshot = await facade.models.residents.load(path, pinned=args.pin)
            except StudioError as error:
                report(error)
                return 1
            ready = snapshot.ready
            model = printable(ready.model_alias) if ready else ""
            ready_said = ENGLISH.engine_event(EngineNotice(EngineEvent.READY, model))
            print(
                f"studio serve: {ready_said} Context: {ready.n_ctx if ready else '?'}.", flush=True
            )
        await stop.wait()
        return 0
    finally:
        if tools is not None:
            await tools.close()  # every MCP server's process ended
        await facade.close()


NOTHING_LOADED = "no model loaded: a request loads the library model it names"
TOOLS_LISTED = "the MCP servers' tools are listed at /studio/tools as they start"


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        return run_event_loop(serve(args))
    except EngineError as error:
        report(error)
        return INPUT_FAILED
    except KeyboardInterrupt:
        with contextlib.suppress(Exception):
            print("interrupted", file=sys.stderr)
        return 130
