"""Measure how an engine build's compute graph differs from the estimator's base model.

Builds differ in what their graphs keep alive (b11434's mixed-embedding inputs) and in
whether their RPC backend turns on pipeline parallelism (async compute + events). Rather
than key constants to version numbers, the engine is run on the self-test's tiny model in
the placements that show each difference, stopped as soon as its compute buffers are
reserved, and its own `-lv 4` lines (compute buffer per device, "pipeline parallelism
enabled", "sched copies = N") are compared with the base estimate. Each difference is
stored in rows (studio.core.memory.graph), rounded up so that the estimate errs high.

Placements: the host alone (a tiny llama, a tiny Mamba2, a tiny Granite-hybrid at 1 and 4
slots, and a tiny GLM-4.5 MoE whose MTP head runs with `--spec-type draft-mtp`); each GPU the
engine lists (the tiny llama with every layer on it, then with its first layers on the host,
whose batches the GPU runs: op offload); then, when `ggml-rpc-server` sits beside the
binary, one RPC device with every layer (with and without -nkvo) and two RPC devices with
every layer (pipeline parallelism). About two seconds, and under a second per GPU, once per
binary and device set: the result is cached with the self-test verdict.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import re
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from studio.core.engine import capture
from studio.core.engine.locate import EngineLocation
from studio.core.engine.tiny_model import (
    TinyShape,
    tiny_glm4moe_mtp,
    tiny_hybrid,
    tiny_mamba2,
    tiny_model,
)
from studio.core.gguf import read_model
from studio.core.memory import (
    HOST,
    DeviceKind,
    DeviceSpec,
    EngineGraph,
    Estimate,
    EstimateSettings,
    estimate,
    summarize,
)
from studio.core.memory.engine_log import EngineAllocation, parse_engine_log
from studio.core.memory.kv import layer_kv_bytes

log = logging.getLogger(__name__)

RPC_SERVER_NAME = "ggml-rpc-server"
RUN_TIMEOUT_S = 60.0
# A calibration start of the tiny model logs well under a megabyte at -lv 4; past these
# bounds the binary is flooding its output, and reading on would only fill the memory.
_LOG_LIMIT = 16 << 20
_LINE_LIMIT = 1 << 16
CTX = 2048  # as the accuracy matrix: masks of a real context, n_tokens = 512 per ubatch
_RESERVED = "sched_reserve: reserve took"
_LISTENING = "listening on"
_COPIES = re.compile(r"sched copies = (?P<n>\d+)")
_PIPELINE = "pipeline parallelism enabled"
_MTP_CONTEXT = "creating MTP draft context"
MTP_CTX = 1024
HYBRID_SLOTS = 4  # the server's default slot count
# Layers a GPU gets when the host keeps the first ones (of the tiny llama's 6 + output).
GPU_PARTIAL_LAYERS = 3
# A measured difference within this many rows of a whole number is that number (the log
# prints MiB with two decimals, a row of the tiny model is 128 KiB).
_ROW_TOLERANCE = 0.25

# The matrix's tiny llama: a shape whose compute buffers the base model prices exactly on
# the build it was fitted to, so what is left over is the engine's own difference.
CALIBRATION_SHAPE = TinyShape(n_layer=6, n_embd=256, n_ff=640, n_head=8, n_head_kv=2)


class CalibrationError(Exception):
    """A calibration run printed no compute buffers (the graph stays unmeasured)."""


def rows(difference: int, row: int) -> int:
    """Whole rows of a measured difference, rounded up beyond the log's rounding."""
    return math.ceil(difference / row - _ROW_TOLERANCE)


@dataclass(frozen=True)
class _Engine:
    """The engine calibrated, and the group its runs start in (closed: no more runs)."""

    location: EngineLocation
    children: capture.ChildGroup


