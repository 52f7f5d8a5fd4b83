"""What `studio serve` costs against talking to llama-server directly, side by side in one run.

One engine child serves both sides: the same streamed chat request goes either through
`studio serve` (the facade in front of the manager) or straight to the child's own
OpenAI endpoint, with 1 and with 8 concurrent streams. Rounds alternate which side goes
first, so machine load drifts hit both alike; the medians are compared.

The facade runs in its own process, as `studio serve` does, so its event loop is not the
bench client's: with both in one loop (`--same-process`), eight streams starting together
wait for the client's own request handling on the server's side, and on a machine whose
cores the engine keeps busy that alone costs tens of milliseconds of first-token time that
no real client of `studio serve` pays.

Measured per side: time to first token (request sent -> first content chunk, the mean
over the streams of a round) and tokens/s (completion tokens of all streams over the
round's wall time from first token to last), and serve's own CPU per token. Each serve
round is compared with the direct round beside it; the line gives the median of those
pairs and their middle half. Targets: serve >= 0.97 x direct tokens/s, serve <= direct +
15 ms first token. On a machine whose cores
the engine keeps busy (a CPU-only engine), serve's CPU comes out of the engine's, and the
spread between rounds of the same side can exceed the gap being measured. First tokens
come in whole engine steps: llama-server takes up new requests between decode steps, so
a request that arrives just after a step began waits for the next one. With 8 streams a
CPU-only step is tens of milliseconds, and the few milliseconds serve spends forwarding
each request decide how many of the eight miss the first step; the line prints the step.

Usage: python bench/serve_overhead.py [MODEL.gguf] [--rounds N] [--tokens N] [--binary PATH]
       [--streams N ...] [--threads N] [--same-process]
(default model: the SmolLM2 test model; default engine: as `studio serve` finds it, e.g.
STUDIO_LLAMA_SERVER).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import psutil

from studio.cli.serve import run_event_loop
from studio.core.api.facade import ChatFacade
from studio.core.engine import default_selector
from studio.core.paths import AppPaths
from studio.core.server.client import LOOPBACK_LIMITS
from studio.core.server.launch import LaunchSpec, cancellable
from studio.core.server.manager import ServerManager

PROMPT = [{"role": "user", "content": "Write a long story about a lighthouse keeper."}]
SLOTS = 8


@dataclass(frozen=True)
class Round:
    first_token_s: float  # mean over the round's streams
    tokens_per_s: float  # all streams' tokens over the round's generating wall time
    tokens: int
    cpu_s: float  # the client's CPU time, plus serve's on its side (`CpuClock`)


async def one_stream(http: httpx.AsyncClient, tokens: int) -> tuple[float, float, float, int]:
    """(sent, first token, last token) as monotonic times, and the completion tokens."""
    body = {
        "messages": PROMPT,
        "max_tokens": tokens,
        "temperature": 0,
        "ignore_eos": True,
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    sent = time.monotonic()
    first = last = 0.0
    count = 0
    async with http.stream("POST", "/v1/chat/completions", json=body) as response:
        response.raise_for_status()
        async for line in response.aiter_lines():
            if not line.startswith("data: ") or line == "data: [DONE]":
                continue
            chunk: dict[str, Any] = json.loads(line[6:])
            if chunk.get("usage"):
                count = int(chunk["usage"]["completion_tokens"])
            choices = chunk.get("choices") or [{}]
            if (choices[0].get("delta") or {}).get("content"):
                last = time.monotonic()
                first = first or last
    return sent, first, last, count


class CpuClock:
    """CPU seconds of this process and of the serving child, if there is one."""

    def __init__(self, child_pid: int | None = None) -> None:
        self._child = psutil.Process(child_pid) if child_pid is not None else None

    def __call__(self) -> float:
        used = time.process_time()
        if self._child is not None:
            times = self._child.cpu_times()
            used += times.user + times.system
        return used


async def one_round(
    http: httpx.AsyncClient, streams: int, tokens: int, clock: CpuClock | None = None
) -> Round:
    clock = clock or CpuClock()
    cpu = clock()
    results = await asyncio.gather(*(one_stream(http, tokens) for _ in range(streams)))
    cpu = clock() - cpu
    first_token = statistics.fmean(first - sent for sent, first, _, _ in results)
    started = min(first for _, first, _, _ in results)
    ended = max(last for _, _, last, _ in results)
    total = sum(count for *_, count in results)
    return Round(first_token, total / max(ended - started, 1e-9), total, cpu)


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("model", nargs="?", type=Path)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--tokens", type=int, default=96)
    parser.add_argument(
        "--streams", type=int, nargs="+", default=[1, SLOTS], help=f"concurrent streams, <= {SLOTS}"
    )
    parser.add_argument("--binary", type=Path, default=None)
    parser.add_argument(
        "--threads", type=int, default=None, help="engine threads (default: the engine's own)"
    )
    parser.add_argument(
        "--same-process", action="store_true", help="run the facade in the bench's own loop"
    )
    parser.add_argument("--serve-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.model is None:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        from tests.support.models import smollm2_path

        args.model = smollm2_path()
    return args


@contextlib.asynccontextmanager
async def facade_here(args: argparse.Namespace) -> AsyncIterator[dict[str, Any]]:
    """Manager and facade in this process; yields where to reach both sides."""
    engine = default_selector(AppPaths.default()).active(args.binary).location
    manager = ServerManager(engine, Path(tempfile.mkdtemp(prefix="studio-bench-")))

    async def spec_for(path: Path) -> tuple[LaunchSpec, None]:
        spec = LaunchSpec(model=path, ctx_size=512 * SLOTS, parallel=SLOTS, threads=args.threads)
        return spec, None

    facade = ChatFacade(manager, spec_for)
    port = await facade.start(0)
    try:
        await manager.load(cancellable((await spec_for(args.model))[0]))
        process = manager.current_process()
        assert process is not None
        yield {
            "serve": f"http://127.0.0.1:{port}",
            "direct": process.base_url,
            "headers": dict(process.client.headers),
            "pid": None,
        }
    finally:
        await facade.close()
        await manager.shutdown()


async def serve_child(args: argparse.Namespace) -> None:
    """The child of `facade_elsewhere`: serve until stdin closes."""
    async with facade_here(args) as where:
        print(json.dumps(where), flush=True)
        await asyncio.to_thread(sys.stdin.read)


@contextlib.asynccontextmanager
async def facade_elsewhere(args: argparse.Namespace) -> AsyncIterator[dict[str, Any]]:
    """Manager and facade in a child process, as `studio serve` runs."""
    command = [sys.executable, __file__, str(args.model), "--serve-child"]
    if args.binary is not None:
        command += ["--binary", str(args.binary)]
    if args.threads is not None:
        command += ["--threads", str(args.threads)]
    child = await asyncio.create_subprocess_exec(
        *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
    )
    try:
        assert child.stdout is not None
        line = await child.stdout.readline()
        if not line:
            raise SystemExit("the serving child ended before it was ready")
        yield {**json.loads(line), "pid": child.pid}
    finally:
        assert child.stdin is not None
        child.stdin.close()  # the child shuts its engine down and exits
        async with asyncio.timeout(60):
            await child.wait()


async def main(args: argparse.Namespace) -> None:
    served = facade_here if args.same_process else facade_elsewhere
    async with served(args) as where:
        limits = httpx.Limits(max_connections=SLOTS * 2)
        serve = httpx.AsyncClient(
            base_url=where["serve"], trust_env=False, timeout=300, limits=limits
        )
        # The engine closes idle connections at 5 s, httpx's own expiry: let ours go first,
        # as the app's loopback client does, or a round can start on a closing socket.
        engine_limits = httpx.Limits(
            max_connections=SLOTS * 2, keepalive_expiry=LOOPBACK_LIMITS.keepalive_expiry
        )
        direct = httpx.AsyncClient(
            base_url=where["direct"],
            headers=where["headers"],
            trust_env=False,
            timeout=300,
            limits=engine_limits,
        )
        async with serve, direct:
            # Warm up every slot: each then holds the prompt in its cache for both sides
            # (a cold slot would charge its prompt to whichever side met it first).
            await one_round(direct, SLOTS, 8)
            for streams in args.streams:
                await compare(serve, direct, streams, args, CpuClock(where["pid"]))


async def compare(
    serve: httpx.AsyncClient,
    direct: httpx.AsyncClient,
    streams: int,
    args: argparse.Namespace,
    clock: CpuClock,
) -> None:
    rounds: dict[str, list[Round]] = {"serve": [], "direct": []}
    failed = 0
    for index in range(args.rounds):
        order = [("serve", serve), ("direct", direct)]
        pair: dict[str, Round] = {}
        for name, http in order if index % 2 == 0 else order[::-1]:
            try:
                pair[name] = await one_round(http, streams, args.tokens, clock)
            except httpx.HTTPError as error:
                # Said, and the pair left out: a bench that dies on one lost request
                # tells nothing of which side lost it.
                print(f"  round {index + 1}, {name}: a request failed: {error}", flush=True)
                failed += 1
                break
        else:
            for name, measured in pair.items():
                rounds[name].append(measured)
    if failed:
        print(f"  {failed} of {args.rounds} pairs left out", flush=True)
    served, direct_rounds = rounds["serve"], rounds["direct"]
    # Paired: each serve round against the direct round run right beside it, so a drift in
    # machine speed (a shared VM's neighbours, clock changes) cancels within the pair
    # instead of widening the gap between two medians taken minutes apart.
    pairs = list(zip(served, direct_rounds, strict=True))
    if len(pairs) < 2:
        print(f"{streams} streams: too few pairs completed to compare", flush=True)
        return
    ratios = [s.tokens_per_s / d.tokens_per_s for s, d in pairs]
    deltas = [s.first_token_s - d.first_token_s for s, d in pairs]
    # Serve's own CPU per token: what its side costs this process beyond the same client.
    cpu = {
        name: sum(r.cpu_s for r in rs) / sum(r.tokens for r in rs) for name, rs in rounds.items()
    }
    direct_tps = statistics.median(r.tokens_per_s for r in direct_rounds)
    ratio, delta = statistics.median(ratios), statistics.median(deltas)
    print(
        f"{streams} stream{'s' if streams > 1 else ''}: "
        f"tokens/s ratio {ratio:.3f}x {_spread(ratios, '.3f')} (target >= 0.97x), "
        f"serve {statistics.median(r.tokens_per_s for r in served):.1f} direct {direct_tps:.1f}; "
        f"first token delta {delta * 1e3:+.1f} ms "
        f"{_spread([d * 1e3 for d in deltas], '+.1f')} (target <= +15 ms), "
        f"serve {statistics.median(r.first_token_s for r in served) * 1e3:.1f} ms "
        f"direct {statistics.median(r.first_token_s for r in direct_rounds) * 1e3:.1f} ms; "
        f"serve's CPU {(cpu['serve'] - cpu['direct']) * 1e3:.2f} ms per token; "
        # A request that reaches the engine after its decode step began waits for the next
        # one, so first tokens come in steps of this size: what a late arrival costs.
        f"one engine step {streams / direct_tps * 1e3:.0f} ms",
        flush=True,
    )


def _spread(values: list[float], spec: str) -> str:
    """The middle half of the pairs, [first quartile, third quartile]."""
    low, _, high = statistics.quantiles(values, n=4)
    return f"[{low:{spec}}, {high:{spec}}]"


if __name__ == "__main__":
    arguments = parse_arguments()
    if arguments.serve_child:
        # On the event loop `studio serve` runs on, so the bench measures what it runs.
        run_event_loop(serve_child(arguments))
    else:
        asyncio.run(main(arguments))
