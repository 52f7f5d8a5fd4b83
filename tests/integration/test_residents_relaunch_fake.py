"""A resident relaunched with knobs no plan prices (the documents' `--embeddings` and
pooling), against the fake llama-server: it waits for the requests it is answering (never
cut), every request that needs the knobs shares one relaunch, a request that needs none
waits for it like any load, and the resident keeps its place, plan and bytes."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from studio.core.documents.embedder import embedding_launch
from studio.core.residents.scheduler import Residents
from studio.core.server.launch import LaunchSpec
from tests.integration.test_residents_fake import ask, scene


def _spawns(residents: Residents) -> int:
    (view,) = residents.views()
    return view.snapshot.spawn_count


async def _embedding(residents: Residents, name: str) -> LaunchSpec:
    async with residents.use(name, launch=embedding_launch) as held:
        return held.spec


async def test_a_relaunch_waits_for_the_answer_in_flight_and_keeps_the_plan(
    tmp_path: Path,
) -> None:
    async with scene(tmp_path) as s:
        assert (await ask(s.residents, "a")).startswith("a")
        (before,) = s.residents.views()
        release = asyncio.Event()

        async def chatting() -> str:
            async with s.residents.use("a") as held:
                await release.wait()  # an answer still streaming
                deltas = held.manager.stream_chat(
                    [{"role": "user", "content": "hi"}], requested=held.spec, max_tokens=3
                )
                return "".join([d.content async for d in deltas])

        chat = asyncio.create_task(chatting())
        await asyncio.sleep(0.05)
        relaunch = asyncio.create_task(_embedding(s.residents, "a"))
        await asyncio.sleep(0.3)
        assert not relaunch.done() and _spawns(s.residents) == 1, "the answer was cut"
        release.set()
        assert (await chat).startswith("a")
        spec = await relaunch
        assert (spec.embeddings, spec.pooling) == (True, "mean")
        (after,) = s.residents.views()
        assert after.snapshot.spawn_count == 2
        assert [(d.key, d.predicted) for d in after.devices] == [
            (d.key, d.predicted) for d in before.devices
        ]
        assert s.plans == ["a"]  # relaunched with its plan, never planned again
        # Asked again: nothing to relaunch.
        await _embedding(s.residents, "a")
        assert _spawns(s.residents) == 2


async def test_requests_share_one_relaunch_and_others_wait_for_it(tmp_path: Path) -> None:
    async with scene(tmp_path) as s:
        await ask(s.residents, "a")
        embeddings = [asyncio.create_task(_embedding(s.residents, "a")) for _ in range(4)]
        await asyncio.sleep(0)
        plain = asyncio.create_task(ask(s.residents, "a"))
        specs = await asyncio.gather(*embeddings)
        assert all(spec.embeddings for spec in specs)
        assert (await plain).startswith("a")
        assert _spawns(s.residents) == 2 and s.residents.evicted == 0


async def test_a_model_not_resident_starts_with_the_knobs(tmp_path: Path) -> None:
    async with scene(tmp_path) as s:
        spec = await _embedding(s.residents, "b")
        assert spec.embeddings and _spawns(s.residents) == 1


async def test_a_relaunch_may_not_change_the_plan(tmp_path: Path) -> None:
    async with scene(tmp_path) as s:
        await ask(s.residents, "a")
        with pytest.raises(ValueError, match="no plan prices"):
            async with s.residents.use("a", launch=lambda spec: spec.with_changes(ctx_size=64)):
                pass
        assert _spawns(s.residents) == 1
