"""The manager launches exactly what was planned, whatever the parent's LLAMA_ARG_* say.

SmolLM2 on the host only: the plan's LaunchSpec goes to the real ServerManager with the
planner's child environment; a prompt-cache variable left in the parent's environment
(which the plan does not set on the command line) must not reach the engine.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from studio.core.engine import EngineLocation
from studio.core.gguf import read_model
from studio.core.hardware import DeviceInventory
from studio.core.hardware.host import read_host_memory
from studio.core.memory import summarize
from studio.core.placement import Planner, PlanRequest, child_environment
from studio.core.server.manager import ServerManager
from studio.core.server.states import ServerState

pytestmark = pytest.mark.engine

# With LLAMA_ARG_CACHE_RAM=0 the engine disables its host prompt cache and warns so.
_CACHE_OFF = "--cache-idle-slots requires --cache-ram"


async def _launch(
    engine: EngineLocation, log_dir: Path, environ: dict[str, str], plan_launch: object
) -> tuple[int, str]:
    manager = ServerManager(engine, log_dir, environ=environ, health_timeout_s=120)
    try:
        snapshot = await manager.load(plan_launch)  # type: ignore[arg-type]
        assert snapshot.state is ServerState.READY and snapshot.ready is not None
        n_ctx = snapshot.ready.n_ctx
        log_path = snapshot.log_path
    finally:
        await manager.shutdown()
    assert log_path is not None
    return n_ctx, log_path.read_text(errors="replace")


async def test_a_planned_launch_ignores_llama_arg_variables_in_the_parent(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    summary = summarize(read_model(smollm2))
    planner = Planner(summary, smollm2, DeviceInventory((), read_host_memory()))
    plan = planner.plan(PlanRequest(ctx=1024))
    assert plan.fits and plan.argv[plan.argv.index("-dev") + 1] == "none"
    polluted = {**os.environ, "LLAMA_ARG_CACHE_RAM": "0", "LLAMA_ARG_CTX_SIZE": "256"}

    n_ctx, log = await _launch(
        engine_location, tmp_path / "clean", child_environment(polluted), plan.launch
    )
    assert n_ctx == plan.ctx
    # Ready once it said the model is loaded: "listening on" may come after the stop.
    assert "model loaded" in log and _CACHE_OFF not in log

    # The control: the same variable, passed through, does change the engine (once the
    # planned --cache-ram, which would win over it, is left off the command line).
    unplanned = plan.launch.with_changes(cache_ram_mib=None)
    _, leaked = await _launch(engine_location, tmp_path / "leaked", polluted, unplanned)
    assert _CACHE_OFF in leaked