def measure_graph(
    location: EngineLocation,
    model_dir: Path,
    gpus: Sequence[str] = (),
    children: capture.ChildGroup | None = None,
) -> EngineGraph:
    """The engine's graph differences; only the host's (and `gpus`', the engine's names of
    the GPUs it lists) when it ships no RPC server.

    Raises CalibrationError (or OSError) when a run fails, or once `children` is closed;
    the caller keeps the base graph.
    """
    engine = _Engine(location, children or capture.ChildGroup())
    model = tiny_model(model_dir, CALIBRATION_SHAPE)
    row = _row(model)
    alone = _run(engine, model, [], [])
    base = _estimate(model, replace(_offloaded(), n_gpu_layers=0), 0, EngineGraph())
    host_rows = rows(alone.component(HOST.name, "compute") - base.host.compute, row)
    graph = EngineGraph(host_rows=host_rows, measured=True)
    recurrent = tiny_mamba2(model_dir)
    alone = _run(engine, recurrent, [], [])
    base = _estimate(recurrent, replace(_offloaded(), n_gpu_layers=0), 0, graph)
    recurrent_rows = rows(
        alone.component(HOST.name, "compute") - base.host.compute, _row(recurrent)
    )
    graph = replace(graph, recurrent_host_rows=recurrent_rows)
    graph = replace(graph, hybrid_slot_states=_hybrid_slot_states(engine, model_dir, graph))
    graph = replace(graph, **_mtp_facts(engine, tiny_glm4moe_mtp(model_dir), graph))
    if gpus:
        try:
            graph = _gpu_facts(engine, model, gpus, graph)
        except CalibrationError as error:
            # A GPU the tiny model cannot run on (busy, full) must not cost the host's and
            # the RPC devices' measures: the GPUs keep the base graph's assumptions.
            log.warning("could not measure the graph on %s: %s", ", ".join(gpus), error)
    server = location.path.with_name(RPC_SERVER_NAME)
    if not server.is_file():
        return graph
    with _rpc_servers(engine, server, 2) as endpoints:
        one = _run(engine, model, endpoints[:1], [])
        host = one.component(HOST.name, "compute")
        entry = one.component(f"RPC[{endpoints[0]}]", "compute")
        base = _estimate(model, _offloaded(), 1, EngineGraph())
        graph = replace(
            graph,
            host_offloaded_rows=rows(host - base.host.compute, row),
            entry_rows=rows(entry - base.devices[0].compute, row),
        )
        nkvo = _run(engine, model, endpoints[:1], ["-nkvo"])
        base = _estimate(model, replace(_offloaded(), kv_offload=False), 1, EngineGraph())
        entry = nkvo.component(f"RPC[{endpoints[0]}]", "compute")
        graph = replace(graph, entry_nkvo_rows=rows(entry - base.devices[0].compute, row))
        two, lines = _run_with_log(engine, model, endpoints, [])
        recurrent_two = _run(engine, recurrent, endpoints, [])
    copies = _copies(lines)
    if copies <= 1:
        return graph
    # Price the two-device run with pipeline parallelism but no input rows: what is left
    # over per copy is the rows each kind of device receives.
    graph = replace(
        graph,
        rpc_pipeline=True,
        sched_copies=copies,
        pipeline_host_rows=0,
        pipeline_entry_rows=0,
        pipeline_device_rows=0,
    )
    base = _estimate(model, _offloaded(), 2, graph)
    keys = [f"RPC[{endpoint}]" for endpoint in endpoints]
    per_copy = copies * row
    graph = replace(
        graph,
        pipeline_host_rows=rows(
            two.component(HOST.name, "compute") - base.host.compute, (copies - 1) * row
        ),
        pipeline_entry_rows=rows(
            two.component(keys[0], "compute") - base.devices[0].compute, per_copy
        ),
        pipeline_device_rows=rows(
            two.component(keys[1], "compute") - base.devices[1].compute, per_copy
        ),
    )
    return replace(
        graph, recurrent_boundary_copies=_boundary_copies(recurrent, recurrent_two, keys, graph)
    )


def _boundary_copies(
    model: Path, measured: EngineAllocation, keys: Sequence[str], graph: EngineGraph
) -> int:
    """How many SSM input projections per scheduler copy the second device of a pipelined
    Mamba2 receives beyond the estimate (the first layer it runs follows a recurrent one)."""
    base = _estimate(model, _offloaded(), 2, graph)
    summary = summarize(read_model(model))
    ssm = summary.ssm
    assert ssm is not None
    conv_dim = ssm.inner_size + 2 * ssm.group_count * ssm.state_size
    n_tokens = min(CTX, 512)
    projection = 4 * n_tokens * (ssm.inner_size + conv_dim + ssm.time_step_rank)
    left_over = measured.component(keys[1], "compute") - base.devices[1].compute
    return max(0, rows(left_over, graph.sched_copies * projection))


def _hybrid_slot_states(engine: _Engine, model_dir: Path, graph: EngineGraph) -> int:
    """SSM-state copies per slot beyond the first that a hybrid model's host graph keeps:
    the tiny Granite-hybrid host-only at 1 and at HYBRID_SLOTS slots, what the second run
    leaves over the base estimate beyond what the first does, in one slot's SSM state."""
    model = tiny_hybrid(model_dir)
    summary = summarize(read_model(model))
    assert summary.ssm is not None
    state = 4 * summary.ssm.state_size * summary.ssm.inner_size
    left_over = []
    for slots in (1, HYBRID_SLOTS):
        run = _run(engine, model, [], ["-np", str(slots)])
        settings = replace(_offloaded(), n_gpu_layers=0, parallel=slots)
        base = _estimate(model, settings, 0, graph)
        left_over.append(run.component(HOST.name, "compute") - base.host.compute)
    return max(0, rows(left_over[1] - left_over[0], (HYBRID_SLOTS - 1) * state))


