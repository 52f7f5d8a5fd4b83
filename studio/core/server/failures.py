"""Why a llama-server child failed: a typed `Failure` with a code, parameters and log tail.

Classification reads the exit status and the last lines the child printed (the tail, not
the head: the cause is printed last). The markers are the engine's own messages (see
llama-server-and-memory.md, B6); an unrecognised exit keeps its status and tail so the user
still sees what happened instead of a generic "failed to start".
"""

from __future__ import annotations

import re
import signal
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from studio.core.devices import DeviceKind
from studio.core.errors import StudioError

TAIL_LINES = 40


class FailureCode(StrEnum):
    BINARY_MISSING = "binary_missing"
    BINARY_NOT_EXECUTABLE = "binary_not_executable"
    BAD_ARGUMENT = "bad_argument"
    PORT_IN_USE = "port_in_use"
    MODEL_MISSING = "model_missing"
    MODEL_INVALID = "model_invalid"  # not a GGUF, truncated or corrupt
    UNKNOWN_ARCHITECTURE = "unknown_architecture"  # the engine is older than the model
    KV_TYPE_NEEDS_FLASH_ATTN = "kv_type_needs_flash_attn"
    PROJECTOR_FAILED = "projector_failed"
    OOM_WEIGHTS = "oom_weights"
    OOM_KV = "oom_kv"
    OOM_COMPUTE = "oom_compute"
    KILLED = "killed"  # SIGKILL: most likely the OS out-of-memory killer
    CRASHED = "crashed"  # SEGV, ABRT, BUS, FPE
    # SIGILL: the engine was compiled for instructions this CPU lacks (AVX-512 on an AVX2
    # desktop). No recovery rung can help; another engine build can.
    ENGINE_CPU_UNSUPPORTED = "engine_cpu_unsupported"
    HEALTH_TIMEOUT = "health_timeout"
    CRASH_LOOP = "crash_loop"
    # Alive but not answering /health (stopped, deadlocked, swapping to death): replaced.
    HUNG = "hung"
    # Out of memory after every smaller setting the planner had; params: last (the final
    # out-of-memory code), steps (step-downs taken), ctx (the last context tried).
    OOM_NOTHING_SMALLER = "oom_nothing_smaller"
    EXITED = "exited"  # any other exit

    @property
    def is_out_of_memory(self) -> bool:
        return self in {self.OOM_WEIGHTS, self.OOM_KV, self.OOM_COMPUTE, self.KILLED}


CRASH_SIGNALS = frozenset(
    {signal.SIGSEGV, signal.SIGABRT, signal.SIGILL, signal.SIGBUS, signal.SIGFPE}
)
_CRASH_SIGNAL_NAMES = frozenset(s.name for s in CRASH_SIGNALS)


@dataclass(frozen=True)
class Failure:
    code: FailureCode
    params: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))
    exit_code: int | None = None
    signal_name: str | None = None
    log_tail: tuple[str, ...] = ()

    @property
    def detail(self) -> str:
        """English technical summary for logs and the CLI (the UI translates `code`)."""
        parts = [self.code.value]
        if self.signal_name:
            parts.append(f"signal {self.signal_name}")
        elif self.exit_code is not None:
            parts.append(f"exit {self.exit_code}")
        parts.extend(f"{key}={value}" for key, value in self.params.items())
        return ", ".join(parts)

    def mentions(self, pattern: re.Pattern[str]) -> bool:
        return any(pattern.search(line) for line in self.log_tail)

    @property
    def ended_by_the_engine(self) -> bool:
        """The engine ended itself (a crash signal or an exit status), so what it was
        working on may be the cause. Not so for a kill from outside (SIGKILL, most likely
        the OS for memory), a stop signal, or a child the manager killed as hung."""
        if self.signal_name is not None:
            return self.signal_name in _CRASH_SIGNAL_NAMES
        return self.exit_code is not None


class ServerFailureError(StudioError):
    """Raised to callers of the manager when a start or a request fails for a known reason."""

    def __init__(self, failure: Failure) -> None:
        # The exit status travels with the code's parameters, so the sentence said from
        # them (the CLI, the API) names it as the UI's does, never "(code ?)".
        status: dict[str, object] = {}
        if failure.signal_name:
            status["signal"] = failure.signal_name
        if failure.exit_code is not None:
            status["exit_code"] = failure.exit_code
        super().__init__(failure.code.value, failure.detail, **{**status, **failure.params})
        self.failure = failure


