"""`studio serve` through the official `openai` client against the fake llama-server:
the shapes the small real model cannot be relied on to produce (tool-call deltas, several
choices), models loaded on demand, and the idle unload racing new requests."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import struct
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import openai
import psutil
import pytest
from openai.types.chat import (
    ChatCompletionMessageFunctionToolCall,
    ChatCompletionMessageParam,
    ChatCompletionToolParam,
)

from studio.core.api.facade import ChatFacade
from studio.core.api.routing import OneModel
from studio.core.hub.library import LocalModel, scan_folder
from studio.core.placement.admission import ModelTooBigError
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.server.states import ServerState
from studio.core.server.switcher import ModelSwitch
from studio.core.units import GIB, MIB
from tests.support.engine_wrappers import fake_engine

HI: list[ChatCompletionMessageParam] = [{"role": "user", "content": "hi"}]
TOOLS: list[ChatCompletionToolParam] = [
    {
        "type": "function",
        "function": {
            "name": "get_time",
            "description": "The time now",
            "parameters": {"type": "object", "properties": {}},
        },
    }
]


def switch_of(facade: ChatFacade) -> ModelSwitch:
    assert isinstance(facade.models, OneModel)
    return facade.models.switch


def tiny_gguf(path: Path) -> Path:
    path.write_bytes(struct.pack("<4sIQQ", b"GGUF", 3, 0, 0))
    return path


@dataclass
class Served:
    manager: ServerManager
    facade: ChatFacade
    client: openai.AsyncOpenAI
    http: httpx.AsyncClient
    models: Path


@contextlib.asynccontextmanager
async def served(
    tmp_path: Path, *, idle_unload_s: float | None = None, parallel: int = 2, **env: str
) -> AsyncIterator[Served]:
    models = tmp_path / "models"
    models.mkdir()
    for name in ("alpha", "beta", "huge"):
        tiny_gguf(models / f"{name}.gguf")
    environ = {**os.environ, "FAKE_LOAD_S": "0.05", **env}
    manager = ServerManager(
        fake_engine(tmp_path), tmp_path / "logs", environ=environ, health_timeout_s=20
    )

    async def spec_for(path: Path) -> tuple[LaunchSpec, None]:
        if path.stem == "huge":
            # What the admission check raises for a plan over the host's memory.
            raise ModelTooBigError(path, 99 * GIB, 512 * MIB, 8 * GIB, "Host")
        return LaunchSpec(model=path, parallel=parallel, embeddings=True), None

    def library() -> list[LocalModel]:
        return scan_folder(models)

    facade = ChatFacade(manager, spec_for, library=library, idle_unload_s=idle_unload_s)
    port = await facade.start(0)
    base_url = f"http://127.0.0.1:{port}"
    try:
        async with (
            httpx.AsyncClient(base_url=base_url, trust_env=False, timeout=20) as http,
            openai.AsyncOpenAI(
                base_url=f"{base_url}/v1",
                api_key="unused",
                max_retries=0,
                http_client=openai.DefaultAsyncHttpxClient(trust_env=False, timeout=20),
            ) as client,
        ):
            await manager.load((await spec_for(models / "alpha.gguf"))[0])
            yield Served(manager, facade, client, http, models)
    finally:
        await facade.close()
        await manager.shutdown()


async def test_tool_call_deltas_pass_through_streamed_and_gathered(tmp_path: Path) -> None:
    async with served(tmp_path) as s:
        stream = await s.client.chat.completions.create(
            model="alpha",
            messages=HI,
            tools=TOOLS,
            stream=True,
        )
        calls: list[Any] = []
        finish = None
        async for chunk in stream:
            for choice in chunk.choices:
                calls.extend(choice.delta.tool_calls or ())
                finish = choice.finish_reason or finish
        assert finish == "tool_calls"
        assert calls[0].id == "call_1" and calls[0].function.name == "get_time"
        assert "".join(c.function.arguments or "" for c in calls) == "{}"

        reply = await s.client.chat.completions.create(model="alpha", messages=HI, tools=TOOLS)
        calls = list(reply.choices[0].message.tool_calls or ())
        assert len(calls) == 1
        call = calls[0]
        assert isinstance(call, ChatCompletionMessageFunctionToolCall)
        assert call.id == "call_1" and call.function.name == "get_time"
        assert call.function.arguments == "{}"
        assert reply.choices[0].finish_reason == "tool_calls"


async def test_n_choices_logprobs_and_one_usage_at_the_end(tmp_path: Path) -> None:
    async with served(tmp_path, FAKE_TOKENS="3") as s:
        reply = await s.client.chat.completions.create(
            model="alpha",
            messages=HI,
            n=2,
            logprobs=True,
            top_logprobs=1,
        )
        assert [c.index for c in reply.choices] == [0, 1]
        assert all(c.message.content == "t0 t1 t2 " for c in reply.choices)
        assert all(c.logprobs and len(c.logprobs.content or ()) == 3 for c in reply.choices)
        assert reply.usage is not None and reply.usage.completion_tokens == 6

        stream = await s.client.chat.completions.create(
            model="alpha",
            messages=HI,
            n=2,
            logprobs=True,
            stream=True,
            stream_options={"include_usage": True},
        )
        texts = {0: "", 1: ""}
        usages = []
        logprobs = 0
        async for chunk in stream:
            for choice in chunk.choices:
                texts[choice.index] += choice.delta.content or ""
                logprobs += len((choice.logprobs and choice.logprobs.content) or ())
            if chunk.usage is not None:
                assert not chunk.choices
                usages.append(chunk.usage)
        assert texts == {0: "t0 t1 t2 ", 1: "t0 t1 t2 "} and logprobs == 6
        assert len(usages) == 1 and usages[0].total_tokens == 9

        with pytest.raises(openai.BadRequestError) as refused:
            await s.client.chat.completions.create(model="alpha", messages=HI, n=3)
        assert refused.value.code == "too_many_choices"


async def test_completions_and_embeddings(tmp_path: Path) -> None:
    async with served(tmp_path, FAKE_TOKENS="2") as s:
        text = await s.client.completions.create(model="alpha", prompt="Once", logprobs=1)
        assert text.object == "text_completion" and text.choices[0].text == "t0 t1 "
        streamed = await s.client.completions.create(
            model="alpha", prompt="Once", stream=True, stream_options={"include_usage": True}
        )
        parts = [c.choices[0].text async for c in streamed if c.choices]
        assert "".join(parts) == "t0 t1 "
        vectors = await s.client.embeddings.create(
            model="alpha", input=["a", "b"], encoding_format="float"
        )
        assert [len(v.embedding) for v in vectors.data] == [4, 4]
        assert vectors.model == "alpha"


async def test_the_library_is_listed_and_a_named_model_loads_once(tmp_path: Path) -> None:
    async with served(tmp_path) as s:
        listed = {m.id: m.model_dump() for m in (await s.client.models.list()).data}
        assert set(listed) == {"alpha", "beta", "huge"}
        assert listed["alpha"]["loaded"] and not listed["beta"]["loaded"]
        spawns = s.manager.snapshot.spawn_count
        replies = await asyncio.gather(
            *(s.client.chat.completions.create(model="beta.gguf", messages=HI) for _ in range(6))
        )
        assert {r.model for r in replies} == {"beta"}
        assert s.manager.snapshot.spawn_count == spawns + 1  # six requests, one load
        listed = {m.id: m.model_dump() for m in (await s.client.models.list()).data}
        assert listed["beta"]["loaded"] and not listed["alpha"]["loaded"]

        with pytest.raises(openai.NotFoundError) as missing:
            await s.client.chat.completions.create(model="gpt-4o", messages=HI)
        assert missing.value.code == "model_not_found"
        with pytest.raises(openai.UnprocessableEntityError) as too_big:
            await s.client.chat.completions.create(model="huge", messages=HI)
        assert too_big.value.code == "model_does_not_fit"
        assert "99.0 GiB of Host memory" in too_big.value.message
        assert s.manager.snapshot.requested is not None
        assert s.manager.snapshot.requested.model.name == "beta.gguf"


async def test_idle_unload_then_the_next_request_loads_it_again(tmp_path: Path) -> None:
    async with served(tmp_path, idle_unload_s=0.3) as s:
        pid = s.manager.snapshot.pid
        await s.manager.wait_for(lambda snap: snap.state is ServerState.IDLE, 10)
        assert switch_of(s.facade).idle_unloads == 1
        assert pid is not None and not _alive(pid)
        reply = await s.client.chat.completions.create(model="", messages=HI)
        assert reply.choices[0].message.content and reply.model == "alpha"
        # An explicit unload is not undone by the next request.
        await s.http.post("/studio/unload")
        with pytest.raises(openai.APIStatusError) as refused:
            await s.client.chat.completions.create(model="", messages=HI)
        assert refused.value.status_code == 503 and refused.value.code == "no_model"


async def test_idle_unload_racing_requests_never_half_loads_or_resurrects(
    tmp_path: Path,
) -> None:
    trials = 40
    rng = random.Random(5)
    async with served(tmp_path, idle_unload_s=0.15, FAKE_TOKENS="2") as s:
        pids: set[int] = set()
        s.manager.subscribe(lambda snap: pids.add(snap.pid) if snap.pid else None)
        for _ in range(trials):
            # Arrive just before, at, or just after the idle deadline.
            await asyncio.sleep(0.15 + rng.uniform(-0.05, 0.08))
            replies = await asyncio.gather(
                *(
                    s.client.chat.completions.create(model="", messages=HI)
                    for _ in range(rng.randint(1, 3))
                )
            )
            for reply in replies:
                assert reply.choices[0].message.content == "t0 t1 "
                assert reply.choices[0].finish_reason == "length"
        assert switch_of(s.facade).idle_unloads > 0
        await s.manager.wait_for(lambda snap: snap.state is ServerState.IDLE, 10)
        await asyncio.sleep(0.3)  # nothing brings it back on its own
        assert s.manager.snapshot.state is ServerState.IDLE
        assert s.manager.current_process() is None
        assert not any(_alive(pid) for pid in pids)


def _alive(pid: int) -> bool:
    try:
        return bool(psutil.Process(pid).status() != psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return False
