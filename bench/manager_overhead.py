"""What the manager costs against a bare llama-server, measured side by side in one run.

1. intent-to-ready (`manager.load`) vs a bare spawn-to-healthy of the same argv (Popen,
   read the child's output, ask /health as soon as it says the model is loaded).
   Target: manager <= 1.05 x bare + 100 ms.
   Beside it, each side's time beyond the child's own logged "listening" time: the
   manager's own share of a load (issue 30's target: under 10 ms). It includes the child's
   start before its log clock begins (loading its libraries, a few ms), which the bare
   side pays alike, so the difference between the two is what the manager adds.
2. streamed tokens/s through `manager.stream_chat` vs a direct SSE read of the same server.
   Target: manager >= 0.98 x direct.
3. crash-to-serving-again (SIGKILL -> ready again, watchdog-driven) vs a bare load.

Runs alternate between the two sides so machine load drifts hit both alike.
Usage: python bench/manager_overhead.py [MODEL.gguf] [--runs N] [--tokens N]
(default model: the SmolLM2 test model, fetched into the test cache).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import signal
import statistics
import subprocess
import tempfile
import time
from functools import partial
from pathlib import Path

import httpx
from model_argument import parse_with_model  # bench/, the script's own folder

from studio.core.engine import EngineLocation, default_selector
from studio.core.paths import AppPaths
from studio.core.server.client import build_request, loopback_client
from studio.core.server.engine_link import get
from studio.core.server.launch import ApiKeyFile, LaunchSpec, free_loopback_port, to_argv
from studio.core.server.manager import ServerManager
from studio.core.server.states import ServerState, Snapshot

PROMPT = [{"role": "user", "content": "Write a long story about a lighthouse keeper."}]
# llama-server's log prefix: minutes.seconds.milliseconds.microseconds since it started.
_STAMP = re.compile(r"^(\d+)\.(\d+)\.(\d+)\.(\d+) .*listening on")
_LOADED = re.compile(r"model loaded|listening on")


def listening_s(line: str) -> float | None:
    """When the child said it was listening, in seconds after its own start (None: not
    that line)."""
    match = _STAMP.match(line)
    if match is None:
        return None
    minutes, seconds, millis, micros = (int(g) for g in match.groups())
    return minutes * 60 + seconds + millis / 1e3 + micros / 1e6


def child_listening_s(log: Path) -> float | None:
    """The child's listening time from its log file (None if it has not written it yet)."""
    for line in log.read_text(errors="replace").splitlines():
        stamp = listening_s(line)
        if stamp is not None:
            return stamp
    return None


async def bare_spawn_to_healthy(engine: EngineLocation, spec: LaunchSpec) -> tuple[float, float]:
    """(spawn-to-healthy, the child's own listening time) of a launcher that does nothing
    else: asks /health when a line says the model is loaded, then as fast as it can, with
    the manager's own request helper (so the difference is the manager, not the client)."""
    key = ApiKeyFile()
    port = free_loopback_port()
    argv = to_argv(spec, engine.path, port, key.path)
    started = time.monotonic()
    process = await asyncio.create_subprocess_exec(
        *argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=engine.child_environment(os.environ),
    )
    assert process.stdout is not None
    try:
        async with (
            asyncio.timeout(120),  # a start that never gets there fails the bench, not hangs it
            loopback_client(f"http://127.0.0.1:{port}", key.key) as client,
        ):
            while not _LOADED.search(line := (await process.stdout.readline()).decode()):
                if not line:
                    raise RuntimeError("the bare llama-server exited before it loaded")
            while True:
                with contextlib.suppress(httpx.TransportError):
                    if (await get(client, "/health", 2))[0] == 200:
                        ready = time.monotonic() - started
                        break
            listening = listening_s(line)
            while listening is None and (line := (await process.stdout.readline()).decode()):
                listening = listening_s(line)
            assert listening is not None, "the bare llama-server never said it was listening"
            return ready, listening
    finally:
        process.kill()  # its output is no longer read: a graceful exit could block on it
        await process.wait()
        key.remove()


async def direct_tokens_per_second(base_url: str, key: str, tokens: int) -> tuple[float, float]:
    """(tokens/s measured first to last token, client CPU milliseconds per token)."""
    cpu = time.process_time()
    body = build_request(
        PROMPT, max_tokens=tokens, temperature=0, seed=1, ignore_eos=True, return_progress=False
    )
    count, first, last = 0, 0.0, 0.0
    async with (
        httpx.AsyncClient(
            base_url=base_url,
            headers={"Authorization": f"Bearer {key}"},
            trust_env=False,
            verify=False,
            timeout=120,
        ) as http,
        http.stream("POST", "/v1/chat/completions", json=body) as response,
    ):
        async for line in response.aiter_lines():
            if not line.startswith("data: ") or line == "data: [DONE]":
                continue
            choices = json.loads(line[6:]).get("choices") or [{}]
            if (choices[0].get("delta") or {}).get("content"):
                count += 1
                last = time.monotonic()
                first = first or last
    return (count - 1) / (last - first), (time.process_time() - cpu) * 1000 / count


