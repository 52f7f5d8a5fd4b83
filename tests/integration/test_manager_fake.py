"""The manager's state machine against a fake llama-server that starts in milliseconds:
races that need many trials (unload vs respawn, rapid switches), shared respawns,
transient errors, crash loops, timeouts and cancellation."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
from pathlib import Path

import httpx
import psutil
import pytest

from studio.core.engine import EngineLocation
from studio.core.engine.locate import EngineSource
from studio.core.server.failures import FailureCode, ServerFailureError
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import NotReadyError, ServerManager, SupersededError
from studio.core.server.process import RING_LINES
from studio.core.server.states import ServerState, Snapshot, StartPhase
from tests.support.engine_wrappers import fake_engine

MODEL_A = LaunchSpec(model=Path("/models/a.gguf"))
MODEL_B = LaunchSpec(model=Path("/models/b.gguf"))
HI = [{"role": "user", "content": "hi"}]


def live_children() -> list[psutil.Process]:
    alive = []
    for child in psutil.Process().children(recursive=True):
        try:
            if child.status() != psutil.STATUS_ZOMBIE and "fake_llama_server" in " ".join(
                child.cmdline()
            ):
                alive.append(child)
        except psutil.NoSuchProcess:
            pass
    return alive


def make_manager(tmp_path: Path, **env: str) -> ServerManager:
    environ = {**os.environ, "FAKE_LOAD_S": "0.05", **env}
    return ServerManager(
        fake_engine(tmp_path),
        tmp_path / "logs",
        environ=environ,
        health_timeout_s=20,
        stop_grace_s=2,
    )


async def answer(manager: ServerManager) -> str:
    return "".join([d.content async for d in manager.stream_chat(HI, max_tokens=5)])


def kill_child(manager: ServerManager) -> None:
    process = manager.current_process()
    assert process is not None
    os.kill(process.pid, signal.SIGKILL)


async def test_load_chat_unload(tmp_path: Path) -> None:
    manager = make_manager(tmp_path)
    states: list[ServerState] = []
    phases: list[StartPhase | None] = []
    manager.subscribe(lambda s: (states.append(s.state), phases.append(s.phase)))
    try:
        snapshot = await manager.load(MODEL_A)
        assert snapshot.state is ServerState.READY
        assert snapshot.ready is not None and snapshot.ready.model_alias == "a"
        assert states[0] is ServerState.STARTING and states[-1] is ServerState.READY
        # Progress read from the child's log lines while it starts.
        seen = [phase for phase in phases if phase is not None]
        assert seen[0] is StartPhase.SPAWNED and StartPhase.LOADING_MODEL in seen
        assert seen[-1] is StartPhase.LOADED
        assert await answer(manager) == "t0 t1 t2 t3 t4 "
        assert (await manager.load(MODEL_A)).spawn_count == 1  # same intent: adopted
        pid = snapshot.pid
        assert pid is not None and psutil.pid_exists(pid)
        idle = await manager.unload()
        assert idle.state is ServerState.IDLE and idle.epoch == 1
        assert not live_children()
        with pytest.raises(NotReadyError) as caught:
            await answer(manager)
        assert caught.value.code == "no_model"
    finally:
        await manager.shutdown()


async def test_unload_racing_respawn_never_resurrects(tmp_path: Path) -> None:
    manager = make_manager(tmp_path)
    rng = random.Random(5)
    outcomes: dict[str, int] = {"unload_during_respawn": 0, "unload_after_respawn": 0}
    trials = 0
    try:
        # At least 50 randomised trials, and more until both sides of the race were hit
        # a few times: on a loaded machine a respawn takes longer, so the window widens
        # while unloads after a finished respawn are still rare.
        while trials < 50 or min(outcomes.values()) < 5:
            assert trials < 300, outcomes
            trials += 1
            await manager.load(MODEL_A)
            kill_child(manager)
            # Half the time a request notices the dead child first, else the watchdog does.
            request = asyncio.ensure_future(answer(manager)) if rng.random() < 0.5 else None
            lagging = outcomes["unload_after_respawn"] * 4 < outcomes["unload_during_respawn"]
            await asyncio.sleep(rng.uniform(0, 1.5 if lagging else 0.35))
            if manager.snapshot.state is ServerState.READY and manager.snapshot.respawn_count:
                outcomes["unload_after_respawn"] += 1
            else:
                outcomes["unload_during_respawn"] += 1
            await manager.unload()
            if request is not None:
                await asyncio.gather(request, return_exceptions=True)
            await asyncio.sleep(0.02)
            assert manager.snapshot.state is ServerState.IDLE
            assert manager.current_process() is None
            assert not live_children()
    finally:
        await manager.shutdown()


async def test_concurrent_requests_share_one_respawn_and_replay(tmp_path: Path) -> None:
    manager = make_manager(tmp_path)
    try:
        await manager.load(MODEL_A)
        kill_child(manager)
        answers = await asyncio.gather(*(answer(manager) for _ in range(4)))
        assert answers == ["t0 t1 t2 t3 t4 "] * 4
        assert manager.snapshot.respawn_count == 1
        assert manager.snapshot.spawn_count == 2
        assert manager.snapshot.state is ServerState.READY
    finally:
        await manager.shutdown()


async def test_transient_connection_error_respawns_nothing(tmp_path: Path) -> None:
    drop = tmp_path / "drop-next"
    manager = make_manager(tmp_path, FAKE_DROP_FILE=str(drop))
    try:
        await manager.load(MODEL_A)
        drop.touch()
        assert await answer(manager) == "t0 t1 t2 t3 t4 "  # replayed once
        assert not drop.exists()
        assert manager.snapshot.spawn_count == 1 and manager.snapshot.respawn_count == 0
        drop.write_text("2")  # dropped again on the replay: one replay only, then the error
        with pytest.raises(httpx.RemoteProtocolError):
            await answer(manager)
        assert not drop.exists()
        assert manager.snapshot.spawn_count == 1 and manager.snapshot.state is ServerState.READY
    finally:
        await manager.shutdown()


async def test_crash_loop_stops_respawning(tmp_path: Path) -> None:
    manager = make_manager(tmp_path)
    try:
        await manager.load(MODEL_A)
        for _ in range(2):
            old_pid = manager.snapshot.pid
            kill_child(manager)
            await manager.wait_for(
                lambda s, old=old_pid: s.state is ServerState.READY and s.pid != old, 20
            )
        kill_child(manager)
        failed = await manager.wait_for(lambda s: s.state is ServerState.FAILED, 20)
        assert failed.failure is not None and failed.failure.code is FailureCode.CRASH_LOOP
        assert failed.failure.params["last"] == "killed"
        assert failed.respawn_count == 2
        with pytest.raises(NotReadyError) as caught:
            await answer(manager)
        assert caught.value.code == "crash_loop"
        assert not live_children()
    finally:
        await manager.shutdown()


async def test_rapid_switches_land_on_the_last_and_never_overlap(tmp_path: Path) -> None:
    manager = make_manager(tmp_path, FAKE_LOAD_S="0.3")
    overlaps: list[int] = []

    def check(snapshot: Snapshot) -> None:
        if len(live_children()) > 1:
            overlaps.append(snapshot.spawn_count)

    manager.subscribe(check)
    rng = random.Random(7)
    try:
        for _trial in range(5):
            sequence = [MODEL_A, MODEL_B, MODEL_A, MODEL_B, MODEL_A][: rng.randint(2, 5)]
            calls = []
            for spec in sequence:
                calls.append(asyncio.ensure_future(manager.switch(spec)))
                await asyncio.sleep(rng.uniform(0, 0.2))
            results = await asyncio.gather(*calls, return_exceptions=True)
            assert isinstance(results[-1], Snapshot)
            for result in results[:-1]:
                assert isinstance(result, (Snapshot, SupersededError)), result
            assert manager.snapshot.state is ServerState.READY
            assert manager.snapshot.requested == sequence[-1]
            assert len(live_children()) == 1
        assert overlaps == []
    finally:
        await manager.shutdown()


async def test_health_timeout_fails_and_kills(tmp_path: Path) -> None:
    manager = make_manager(tmp_path, FAKE_LOAD_S="30")
    manager._health_timeout_s = 0.5
    try:
        with pytest.raises(ServerFailureError) as caught:
            await manager.load(MODEL_A)
        assert caught.value.code == "health_timeout"
        assert manager.snapshot.state is ServerState.FAILED
        assert not live_children()
    finally:
        await manager.shutdown()


async def test_unload_wins_over_a_start_in_its_health_wait(tmp_path: Path) -> None:
    manager = make_manager(tmp_path, FAKE_LOAD_S="30")
    try:
        loading = asyncio.ensure_future(manager.load(MODEL_A))
        await manager.wait_for(lambda s: s.pid is not None, 10)
        await asyncio.sleep(0.2)
        idle = await asyncio.wait_for(manager.unload(), 3)
        assert idle.state is ServerState.IDLE
        with pytest.raises(SupersededError):
            await loading
        assert not live_children()
    finally:
        await manager.shutdown()


async def test_cancel_ends_streams(tmp_path: Path) -> None:
    manager = make_manager(tmp_path, FAKE_TOKENS="50", FAKE_TOKEN_DELAY_S="0.1")
    try:
        await manager.load(MODEL_A)
        received = []
        first = asyncio.Event()

        async def consume() -> None:
            async for delta in manager.stream_chat(HI):
                received.append(delta)
                first.set()

        task = asyncio.ensure_future(consume())
        await asyncio.wait_for(first.wait(), 5)
        assert manager.cancel() == 1
        await asyncio.wait_for(task, 2)
        assert received[-1].finish_reason == "cancelled"
        assert len(received) < 50
        assert manager.requests_in_flight == 0
        async with contextlib.aclosing(manager.stream_chat(HI)) as again:
            assert (await anext(again)).content == "t0 "  # still serving
    finally:
        await manager.shutdown()


async def test_output_is_drained_bounded_replaced_and_logged_without_the_key(
    tmp_path: Path,
) -> None:
    fake = fake_engine(tmp_path)
    noisy = tmp_path / "noisy-llama-server"
    noisy.write_text(
        "#!/bin/sh\n"
        "printf 'bad bytes: \\377\\376 end\\n'\n"
        'i=0; while [ $i -lt 3000 ]; do echo "chatter $i"; i=$((i+1)); done\n'
        f'exec {fake.path} "$@"\n'
    )
    noisy.chmod(0o755)
    manager = ServerManager(
        EngineLocation(noisy, EngineSource.SETTING),
        tmp_path / "logs",
        environ={**os.environ, "FAKE_LOAD_S": "0.05"},
    )
    try:
        snapshot = await manager.load(MODEL_A)
        process = manager.current_process()
        assert process is not None
        lines = process.lines()
        assert len(lines) == RING_LINES  # bounded: the oldest chatter was dropped...
        # ...and the newest kept (not the engine's last lines: the start is ready on its
        # "model loaded" line, maybe before the drain has read the next one).
        assert "chatter 0" not in lines and "chatter 2999" in lines
        assert snapshot.log_path is not None
        logged = snapshot.log_path.read_text()
        assert "bad bytes: \ufffd\ufffd end" in logged  # undecodable bytes replaced
        assert "chatter 2999" in logged and len(logged.splitlines()) > 3000
        key = process.api_key
        assert key not in logged and key not in snapshot.command
        assert key not in repr(snapshot)
        assert "--api-key-file" in snapshot.command
    finally:
        await manager.shutdown()


async def test_unload_ends_streams_in_flight_as_cancelled(tmp_path: Path) -> None:
    manager = make_manager(tmp_path, FAKE_TOKENS="100", FAKE_TOKEN_DELAY_S="0.05")
    try:
        await manager.load(MODEL_A)
        stream = manager.stream_chat(HI)
        first = await anext(stream)
        await manager.unload()
        rest = [delta async for delta in stream]
        assert first.content == "t0 "
        assert rest[-1].finish_reason == "cancelled" and len(rest) < 99
    finally:
        await manager.shutdown()


async def test_concurrent_unloads_both_return_idle(tmp_path: Path) -> None:
    manager = make_manager(tmp_path)
    try:
        await manager.load(MODEL_A)
        first, second = await asyncio.gather(manager.unload(), manager.unload())
        assert first.state is ServerState.IDLE and second.state is ServerState.IDLE
        assert not live_children()
    finally:
        await manager.shutdown()


async def test_the_same_load_twice_shares_one_start(tmp_path: Path) -> None:
    manager = make_manager(tmp_path, FAKE_LOAD_S="0.3")
    try:
        first, second = await asyncio.gather(manager.load(MODEL_A), manager.load(MODEL_A))
        assert first.state is ServerState.READY and second.state is ServerState.READY
        assert manager.snapshot.spawn_count == 1
        # A caller that stops waiting does not abort the load: Stop is unload()'s job.
        waiting = asyncio.ensure_future(manager.load(MODEL_B))
        await manager.wait_for(lambda s: s.requested == MODEL_B, 5)
        waiting.cancel()
        ready = await manager.wait_for(
            lambda s: s.state is ServerState.READY and s.requested == MODEL_B, 10
        )
        assert ready.spawn_count == 2 and len(live_children()) == 1
    finally:
        await manager.shutdown()


async def test_closing_a_stream_closes_its_reader_at_once(tmp_path: Path) -> None:
    manager = make_manager(tmp_path, FAKE_TOKENS="100", FAKE_TOKEN_DELAY_S="0.05")
    try:
        await manager.load(MODEL_A)
        stream = manager.stream_chat(HI)
        assert (await anext(stream)).content == "t0 "
        assert manager.requests_in_flight == 1
        await stream.aclose()
        assert manager.requests_in_flight == 0  # not left to the garbage collector
    finally:
        await manager.shutdown()


async def test_a_hung_child_is_replaced_and_the_request_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import studio.core.server.manager as manager_module

    monkeypatch.setattr(manager_module, "HUNG_PROBE_TIMEOUT_S", 0.3)
    drop = tmp_path / "drop-next"
    manager = make_manager(tmp_path, FAKE_DROP_FILE=str(drop), FAKE_HANG_AFTER_DROP="1")
    try:
        await manager.load(MODEL_A)
        hung_pid = manager.snapshot.pid
        drop.touch()
        assert await answer(manager) == "t0 t1 t2 t3 t4 "  # replayed on a new child
        assert manager.snapshot.respawn_count == 1 and manager.snapshot.pid != hung_pid
        assert hung_pid is not None
        assert hung_pid not in {child.pid for child in live_children()}  # killed, reaped
    finally:
        await manager.shutdown()
