"""`ResidentEmbedder` on the real engine with SmolLM2: the embedding resident is held while
it embeds, so a model that needs its room waits and it is never evicted mid-request; a
resident with a micro-batch smaller than a passage keeps its plan, and the passages are
cut to what it reads whole (a longer question is embedded by its first tokens)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from studio.core.documents import embedder as documents_embedder
from studio.core.documents.chunks import chunk_pages
from studio.core.documents.extract import extract
from studio.core.documents.index import DocumentIndex
from studio.core.documents.indexing import index_document
from studio.core.engine import EngineInfo, EngineLocation, EngineProber
from studio.core.placement.load_plan import (
    Explicit,
    OwnEngines,
    PlannedLoad,
    PlanningEngine,
    plan_load,
)
from studio.core.placement.setup import Machine
from studio.core.residents import embedder as resident_embedder
from studio.core.residents.embedder import ResidentEmbedder
from studio.core.residents.scheduler import Residents
from studio.core.server.manager import ServerManager
from tests.core.documents.test_retrieval_engine import QUESTION, _report
from tests.integration.test_manager_engine import answer, engine_children
from tests.support.residents import ENVIRON

pytestmark = pytest.mark.engine

SMALL_UBATCH = 64


@pytest.fixture(scope="module")
def info(engine_location: EngineLocation, tmp_path_factory: pytest.TempPathFactory) -> EngineInfo:
    return EngineProber(tmp_path_factory.mktemp("probe") / "probe.json").probe(engine_location)


def _models(tmp_path: Path, smollm2: Path) -> tuple[Path, Path]:
    folder = tmp_path / "models"
    folder.mkdir()
    first, second = folder / "smol.gguf", folder / "smol-b.gguf"
    first.symlink_to(smollm2)
    second.symlink_to(smollm2)
    return first, second


def _residents(
    tmp_path: Path,
    engine: EngineLocation,
    info: EngineInfo,
    settings: dict[str, Any],
    **kwargs: Any,
) -> Residents:
    planning = PlanningEngine(info, engine)
    policy = Explicit({"ctx": 512, "cache_ram": 0, **settings})

    async def plan(path: Path, own: OwnEngines) -> PlannedLoad:
        machine = Machine.of(ENVIRON)
        return await asyncio.to_thread(plan_load, machine, path, planning, policy, (), own)

    async def lookup(name: str) -> Path | None:
        return Path(name) if name.endswith(".gguf") else None  # the tests name files

    def manager() -> ServerManager:
        return ServerManager(engine, tmp_path / "logs", health_timeout_s=120)

    return Residents(manager, lookup, plan, **kwargs)


async def _until(check: Callable[[], bool]) -> None:
    for _ in range(2400):  # a bound, never a timing assertion
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("never happened")


def test_the_embedding_resident_in_flight_is_never_evicted(
    tmp_path: Path,
    engine_location: EngineLocation,
    info: EngineInfo,
    smollm2: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first, second = _models(tmp_path, smollm2)
    release = asyncio.Event()
    posting = documents_embedder.post_embeddings

    async def held_back(client: Any, texts: Sequence[Any]) -> Any:
        await release.wait()  # the request stays in flight until the test lets it go
        return await posting(client, texts)

    monkeypatch.setattr(resident_embedder, "post_embeddings", held_back)

    async def main() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        # One model at a time: the chat's model needs the embedding resident's room.
        residents = _residents(tmp_path, engine_location, info, {}, max_models=1)
        embedder = ResidentEmbedder(residents, lambda: first)
        try:
            embedding = asyncio.ensure_future(embedder.embed(["cats", "dogs and cats"]))
            await _until(lambda: any(v.in_flight for v in residents.views()))

            async def chat() -> str:
                async with residents.use(str(second)) as held:
                    return await answer(held.manager)

            chatting = asyncio.ensure_future(chat())
            for _ in range(20):
                await asyncio.sleep(0.05)
            seen["waiting"] = [(v.model, v.in_flight) for v in residents.views()]
            seen["chat_done"] = chatting.done()
            seen["children"] = len(engine_children())
            release.set()
            seen["vectors"] = await embedding
            seen["answer"] = await chatting
            seen["after"] = [v.model for v in residents.views()]
            seen["evicted"] = residents.evicted
        finally:
            release.set()
            await residents.close()
        return seen

    seen = asyncio.run(main())
    assert not engine_children(), "an engine outlived the residents"
    assert seen["waiting"] == [(first, 1)] and not seen["chat_done"] and seen["children"] == 1
    vectors = seen["vectors"]
    assert vectors.shape[0] == 2 and np.allclose(np.linalg.norm(vectors, axis=1), 1.0)
    assert seen["answer"] and seen["after"] == [second] and seen["evicted"] == 1


def test_a_small_micro_batch_cuts_passages_and_keeps_the_plan(
    tmp_path: Path, engine_location: EngineLocation, info: EngineInfo, smollm2: Path
) -> None:
    first, _ = _models(tmp_path, smollm2)
    report = _report(tmp_path)
    whole = chunk_pages(extract(report).pages)

    async def main() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        residents = _residents(
            tmp_path, engine_location, info, {"ubatch": SMALL_UBATCH, "batch": SMALL_UBATCH}
        )
        embedder = ResidentEmbedder(residents, lambda: first)
        index = DocumentIndex.in_memory()
        try:
            await residents.load(first)  # for chatting: no embeddings yet
            seen["long"] = await embedder.too_long([c.text for c in whole])
            await index_document(index, embedder, 1, report, lambda _: None)
            passages = index.passages(1)
            seen["count"] = len(passages)
            seen["fit"] = await embedder.too_long([p.text for p in passages])
            seen["pages"] = {p.page for p in passages}
            question = " ".join([QUESTION] * 12)  # over the micro-batch: its first tokens
            seen["question"] = await embedder.embed([question])
            manager = residents.manager_of(str(first))
            assert manager is not None and manager.snapshot.spec is not None
            spec = manager.snapshot.spec
            seen["spec"] = (spec.ubatch, spec.embeddings, spec.pooling)
            async with residents.use(str(first)) as held:
                seen["answer"] = await answer(held.manager)
        finally:
            index.close()
            await residents.close()
        return seen

    seen = asyncio.run(main())
    assert not engine_children(), "an engine outlived the residents"
    assert sum(seen["long"]) > len(whole) // 2  # the ~200-token passages are over 64
    assert seen["count"] > len(whole) and not any(seen["fit"])
    assert seen["pages"] == {1, 2, 3, 4, 5}
    assert seen["question"].shape[0] == 1
    assert seen["spec"] == (SMALL_UBATCH, True, "mean")  # its plan kept, embeddings added
    assert seen["answer"]
