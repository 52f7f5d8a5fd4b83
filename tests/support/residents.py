"""The app's residents over the real engine, with a library of two copies of SmolLM2, as
`composition.py` builds them, for the services and UI tests of several loaded models."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

from studio.core.engine import EngineInfo, EngineLocation
from studio.core.hub.library import LocalModel, scan_folder
from studio.core.placement.load_plan import (
    Explicit,
    OwnEngines,
    PlannedLoad,
    PlanningEngine,
    plan_load,
)
from studio.core.placement.setup import Machine
from studio.core.residents.beside import PlannedBeside, kept_by
from studio.core.tasks import TaskOwner
from studio.services.residents_service import ResidentsService

# No host prompt cache: each model's bytes are then its own, not a reserve they share.
POLICY = Explicit({"ctx": 512, "cache_ram": 0})
ENVIRON = {"STUDIO_FAKE_DEVICES": "HOST:16GiB"}


@dataclass
class TwoModels:
    service: ResidentsService
    library: list[LocalModel]
    first: Path  # smol.gguf
    second: Path  # smol-b.gguf
    planning: PlanningEngine

    async def plan(self, path: Path, own: OwnEngines) -> PlannedLoad:
        machine = Machine.of(ENVIRON)
        return await asyncio.to_thread(plan_load, machine, path, self.planning, POLICY, (), own)

    async def load(self, path: Path) -> None:
        """As the load dialog loads: planned beside the residents, then handed over."""
        views = [v for v in self.service.residents.views() if v.model != path]
        kept = kept_by(views)
        planned = await self.plan(path, OwnEngines(self.service.pids(), kept))
        assert await self.service.load(PlannedBeside(planned, kept))


def two_models(
    tmp_path: Path,
    engine_location: EngineLocation,
    info: EngineInfo,
    smollm2: Path,
    tasks: TaskOwner,
) -> TwoModels:
    """The service over a library of two links to SmolLM2; the caller shuts it down."""
    models = tmp_path / "models"
    models.mkdir()
    first, second = models / "smol.gguf", models / "smol-b.gguf"
    first.symlink_to(smollm2)
    second.symlink_to(smollm2)
    library = scan_folder(models)

    async def lookup(name: str) -> Path | None:
        return next((m.path for m in library if name in (m.path.name, m.path.stem)), None)

    scene: TwoModels | None = None

    async def plan(path: Path, own: OwnEngines) -> PlannedLoad:
        assert scene is not None
        return await scene.plan(path, own)

    service = ResidentsService(
        engine_location, tmp_path / "logs", tasks, plan, lookup, library=lambda: library
    )
    scene = TwoModels(service, library, first, second, PlanningEngine(info, engine_location))
    return scene
