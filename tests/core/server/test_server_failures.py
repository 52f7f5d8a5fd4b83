"""Failure classification from exit status and the engine's own log lines, and the ladder."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from studio.core.devices import SplitMode
from studio.core.engine_knobs import FlashAttn
from studio.core.server.failures import (
    Failure,
    FailureCode,
    classify_exit,
    classify_spawn_error,
    make_failure,
)
from studio.core.server.launch import LaunchSpec
from studio.core.server.recovery import RecoveryStep, StepDown, next_rung, next_step

# Lines captured from the bundled llama-server (timestamps kept as it prints them).
LOADING_ERROR_TAIL = [
    "0.00.007.933 I srv    operator(): operator(): cleaning up before exit...",
    "0.00.008.393 E srv  llama_server: exiting due to model loading error",
]
CASES = [
    (["error: invalid argument: --bogus"], 1, FailureCode.BAD_ARGUMENT, {"argument": "--bogus"}),
    (
        ['error while handling argument "-ctk": Unsupported cache type: q3_k', "usage:"],
        1,
        FailureCode.BAD_ARGUMENT,
        {"argument": "-ctk", "reason": "Unsupported cache type: q3_k"},
    ),
    (
        [
            "0.00.006.707 E srv         start: couldn't bind HTTP server socket, "
            "hostname: 127.0.0.1, port: 18605",
            "0.00.006.874 E srv  llama_server: exiting due to HTTP server error",
        ],
        1,
        FailureCode.PORT_IN_USE,
        {"port": "18605"},
    ),
    (
        [
            "0.00.009.195 E gguf_init_from_file: failed to open GGUF file '/nonexist.gguf' "
            "(No such file or directory)",
            "0.00.009.264 E llama_model_load: error loading model: llama_model_loader: "
            "failed to load model from /nonexist.gguf",
            *LOADING_ERROR_TAIL,
        ],
        1,
        FailureCode.MODEL_MISSING,
        {"path": "/nonexist.gguf", "reason": "No such file or directory"},
    ),
    (
        [
            "0.00.007.784 E gguf_init_from_reader: invalid magic characters: '??ex', "
            "expected 'GGUF'",
            *LOADING_ERROR_TAIL,
        ],
        1,
        FailureCode.MODEL_INVALID,
        {},
    ),
    (
        [
            "E llama_model_load: error loading model: unknown model architecture: 'foobar'",
            *LOADING_ERROR_TAIL,
        ],
        1,
        FailureCode.UNKNOWN_ARCHITECTURE,
        {"arch": "foobar"},
    ),
    (
        [
            "0.07.113.525 E ggml_aligned_malloc: insufficient memory (attempted to allocate "
            "1098635.62 MB)",
            "0.07.238.435 E llama_init_from_model: failed to initialize the context: "
            "failed to allocate buffer for kv cache",
            *LOADING_ERROR_TAIL,
        ],
        1,
        FailureCode.OOM_KV,
        {},
    ),
    (
        [
            "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 9000 MiB on device 0: "
            "cudaMalloc failed: out of memory",
            "alloc_tensor_range: failed to allocate CUDA0 buffer of size 9437184000",
            "llama_model_load: error loading model: unable to allocate CUDA0 buffer",
        ],
        1,
        FailureCode.OOM_WEIGHTS,
        {"buffer": "CUDA0"},
    ),
    (
        ["llama_init_from_model: failed to allocate compute pp buffers"],
        1,
        FailureCode.OOM_COMPUTE,
        {},
    ),
    (
        ["E llama_init_from_model: quantized V cache requires flash_attn to be enabled"],
        1,
        FailureCode.KV_TYPE_NEEDS_FLASH_ATTN,
        {},
    ),
    (["sh: llama-server: not found"], 127, FailureCode.BINARY_MISSING, {}),
    (["something unexpected"], 3, FailureCode.EXITED, {}),
]


@pytest.mark.parametrize(("tail", "status", "code", "params"), CASES)
def test_exit_classification(
    tail: list[str], status: int, code: FailureCode, params: dict[str, str]
) -> None:
    failure = classify_exit(status, tail)
    assert failure.code is code
    assert dict(failure.params) == params
    assert failure.exit_code == status
    assert failure.log_tail == tuple(tail)


def test_signals() -> None:
    killed = classify_exit(-signal.SIGKILL, ["loading"])
    assert (killed.code, killed.signal_name) == (FailureCode.KILLED, "SIGKILL")
    assert killed.code.is_out_of_memory
    for number in (signal.SIGSEGV, signal.SIGABRT, signal.SIGBUS, signal.SIGFPE):
        crash = classify_exit(-number, ["GGML_ASSERT(x) failed"])
        assert (crash.code, crash.signal_name) == (FailureCode.CRASHED, number.name)
    # An illegal instruction is the CPU refusing the build, not a bug to retry around.
    illegal = classify_exit(-signal.SIGILL, ["load_tensors: loading model"])
    assert (illegal.code, illegal.signal_name) == (FailureCode.ENGINE_CPU_UNSUPPORTED, "SIGILL")
    runtime_oom = classify_exit(-signal.SIGABRT, ["CUDA error: out of memory"])
    assert runtime_oom.code is FailureCode.OOM_COMPUTE
    assert classify_exit(-signal.SIGTERM, []).code is FailureCode.EXITED


# What the bundled engine (Vulkan build, default verbosity, as the manager runs it) printed
# when a remote `ggml-rpc-server` with capped memory could not take its part of a load. The
# remote's own line ("Failed to allocate input buffer of size 30081328", or "terminate called
# after throwing an instance of 'std::bad_alloc'" when it died) is printed on the remote only.
_LOADING = (
    "0.00.052.462 I srv    load_model: loading model "
    "'/root/.cache/gguf-studio-tests/SmolLM2-135M-Instruct.Q4_1.gguf'"
)
# The server dropped the connection while the 30 MiB output matrix was being uploaded.
RPC_ABORT_IN_WEIGHTS = [
    "0.00.048.763 I cmn  common_param: common_params_print_info: verbosity = 3 "
    "(adjust with the `-lv N` CLI arg)",
    _LOADING,
    "/tmp/llama-cpp-src/ggml/src/ggml-rpc/ggml-rpc.cpp:509: Remote RPC server crashed or "
    "returned malformed response",
    "0.00.243.011 E send failed (bytes_sent=1047728, size_to_send=29033600)",
]
# The server died of std::bad_alloc in graph_compute while the engine warmed the model up.
RPC_ABORT_IN_WARMUP = [
    _LOADING,
    "0.00.518.757 I cmn          init: llama threadpool init, n_threads = 2",
    "/tmp/llama-cpp-src/ggml/src/ggml-rpc/ggml-rpc.cpp:519: Remote RPC server crashed or "
    "returned malformed response",
    "0.00.983.229 E recv failed (bytes_recv=0, size_to_recv=8)",
]
# gdb's backtrace, printed after the abort where gdb is installed: one line per thread and
# frame, easily more than the tail holds on a machine with many cores.
BACKTRACE = [
    *(f"[New LWP {1244 + n}]" for n in range(48)),
    "[Thread debugging using libthread_db enabled]",
    "#2  0x00007fa34214fe72 in ggml_abort () from libggml-base.so.0",
    "#3  0x00007fa342c83175 in ?? () from libggml-rpc.so.0",
    "#4  0x00007fa341790c75 in llama_model_loader::load_all_data(ggml_context*, ...) () "
    "from libllama.so.0",
    "#5  0x00007fa3417ad840 in llama_model_base::load_tensors(llama_model_loader&) () "
    "from libllama.so.0",
    "[Inferior 1 (process 1242) detached]",
]


def test_a_remote_rpc_device_that_stops_answering_while_loading_is_out_of_memory() -> None:
    weights = classify_exit(-signal.SIGABRT, RPC_ABORT_IN_WEIGHTS + BACKTRACE)
    assert (weights.code, weights.signal_name) == (FailureCode.OOM_WEIGHTS, "SIGABRT")
    assert dict(weights.params) == {"device_kind": "rpc"}  # the line names no device
    assert weights.code.is_out_of_memory
    assert weights.log_tail == tuple((RPC_ABORT_IN_WEIGHTS + BACKTRACE)[-40:])
    warmup = classify_exit(-signal.SIGABRT, RPC_ABORT_IN_WARMUP)
    assert (warmup.code, dict(warmup.params)) == (FailureCode.OOM_COMPUTE, {"device_kind": "rpc"})
    # With -lv 4 the stage's own lines are there: the cache was being made.
    cache = [
        *RPC_ABORT_IN_WEIGHTS[:2],
        "0.00.162.194 I load_tensors: RPC0[127.0.0.1:48101] model buffer size =    92.10 MiB",
        "0.00.272.651 I llama_context:        CPU  output buffer size =     0.19 MiB",
        "0.00.280.826 I llama_kv_cache: RPC0[127.0.0.1:48101] KV buffer size =   180.00 MiB",
        *RPC_ABORT_IN_WARMUP[2:],
    ]
    assert classify_exit(-signal.SIGABRT, cache).code is FailureCode.OOM_KV


def test_a_remote_lost_while_serving_is_a_crash() -> None:
    serving = [
        "0.00.499.195 I srv  llama_server: model loaded",
        "0.00.499.219 I srv  llama_server: listening on http://127.0.0.1:45507",
        *RPC_ABORT_IN_WARMUP[2:],
    ]
    assert classify_exit(-signal.SIGABRT, serving).code is FailureCode.CRASHED
    # A long-serving engine's ring may have lost its "model loaded": the manager says so.
    lost = classify_exit(-signal.SIGABRT, RPC_ABORT_IN_WEIGHTS[2:], serving=True)
    assert lost.code is FailureCode.CRASHED
    # The engine's message, not a socket line alone, makes it the remote's memory.
    assert classify_exit(-signal.SIGABRT, RPC_ABORT_IN_WARMUP[:2]).code is FailureCode.CRASHED


def test_an_rpc_device_out_of_memory_steps_down_instead_of_crash_rungs() -> None:
    failure = classify_exit(-signal.SIGABRT, RPC_ABORT_IN_WEIGHTS)
    spec = SPEC.with_changes(flash_attn=FlashAttn.ON, ctx_size=4096)
    smaller = spec.with_changes(n_gpu_layers=27)
    rung = next_rung(spec, failure, set(), lambda s, f: smaller)
    assert rung is not None and (rung.step, rung.spec) == (RecoveryStep.SMALLER_PLAN, smaller)


def test_tail_is_bounded_and_keeps_the_end() -> None:
    lines = [f"line {i}" for i in range(500)]
    failure = classify_exit(2, lines)
    assert failure.log_tail[-1] == "line 499" and len(failure.log_tail) == 40


def test_spawn_errors() -> None:
    assert classify_spawn_error(FileNotFoundError(2, "x"), "/b").code is FailureCode.BINARY_MISSING
    denied = classify_spawn_error(PermissionError(13, "Permission denied"), "/b")
    assert denied.code is FailureCode.BINARY_NOT_EXECUTABLE
    assert denied.params["reason"] == "Permission denied"


# --- the ladder -------------------------------------------------------------------------

SPEC = LaunchSpec(model=Path("/m.gguf"))
CRASH = classify_exit(-signal.SIGSEGV, ["ggml_vk: something"])


def climb(spec: LaunchSpec, failure: Failure) -> list[RecoveryStep]:
    """Apply the ladder repeatedly to the same failure until it gives up."""
    taken: set[RecoveryStep] = set()
    steps = []
    while (found := next_step(spec, failure, taken)) is not None:
        step, spec = found
        taken.add(step)
        steps.append(step)
    return steps


def test_flash_attn_off_resets_quantized_v() -> None:
    spec = SPEC.with_changes(flash_attn=FlashAttn.ON, cache_type_k="q8_0", cache_type_v="q4_0")
    found = next_step(spec, CRASH, set())
    assert found is not None
    step, changed = found
    assert step is RecoveryStep.FLASH_ATTN_OFF
    assert (changed.flash_attn, changed.cache_type_k, changed.cache_type_v) == (
        "off",
        "q8_0",
        "f16",
    )


def test_each_rung_at_most_once_in_order() -> None:
    spec = SPEC.with_changes(
        mmproj=Path("/p.gguf"), spec_type="draft-simple", draft_model=Path("/d.gguf")
    )
    assert climb(spec, CRASH) == [
        RecoveryStep.FLASH_ATTN_OFF,
        RecoveryStep.PROJECTOR_ON_CPU,
        RecoveryStep.TEXT_ONLY,
        RecoveryStep.SPECULATIVE_OFF,
    ]
    assert climb(SPEC.with_changes(flash_attn=FlashAttn.OFF), CRASH) == []


def test_projector_named_in_the_log_goes_first() -> None:
    failure = classify_exit(-signal.SIGABRT, ["clip_model_loader: unsupported projector"])
    spec = SPEC.with_changes(mmproj=Path("/p.gguf"))
    found = next_step(spec, failure, set())
    assert found is not None and found[0] is RecoveryStep.PROJECTOR_ON_CPU
    assert not found[1].mmproj_offload
    found2 = next_step(found[1], failure, {RecoveryStep.PROJECTOR_ON_CPU})
    assert found2 is not None and found2[0] is RecoveryStep.TEXT_ONLY
    assert found2[1].mmproj is None


def test_speculative_bad_argument_and_tensor_split() -> None:
    bad_spec = classify_exit(1, ['error while handling argument "--spec-type": invalid value'])
    spec = SPEC.with_changes(spec_type="draft-mtp")
    found = next_step(spec, bad_spec, set())
    assert found is not None and found[0] is RecoveryStep.SPECULATIVE_OFF
    assert not found[1].uses_speculative
    tensor = SPEC.with_changes(
        split_mode=SplitMode.TENSOR, tensor_split=(1.0, 1.0), flash_attn=FlashAttn.ON
    )
    found = next_step(tensor, CRASH, set())
    assert found is not None and found[0] is RecoveryStep.LAYER_SPLIT
    assert (found[1].split_mode, found[1].tensor_split) == ("layer", ())


def test_out_of_memory_asks_the_planner_again_after_every_step() -> None:
    calls: list[Failure] = []

    def smaller(spec: LaunchSpec, failure: Failure) -> LaunchSpec | None:
        calls.append(failure)
        ctx = spec.ctx_size or 8192
        return spec.with_changes(ctx_size=ctx // 2) if ctx > 2048 else None

    oom = make_failure(FailureCode.OOM_KV)
    found = next_step(SPEC.with_changes(ctx_size=8192), oom, set(), smaller)
    assert found is not None and found[0] is RecoveryStep.SMALLER_PLAN
    assert found[1].ctx_size == 4096 and calls == [oom]
    # Step-downs repeat: the ladder asks again as long as the planner has something smaller.
    again = next_step(found[1], oom, {RecoveryStep.SMALLER_PLAN}, smaller)
    assert again is not None and again[1].ctx_size == 2048
    assert next_step(again[1], oom, {RecoveryStep.SMALLER_PLAN}, smaller) is None
    assert next_step(SPEC, oom, set(), None) is None
    assert next_step(SPEC, oom, set(), lambda s, f: None) is None
    assert next_step(SPEC, oom, set(), lambda s, f: s) is None  # nothing changed
    # A step down for another model is ignored: recovery never switches models.
    other = LaunchSpec(model=Path("/other.gguf"), ctx_size=512)
    assert next_step(SPEC, oom, set(), lambda s, f: other) is None


def test_a_named_step_down_is_reported_with_its_values() -> None:
    oom = make_failure(FailureCode.OOM_KV)
    smaller = SPEC.with_changes(ctx_size=3072)
    rung = next_rung(
        SPEC.with_changes(ctx_size=4096),
        oom,
        set(),
        lambda s, f: StepDown(RecoveryStep.SMALLER_CONTEXT, smaller, {"ctx": 3072, "floor": 2048}),
    )
    assert rung is not None and rung.step is RecoveryStep.SMALLER_CONTEXT
    assert rung.spec == smaller and dict(rung.params) == {"ctx": 3072, "floor": 2048}


def test_tensor_parallel_falls_back_to_layer_split_on_oom_and_bad_argument() -> None:
    tensor = SPEC.with_changes(
        split_mode=SplitMode.TENSOR, tensor_split=(1.0, 1.0), flash_attn=FlashAttn.ON
    )
    bad = classify_exit(1, ["error: invalid argument: --split-mode"])
    for failure in (make_failure(FailureCode.OOM_COMPUTE), make_failure(FailureCode.KILLED), bad):
        found = next_step(tensor, failure, set())
        assert found is not None and found[0] is RecoveryStep.LAYER_SPLIT
        assert (found[1].split_mode, found[1].tensor_split) == ("layer", ())
        assert next_step(tensor, failure, {RecoveryStep.LAYER_SPLIT}) is None


def test_errors_the_user_must_fix_have_no_rung() -> None:
    for code in (FailureCode.MODEL_MISSING, FailureCode.UNKNOWN_ARCHITECTURE):
        assert next_step(SPEC.with_changes(mmproj=Path("/p")), make_failure(code), set()) is None
    port = make_failure(FailureCode.PORT_IN_USE)
    assert next_step(SPEC, port, set()) == (RecoveryStep.NEW_PORT, SPEC)
    assert next_step(SPEC, port, {RecoveryStep.NEW_PORT}) is None
