"""How a start notices that its engine is ready, against the fake llama-server: the line
that says the model is loaded sends one /health at once, a /health that still says
loading keeps the start waiting, and a child that never prints such a line is found by
the slow poll."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from studio.core.server import process as process_module
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.server.process import ServerProcess
from studio.core.server.states import ServerState
from tests.support.engine_wrappers import fake_engine

MODEL = LaunchSpec(model=Path("/models/a.gguf"))
# Bounds a test that would otherwise hang; never a measure of speed.
PATIENCE_S = 30.0


def make_manager(tmp_path: Path, **env: str) -> ServerManager:
    return ServerManager(
        fake_engine(tmp_path),
        tmp_path / "logs",
        environ={**os.environ, "FAKE_LOAD_S": "0", **env},
        health_timeout_s=2 * PATIENCE_S,  # the test's own bound ends a hang first
        health_probe_interval_s=None,
    )


def record_health_answers(monkeypatch: pytest.MonkeyPatch) -> tuple[list[bool], asyncio.Event]:
    """What every readiness /health said, and an event set at each answer."""
    answers: list[bool] = []
    answered = asyncio.Event()
    healthy = ServerProcess._healthy

    async def recorded(process: ServerProcess) -> bool:
        answer = await healthy(process)
        answers.append(answer)
        answered.set()
        return answer

    monkeypatch.setattr(ServerProcess, "_healthy", recorded)
    return answers, answered


async def test_the_loaded_line_asks_health_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No poll within the test's patience: only the child's line can end the wait.
    monkeypatch.setattr(process_module, "HEALTH_POLL_S", 3600.0)
    answers, _ = record_health_answers(monkeypatch)
    manager = make_manager(tmp_path)
    try:
        snapshot = await asyncio.wait_for(manager.load(MODEL), PATIENCE_S)
        assert snapshot.state is ServerState.READY
        assert snapshot.ready is not None and snapshot.ready.model_alias == MODEL.public_name
        assert answers == [True]  # one /health, asked on the line, and it said ready
    finally:
        await manager.shutdown()


async def test_a_child_listening_while_it_loads_is_waited_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(process_module, "HEALTH_POLL_S", 3600.0)
    answers, answered = record_health_answers(monkeypatch)
    loaded = tmp_path / "loaded"
    manager = make_manager(tmp_path, FAKE_LISTEN_FIRST="1", FAKE_READY_FILE=str(loaded))
    try:
        load = asyncio.ensure_future(manager.load(MODEL))
        await asyncio.wait_for(answered.wait(), PATIENCE_S)
        # "listening on" came first and /health said loading: the start goes on waiting.
        assert answers == [False]
        assert manager.snapshot.state is ServerState.STARTING
        assert not load.done()
        loaded.touch()  # the model loads; its "model loaded" line wakes the wait
        snapshot = await asyncio.wait_for(load, PATIENCE_S)
        assert snapshot.state is ServerState.READY
        assert answers == [False, True]
    finally:
        await manager.shutdown()


async def test_a_child_that_never_says_it_is_loaded_is_found_by_the_poll(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(process_module, "HEALTH_POLL_S", 0.05)
    answers, _ = record_health_answers(monkeypatch)
    manager = make_manager(tmp_path, FAKE_QUIET="1")
    try:
        snapshot = await asyncio.wait_for(manager.load(MODEL), PATIENCE_S)
        assert snapshot.state is ServerState.READY
        assert answers[-1] is True
        process = manager.current_process()
        assert process is not None and process.lines() == []  # it never said a word
    finally:
        await manager.shutdown()
