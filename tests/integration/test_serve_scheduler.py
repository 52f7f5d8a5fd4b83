"""`studio serve` keeps its promises on the real engine with SmolLM2: requests racing for
two models of a models folder are each answered by the model they name; a request that
crashes llama-server (a grammar of 20,000 nested brackets) is answered with its sentence,
not replayed, and does not stop the server for the requests after it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import AsyncGenerator, AsyncIterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from studio.core.api.facade import ChatFacade
from studio.core.engine import EngineLocation
from studio.core.hub.library import LocalModel, scan_folder
from studio.core.server.client import ChatDelta
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.server.process import ServerProcess
from studio.core.server.states import ServerState

pytestmark = pytest.mark.engine

# Crashes llama-server (SIGSEGV: its grammar parser recurses once per bracket).
CRASHING_GRAMMAR = "root ::= " + "(" * 20000 + '"a"' + ")" * 20000


@dataclass
class Served:
    manager: ServerManager
    http: httpx.AsyncClient
    # The prompt of each request -> the model of the child whose stream answered it.
    answered_by: dict[str, str]


def _link(target: Path, link: Path) -> None:
    try:
        os.link(target, link)
    except OSError:  # another file system than the test cache's
        link.symlink_to(target)


@contextlib.asynccontextmanager
async def served(
    engine: EngineLocation, smollm2: Path, tmp_path: Path, names: Sequence[str]
) -> AsyncIterator[Served]:
    """`studio serve` over a models folder holding SmolLM2 under each of `names`; nothing
    loaded yet, so the first request loads on demand."""
    models = tmp_path / "models"
    models.mkdir()
    for name in names:
        _link(smollm2, models / f"{name}.gguf")

    async def spec_for(path: Path) -> tuple[LaunchSpec, None]:
        return LaunchSpec(model=path, ctx_size=512, parallel=1), None

    def library() -> list[LocalModel]:
        return scan_folder(models)

    manager = ServerManager(engine, tmp_path / "logs", health_timeout_s=120)
    answered_by: dict[str, str] = {}
    stream_from = manager._stream_from

    def recording(
        process: ServerProcess, messages: Sequence[Mapping[str, Any]], options: Any
    ) -> AsyncGenerator[ChatDelta, None]:
        # The child a stream really goes to, whatever the reply's label says.
        answered_by[str(messages[-1]["content"])] = process.spec.public_name
        return stream_from(process, messages, options)

    manager._stream_from = recording  # type: ignore[method-assign]
    facade = ChatFacade(manager, spec_for, library=library)
    port = await facade.start(0)
    try:
        async with httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{port}", trust_env=False, timeout=180
        ) as http:
            yield Served(manager, http, answered_by)
    finally:
        await facade.close()
        await manager.shutdown()


async def test_requests_racing_for_two_models_are_each_answered_by_the_one_they_name(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    async with served(engine_location, smollm2, tmp_path, ("alpha", "beta")) as s:

        async def ask(index: int, name: str) -> None:
            prompt = f"Say hello to number {index}."
            body = {
                "model": name,
                "messages": [{"role": "user", "content": prompt}],
                "max_tokens": 16,
                "temperature": 0,
                "stream": index % 3 == 0,
            }
            # Spread out, so requests for one model queue for its slot while the other's
            # requests switch: the moment a held model was lost to the switch.
            await asyncio.sleep(0.1 * index)
            response = await s.http.post("/v1/chat/completions", json=body)
            assert response.status_code == 200, (name, response.text)
            if body["stream"]:
                chunks = [
                    json.loads(line[6:])
                    for line in response.text.splitlines()
                    if line.startswith("data: {")
                ]
            else:
                chunks = [response.json()]
            answered_by = s.answered_by[prompt]
            assert answered_by == name, f"request {index} for {name} answered by {answered_by}"
            assert {c["model"] for c in chunks} == {name}, f"request {index} labelled wrong"
            # Not ended ("cancelled") by a switch to the other model: a lost answer.
            finishes = {c["finish_reason"] for c in chunks for c in c["choices"]} - {None}
            assert finishes and finishes <= {"stop", "length"}, (index, finishes)

        await ask(0, "alpha")  # loaded: the first requests below find it ready
        outcomes = await asyncio.gather(
            *(ask(i, ("alpha", "beta")[i % 2]) for i in range(1, 13)), return_exceptions=True
        )
        failures = [str(outcome) for outcome in outcomes if outcome is not None]
        assert not failures, "\n".join(failures)
        assert set(s.answered_by.values()) == {"alpha", "beta"}


async def test_a_request_that_crashes_the_engine_is_said_and_not_replayed(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    async with served(engine_location, smollm2, tmp_path, ("smol",)) as s:
        hello = {"model": "smol", "messages": [{"role": "user", "content": "Say hello."}]}
        assert (await s.http.post("/v1/chat/completions", json=hello)).status_code == 200
        crashes = 0
        for stream in (False, True):
            crashing = {**hello, "grammar": CRASHING_GRAMMAR, "max_tokens": 4, "stream": stream}
            response = await s.http.post("/v1/chat/completions", json=crashing)
            if response.status_code != 422:
                # A build whose grammar parser refuses such nesting itself (none seen so
                # far): a refusal, and nothing to replay.
                assert 400 <= response.status_code < 500, response.text
                continue
            crashes += 1
            error = response.json()["error"]
            assert error["code"] == "request_crashed_engine"
            assert error["message"] == (
                "The engine crashed while answering this request (SIGSEGV), so the request "
                "was not retried."
            )
        answer = await s.http.post("/v1/chat/completions", json={**hello, "max_tokens": 4})
        assert answer.status_code == 200, answer.text
        assert answer.json()["choices"][0]["message"]["content"]
        snapshot = s.manager.snapshot
        assert snapshot.state is ServerState.READY and snapshot.failure is None
        # One respawn per crashing request: none was sent to a new child again.
        assert snapshot.respawn_count == crashes and snapshot.spawn_count == 1 + crashes