def make_failure(
    code: FailureCode,
    *,
    exit_code: int | None = None,
    signal_name: str | None = None,
    log_tail: Sequence[str] = (),
    **params: object,
) -> Failure:
    return Failure(
        code=code,
        params=MappingProxyType(dict(params)),
        exit_code=exit_code,
        signal_name=signal_name,
        log_tail=tuple(log_tail)[-TAIL_LINES:],
    )


# Ordered: the first rule whose pattern matches any tail line wins, so specific causes are
# listed before the generic lines that follow them ("failed to load model" follows all of
# the model errors).
_RULES: tuple[tuple[FailureCode, re.Pattern[str]], ...] = (
    (FailureCode.BAD_ARGUMENT, re.compile(r"error: invalid argument: (?P<argument>\S+)")),
    (
        FailureCode.BAD_ARGUMENT,
        re.compile(r'error while handling argument "(?P<argument>[^"]+)": (?P<reason>.*)'),
    ),
    (FailureCode.BAD_ARGUMENT, re.compile(r"error: (?P<reason>.*has been removed.*)")),
    (
        FailureCode.PORT_IN_USE,
        re.compile(r"couldn't bind HTTP server socket, hostname: \S+, port: (?P<port>\d+)"),
    ),
    (
        FailureCode.UNKNOWN_ARCHITECTURE,
        re.compile(r"unknown model architecture: '(?P<arch>[^']*)'"),
    ),
    (
        FailureCode.MODEL_MISSING,
        re.compile(r"failed to open GGUF file '(?P<path>[^']*)' \((?P<reason>[^)]*)\)"),
    ),
    (FailureCode.MODEL_INVALID, re.compile(r"invalid magic characters")),
    (FailureCode.MODEL_INVALID, re.compile(r"tensor '[^']*' has offset \d+, expected")),
    (
        FailureCode.MODEL_INVALID,
        re.compile(r"failed to read tensor data|missing tensor|wrong shape"),
    ),
    (FailureCode.MODEL_INVALID, re.compile(r"CLIP cannot be used as main model")),
    (FailureCode.KV_TYPE_NEEDS_FLASH_ATTN, re.compile(r"quantized V cache requires flash_attn")),
    (FailureCode.OOM_KV, re.compile(r"failed to allocate buffer for (kv|rs) cache")),
    (FailureCode.OOM_COMPUTE, re.compile(r"failed to allocate compute( pp)? buffers")),
    (FailureCode.OOM_COMPUTE, re.compile(r"failed to allocate compute buffer")),
    (FailureCode.OOM_WEIGHTS, re.compile(r"unable to allocate (?P<buffer>\S+) buffer")),
    (FailureCode.OOM_WEIGHTS, re.compile(r"error loading model: .*alloc")),
    (FailureCode.PROJECTOR_FAILED, re.compile(r"failed to load (multimodal )?projector|mtmd_init")),
)

# A line that names a device allocation failure without the final verdict (e.g. the child
# was killed while printing); used to call a bare crash an out-of-memory at load.
_OOM_HINT = re.compile(
    r"out of memory|cudaMalloc failed|insufficient memory|ErrorOutOfDeviceMemory", re.IGNORECASE
)


# llama.cpp's RPC client aborts the whole engine (GGML_ABORT, so SIGABRT) when a remote
# `ggml-rpc-server` stops answering in the middle of a command, after one of its socket lines
# ("send failed (bytes_sent=..., size_to_send=...)", "recv failed (...)"). A server that
# cannot allocate what a command needs beyond its buffers (the receive buffer for a tensor
# upload: "Failed to allocate input buffer of size N", printed on the remote only) drops the
# connection instead of answering, and one killed by its OS for memory is gone: either way
# the engine only says the remote "crashed". Its buffers themselves fail cleanly ("failed to
# allocate RPC0[...] buffer", the rules above). While the model loads, the abort is read as
# that device running out of memory; the line names no device, so the failure names the kind
# and the planner picks the remote device (`studio.core.placement.smaller.failing_device`).
_RPC_ABORT = re.compile(r"Remote RPC server crashed or returned malformed response")
# The engine was serving: an abort now is a remote lost mid-answer, not a load that failed
# (for a caller that cannot say; the manager passes `serving`, since a long log's ring may no
# longer hold this line).
_SERVING = re.compile(r"\bmodel loaded\b|starting the main loop")
# How far the load had come when the remote stopped answering, latest stage first. At the
# default verbosity the engine prints "llama threadpool init" once the context (cache and
# compute buffers) exists; with -lv 4, or a debugger's backtrace after the abort, the stage's
# own lines and frames are there too. Nothing past the weights: the upload of the weights,
# the largest transfer and the one a remote most often cannot receive.
_RPC_STAGES: tuple[tuple[FailureCode, re.Pattern[str]], ...] = (
    (
        FailureCode.OOM_COMPUTE,
        re.compile(
            r"llama threadpool init|warming up|sched_reserve|graph_reserve|compute (pp )?buffer"
            r"|llama_decode"
        ),
    ),
    (
        FailureCode.OOM_KV,
        re.compile(r"llama_kv_cache|KV buffer|kv cache|llama_context|llama_init_from_model"),
    ),
)


