"""`studio serve` on the real engine with SmolLM2, driven by the official `openai` client:
chat (streamed and not) with n, stop, seed, max_tokens, JSON-schema output, tools and
logprobs; usage in the last chunk; text completions; embeddings; the library listing; and
OpenAI error objects. Then cancellation: a client that leaves frees its slot in a second."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest
from openai.types.chat import ChatCompletionMessageParam

from studio.core.api.facade import ChatFacade
from studio.core.engine import EngineLocation
from studio.core.hub.library import describe
from studio.core.server.launch import LaunchSpec, cancellable
from studio.core.server.manager import ServerManager
from tests.support.serve_process import openai_client, studio_serve

pytestmark = pytest.mark.engine

HI: list[ChatCompletionMessageParam] = [{"role": "user", "content": "Say hello."}]
FREED_WITHIN_S = 1.0


@dataclass
class Served:
    manager: ServerManager
    client: openai.AsyncOpenAI
    http: httpx.AsyncClient


@contextlib.asynccontextmanager
async def served(
    engine: EngineLocation, model: Path, tmp_path: Path, **spec: Any
) -> AsyncIterator[Served]:
    launch = LaunchSpec(model=model, **{"ctx_size": 2048, "parallel": 2, **spec})

    async def spec_for(path: Path) -> tuple[LaunchSpec, None]:
        return launch.with_changes(model=path), None

    manager = ServerManager(engine, tmp_path / "logs", health_timeout_s=120)
    facade = ChatFacade(manager, spec_for, library=lambda: [describe(model)])
    port = await facade.start(0)
    base_url = f"http://127.0.0.1:{port}"
    try:
        await manager.load(cancellable(launch))
        async with (
            httpx.AsyncClient(base_url=base_url, trust_env=False, timeout=120) as http,
            openai.AsyncOpenAI(
                base_url=f"{base_url}/v1",
                api_key="unused",
                max_retries=0,
                http_client=openai.DefaultAsyncHttpxClient(trust_env=False, timeout=120),
            ) as client,
        ):
            yield Served(manager, client, http)
    finally:
        await facade.close()
        await manager.shutdown()


async def test_chat_through_the_openai_client(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    async with served(engine_location, smollm2, tmp_path) as s:
        name = smollm2.stem
        reply = await s.client.chat.completions.create(
            model=name, messages=HI, max_tokens=12, seed=7, temperature=0
        )
        text = reply.choices[0].message.content or ""
        assert text and reply.choices[0].finish_reason in {"stop", "length"}
        assert reply.model == name and reply.object == "chat.completion"
        assert reply.usage is not None and 1 <= reply.usage.completion_tokens <= 12

        stream = await s.client.chat.completions.create(
            model=name,
            messages=HI,
            max_tokens=12,
            seed=7,
            temperature=0,
            stream=True,
            stream_options={"include_usage": True},
        )
        chunks = [chunk async for chunk in stream]
        streamed = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
        assert streamed == text  # same seed, same answer
        assert chunks[-1].usage is not None and not chunks[-1].choices  # usage comes last
        assert sum(c.usage is not None for c in chunks) == 1
        assert chunks[-1].usage.completion_tokens == reply.usage.completion_tokens

        stopped = await s.client.chat.completions.create(
            model=name, messages=HI, max_tokens=12, seed=7, temperature=0, stop=[text[2:5]]
        )
        assert stopped.choices[0].message.content == text[:2]
        assert stopped.choices[0].finish_reason == "stop"

        two = await s.client.chat.completions.create(
            model=name, messages=HI, max_tokens=6, n=2, temperature=1.0, seed=3
        )
        assert [c.index for c in two.choices] == [0, 1]
        assert all(c.message.content for c in two.choices)


async def test_logprobs_streamed_and_not(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    async with served(engine_location, smollm2, tmp_path) as s:
        reply = await s.client.chat.completions.create(
            model="", messages=HI, max_tokens=5, logprobs=True, top_logprobs=3, temperature=0
        )
        logprobs = reply.choices[0].logprobs
        assert logprobs is not None and len(logprobs.content or ()) == 5
        first = (logprobs.content or [])[0]
        assert first.logprob <= 0 and len(first.top_logprobs) == 3

        stream = await s.client.chat.completions.create(
            model="",
            messages=HI,
            max_tokens=5,
            logprobs=True,
            top_logprobs=2,
            temperature=0,
            stream=True,
        )
        entries = []
        async for chunk in stream:
            for choice in chunk.choices:
                if choice.logprobs and choice.logprobs.content:
                    entries.extend(choice.logprobs.content)
        assert len(entries) == 5 and all(len(e.top_logprobs) == 2 for e in entries)
        assert [e.token for e in entries] == [e.token for e in logprobs.content or ()]


async def test_json_schema_output_and_tools(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    async with served(engine_location, smollm2, tmp_path) as s:
        schema = {
            "type": "object",
            "properties": {"city": {"type": "string", "maxLength": 20}},
            "required": ["city"],
            "additionalProperties": False,
        }
        reply = await s.client.chat.completions.create(
            model="",
            messages=[{"role": "user", "content": "Name a city in France as JSON."}],
            max_tokens=40,
            temperature=0,
            response_format={
                "type": "json_schema",
                "json_schema": {"name": "city", "schema": schema, "strict": True},
            },
        )
        data = json.loads(reply.choices[0].message.content or "")
        assert set(data) == {"city"} and isinstance(data["city"], str)

        tools: Any = [
            {
                "type": "function",
                "function": {
                    "name": "get_weather",
                    "description": "The weather in a city",
                    "parameters": {
                        "type": "object",
                        "properties": {"city": {"type": "string"}},
                        "required": ["city"],
                    },
                },
            }
        ]
        ask: list[ChatCompletionMessageParam] = [
            {"role": "user", "content": "What is the weather in Paris? Use the tool."}
        ]
        # SmolLM2 may or may not call the tool; the request is accepted and parses.
        called = await s.client.chat.completions.create(
            model="", messages=ask, tools=tools, max_tokens=40, temperature=0
        )
        choice = called.choices[0]
        assert choice.finish_reason in {"tool_calls", "stop", "length"}
        for call in choice.message.tool_calls or ():
            assert call.type == "function" and call.id
        stream = await s.client.chat.completions.create(
            model="", messages=ask, tools=tools, max_tokens=40, temperature=0, stream=True
        )
        finishes = [c.choices[0].finish_reason async for c in stream if c.choices]
        assert finishes[-1] == choice.finish_reason


async def test_completions_embeddings_models_and_errors(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    async with served(engine_location, smollm2, tmp_path, embeddings=True, pooling="mean") as s:
        text = await s.client.completions.create(
            model="", prompt="Once upon a time", max_tokens=6, temperature=0, logprobs=2
        )
        assert text.choices[0].text and text.choices[0].finish_reason == "length"
        assert text.usage is not None and text.usage.completion_tokens == 6
        streamed = await s.client.completions.create(
            model="", prompt="Once upon a time", max_tokens=6, temperature=0, stream=True
        )
        parts = [c.choices[0].text async for c in streamed if c.choices]
        assert "".join(parts) == text.choices[0].text

        vectors = await s.client.embeddings.create(model=smollm2.stem, input=["a cat", "a dog"])
        assert len(vectors.data) == 2 and len(vectors.data[0].embedding) == 576
        chat = await s.client.chat.completions.create(model="", messages=HI, max_tokens=3)
        assert chat.choices[0].message.content  # embeddings on does not stop chat

        (listed,) = (await s.client.models.list()).data
        assert listed.id == smollm2.stem and listed.model_dump()["loaded"] is True

        with pytest.raises(openai.NotFoundError) as missing:
            await s.client.chat.completions.create(model="gpt-4o", messages=HI)
        assert missing.value.code == "model_not_found"
        with pytest.raises(openai.BadRequestError) as bad:
            await s.client.chat.completions.create(model="", messages=HI, max_tokens="x")  # type: ignore[arg-type]
        assert bad.value.code == "invalid_field" and bad.value.param == "max_tokens"
        with pytest.raises(openai.BadRequestError) as long:
            await s.client.chat.completions.create(
                model="", messages=[{"role": "user", "content": "hello " * 2500}]
            )
        assert long.value.code == "context_length_exceeded"


# -- cancellation --------------------------------------------------------------------


async def _busy(manager: ServerManager) -> bool:
    return any(slot.get("is_processing") for slot in await manager.slots())


async def _until(manager: ServerManager, busy: bool, timeout_s: float = 60) -> float:
    """Seconds until the engine's /slots says a slot is (or no slot is) processing."""
    started = time.monotonic()
    async with asyncio.timeout(timeout_s):
        for _ in itertools.count():
            if await _busy(manager) == busy:
                break
            await asyncio.sleep(0.02)
    return time.monotonic() - started


