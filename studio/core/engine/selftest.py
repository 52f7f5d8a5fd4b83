"""Prove that an engine binary runs a model on this CPU before any real model meets it.

`--version` and `--help` succeed even when the CPU backend was compiled for instructions
this processor lacks; the crash comes at the first model load. So each binary is started
once on a tiny synthetic GGUF, asked for one token and stopped. The verdict is cached on
disk by the binary (path, mtime, size) and this CPU (model and flags): a new build, an
update or a moved disk is tested again, an ordinary restart is not.

Blocking (one child process, about a second); callers on an event loop use a thread.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import httpx

from studio.core.engine import cache_file, capture
from studio.core.engine.calibrate import CalibrationError, measure_graph
from studio.core.engine.cpu import (
    CpuInfo,
    built_features,
    cpu_variant,
    crashing_features,
    describe_features,
    missing_features,
    usable_features,
)
from studio.core.engine.info import EngineDevice
from studio.core.engine.locate import EngineLocation
from studio.core.engine.tiny_model import PLAIN_TOKEN, tiny_model
from studio.core.memory import EngineGraph, EngineMemory
from studio.core.safe_read import read_regular_text

log = logging.getLogger(__name__)

SELF_TEST_TIMEOUT_S = 90.0
_LISTENING = re.compile(r"listening on (http://127\.0\.0\.1:\d+)")
_BACKENDS = re.compile(r"\|\s*([A-Za-z][A-Za-z0-9]*)\s*:")
_TAIL_LINES = 30
# The log kept from its start (what the verdict reads: the build's features, the backends;
# a -lv 4 start of the tiny model writes a few KB), and the longest line read at once: a
# binary that floods its output must not fill the memory with it.
_LOG_LIMIT = 1 << 20
_LINE_LIMIT = 1 << 16
# What is kept of one line (the longest the verdict reads, system_info, is under 1 KB):
# thirty flooded lines must not make a verdict of megabytes in the cache.
_KEPT_LINE = 4096
_CACHE_VERSION = 8  # 2: the measured compute graph; 3: its recurrent rows; 4: MTP facts;
# 5: hybrid per-slot states; 6: recurrent layer boundaries under pipeline parallelism;
# 7: the features the CPU really runs; 8: the GPUs' graphs, keyed by the device set
NO_ANSWER = "no answer"
# Verdicts are a few KiB per engine: a larger cache, or one that is not a regular file,
# is damaged and set aside.
_CACHE_MAX_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class SelfTestResult:
    """The verdict on one binary on this CPU.

    `code` is empty when it passed, `engine_cpu_unsupported` when it died of an illegal
    instruction (with the features it was built for and those this CPU lacks), otherwise
    `engine_self_test_failed` with the exit status and the log's last lines.
    `usable_features`: of `built_features`, those this CPU has and the engine did not
    refuse at run time (AMX without the OS's tile permission); they decide repacking.
    """

    passed: bool
    code: str
    built_features: tuple[str, ...]
    missing_features: tuple[str, ...]
    cpu_variant: str
    cpu_summary: str
    backends: tuple[str, ...]
    exit_status: str
    log_tail: tuple[str, ...]
    seconds: float
    usable_features: tuple[str, ...] = ()
    graph: EngineGraph | None = None  # measured after a pass (calibrate.py); None: not measured

    @property
    def memory(self) -> EngineMemory:
        """What the estimator needs of this engine (nothing known unless it passed)."""
        if not self.passed:
            return EngineMemory()
        return EngineMemory(frozenset(self.usable_features), self.graph)

    @property
    def params(self) -> dict[str, object]:
        """What a sentence about this verdict needs."""
        return {
            "built_for": describe_features(self.built_features),
            "missing": describe_features(self.missing_features),
            "cpu": self.cpu_summary,
            "status": self.exit_status,
        }

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["graph"] = self.graph.to_json() if self.graph is not None else None
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SelfTestResult:
        return cls(
            passed=bool(data["passed"]),
            code=str(data["code"]),
            built_features=tuple(data["built_features"]),
            missing_features=tuple(data["missing_features"]),
            cpu_variant=str(data["cpu_variant"]),
            cpu_summary=str(data["cpu_summary"]),
            backends=tuple(data["backends"]),
            exit_status=str(data["exit_status"]),
            log_tail=tuple(data["log_tail"]),
            seconds=float(data["seconds"]),
            usable_features=tuple(data["usable_features"]),
            graph=EngineGraph.from_json(data["graph"]) if data.get("graph") else None,
        )


def _backends(log_text: str) -> tuple[str, ...]:
    line = next((ln for ln in log_text.splitlines() if "system_info:" in ln), "")
    names = [name for name in _BACKENDS.findall(line) if name != "CPU"]
    return ("CPU", *dict.fromkeys(names))


def _exit_status(returncode: int | None) -> str:
    if returncode is None:  # still running when we gave up on it: no answer in time
        return NO_ANSWER
    if returncode < 0:
        with contextlib.suppress(ValueError):
            return signal.Signals(-returncode).name
        return f"signal {-returncode}"
    return f"exit {returncode}"


class _LogReader:
    """Collects a child's output on a thread and notices the `listening on` line. Keeps
    the first `_LOG_LIMIT` bytes and the last lines after them; owns the stream and closes
    it at its end (closing it from another thread would wait for a read that a child the
    engine left behind can hold open for as long as it lives)."""

    def __init__(self, stream: Any) -> None:
        self.lines: list[str] = []
        self.base_url: str | None = None
        self.listening = threading.Event()
        self.ended = threading.Event()
        self._kept = 0
        self._left_out = 0
        self._tail: deque[str] = deque(maxlen=_TAIL_LINES)
        self._thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._thread.start()

    def _read(self, stream: Any) -> None:
        try:
            for raw in iter(lambda: stream.readline(_LINE_LIMIT), b""):
                self._add(raw.decode("utf-8", errors="replace").rstrip("\n"), len(raw))
        finally:
            stream.close()
            self.ended.set()
            self.listening.set()  # end of output: nobody will listen any more

    def _add(self, line: str, size: int) -> None:
        match = _LISTENING.search(line)
        if match and self.base_url is None:
            self.base_url = match.group(1)
            self.listening.set()
        if len(line) > _KEPT_LINE:  # its start and its end: where a message has its words
            line = f"{line[: _KEPT_LINE // 2]}…{line[-_KEPT_LINE // 2 :]}"
        if self._kept < _LOG_LIMIT:
            self.lines.append(line)
            self._kept += size
        else:
            self._left_out += 1
            self._tail.append(line)

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)

    @property
    def text(self) -> str:
        if not self._left_out:
            return "\n".join(self.lines)
        skipped = self._left_out - len(self._tail)
        return "\n".join([*self.lines, f"[{skipped} lines left out]", *self._tail])


def _child_environment(location: EngineLocation) -> dict[str, str]:
    # The user's LLAMA_ARG_* must not change what the self-test runs.
    env = location.child_environment(os.environ)
    return {k: v for k, v in env.items() if not k.startswith("LLAMA_ARG_")}


def run_self_test(
    location: EngineLocation,
    model_dir: Path,
    cpu: CpuInfo,
    timeout_s: float = SELF_TEST_TIMEOUT_S,
    children: capture.ChildGroup | None = None,
) -> SelfTestResult:
    """Start the engine on the tiny model, generate one token, stop it, and judge.
    Closing `children` ends the run at once (judged as no answer)."""
    children = children or capture.ChildGroup()
    model = tiny_model(model_dir)
    argv = [
        str(location.path),
        *("-m", str(model), "--host", "127.0.0.1", "--port", "0"),
        *("-c", "256", "-np", "1", "-ngl", "0", "--no-webui", "-lv", "4"),
    ]
    started = time.monotonic()
    try:
        process = children.start(
            argv,
            stdin=subprocess.DEVNULL,
            # One stream, as the manager reads it: builds differ in which one they log to.
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=_child_environment(location),
        )
    except capture.ChildrenClosedError:
        return _judge(None, False, "", cpu, 0.0)
    reader = _LogReader(process.stdout)
    generated = False
    stopped_by_us = False
    try:
        deadline = started + timeout_s
        while not reader.listening.wait(0.1):
            if time.monotonic() > deadline or children.closed:
                break
            if process.poll() is not None:
                break  # it died; a child it left may hold its output open, and say nothing
        if reader.base_url is not None and process.poll() is None:
            generated = _one_token(reader.base_url, process, deadline)
    finally:
        if reader.ended.is_set():
            # Its output ended: it is exiting on its own (a crash, say). Reap it rather than
            # mistake "not reaped yet" for "still running".
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=10)
        stopped_by_us = process.poll() is None
        if stopped_by_us:
            process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=10)
        # Whatever it started goes with it (and it, if SIGTERM was not enough): its
        # session is its own, and a child left holding the log pipe would hold the reader.
        capture.kill_group(process)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=10)
        reader.join(5)
        children.forget(process)
    returncode = None if stopped_by_us or children.closed else process.returncode
    return _judge(returncode, generated, reader.text, cpu, time.monotonic() - started)


def _one_token(base_url: str, process: subprocess.Popen[bytes], deadline: float) -> bool:
    """Wait until the model is loaded (the port listens before it is: /health says 503),
    then ask for one token."""
    timeout = max(deadline - time.monotonic(), 1.0)
    try:
        with httpx.Client(base_url=base_url, timeout=timeout, trust_env=False) as client:
            while client.get("/health").status_code == 503:
                if process.poll() is not None or time.monotonic() > deadline:
                    return False
                time.sleep(0.05)
            body = {
                "prompt": "Hello",
                "n_predict": 1,
                "temperature": 0,
                "logit_bias": [[PLAIN_TOKEN, 100.0]],
            }
            reply = client.post("/completion", json=body)
    except (httpx.HTTPError, ValueError) as error:
        log.info("self-test request failed: %s", error)
        return False
    return reply.status_code == 200 and "content" in reply.json()


def _judge(
    returncode: int | None, generated: bool, log_text: str, cpu: CpuInfo, seconds: float
) -> SelfTestResult:
    built = built_features(log_text)
    missing = missing_features(built, cpu)
    # terminate() after a good answer gives SIGTERM or exit 0; both mean it ran.
    illegal = returncode == -signal.SIGILL
    passed = generated and not illegal
    if passed:
        code = ""
    elif illegal or (crashing_features(missing) and returncode is not None and returncode < 0):
        code = "engine_cpu_unsupported"
    else:
        code = "engine_self_test_failed"
    return SelfTestResult(
        passed=passed,
        code=code,
        built_features=tuple(sorted(built)),
        missing_features=missing,
        cpu_variant=cpu_variant(built),
        cpu_summary=cpu.summary,
        backends=_backends(log_text),
        exit_status="ok" if passed else _exit_status(returncode),
        log_tail=tuple(log_text.splitlines()[-_TAIL_LINES:]),
        seconds=round(seconds, 2),
        usable_features=tuple(sorted(usable_features(built, missing, log_text))),
    )


class SelfTester:
    """Owns the on-disk verdict cache; one per application context."""

    def __init__(
        self,
        cache_file: Path | None,
        model_dir: Path,
        cpu: CpuInfo | None = None,
        timeout_s: float = SELF_TEST_TIMEOUT_S,
    ) -> None:
        self._cache_file = cache_file
        self._model_dir = model_dir
        self.cpu = cpu or CpuInfo.of_this_machine()
        self._timeout_s = timeout_s
        self._lock = threading.Lock()
        self._memory: dict[str, SelfTestResult] = {}
        self._children = capture.ChildGroup()

    def close(self) -> None:
        """End a self-test or calibration in flight and start none (quitting must not wait
        for a slow one, nor leave its engine running)."""
        self._children.close()

    def _key(self, location: EngineLocation, gpus: Sequence[EngineDevice]) -> str:
        stat = location.path.stat()
        devices = ",".join(f"{d.name}={d.description}" for d in gpus)
        return f"{location.path}|{stat.st_mtime_ns}|{stat.st_size}|{self.cpu.fingerprint}|{devices}"

    def cached(
        self, location: EngineLocation, gpus: Sequence[EngineDevice] = ()
    ) -> SelfTestResult | None:
        """The verdict if this binary was already tested on this CPU and these GPUs (the
        ones it lists), without running it."""
        try:
            key = self._key(location, gpus)
        except OSError:
            return None
        with self._lock:
            if key in self._memory:
                return self._memory[key]
        stored = self._read_cache().get(key)
        if isinstance(stored, dict):
            # A damaged verdict counts as none: the binary is tested again and its entry
            # rewritten (OverflowError: a graph row of 1e400).
            with contextlib.suppress(
                KeyError, TypeError, ValueError, AttributeError, ArithmeticError
            ):
                return SelfTestResult.from_json(stored)
        return None

    def test(self, location: EngineLocation, gpus: Sequence[EngineDevice] = ()) -> SelfTestResult:
        """The cached verdict, or run the self-test now and remember it. `gpus`: the GPUs
        the engine lists (its probe), on which its graph is measured too."""
        found = self.cached(location, gpus)
        if found is not None:
            return found
        key = self._key(location, gpus)
        result = run_self_test(location, self._model_dir, self.cpu, self._timeout_s, self._children)
        if result.passed and not self._children.closed:
            names = [gpu.name for gpu in gpus]
            result = replace(result, graph=self._measure(location, names))
        with self._lock:
            self._memory[key] = result
        # No answer in time (a loaded machine) or a cancelled run says nothing lasting
        # about the binary; a pass or a death of its own does. A pass whose graph could
        # not be measured is not kept either, so the next start measures it again instead
        # of pricing the base graph for good.
        if (result.passed and result.graph is not None) or (
            not result.passed and result.exit_status != NO_ANSWER
        ):
            self._write_cache(key, result)
        return result

    def _measure(self, location: EngineLocation, gpus: Sequence[str]) -> EngineGraph | None:
        """The engine's compute-graph differences; None (the base graph is priced) when a
        calibration run fails, which says nothing against the engine itself."""
        # A calibration run can fail for reasons of the moment (an RPC server slow to
        # take its next client on a loaded machine), so one failure earns one retry.
        for attempt in range(2):
            if self._children.closed:
                return None
            try:
                return measure_graph(location, self._model_dir, gpus, self._children)
            except (CalibrationError, OSError) as error:
                log.warning(
                    "could not measure the compute graph of %s (try %d): %s",
                    location.path,
                    attempt + 1,
                    error,
                )
        return None

    def _read_cache(self) -> dict[str, Any]:
        if self._cache_file is None:
            return {}
        try:
            data = json.loads(read_regular_text(self._cache_file, limit=_CACHE_MAX_BYTES))
        except OSError:
            return {}
        except cache_file.DAMAGE as error:
            cache_file.set_aside(self._cache_file, error)
            return {}
        if not isinstance(data, dict):
            cache_file.set_aside(self._cache_file, "not a JSON object")
            return {}
        if data.get("version") != _CACHE_VERSION:
            return {}  # another version's verdicts: replaced by the next one written
        entries = data.get("entries")
        if not isinstance(entries, dict):
            cache_file.set_aside(self._cache_file, "no table of verdicts")
            return {}
        return entries

    def _write_cache(self, key: str, result: SelfTestResult) -> None:
        if self._cache_file is None:
            return
        entries = self._read_cache()
        entries[key] = result.to_json()
        try:
            self._cache_file.parent.mkdir(parents=True, exist_ok=True)
            partial = self._cache_file.with_suffix(f".{os.getpid()}.tmp")
            partial.write_text(json.dumps({"version": _CACHE_VERSION, "entries": entries}))
            partial.replace(self._cache_file)
        except OSError as error:  # a read-only cache only costs a second per start
            log.warning("could not write the self-test cache %s: %s", self._cache_file, error)
