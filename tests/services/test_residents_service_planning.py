"""The app's residents launch plans the way the planner meant them: an out-of-memory start
steps down to the planner's next smaller plan, and no LLAMA_ARG_* variable from the
user's shell reaches the engine."""

from __future__ import annotations

import asyncio
import os
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from studio.core.engine import EngineLocation, EngineProber, EngineSource
from studio.core.placement.load_plan import OwnEngines, PlannedLoad
from studio.core.placement.setup import Machine
from studio.core.placement.smaller import SmallerPlanStep
from studio.core.residents.beside import PlannedBeside
from studio.core.server.recovery import RecoveryStep
from studio.core.server.states import ServerState
from studio.core.tasks import TaskOwner
from studio.services.residents_service import create_residents_service
from tests.services.chat_support import qasync_event_loop

pytestmark = pytest.mark.engine


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def _engine_that_runs_out_of_kv_memory_at(
    real: EngineLocation, directory: Path, ctx: int, env_record: Path
) -> Path:
    """A user's "own build": the real engine, except that a context of `ctx` fails the way
    llama-server fails when the KV cache does not fit; it records its LLAMA_ARG_* env."""
    library_path = real.environment.get("LD_LIBRARY_PATH", "")
    oom = "llama_init_from_model: failed to allocate buffer for kv cache"
    script = directory / "llama-server"
    script.write_text(
        "#!/bin/sh\n"
        f"env | grep '^LLAMA_ARG_' >> {shlex.quote(str(env_record))}\n"
        'case " $* " in\n'
        f'  *" -c {ctx} "*) echo "{oom}" >&2; exit 1 ;;\n'
        "esac\n"
        f"export LD_LIBRARY_PATH={shlex.quote(library_path)}\n"
        f'exec {shlex.quote(str(real.path))} "$@"\n'
    )
    script.chmod(0o755)
    return script


def test_oom_steps_down_to_the_planners_smaller_plan_without_shell_variables(
    loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    engine_location: EngineLocation,
    smollm2: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LLAMA_ARG_CTX_SIZE", "128")  # would shrink the context under our feet
    env_record = tmp_path / "engine-env.txt"
    env_record.touch()
    binary = _engine_that_runs_out_of_kv_memory_at(engine_location, tmp_path, 4096, env_record)
    info = EngineProber().probe(engine_location)
    setup = Machine.of({}).setup(smollm2, info)
    plan = setup.planner.plan(setup.base_request.with_changes(ctx=4096, parallel=1))
    assert plan.launch.ctx_size == 4096

    tasks = TaskOwner("test")

    async def no_other_load(path: Path, _own: OwnEngines) -> PlannedLoad:
        raise AssertionError(f"{path} was to load with the dialog's plan")

    async def nothing_named(_name: str) -> Path | None:
        return None

    service = create_residents_service(
        EngineLocation(binary, EngineSource.SETTING),
        tmp_path / "logs",
        tasks,
        os.environ,
        no_other_load,
        nothing_named,
    )
    assert service is not None
    # As the load dialog hands it over: the launch with its step down.
    planned = PlannedLoad(plan.launch, SmallerPlanStep(setup.planner, plan), plan)

    async def scenario() -> None:
        assert await service.load_and_wait(PlannedBeside(planned, {}))

    try:
        loop.run_until_complete(asyncio.wait_for(scenario(), timeout=120))
        snapshot = service.snapshot
        assert snapshot.state is ServerState.READY
        assert [note.step for note in snapshot.recovery] == [RecoveryStep.SMALLER_CONTEXT]
        assert snapshot.spec is not None and snapshot.spec.ctx_size is not None
        assert snapshot.spec.ctx_size < 4096
        assert snapshot.ready is not None and snapshot.ready.n_ctx == snapshot.spec.ctx_size
        assert env_record.read_text() == ""  # no LLAMA_ARG_* reached either spawn
    finally:
        loop.run_until_complete(service.shutdown())
        loop.run_until_complete(tasks.shutdown())
    assert os.environ["LLAMA_ARG_CTX_SIZE"] == "128"  # the app's own environment is untouched
