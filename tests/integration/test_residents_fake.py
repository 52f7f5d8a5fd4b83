"""The several-models scheduler keeps its promises, against the fake llama-server with
real plans of 8B-shaped models on two fake 6 GiB GPUs: a model goes beside the residents
where they leave room, evicts exactly the idle residents in its way (never a busy or
pinned one), waits for busy ones within a queue limit, shares one load between every
request that waits for it, and leaves by its time to live."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import psutil
import pytest

from studio.core.api.facade import ChatFacade
from studio.core.errors import StudioError
from studio.core.hub.library import LocalModel, scan_folder
from studio.core.placement.load_plan import (
    Explicit,
    OwnEngines,
    PlannedLoad,
    PlanningEngine,
    plan_load,
)
from studio.core.placement.setup import Machine
from studio.core.residents.scheduler import Residents
from studio.core.server.manager import ServerManager
from studio.core.server.states import ServerState
from studio.core.voice import ENGLISH
from tests.support.engine_wrappers import fake_engine
from tests.support.synthetic import synthetic_model

# One 8B-shaped model takes about 5 GiB of a 6 GiB GPU: two GPUs hold two models.
DEVICES = "GPU0:6GiB,GPU1:6GiB,HOST:64GiB"


@dataclass
class Scene:
    residents: Residents
    models: Path
    plans: list[str]  # every model planned, in order

    def where(self, name: str) -> set[str]:
        """The devices the resident `name` holds bytes on (the host left out)."""
        view = next(v for v in self.residents.views() if v.name == name)
        return {d.key[-1] for d in view.devices if d.key != "host" and d.predicted > 0}

    def gpu_bytes(self, name: str) -> int:
        view = next(v for v in self.residents.views() if v.name == name)
        return sum(d.predicted for d in view.devices if d.key != "host")

    def names(self) -> set[str]:
        return {v.name for v in self.residents.views()}


@contextlib.asynccontextmanager
async def scene(
    tmp_path: Path, names: str = "abcd", *, env: dict[str, str] | None = None, **options: object
) -> AsyncIterator[Scene]:
    models = tmp_path / "models"
    models.mkdir()
    shape = synthetic_model("llama-8b-shape")
    for name in names:
        (models / f"{name}.gguf").symlink_to(shape)
    machine = Machine.of({"STUDIO_FAKE_DEVICES": DEVICES})
    engine = fake_engine(tmp_path)
    environ = {**os.environ, "FAKE_LOAD_S": "0.05", "FAKE_NAME_ANSWERS": "1", **(env or {})}
    plans: list[str] = []

    async def plan(path: Path, own: OwnEngines) -> PlannedLoad:
        plans.append(path.stem)
        policy = Explicit({"ctx": 4096})
        return await asyncio.to_thread(plan_load, machine, path, PlanningEngine(), policy, (), own)

    async def lookup(name: str) -> Path | None:
        path = models / f"{name}.gguf"
        return path if path.exists() else None

    def new_manager() -> ServerManager:
        return ServerManager(engine, tmp_path / "logs", environ=environ, health_timeout_s=20)

    residents = Residents(new_manager, lookup, plan, **options)  # type: ignore[arg-type]
    residents.start()
    try:
        yield Scene(residents, models, plans)
    finally:
        await residents.close()


HI = [{"role": "user", "content": "hi"}]


async def ask(residents: Residents, name: str) -> str:
    async with residents.use(name) as held:
        deltas = held.manager.stream_chat(
            [{"role": "user", "content": "hi"}], requested=held.spec, max_tokens=3
        )
        return "".join([d.content async for d in deltas])


async def test_a_second_model_goes_beside_the_first_where_it_leaves_room(tmp_path: Path) -> None:
    async with scene(tmp_path) as s:
        assert (await ask(s.residents, "a")).startswith("a")
        assert (await ask(s.residents, "b")).startswith("b")
        assert s.names() == {"a", "b"}
        assert s.where("a") == {"0"} and s.where("b") == {"1"}
        assert s.residents.evicted == 0
        # Both answer, each from its own engine, with no load in between.
        answers = await asyncio.gather(*(ask(s.residents, n) for n in "abab"))
        assert [a[0] for a in answers] == list("abab")
        assert all(v.snapshot.spawn_count == 1 for v in s.residents.views())


async def test_a_model_with_no_room_evicts_the_least_recently_used_idle_resident(
    tmp_path: Path,
) -> None:
    async with scene(tmp_path) as s:
        await ask(s.residents, "a")
        await ask(s.residents, "b")
        await ask(s.residents, "a")  # b is now the least recently used
        await ask(s.residents, "c")
        assert s.names() == {"a", "c"}
        assert s.where("c") == {"1"}, "c took the room b left"
        assert s.residents.evicted == 1


async def test_a_resident_serving_a_request_is_never_evicted(tmp_path: Path) -> None:
    async with scene(tmp_path) as s:
        await ask(s.residents, "a")
        await ask(s.residents, "b")
        async with s.residents.use("a"):  # a is the least recently used, but busy
            await ask(s.residents, "c")
            assert s.names() == {"a", "c"}


async def test_a_model_waits_for_busy_residents_within_the_queue_limit(tmp_path: Path) -> None:
    async with scene(tmp_path, max_waiting=1) as s:
        await ask(s.residents, "a")
        await ask(s.residents, "b")
        release = asyncio.Event()

        async def hold(name: str) -> None:
            async with s.residents.use(name):
                await release.wait()

        holders = [asyncio.create_task(hold(n)) for n in "ab"]
        await asyncio.sleep(0.1)
        to_c = asyncio.create_task(ask(s.residents, "c"))
        await asyncio.sleep(0.3)
        assert not to_c.done(), "a model was loaded over busy residents"
        with pytest.raises(StudioError) as refused:
            await ask(s.residents, "d")
        assert refused.value.code == "model_queue_full"
        release.set()
        await asyncio.gather(*holders)
        assert (await to_c).startswith("c")
        assert len(s.names() & {"a", "b"}) == 1 and "c" in s.names()


async def test_pinned_models_are_never_evicted(tmp_path: Path) -> None:
    async with scene(tmp_path) as s:
        await s.residents.load(s.models / "a.gguf", pinned=True)
        await ask(s.residents, "b")
        await ask(s.residents, "c")  # b goes, though a is older
        assert s.names() == {"a", "c"}
        await s.residents.load(s.models / "c.gguf", pinned=True)
        # Both GPUs are pinned: d gets what they leave (most layers on the host), not their
        # room.
        assert (await ask(s.residents, "d")).startswith("d")
        assert s.names() == {"a", "c", "d"} and s.residents.evicted == 1
        assert s.gpu_bytes("d") < s.gpu_bytes("a") / 2


async def test_a_count_full_of_pinned_models_is_refused_in_a_sentence(tmp_path: Path) -> None:
    async with scene(tmp_path, max_models=2) as s:
        for name in "ab":
            await s.residents.load(s.models / f"{name}.gguf", pinned=True)
        with pytest.raises(StudioError) as refused:
            await ask(s.residents, "c")
        assert refused.value.code == "model_no_room"
        assert ENGLISH.error(refused.value) == (
            "c cannot be loaded: the pinned models a, b keep their room."
        )
        assert s.names() == {"a", "b"}


async def test_requests_waiting_for_one_model_share_its_load_and_may_give_up(
    tmp_path: Path,
) -> None:
    async with scene(tmp_path, env={"FAKE_LOAD_S": "0.5"}) as s:
        tasks = [asyncio.create_task(ask(s.residents, "a")) for _ in range(5)]
        await asyncio.sleep(0.2)
        tasks[0].cancel()  # one gives up while the model loads: the others still get it
        answers = await asyncio.gather(*tasks[1:])
        assert all(a.startswith("a") for a in answers)
        with contextlib.suppress(asyncio.CancelledError):
            await tasks[0]
        (view,) = s.residents.views()
        assert view.snapshot.spawn_count == 1 and s.plans == ["a"]


async def test_a_resident_leaves_after_its_time_to_live_and_comes_back_on_request(
    tmp_path: Path,
) -> None:
    async with scene(tmp_path, idle_unload_s=0.3) as s:
        await ask(s.residents, "a")
        async with s.residents.use("b", ttl_s=-1):  # keep_alive -1: stays loaded
            pass
        for _ in range(50):
            if s.names() == {"b"}:
                break
            await asyncio.sleep(0.05)
        assert s.names() == {"b"} and s.residents.expired == 1
        assert (await ask(s.residents, "a")).startswith("a")


async def test_a_count_limit_of_one_switches_models(tmp_path: Path) -> None:
    async with scene(tmp_path, max_models=1) as s:
        await ask(s.residents, "a")
        await ask(s.residents, "b")
        assert s.names() == {"b"} and s.residents.evicted == 1


async def test_unloading_one_model_while_another_loads_leaves_the_other_loading(
    tmp_path: Path,
) -> None:
    async with scene(tmp_path, env={"FAKE_LOAD_S": "0.4"}) as s:
        await ask(s.residents, "a")
        loading = asyncio.create_task(ask(s.residents, "b"))
        await asyncio.sleep(0.1)
        assert await s.residents.unload("a") == 1
        assert (await loading).startswith("b")
        assert s.names() == {"b"}
        (view,) = s.residents.views()
        assert view.snapshot.state is ServerState.READY


def device_budgets() -> dict[str, int]:
    """What each device may hold, as the planner budgets it on the empty machine."""
    machine = Machine.of({"STUDIO_FAKE_DEVICES": DEVICES})
    planned = plan_load(machine, synthetic_model("llama-8b-shape"), PlanningEngine(), Explicit())
    assert planned.plan is not None
    return {d.key: d.budget for d in (*planned.plan.devices, planned.plan.host)}


def engine_pids() -> set[int]:
    """Our fake engines alive now (children of this process)."""
    alive = set()
    for child in psutil.Process().children(recursive=True):
        try:
            if child.status() != psutil.STATUS_ZOMBIE and any(
                "fake_llama_server" in part for part in child.cmdline()
            ):
                alive.add(child.pid)
        except psutil.NoSuchProcess:
            pass
    return alive


@pytest.mark.parametrize("seed", range(4))
async def test_random_requests_loads_and_unloads_leave_exactly_the_residents_running(
    tmp_path: Path, seed: int
) -> None:
    """Randomized trials: requests for four models (some given up while their model loads),
    explicit loads, pinning and unloads, at random; once they settle, the engines alive
    are exactly the residents' (none orphaned, none twice), and none outlive the close."""
    chance = random.Random(seed)
    budgets = device_budgets()
    async with scene(tmp_path, env={"FAKE_LOAD_S": "0.05"}, max_waiting=64) as s:
        for _round in range(4):
            tasks: list[asyncio.Task[object]] = []
            for _ in range(8):
                name = chance.choice("abcd")
                action = chance.random()
                if action < 0.55:
                    tasks.append(asyncio.create_task(ask(s.residents, name)))
                elif action < 0.7:
                    path = s.models / f"{name}.gguf"
                    pinned = chance.random() < 0.3
                    tasks.append(asyncio.create_task(s.residents.load(path, pinned=pinned)))
                else:
                    tasks.append(asyncio.create_task(s.residents.unload(name)))
                await asyncio.sleep(chance.choice((0, 0.01, 0.05)))
            for task in chance.sample(tasks, k=2):
                task.cancel()  # a client that gives up
            outcomes = await asyncio.gather(*tasks, return_exceptions=True)
            for outcome in outcomes:
                # Pinned models may leave no room (model_no_room); nothing else may fail.
                if isinstance(outcome, StudioError):
                    assert outcome.code in ("model_no_room", "superseded", "manager_closed")
                elif isinstance(outcome, BaseException):
                    assert isinstance(outcome, asyncio.CancelledError), repr(outcome)
            if chance.random() < 0.25:
                await s.residents.unload(None)
            resident_pids = {v.snapshot.pid for v in s.residents.views()}
            assert None not in resident_pids
            assert engine_pids() == resident_pids
            # No device holds more than its budget: each was planned beside the others.
            held: dict[str, int] = {}
            for view in s.residents.views():
                for device in view.devices:
                    held[device.key] = held.get(device.key, 0) + device.held
            assert all(size <= budgets[key] for key, size in held.items()), held
    assert not engine_pids(), "an engine outlived the scheduler"