async def _leave_after(http: httpx.AsyncClient, body: dict[str, Any], ready: str) -> None:
    """Send `body` and read until `ready` ("busy": the slot is working, "token": the first
    token arrived); the caller then cancels this task, which closes the connection."""
    if body.get("stream"):
        async with http.stream("POST", "/v1/chat/completions", json=body) as response:
            async for line in response.aiter_lines():
                if ready == "token" and '"content"' in line:
                    await asyncio.Event().wait()  # hold the stream open until cancelled
    else:
        await http.post("/v1/chat/completions", json=body)


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "not-streamed"])
@pytest.mark.parametrize("phase", ["prefill", "generation"])
async def test_a_client_that_leaves_frees_its_slot_within_a_second(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path, stream: bool, phase: str
) -> None:
    # The engine takes a cancel only between batches, and it notices a closed stream when it
    # writes the progress chunk that ends a batch, by when the next batch has started (its
    # 1-s check of the connection is no help: each /slots answer restarts that wait, and
    # b11434 answers /slots during a batch). So a leaving client frees its slot after up to
    # two batches. `studio serve` caps the batch at the micro-batch (`cancellable`); for a
    # second, a batch must take well under half of one: a small one, on one thread. On this
    # shared 2-core runner two spinning OpenMP threads wait on each other at every barrier
    # (b11434: a 64-token batch took 1.4-4.5 s on two threads, 0.7 s on one).
    spec = {"ctx_size": 4096, "parallel": 1, "ubatch": 16, "threads": 1}
    async with served(engine_location, smollm2, tmp_path, **spec) as s:
        if phase == "prefill":  # a long prompt: seconds of prompt processing on a CPU
            long = "hello " * 2000
            body: dict[str, Any] = {"messages": [{"role": "user", "content": long}]}
            body["max_tokens"] = 1
        else:
            body = {"messages": HI, "max_tokens": 3000, "ignore_eos": True}
        body["stream"] = stream
        leaving = asyncio.create_task(
            _leave_after(s.http, body, "token" if stream and phase == "generation" else "busy")
        )
        try:
            await _until(s.manager, busy=True)
            if phase == "generation":
                await asyncio.sleep(0.5)  # well into the answer
            slots = await s.manager.slots()
            if phase == "prefill":
                assert slots[0]["next_token"][0]["n_decoded"] == 0, "prefill ended too soon"
        finally:
            leaving.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await leaving
        freed_after = await _until(s.manager, busy=False)
        print(f"{phase} {'streamed' if stream else 'not streamed'}: freed in {freed_after:.2f}s")
        assert freed_after < FREED_WITHIN_S