def _rpc_device_ran_out(log_lines: Sequence[str]) -> FailureCode | None:
    """The out-of-memory code for an engine that aborted because a remote RPC server stopped
    answering while the model loaded, or None when that is not what the log shows."""
    if not any(_RPC_ABORT.search(line) for line in log_lines):
        return None
    if any(_SERVING.search(line) for line in log_lines):
        return None
    for code, pattern in _RPC_STAGES:
        if any(pattern.search(line) for line in log_lines):
            return code
    return FailureCode.OOM_WEIGHTS


def _match_rules(tail: Sequence[str]) -> tuple[FailureCode, dict[str, object]] | None:
    for code, pattern in _RULES:
        for line in tail:
            match = pattern.search(line)
            if match:
                params = {k: v for k, v in match.groupdict().items() if v is not None}
                return code, params
    return None


def signal_name_of(signal_number: int) -> str:
    try:
        return signal.Signals(signal_number).name
    except ValueError:
        return f"SIG{signal_number}"


def classify_exit(returncode: int, log_lines: Sequence[str], *, serving: bool = False) -> Failure:
    """Classify a child that exited (on its own) before or after becoming ready.

    `returncode` follows `subprocess`: negative = killed by that signal. `log_lines` may be
    the whole log: the failure keeps its tail, but an abort is placed by all of it (a
    debugger's backtrace after the abort can be longer than the tail). `serving`: the child
    had become ready, so a remote RPC server it lost was not out of memory for the load.
    """
    tail = tuple(log_lines)[-TAIL_LINES:]
    if returncode < 0:
        number = -returncode
        name = signal_name_of(number)
        if number == signal.SIGKILL:
            return make_failure(FailureCode.KILLED, signal_name=name, log_tail=tail)
        if number == signal.SIGILL:
            return make_failure(FailureCode.ENGINE_CPU_UNSUPPORTED, signal_name=name, log_tail=tail)
        if number in CRASH_SIGNALS:
            remote = None if serving else _rpc_device_ran_out(log_lines)
            if remote is not None:
                return make_failure(
                    remote, signal_name=name, log_tail=tail, device_kind=DeviceKind.RPC.value
                )
            oom = any(_OOM_HINT.search(line) for line in tail)
            code = FailureCode.OOM_COMPUTE if oom else FailureCode.CRASHED
            return make_failure(code, signal_name=name, log_tail=tail)
        return make_failure(FailureCode.EXITED, signal_name=name, log_tail=tail)
    matched = _match_rules(tail)
    if matched is not None:
        code, params = matched
        return Failure(code, MappingProxyType(params), exit_code=returncode, log_tail=tail)
    if returncode == 127:  # the shell's "command not found" for a wrapper or loader
        return make_failure(FailureCode.BINARY_MISSING, exit_code=returncode, log_tail=tail)
    if returncode == 126:
        return make_failure(FailureCode.BINARY_NOT_EXECUTABLE, exit_code=returncode, log_tail=tail)
    return make_failure(FailureCode.EXITED, exit_code=returncode, log_tail=tail)


def classify_spawn_error(error: OSError, binary: str) -> Failure:
    """The binary could not be started at all."""
    if isinstance(error, FileNotFoundError):
        return make_failure(FailureCode.BINARY_MISSING, path=binary)
    return make_failure(
        FailureCode.BINARY_NOT_EXECUTABLE, path=binary, reason=error.strerror or str(error)
    )