def _mtp_facts(engine: _Engine, model: Path, graph: EngineGraph) -> dict[str, bool]:
    """How the engine keeps and runs an MTP head, from one host-only draft-mtp start: the
    target's weights and KV, then the MTP context's KV (logged after its "creating MTP
    draft context" line), against the base estimate of the same model."""
    summary = summarize(read_model(model))
    settings = EstimateSettings(ctx=MTP_CTX, parallel=1, n_gpu_layers=0)
    plain = estimate(summary, settings, graph=EngineGraph())  # no nextn weights, their KV
    nextn = range(summary.repeating_layers, summary.block_count)
    nextn_kv = sum(layer_kv_bytes(summary, settings, plain.geometry).get(il, 0) for il in nextn)
    nextn_weights = sum(summary.layer_bytes[il] for il in nextn)
    lines = _run_lines(
        engine,
        model,
        ["-dev", "none", "-c", str(MTP_CTX), "-lm", "none", "--spec-type", "draft-mtp"],
        until=lambda seen: any(_MTP_CONTEXT in line for line in seen),
    )
    split = next((i for i, line in enumerate(lines) if _MTP_CONTEXT in line), None)
    if split is None:
        raise CalibrationError("no MTP draft context:\n" + "\n".join(lines[-10:]))
    target = parse_engine_log(lines[:split])
    context = parse_engine_log(lines[split:])
    target_kv = target.component(HOST.name, "KV")
    loaded = target.component(HOST.name, "model") - plain.host.weights
    return {
        "mtp_loads_nextn": loaded > nextn_weights // 2,
        "nextn_kv_in_target": target_kv - (plain.host.kv - nextn_kv) > nextn_kv // 2,
        "mtp_context_full": context.component(HOST.name, "KV") > nextn_kv * 3 // 2,
    }


def _gpu_facts(
    engine: _Engine, model: Path, gpus: Sequence[str], graph: EngineGraph
) -> EngineGraph:
    """What each GPU's graph costs beyond the base: with every layer on it (the rows it
    keeps as the device running the first layer), then with the first layers on the host
    (the rows it keeps beyond the whole graph when it runs their batches). The largest of
    each over the GPUs, so no GPU is priced low."""
    summary = summarize(read_model(model))
    row = _row(model)
    unmeasured = replace(graph, gpus_measured=True, gpu_entry_rows=0, op_offload_rows=0)
    entry: list[int] = []
    offload: list[int] = []
    for gpu in gpus:
        spec = [DeviceSpec(gpu, DeviceKind.GPU, 1, 1)]
        every = _on_gpu(engine, model, gpu, summary.block_count + 1)
        base = estimate(summary, _offloaded(), spec, graph=unmeasured)
        # Fewer rows than the base is not taken: what a GPU backend saves on the tiny model
        # does not scale with n_embd (lavapipe: one row less here, a third of one on a
        # gemma-3 shape), and a GPU priced low runs out of memory.
        left_over = every.component(gpu, "compute") - base.devices[0].compute
        entry.append(max(0, rows(left_over, row)))
        partial = _on_gpu(engine, model, gpu, GPU_PARTIAL_LAYERS)
        settings = replace(_offloaded(), n_gpu_layers=GPU_PARTIAL_LAYERS)
        known = replace(unmeasured, gpu_entry_rows=entry[-1])
        base = estimate(summary, settings, spec, graph=known)
        offload.append(rows(partial.component(gpu, "compute") - base.devices[0].compute, row))
    return replace(unmeasured, gpu_entry_rows=max(entry), op_offload_rows=max(offload))


def _on_gpu(engine: _Engine, model: Path, gpu: str, layers: int) -> EngineAllocation:
    args = ["-c", str(CTX), "-dev", gpu, "-ngl", str(layers)]
    allocation = parse_engine_log(_run_lines(engine, model, args, until=lambda seen: True))
    if not allocation.component(gpu, "compute"):
        raise CalibrationError(f"no compute buffer on {gpu}")
    return allocation


def _offloaded() -> EstimateSettings:
    return EstimateSettings(ctx=CTX, parallel=1)


def _row(model: Path) -> int:
    summary = summarize(read_model(model))
    return 4 * summary.embedding_length * min(CTX, 512)


