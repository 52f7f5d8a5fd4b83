"""Start failures of every class, classified from the real engine's own exit and log, and
the recovery ladder climbed with wrapper scripts that crash on a chosen flag."""

from __future__ import annotations

import socket
import stat
from collections.abc import Iterator
from pathlib import Path

import gguf
import numpy as np
import pytest

from studio.core.devices import SplitMode
from studio.core.engine import EngineLocation
from studio.core.engine.locate import EngineSource
from studio.core.engine_knobs import FlashAttn
from studio.core.server.failures import Failure, FailureCode, ServerFailureError
from studio.core.server.launch import LaunchSpec, free_loopback_port
from studio.core.server.manager import ServerManager
from studio.core.server.recovery import RecoveryStep
from studio.core.server.states import ServerState
from tests.support.engine_wrappers import misbehaving_engine

pytestmark = pytest.mark.engine


def small(model: Path, **changes: object) -> LaunchSpec:
    return LaunchSpec(model=model, ctx_size=512, parallel=1).with_changes(**changes)


async def failed_start(
    engine: EngineLocation, tmp_path: Path, spec: LaunchSpec, **kwargs: object
) -> Failure:
    manager = ServerManager(engine, tmp_path / "logs", health_timeout_s=60, **kwargs)  # type: ignore[arg-type]
    try:
        with pytest.raises(ServerFailureError) as caught:
            await manager.load(spec)
        snapshot = manager.snapshot
        assert snapshot.state is ServerState.FAILED
        assert snapshot.failure == caught.value.failure
        assert manager.current_process() is None
        return caught.value.failure
    finally:
        await manager.shutdown()


