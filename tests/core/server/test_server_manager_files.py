"""The manager refuses a FIFO or a device as a model before anything else happens: no
child is spawned (llama-server would block on it forever) and the running model stays."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from studio.core.gguf import NotRegularFileError
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.server.states import ServerState
from tests.support.engine_wrappers import fake_engine

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


async def test_a_fifo_or_device_is_refused_and_the_working_model_keeps_running(
    tmp_path: Path,
) -> None:
    manager = ServerManager(
        fake_engine(tmp_path),
        tmp_path / "logs",
        environ={**os.environ, "FAKE_LOAD_S": "0.05"},
        health_timeout_s=20,
        stop_grace_s=2,
    )
    fifo = tmp_path / "pipe.gguf"
    os.mkfifo(fifo)
    working = LaunchSpec(model=tmp_path / "working.gguf")
    try:
        ready = await manager.load(working)
        pid = ready.pid
        hostile = (
            LaunchSpec(model=fifo),
            LaunchSpec(model=Path("/dev/zero")),
            working.with_changes(mmproj=fifo),
            working.with_changes(draft_model=Path("/dev/null")),
        )
        for spec in hostile:
            with pytest.raises(NotRegularFileError):
                await asyncio.wait_for(manager.load(spec), 5)
        assert manager.snapshot.state is ServerState.READY
        assert manager.snapshot.pid == pid and manager.snapshot.requested == working
    finally:
        await manager.shutdown()
