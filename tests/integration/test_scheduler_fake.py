"""The scheduler keeps its promises, against the fake llama-server: a request is answered
by the model it named or refused, never by another; and a request that crashes the engine
is said so and not replayed, so such requests cannot stop the engine for good."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import struct
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from studio.core.api.facade import ChatFacade
from studio.core.api.routing import OneModel
from studio.core.hub.library import LocalModel, scan_folder
from studio.core.server.failures import FailureCode
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import (
    EngineCrashedOnRequestError,
    NotReadyError,
    ServerManager,
)
from studio.core.server.states import ServerState
from studio.core.server.switcher import ModelSwitch
from studio.core.voice import ENGLISH
from tests.support.engine_wrappers import fake_engine

HI = [{"role": "user", "content": "hi"}]
MODEL_A = LaunchSpec(model=Path("/models/a.gguf"))
MODEL_B = LaunchSpec(model=Path("/models/b.gguf"))
TOKENS = "t0 t1 t2 t3 t4 "


def make_manager(tmp_path: Path, **env: str) -> ServerManager:
    environ = {**os.environ, "FAKE_LOAD_S": "0.05", **env}
    return ServerManager(
        fake_engine(tmp_path), tmp_path / "logs", environ=environ, health_timeout_s=20
    )


async def answer(manager: ServerManager, **options: object) -> str:
    return "".join([d.content async for d in manager.stream_chat(HI, max_tokens=5, **options)])


@dataclass
class Served:
    manager: ServerManager
    switch: ModelSwitch
    http: httpx.AsyncClient


@contextlib.asynccontextmanager
async def served(tmp_path: Path, **env: str) -> AsyncIterator[Served]:
    """`studio serve` over a library of two models, alpha loaded; answers name their model."""
    models = tmp_path / "models"
    models.mkdir()
    for name in ("alpha", "beta"):
        (models / f"{name}.gguf").write_bytes(struct.pack("<4sIQQ", b"GGUF", 3, 0, 0))
    manager = make_manager(tmp_path, FAKE_NAME_ANSWERS="1", FAKE_TOKENS="3", **env)

    async def spec_for(path: Path) -> tuple[LaunchSpec, None]:
        return LaunchSpec(model=path, parallel=2), None

    def library() -> list[LocalModel]:
        return scan_folder(models)

    facade = ChatFacade(manager, spec_for, library=library)
    port = await facade.start(0)
    try:
        async with httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{port}", trust_env=False, timeout=30
        ) as http:
            await manager.load((await spec_for(models / "alpha.gguf"))[0])
            assert isinstance(facade.models, OneModel)
            yield Served(manager, facade.models.switch, http)
    finally:
        await facade.close()
        await manager.shutdown()


async def _enter(switch: ModelSwitch, manager: ServerManager, name: str) -> str:
    async with switch.use(name) as held:
        assert held is not None and manager.snapshot.requested == held
        return held.public_name


async def test_a_switch_waits_until_the_requests_holding_the_model_end(tmp_path: Path) -> None:
    async with served(tmp_path) as s:
        async with s.switch.use("alpha") as held:
            assert held is not None and held.public_name == "alpha"
            to_beta = asyncio.create_task(_enter(s.switch, s.manager, "beta"))
            await asyncio.sleep(0.5)
            assert not to_beta.done(), "switched away from a model a request was using"
            assert s.manager.snapshot.requested == held
            assert s.manager.snapshot.state is ServerState.READY
            # A newcomer for the held model queues behind the waiting switch: it neither
            # starves the switch nor is answered by beta.
            back = asyncio.create_task(_enter(s.switch, s.manager, "alpha"))
            await asyncio.sleep(0.2)
            assert not back.done()
        assert await to_beta == "beta"
        assert await back == "alpha"


async def test_racing_requests_for_two_models_are_each_answered_by_their_own(
    tmp_path: Path,
) -> None:
    async with served(tmp_path, FAKE_LOAD_S="0.2", FAKE_TOKEN_DELAY_S="0.02") as s:

        async def ask(name: str) -> tuple[str, int, str, str]:
            body = {"model": name, "messages": HI, "max_tokens": 3}
            response = await s.http.post("/v1/chat/completions", json=body)
            reply = response.json()
            content = reply["choices"][0]["message"]["content"] if response.is_success else ""
            return name, response.status_code, reply.get("model", ""), content

        names = ["alpha", "beta"] * 8
        for name, status, label, content in await asyncio.gather(*(ask(n) for n in names)):
            assert status == 200, (name, status, content)
            assert label == name
            assert content == f"{name}:t0 {name}:t1 {name}:t2 ", (name, content)


async def test_a_request_is_refused_rather_than_answered_by_a_model_loaded_meanwhile(
    tmp_path: Path,
) -> None:
    manager = make_manager(tmp_path, FAKE_LOAD_S="0.3")
    try:
        await manager.load(MODEL_A)
        to_b = asyncio.create_task(manager.load(MODEL_B))
        await asyncio.sleep(0)  # the load of B is under way, A may still be READY
        with pytest.raises(NotReadyError) as refused:
            await answer(manager, requested=MODEL_A)
        assert refused.value.code == "model_switched"
        said = ENGLISH.code(refused.value.code, refused.value.params)
        assert said == "Another model was loaded before a could answer; send the request again."
        await to_b
        assert await answer(manager, requested=MODEL_B) == TOKENS
    finally:
        await manager.shutdown()


async def test_a_request_that_crashes_the_engine_is_not_replayed_nor_a_crash_loop(
    tmp_path: Path,
) -> None:
    manager = make_manager(tmp_path)
    try:
        await manager.load(MODEL_A)
        for crash in range(1, 4):  # as many as make a crash loop when they are the engine's
            with pytest.raises(EngineCrashedOnRequestError) as caught:
                await answer(manager, grammar="crash")
            assert caught.value.params == {"cause": "SIGSEGV"}
            assert ENGLISH.code(caught.value.code, caught.value.params) == (
                "The engine crashed while answering this request (SIGSEGV), so the request "
                "was not retried."
            )
            # One child per crash: the request that crashed it was not sent to the next one.
            await manager.wait_for(lambda s: s.state is ServerState.READY, 20)
            assert manager.snapshot.spawn_count == 1 + crash
        assert await answer(manager) == TOKENS
        assert manager.snapshot.respawn_count == 3 and manager.snapshot.failure is None
    finally:
        await manager.shutdown()


async def test_crashes_of_the_engine_s_own_still_make_a_crash_loop(tmp_path: Path) -> None:
    manager = make_manager(tmp_path)
    try:
        await manager.load(MODEL_A)
        for crash in range(3):
            old_pid = manager.snapshot.pid
            process = manager.current_process()
            assert process is not None
            os.kill(process.pid, signal.SIGSEGV)  # no request in flight: the engine's own
            if crash < 2:
                await manager.wait_for(
                    lambda s, old=old_pid: s.state is ServerState.READY and s.pid != old, 20
                )
        failed = await manager.wait_for(lambda s: s.state is ServerState.FAILED, 20)
        assert failed.failure is not None and failed.failure.code is FailureCode.CRASH_LOOP
        assert failed.failure.params["last"] == "crashed"
    finally:
        await manager.shutdown()


async def test_serve_answers_a_crashing_request_with_its_sentence_and_keeps_serving(
    tmp_path: Path,
) -> None:
    async with served(tmp_path) as s:
        for stream in (False, True, False):
            body = {"messages": HI, "grammar": "crash", "stream": stream}
            response = await s.http.post("/v1/chat/completions", json=body)
            assert response.status_code == 422, response.text
            error = response.json()["error"]
            assert error["code"] == "request_crashed_engine"
            assert "was not retried" in error["message"]
        reply = await s.http.post("/v1/chat/completions", json={"messages": HI})
        assert reply.status_code == 200
        assert reply.json()["choices"][0]["message"]["content"] == "alpha:t0 alpha:t1 alpha:t2 "