@pytest.fixture
def unknown_architecture_model(tmp_path: Path) -> Path:
    path = tmp_path / "foobar.gguf"
    writer = gguf.GGUFWriter(str(path), "foobar")
    writer.add_block_count(1)
    writer.add_tensor("token_embd.weight", np.zeros((4, 8), dtype=np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


@pytest.fixture
def occupied_port() -> Iterator[int]:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield holder.getsockname()[1]


async def test_binary_missing_and_not_executable(smollm2: Path, tmp_path: Path) -> None:
    missing = EngineLocation(tmp_path / "no-such-llama-server", EngineSource.SETTING)
    failure = await failed_start(missing, tmp_path, small(smollm2))
    assert failure.code is FailureCode.BINARY_MISSING
    not_executable = tmp_path / "llama-server"
    not_executable.write_text("#!/bin/sh\n")
    not_executable.chmod(stat.S_IRUSR | stat.S_IWUSR)
    engine = EngineLocation(not_executable, EngineSource.SETTING)
    failure = await failed_start(engine, tmp_path, small(smollm2))
    assert failure.code is FailureCode.BINARY_NOT_EXECUTABLE


@pytest.mark.parametrize(
    ("case", "code", "params"),
    [
        ("bad_argument", FailureCode.BAD_ARGUMENT, {"argument": "--no-such-flag"}),
        ("model_missing", FailureCode.MODEL_MISSING, {"reason": "No such file or directory"}),
        ("not_gguf", FailureCode.MODEL_INVALID, {}),
        ("unknown_architecture", FailureCode.UNKNOWN_ARCHITECTURE, {"arch": "foobar"}),
        ("quantized_v_without_fa", FailureCode.KV_TYPE_NEEDS_FLASH_ATTN, {}),
    ],
)
async def test_engine_start_failures(
    engine_location: EngineLocation,
    smollm2: Path,
    tmp_path: Path,
    unknown_architecture_model: Path,
    case: str,
    code: FailureCode,
    params: dict[str, str],
) -> None:
    junk = tmp_path / "junk.gguf"
    junk.write_bytes(b"\x00PK not a gguf file" * 100)
    specs = {
        "bad_argument": small(smollm2, extra_args=("--no-such-flag",)),
        "model_missing": small(tmp_path / "absent.gguf"),
        "not_gguf": small(junk),
        "unknown_architecture": small(unknown_architecture_model),
        "quantized_v_without_fa": small(smollm2, flash_attn=FlashAttn.OFF, cache_type_v="q8_0"),
    }
    failure = await failed_start(engine_location, tmp_path, specs[case])
    assert failure.code is code
    assert {key: failure.params[key] for key in params} == params
    assert failure.exit_code == 1 and failure.log_tail


async def test_port_in_use_retries_once_on_a_new_port(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path, occupied_port: int
) -> None:
    failure = await failed_start(
        engine_location, tmp_path, small(smollm2), port_picker=lambda: occupied_port
    )
    assert failure.code is FailureCode.PORT_IN_USE
    assert failure.params["port"] == str(occupied_port)

    ports = iter([occupied_port, free_loopback_port()])
    manager = ServerManager(engine_location, tmp_path / "logs", port_picker=lambda: next(ports))
    try:
        snapshot = await manager.load(small(smollm2))
        assert [note.step for note in snapshot.recovery] == [RecoveryStep.NEW_PORT]
        assert snapshot.spawn_count == 2
    finally:
        await manager.shutdown()


async def test_out_of_memory_takes_the_planners_smaller_plan(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    asked: list[Failure] = []

    def smaller_plan(spec: LaunchSpec, failure: Failure) -> LaunchSpec | None:
        asked.append(failure)
        return spec.with_changes(ctx_size=512)

    # ~180 GB of KV cache: more than any test machine has. -fit off keeps the
    # engine from shrinking the context itself.
    huge = small(smollm2, ctx_size=8_000_000, fit=False)
    manager = ServerManager(engine_location, tmp_path / "logs")
    try:
        snapshot = await manager.load(huge, smaller_plan=smaller_plan)
        assert [failure.code for failure in asked] == [FailureCode.OOM_KV]
        assert [(n.step, n.cause.code) for n in snapshot.recovery] == [
            (RecoveryStep.SMALLER_PLAN, FailureCode.OOM_KV)
        ]
        assert snapshot.requested == huge and snapshot.spec is not None
        assert snapshot.spec.ctx_size == 512
        assert snapshot.ready is not None and snapshot.ready.n_ctx == 512
    finally:
        await manager.shutdown()


@pytest.mark.parametrize(
    ("action", "code", "signal_name"),
    [
        ("kill -KILL $$", FailureCode.KILLED, "SIGKILL"),
        ("kill -SEGV $$", FailureCode.CRASHED, "SIGSEGV"),
    ],
)
async def test_killed_and_crashed_by_signal(
    engine_location: EngineLocation,
    smollm2: Path,
    tmp_path: Path,
    action: str,
    code: FailureCode,
    signal_name: str,
) -> None:
    engine = misbehaving_engine(engine_location, tmp_path, "llama-server", {"-m": action})
    # Flash attention off and nothing else to drop: the ladder has no rung to try.
    failure = await failed_start(engine, tmp_path, small(smollm2, flash_attn=FlashAttn.OFF))
    assert (failure.code, failure.signal_name) == (code, signal_name)


async def test_health_timeout_kills_the_slow_child(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    manager = ServerManager(engine_location, tmp_path / "logs", health_timeout_s=0.05)
    try:
        with pytest.raises(ServerFailureError) as caught:
            await manager.load(small(smollm2))
        assert caught.value.code == "health_timeout"
        assert manager.snapshot.pid is None or manager.current_process() is None
    finally:
        await manager.shutdown()


async def ladder(engine: EngineLocation, tmp_path: Path, spec: LaunchSpec) -> ServerManager:
    manager = ServerManager(engine, tmp_path / "logs", health_timeout_s=60)
    await manager.load(spec)
    return manager


async def test_ladder_flash_attention_then_speculative(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    engine = misbehaving_engine(
        engine_location,
        tmp_path,
        "llama-server",
        {
            "-fa on": "kill -SEGV $$",
            "--spec-type": "echo 'speculative decoding: draft init failed' >&2; kill -ABRT $$",
        },
    )
    spec = small(smollm2, flash_attn=FlashAttn.ON, cache_type_v="q8_0", spec_type="ngram-simple")
    manager = await ladder(engine, tmp_path, spec)
    try:
        snapshot = manager.snapshot
        assert [(n.step, n.cause.code) for n in snapshot.recovery] == [
            (RecoveryStep.FLASH_ATTN_OFF, FailureCode.CRASHED),
            (RecoveryStep.SPECULATIVE_OFF, FailureCode.CRASHED),
        ]
        assert snapshot.spec is not None
        assert (snapshot.spec.flash_attn, snapshot.spec.cache_type_v) == ("off", "f16")
        assert snapshot.spec.spec_type is None
        assert snapshot.state is ServerState.READY and snapshot.spawn_count == 3
    finally:
        await manager.shutdown()


async def test_ladder_projector_on_cpu_then_text_only(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    projector = tmp_path / "mmproj.gguf"
    projector.write_bytes(b"GGUF")
    engine = misbehaving_engine(
        engine_location,
        tmp_path,
        "llama-server",
        {"--mmproj": "echo 'clip_model_loader: failed to load projector' >&2; kill -ABRT $$"},
    )
    manager = await ladder(
        engine, tmp_path, small(smollm2, flash_attn=FlashAttn.OFF, mmproj=projector)
    )
    try:
        snapshot = manager.snapshot
        assert [n.step for n in snapshot.recovery] == [
            RecoveryStep.PROJECTOR_ON_CPU,
            RecoveryStep.TEXT_ONLY,
        ]
        assert snapshot.spec is not None and snapshot.spec.mmproj is None
    finally:
        await manager.shutdown()


async def test_ladder_tensor_split_falls_back_to_layer_split(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    engine = misbehaving_engine(
        engine_location, tmp_path, "llama-server", {"-sm tensor": "kill -ABRT $$"}
    )
    manager = await ladder(engine, tmp_path, small(smollm2, split_mode=SplitMode.TENSOR))
    try:
        snapshot = manager.snapshot
        assert [n.step for n in snapshot.recovery] == [RecoveryStep.LAYER_SPLIT]
        assert snapshot.spec is not None and snapshot.spec.split_mode == "layer"
    finally:
        await manager.shutdown()
