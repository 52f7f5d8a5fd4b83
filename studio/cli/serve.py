"""`studio serve MODEL.gguf`: an OpenAI-compatible endpoint on 127.0.0.1 that goes through
the manager, so crash recovery and replay apply to API clients too.

Safe by default: loopback only; another `--host` is refused without an API key, since
anyone who can reach the port could otherwise load any file on this machine."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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
from studio.cli.report import INPUT_FAILED, report
from studio.cli.terminal import printable
from studio.core.engine import (
    EngineError,
    EngineInfo,
    EngineLocation,
    EngineProber,
)
from studio.core.errors import StudioError
from studio.core.paths import AppPaths
from studio.core.safe_read import read_regular_text
from studio.core.server.api_http import ServeOptions, default_max_connections, is_loopback
from studio.core.server.facade import ChatFacade
from studio.core.server.launch import LaunchSpec, cancellable
from studio.core.server.manager import ServerManager
from studio.core.server.recovery import SmallerPlan

if TYPE_CHECKING:
    from studio.core.placement import Plan, Planner

DEFAULT_PORT = 8765
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


def add_launch_arguments(parser: argparse.ArgumentParser) -> None:
    """The launch options `serve` and `run` share; unset = the engine's default."""
    parser.add_argument("model", type=inputs.model_file, help="the .gguf model file")
    parser.add_argument("--ctx", "-c", type=inputs.context, default=None, metavar="N")
    parser.add_argument("--parallel", "-np", type=inputs.count, default=1, metavar="N")
    parser.add_argument(
        "--flash-attn", "-fa", type=inputs.on_off_auto, default=None, metavar="on|off|auto"
    )
    types = inputs.CACHE_TYPES
    parser.add_argument("--cache-type-k", "-ctk", default=None, choices=types, metavar="TYPE")
    parser.add_argument("--cache-type-v", "-ctv", default=None, choices=types, metavar="TYPE")
    parser.add_argument(
        "--gpu-layers", "-ngl", type=inputs.gpu_layers, default=None, metavar="N|auto|all"
    )
    parser.add_argument("--split-mode", "-sm", default=None, choices=inputs.SPLIT_MODES)
    parser.add_argument("--tensor-split", "-ts", type=inputs.shares, default=(), metavar="A,B,...")
    parser.add_argument(
        "--n-cpu-moe", "-ncmoe", type=inputs.non_negative, default=None, metavar="N"
    )
    parser.add_argument("--device", "-dev", type=inputs.text, default="", metavar="DEV,...")
    parser.add_argument("--rpc", type=inputs.endpoints, default=(), metavar="HOST:PORT,...")
    parser.add_argument(
        "--mmproj", type=inputs.model_file, default=None, help="a multimodal projector"
    )
    parser.add_argument(
        "--spec-type", type=inputs.text, default=None, help="speculative decoding type"
    )
    parser.add_argument(
        "--draft", type=inputs.model_file, default=None, help="a draft model (.gguf)"
    )
    parser.add_argument("--threads", "-t", type=inputs.threads, default=None, metavar="N")
    parser.add_argument(
        "--binary", type=inputs.engine_file, default=None, help="the llama-server to run"
    )
    parser.add_argument(
        "--embeddings", action="store_true", help="serve /v1/embeddings too (chat still works)"
    )
    parser.add_argument(
        "--pooling",
        default=None,
        choices=inputs.POOLINGS,
        help="embedding pooling (a chat model's own is none: give mean or last)",
    )
    parser.add_argument(
        "--plan",
        action="store_true",
        help="let the planner fit the model to this machine (context, layers, experts; "
        "-c, -np, -ctk, -ctv and -fa are honoured) and step down after an out-of-memory start",
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


def spec_from_args(args: argparse.Namespace, model: Path | None = None) -> LaunchSpec:
    return LaunchSpec(
        model=(model or args.model).expanduser().resolve(),
        ctx_size=args.ctx,
        parallel=args.parallel,
        flash_attn=args.flash_attn,
        cache_type_k=args.cache_type_k,
        cache_type_v=args.cache_type_v,
        n_gpu_layers=args.gpu_layers,
        split_mode=args.split_mode,
        tensor_split=tuple(args.tensor_split),
        n_cpu_moe=args.n_cpu_moe,
        devices=tuple(d for d in args.device.split(",") if d),
        rpc_servers=tuple(str(endpoint) for endpoint in args.rpc),
        mmproj=args.mmproj,
        spec_type=args.spec_type,
        draft_model=args.draft,
        threads=args.threads,
        embeddings=getattr(args, "embeddings", False),
        pooling=getattr(args, "pooling", None),
        extra_args=tuple(args.engine_arg),
    )


def machine_plan(
    args: argparse.Namespace, engine: EngineLocation, *, probe_required: bool = True
) -> tuple[Planner, Plan]:
    """The planner's plan for this model on this machine (or on STUDIO_FAKE_DEVICES).

    Without `probe_required`, an engine that cannot be probed (it will fail to start and
    say why itself) leaves the plan to the memory the hardware reports."""
    # Imported here: only planning needs the GGUF reader and the hardware probes.
    from studio.core.gguf import read_model
    from studio.core.placement.setup import Machine

    model = read_model(args.model)  # a bad file is told before any engine question
    try:
        info: EngineInfo | None = EngineProber(AppPaths.default().engine_probe_cache).probe(engine)
    except EngineError:
        if probe_required:
            raise
        info = None
    # The RPC servers are devices the plan places layers on, as `studio fit` plans them.
    rpc = [str(endpoint) for endpoint in args.rpc]
    setup = Machine.of(os.environ).setup(args.model, info, engine, rpc, model=model)
    planner, request = setup.planner, setup.base_request
    # -c 0 is llama-server's "the context the model was trained for".
    ctx = planner.trained_ctx if args.ctx == 0 else args.ctx
    changes: dict[str, Any] = {"ctx": ctx, "parallel": args.parallel or 1}
    if args.cache_type_k:
        changes["cache_type_k"] = args.cache_type_k
    if args.cache_type_v:
        changes["cache_type_v"] = args.cache_type_v
    if args.flash_attn in ("on", "off"):
        changes["flash_attn"] = args.flash_attn == "on"
    return planner, planner.plan(request.with_changes(**changes))


def planned(args: argparse.Namespace, engine: EngineLocation) -> tuple[LaunchSpec, SmallerPlan]:
    """The planner's launch spec for this machine and its out-of-memory step down; a plan
    that does not fit is refused with its numbers unless the user said `--force`."""
    from studio.core.placement import SmallerPlanStep
    from studio.core.placement.admission import check_fits

    planner, plan = machine_plan(args, engine)
    if not getattr(args, "force", False):
        check_fits(plan)
    launch = plan.launch.with_changes(
        extra_args=tuple(args.engine_arg),
        embeddings=getattr(args, "embeddings", False),
        pooling=getattr(args, "pooling", None),
    )
    return launch, SmallerPlanStep(planner, plan)


def admitted(args: argparse.Namespace, engine: EngineLocation) -> None:
    """Without `--plan`: refuse a model that cannot fit even as the planner would place it
    (auto-fit at the asked context), unless the user said `--force`. A model or engine the
    planner cannot read is left to the engine, which reports it in its own words."""
    from studio.core.placement.admission import check_fits

    if getattr(args, "force", False):
        return
    try:
        _planner, plan = machine_plan(args, engine, probe_required=False)
    except (StudioError, OSError) as error:
        logging.getLogger(__name__).info("no fit check for %s: %s", args.model, error)
        return
    check_fits(plan)


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
) -> tuple[ServerManager, LaunchSpec, SmallerPlan | None]:
    """The manager, the first spec to load and its step down (planned with `--plan`)."""
    from studio.core.gguf import check_model_file
    from studio.core.hardware import probe_rpc_devices

    # A bad model, projector or draft file is told in our words before any engine starts
    # (the engine would say it in a page of log).
    for path in (args.model, args.mmproj, args.draft):
        if path is not None:
            check_model_file(path)
    # Never a binary that dies of an illegal instruction here: the one named, which must
    # run, or the first that passed its self-test on this CPU.
    active = active_engine(args.binary)
    engine = active.location
    check_spec_type(args.spec_type, active.info)
    if args.rpc:
        probe_rpc_devices(engine, args.rpc)  # an RPC server that is down is told up front
    smaller: SmallerPlan | None = None
    spec = spec_from_args(args)
    if getattr(args, "plan", False):
        spec, smaller = planned(args, engine)
    else:
        admitted(args, engine)
    log_dir = AppPaths.default().log_dir / "llama-server"
    return ServerManager(engine, log_dir), spec, smaller


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve", help="serve a model on 127.0.0.1 with an OpenAI-compatible API"
    )
    add_launch_arguments(parser)
    parser.add_argument("--port", type=inputs.port, default=DEFAULT_PORT, help="0 = any free port")
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
        help="unload the model after this long without a request (90s, 15m, 1h); "
        "the next request loads it again",
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
    try:
        options = serve_options(args)
        manager, first_spec, smaller = make_manager(args)
    except StudioError as error:
        report(error)
        return 1

    async def plan_load(path: Path) -> tuple[LaunchSpec, SmallerPlan | None]:
        # Reading the GGUF and probing devices block: off the loop.
        other = argparse.Namespace(**{**vars(args), "model": path})
        if not args.plan:
            await asyncio.to_thread(admitted, other, manager.engine)
            return spec_from_args(args, path), None
        return await asyncio.to_thread(planned, other, manager.engine)

    async def plan_demand(path: Path) -> tuple[LaunchSpec, SmallerPlan | None]:
        # A model a request names is always planned, so it fits whatever ran before it.
        other = argparse.Namespace(**{**vars(args), "model": path})
        return await asyncio.to_thread(planned, other, manager.engine)

    facade = ChatFacade(
        manager,
        plan_load,
        options,
        library=lambda: library_models(args.models_dir),
        plan_demand=plan_demand,
        idle_unload_s=args.idle_unload,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        try:
            port = await listen(facade, args.host, args.port)
        except StudioError as error:
            report(error)
            return 1
        host = f"[{args.host}]" if ":" in args.host else args.host
        loading = printable(args.model)
        print(f"studio serve: http://{host}:{port} (loading {loading})", flush=True)
        try:
            snapshot = await manager.load(cancellable(first_spec), smaller_plan=smaller)
        except StudioError as error:
            report(error)
            return 1
        ready = snapshot.ready
        print(
            f"studio serve: ready, model {printable(ready.model_alias) if ready else '?'}, "
            f"context {ready.n_ctx if ready else '?'}",
            flush=True,
        )
        await stop.wait()
        return 0
    finally:
        await facade.close()
        await manager.shutdown()


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