async def managed_tokens_per_second(manager: ServerManager, tokens: int) -> tuple[float, float]:
    cpu = time.process_time()
    count, first, last = 0, 0.0, 0.0
    async for delta in manager.stream_chat(
        PROMPT, max_tokens=tokens, temperature=0, seed=1, ignore_eos=True
    ):
        if delta.content:
            count += 1
            last = time.monotonic()
            first = first or last
    return (count - 1) / (last - first), (time.process_time() - cpu) * 1000 / count


def line(name: str, ours: list[float], theirs: list[float], unit: str, target: str) -> None:
    a, b = statistics.median(ours), statistics.median(theirs)
    print(
        f"{name:<36} manager {a:8.3f} {unit}   bare {b:8.3f} {unit}   ratio {a / b:5.3f}   {target}"
    )


def _replaced(snapshot: Snapshot, old: int) -> bool:
    """A new child is ready in place of the one with pid `old`."""
    return snapshot.state is ServerState.READY and snapshot.pid != old


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tokens", type=int, default=128)
    return parse_with_model(parser)


async def main(args: argparse.Namespace) -> None:
    engine = default_selector(AppPaths.default()).active().location
    spec = LaunchSpec(model=args.model, ctx_size=2048, parallel=1)
    logs = Path(tempfile.mkdtemp(prefix="studio-bench-"))

    managed_load, bare_load, respawn, own_overhead, bare_overhead = [], [], [], [], []
    managed_tps, direct_tps, managed_cpu, direct_cpu = [], [], [], []

    async def bare_run() -> None:
        ready, listening = await bare_spawn_to_healthy(engine, spec)
        bare_load.append(ready)
        bare_overhead.append((ready - listening) * 1000)

    for run in range(args.runs):
        # Alternate which side goes first, so neither always meets a colder machine.
        if run % 2 == 0:
            await bare_run()
        manager = ServerManager(engine, logs)
        try:
            started = time.monotonic()
            await manager.load(spec)
            managed_load.append(time.monotonic() - started)
            log_path = manager.snapshot.log_path
            assert log_path is not None
            if run % 2 == 1:
                await manager.unload()
                await bare_run()
                await manager.load(spec)
            process = manager.current_process()
            assert process is not None
            await managed_tokens_per_second(manager, 8)  # warm the slot alike for both
            for _pair in range(2):
                tps, cpu = await direct_tokens_per_second(
                    process.base_url, process.api_key, args.tokens
                )
                direct_tps.append(tps)
                direct_cpu.append(cpu)
                tps, cpu = await managed_tokens_per_second(manager, args.tokens)
                managed_tps.append(tps)
                managed_cpu.append(cpu)
            # Read now, not at ready: the manager can be ready before its drain thread has
            # written the "listening" line to the log.
            listening = child_listening_s(log_path)
            assert listening is not None, f"no 'listening' line in {log_path}"
            own_overhead.append((managed_load[-1] - listening) * 1000)
            killed_at = time.monotonic()
            os.kill(process.pid, signal.SIGKILL)
            await manager.wait_for(partial(_replaced, old=process.pid), 120)
            respawn.append(time.monotonic() - killed_at)
        finally:
            await manager.shutdown()

    bare = statistics.median(bare_load)
    print(f"model {args.model.name}, {args.runs} runs each, medians")
    line(
        "intent-to-ready vs spawn-to-healthy",
        managed_load,
        bare_load,
        "s",
        f"target <= {1.05 * bare + 0.1:.3f} s (1.05x + 100 ms)",
    )
    line(
        "manager time beyond the child log",
        own_overhead,
        bare_overhead,
        "ms",
        "target < 10 ms (ready minus the child's own 'listening' time)",
    )
    line("streamed tokens/s", managed_tps, direct_tps, "t/s", "target ratio >= 0.98")
    # Steadier than tokens/s on a busy machine: what our side spends per token.
    line("client CPU per streamed token", managed_cpu, direct_cpu, "ms", "(overhead)")
    line("crash-to-serving vs bare load", respawn, bare_load, "s", "(respawn cost)")


if __name__ == "__main__":
    asyncio.run(main(parse_arguments()))