def _estimate(model: Path, settings: EstimateSettings, n_rpc: int, graph: EngineGraph) -> Estimate:
    devices = [DeviceSpec(f"RPC{i}", DeviceKind.RPC, 1, 1) for i in range(n_rpc)]
    return estimate(summarize(read_model(model)), settings, devices, graph=graph)


def _copies(lines: Sequence[str]) -> int:
    if not any(_PIPELINE in line for line in lines):
        return 1
    for line in lines:
        match = _COPIES.search(line)
        if match:
            return int(match["n"])
    return 1


def _run(
    engine: _Engine, model: Path, endpoints: Sequence[str], extra: Sequence[str]
) -> EngineAllocation:
    return _run_with_log(engine, model, endpoints, extra)[0]


def _run_with_log(
    engine: _Engine, model: Path, endpoints: Sequence[str], extra: Sequence[str]
) -> tuple[EngineAllocation, list[str]]:
    """Start the server, stop it once its compute buffers are reserved, parse its log."""
    args = [
        *("-c", str(CTX)),
        *_devices(endpoints),
        *extra,
    ]
    lines = _run_lines(engine, model, args, until=lambda seen: True)
    allocation = parse_engine_log(lines)
    if not any(b.kind == "compute" for b in allocation.buffers):
        raise CalibrationError("\n".join(lines[-10:]))
    return allocation, lines


def _devices(endpoints: Sequence[str]) -> list[str]:
    """Only the RPC servers, every layer on them; or the host alone. A GPU the machine has
    never takes part: what is measured is the engine's graph, not this machine's GPUs."""
    if not endpoints:
        return ["-dev", "none"]
    names = ",".join(f"RPC{i}" for i in range(len(endpoints)))
    return ["--rpc", ",".join(endpoints), "-dev", names, "-ngl", "99"]


def _run_lines(
    engine: _Engine,
    model: Path,
    args: Sequence[str],
    until: Callable[[list[str]], bool],
) -> list[str]:
    """The server's log up to the first compute reservation after which `until` holds."""
    argv = [
        str(engine.location.path),
        *("-m", str(model), "--host", "127.0.0.1", "--port", "0", "--no-webui"),
        *("--no-warmup", "-lv", "4", "-np", "1", "-fit", "off", "--no-repack"),
        *args,
    ]
    env = {k: v for k, v in engine.location.child_environment(os.environ).items()}
    env = {k: v for k, v in env.items() if not k.startswith("LLAMA_ARG_")}
    # Its own session: the timeout and the stop end whatever it started too, and no child
    # left holding the pipe can keep the read below waiting.
    process = _start(
        engine,
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        text=True,
        errors="replace",
    )
    assert process.stdout is not None
    stdout = process.stdout
    lines: list[str] = []
    read = 0
    killer = threading.Timer(RUN_TIMEOUT_S, capture.kill_group, (process,))
    killer.start()
    try:
        for line in iter(lambda: stdout.readline(_LINE_LIMIT), ""):
            lines.append(line.rstrip("\n"))
            read += len(line)
            if (_RESERVED in line and until(lines)) or _LISTENING in line:
                break  # the server reserves before it listens: nothing more will come
            if read > _LOG_LIMIT:
                raise CalibrationError(f"the engine wrote more than {_LOG_LIMIT} bytes of log")
    finally:
        killer.cancel()
        capture.kill_group(process)
        process.wait()
        engine.children.forget(process)
        stdout.close()
    if engine.children.closed:
        raise CalibrationError("calibration was stopped")
    return lines


def _start(engine: _Engine, argv: list[str], **popen: Any) -> subprocess.Popen[Any]:
    try:
        return engine.children.start(argv, **popen)
    except capture.ChildrenClosedError as error:
        raise CalibrationError("calibration was stopped") from error


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def _rpc_servers(engine: _Engine, binary: Path, count: int) -> Iterator[list[str]]:
    processes: list[subprocess.Popen[bytes]] = []
    endpoints: list[str] = []
    try:
        for _ in range(count):
            port = _free_port()
            processes.append(
                _start(
                    engine,
                    [str(binary), "-H", "127.0.0.1", "-p", str(port), "-t", "1"],
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    env=engine.location.child_environment(os.environ),
                )
            )
            endpoints.append(f"127.0.0.1:{port}")
            _wait_listening(port, processes[-1])
        yield endpoints
    finally:
        for process in processes:
            process.kill()
            process.wait()
            engine.children.forget(process)


def _wait_listening(port: int, process: subprocess.Popen[bytes], timeout_s: float = 10.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise CalibrationError(f"{RPC_SERVER_NAME} exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise CalibrationError(f"{RPC_SERVER_NAME} did not listen on port {port}")
