"""A plan made elsewhere (the app's load dialog) loaded beside the residents, against the
fake llama-server with real plans of 8B-shaped models on two fake 6 GiB GPUs: the
residents `beside` names before the load are exactly the ones `load_planned` evicts, by
bytes (the one whose device the plan needs, not merely the least recently used), a
busy one never goes, and the model's own resident is replaced."""

from __future__ import annotations

import asyncio
from pathlib import Path

from studio.core.placement.load_plan import (
    Explicit,
    OwnEngines,
    PlanningEngine,
    plan_load,
)
from studio.core.placement.setup import Machine
from studio.core.residents.beside import PlannedBeside, beside, kept_by
from studio.core.residents.scheduler import Residents
from tests.integration.test_residents_fake import DEVICES, ask, scene


async def dialog_plan(
    residents: Residents, path: Path, settings: dict[str, object] | None = None
) -> PlannedBeside:
    """The plan the load dialog makes: beside the residents (our engines' memory counted
    as free, the residents' bytes taken off), with the person's `settings`."""
    machine = Machine.of({"STUDIO_FAKE_DEVICES": DEVICES})
    kept = kept_by([v for v in residents.views() if v.model != path])
    own = OwnEngines(residents.pids(), kept)
    policy = Explicit({"ctx": 4096, **(settings or {})}, load_anyway=True)
    load = await asyncio.to_thread(plan_load, machine, path, PlanningEngine(), policy, (), own)
    return PlannedBeside(load, kept)


async def test_the_residents_the_dialog_names_are_the_ones_the_load_evicts(
    tmp_path: Path,
) -> None:
    async with scene(tmp_path) as s:
        await ask(s.residents, "a")
        await ask(s.residents, "b")
        await ask(s.residents, "a")  # b is the least recently used
        beside_them = await dialog_plan(s.residents, s.models / "c.gguf")
        assert beside(beside_them.load.plan, s.residents.views(), beside_them.kept).leaving == ()
        # The person puts every layer of c on a's GPU: a's room, however recently used.
        assert beside_them.load.plan is not None
        (index,) = s.where("a")
        gpu = next(d.key for d in beside_them.load.plan.devices if d.key.endswith(index))
        pushed = await dialog_plan(s.residents, s.models / "c.gguf", {"layers": {gpu: 33}})
        shown = beside(pushed.load.plan, s.residents.views(), pushed.kept)
        assert shown.leaving == ("a",) and shown.room
        await s.residents.load_planned(s.models / "c.gguf", pushed)
        assert s.names() == {"b", "c"}
        assert s.where("c") == {index}
        assert s.residents.evicted == 1


async def test_a_busy_resident_is_never_named_nor_evicted(tmp_path: Path) -> None:
    async with scene(tmp_path) as s:
        await ask(s.residents, "b")
        await ask(s.residents, "a")
        async with s.residents.use("a"):  # a answers a request: c wants a's GPU
            first = await dialog_plan(s.residents, s.models / "c.gguf")
            assert first.load.plan is not None
            (index,) = s.where("a")
            gpu = next(d.key for d in first.load.plan.devices if d.key.endswith(index))
            pushed = await dialog_plan(s.residents, s.models / "c.gguf", {"layers": {gpu: 33}})
            shown = beside(pushed.load.plan, s.residents.views(), pushed.kept)
            assert "a" not in shown.leaving and not shown.room
            await s.residents.load_planned(s.models / "c.gguf", pushed)
            assert "a" in s.names()
        assert s.residents.evicted == len(shown.leaving)


async def test_loading_a_residents_own_model_again_replaces_it(tmp_path: Path) -> None:
    async with scene(tmp_path) as s:
        await ask(s.residents, "a")
        first = next(v.snapshot.pid for v in s.residents.views())
        planned = await dialog_plan(s.residents, s.models / "a.gguf")
        assert planned.kept == {}  # its own bytes are the plan's room
        assert beside(planned.load.plan, s.residents.views(), planned.kept).leaving == ()
        await s.residents.load_planned(s.models / "a.gguf", planned)
        (view,) = s.residents.views()
        assert view.name == "a" and view.snapshot.pid not in (None, first)
        assert s.residents.evicted == 0