async def test_the_http_face_serves_several_residents(tmp_path: Path) -> None:
    """/v1/models marks every resident with its bytes per device, /studio/status lists
    them, a request's keep_alive is its model's time to live, and /studio/unload takes one
    model or all."""
    async with scene(tmp_path) as s:
        residents = s.residents

        def library() -> list[LocalModel]:
            return scan_folder(s.models)

        facade = ChatFacade.several(lambda _lookup: residents, library=library)
        port = await facade.start(0)
        try:
            async with httpx.AsyncClient(
                base_url=f"http://127.0.0.1:{port}", trust_env=False, timeout=30
            ) as http:

                async def chat(model: str, **extra: object) -> str:
                    body = {"model": model, "messages": HI, "max_tokens": 3, **extra}
                    reply = (await http.post("/v1/chat/completions", json=body)).json()
                    return str(reply["choices"][0]["message"]["content"])

                answers = await asyncio.gather(chat("a"), chat("b", keep_alive="-1"))
                assert [a[0] for a in answers] == ["a", "b"]
                listed = (await http.get("/v1/models")).json()["data"]
                loaded = {m["id"]: m for m in listed if m["loaded"]}
                assert set(loaded) == {"a", "b"}
                assert all(any(d["predicted"] > 0 for d in m["devices"]) for m in loaded.values())
                status = (await http.get("/studio/status")).json()
                ttl = {r["id"]: r["ttl_s"] for r in status["residents"]}
                assert ttl == {"a": None, "b": None}  # no server default; b asked always
                await chat("a", keep_alive="2m")
                status = (await http.get("/studio/status")).json()
                assert {r["id"]: r["ttl_s"] for r in status["residents"]}["a"] == 120
                unloaded = (await http.post("/studio/unload", json={"model": "a"})).json()
                assert unloaded["unloaded"] == 1
                assert [r["id"] for r in unloaded["residents"]] == ["b"]
                unloaded = (await http.post("/studio/unload")).json()
                assert unloaded == {"unloaded": 1, "residents": []}
                assert (await http.get("/health")).status_code == 503
        finally:
            await facade.close()


async def test_an_unload_given_up_half_way_still_stops_the_engine(tmp_path: Path) -> None:
    """A client gone from its /studio/unload cancels the request, not the stop: the
    engine is never left running outside the residents."""
    async with scene(tmp_path) as s:
        await ask(s.residents, "a")
        (pid,) = (v.snapshot.pid for v in s.residents.views())
        unloading = asyncio.create_task(s.residents.unload("a"))
        await asyncio.sleep(0)  # the stop has begun
        unloading.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await unloading
        assert s.names() == set()
        for _ in range(200):
            if pid not in engine_pids():
                break
            await asyncio.sleep(0.05)
        assert pid not in engine_pids()