def test_studio_serve_loads_a_named_model_planned_and_unloads_when_idle(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    library = tmp_path / "library"
    library.mkdir()
    (library / "other-smol.gguf").symlink_to(smollm2)
    env = {
        **os.environ,
        "STUDIO_HOME": str(tmp_path),
        "HF_HUB_CACHE": str(tmp_path / "hf"),
        "STUDIO_LLAMA_SERVER": str(engine_location.path),
    }
    arguments = [str(smollm2), "-c", "512", "--port", "0", "--models-dir", str(library)]
    # Long enough that a loaded machine lists the model before the idle unload comes.
    arguments += ["--idle-unload", "6s"]
    with studio_serve(arguments, env) as server:
        assert server.stdout is not None
        base_url = server.stdout.readline().split()[2]
        assert "ready" in server.stdout.readline()
        with openai_client(base_url) as client:
            ids = {m.id for m in client.models.list().data}
            assert ids == {smollm2.stem, "other-smol"}
            reply = client.chat.completions.create(model="other-smol", messages=HI, max_tokens=4)
            assert reply.model == "other-smol" and reply.choices[0].message.content
            with httpx.Client(base_url=base_url, trust_env=False, timeout=30) as http:
                status = http.get("/studio/status").json()
                assert status["state"] == "ready" and status["spec"]["model"].endswith(
                    "other-smol.gguf"
                )
                assert status["spec"]["ctx_size"] == 512  # planned, with the server's -c
                deadline = time.monotonic() + 30
                while http.get("/studio/status").json()["state"] != "idle":
                    assert time.monotonic() < deadline, "the idle unload never came"
                    time.sleep(0.2)
            again = client.chat.completions.create(model="", messages=HI, max_tokens=4)
            assert again.model == "other-smol"  # the idle unload is undone by the next request
