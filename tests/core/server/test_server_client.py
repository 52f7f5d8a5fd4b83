"""The streaming client: SSE edge cases and the request fields llama-server reads."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable

import httpx
import pytest

from studio.core.server.client import (
    ENGINE_DEFAULT_BATCH,
    ChatDelta,
    ServerError,
    build_request,
    complete_chat,
    may_span_batches,
    stream_chat,
)

HI = [{"role": "user", "content": "hi"}]


def client_for(handler: Callable[[httpx.Request], httpx.Response]) -> httpx.AsyncClient:
    return httpx.AsyncClient(
        base_url="http://127.0.0.1:1", transport=httpx.MockTransport(handler), trust_env=False
    )


def sse(*events: object, done: bool = True) -> bytes:
    parts = [
        event if isinstance(event, str) else f"data: {json.dumps(event)}\n\n" for event in events
    ]
    if done:
        parts.append("data: [DONE]\n\n")
    return "".join(parts).encode()


def chunk(**delta: object) -> dict[str, object]:
    return {"choices": [{"index": 0, "delta": delta, "finish_reason": None}]}


async def collect(body: bytes, status: int = 200, **options: object) -> list[ChatDelta]:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status, content=body, headers={"content-type": "text/event-stream"})

    async with client_for(handler) as client:
        return [delta async for delta in stream_chat(client, HI, **options)]


async def test_content_reasoning_tool_calls_usage_and_timings() -> None:
    body = sse(
        ":\n\n",  # keep-alive comment
        {**chunk(role="assistant", content=None), "prompt_progress": {"total": 9, "processed": 9}},
        chunk(reasoning_content="Let me think"),
        "data: {not json\n\n",  # malformed: skipped
        chunk(content="Hel"),
        chunk(content="lo"),
        chunk(
            tool_calls=[
                {"index": 0, "id": "c1", "type": "function", "function": {"name": "f"}},
            ]
        ),
        chunk(tool_calls=[{"index": 0, "function": {"arguments": '{"a":1}'}}]),
        {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
        {
            "choices": [],
            "usage": {"completion_tokens": 4, "prompt_tokens": 9},
            "timings": {"predicted_per_second": 50.5, "prompt_per_second": 900.0},
        },
    )
    deltas = await collect(body)
    assert deltas[0].prompt_progress == {"total": 9, "processed": 9} and not deltas[0].has_text
    assert "".join(d.reasoning for d in deltas) == "Let me think"
    assert "".join(d.content for d in deltas) == "Hello"
    calls = [call for d in deltas for call in d.tool_calls]
    assert (calls[0].id, calls[0].name, calls[1].arguments) == ("c1", "f", '{"a":1}')
    assert [d.finish_reason for d in deltas if d.finish_reason] == ["stop"]
    # The usage-only chunk is folded into the single final delta.
    assert deltas[-1].finish_reason == "stop"
    assert deltas[-1].usage["completion_tokens"] == 4
    assert deltas[-1].tokens_per_second == 50.5
    assert deltas[-1].prompt_tokens_per_second == 900.0
    assert all(b.elapsed_s >= a.elapsed_s for a, b in itertools.pairwise(deltas))


async def test_done_ends_the_stream_even_if_more_follows() -> None:
    body = sse(chunk(content="a"), done=True) + sse(chunk(content="never"), done=False)
    assert [d.content for d in await collect(body)] == ["a"]


async def test_error_payload_inside_a_200_stream() -> None:
    error = {"error": {"code": 500, "message": "boom", "type": "server_error"}}
    body = sse(chunk(content="par"), error, done=False)
    received: list[ChatDelta] = []

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=body)

    async with client_for(handler) as client:
        with pytest.raises(ServerError) as caught:
            async for delta in stream_chat(client, HI):
                received.append(delta)
    assert [d.content for d in received] == ["par"]  # the partial answer was delivered
    assert (caught.value.status, caught.value.error_type) == (500, "server_error")


async def test_http_error_status_carries_the_server_type() -> None:
    error = {"error": {"code": 400, "message": "too long", "type": "exceed_context_size_error"}}
    with pytest.raises(ServerError) as caught:
        await collect(json.dumps(error).encode(), status=400)
    assert (caught.value.status, caught.value.error_type) == (400, "exceed_context_size_error")


# What llama-server b10434 answers when it would have to cut its cached prompt between two
# images that follow each other (server_tokens::keep_first; see the client's docstring).
CHUNK_NOT_FOUND = {
    "error": {"code": 500, "message": "got exception: Chunk not found", "type": "server_error"}
}


async def test_a_prompt_the_engine_cannot_cut_between_images_is_sent_again_uncached() -> None:
    seen: list[dict[str, object]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(json.loads(request.content))
        if len(seen) == 1:
            return httpx.Response(500, json=CHUNK_NOT_FOUND)
        return httpx.Response(200, content=sse(chunk(content="ok")))

    async with client_for(handler) as client:
        deltas = [delta async for delta in stream_chat(client, HI, max_tokens=3)]
    assert [d.content for d in deltas] == ["ok"]
    assert "cache_prompt" not in seen[0]
    assert seen[1] == {**seen[0], "cache_prompt": False}  # the same request, uncached


@pytest.mark.parametrize(
    ("status", "body", "options"),
    [
        # The same refusal again, without the cache: not a third time.
        (500, json.dumps(CHUNK_NOT_FOUND), {"cache_prompt": False}),
        # Any other error is the caller's to say.
        (500, json.dumps({"error": {"code": 500, "message": "boom"}}), {}),
        (400, json.dumps({"error": {"code": 400, "message": "Chunk not found"}}), {}),
    ],
)
async def test_other_refusals_are_not_sent_again(
    status: int, body: str, options: dict[str, object]
) -> None:
    sent = itertools.count()

    def handler(request: httpx.Request) -> httpx.Response:
        next(sent)
        return httpx.Response(status, content=body.encode())

    async with client_for(handler) as client:
        with pytest.raises(ServerError):
            async for _ in stream_chat(client, HI, **options):
                pass
    assert next(sent) == 1


async def test_a_refusal_after_part_of_the_answer_is_not_sent_again() -> None:
    sent = itertools.count()

    def handler(request: httpx.Request) -> httpx.Response:
        next(sent)
        return httpx.Response(200, content=sse(chunk(content="par"), CHUNK_NOT_FOUND, done=False))

    async with client_for(handler) as client:
        with pytest.raises(ServerError):
            async for _ in stream_chat(client, HI):
                pass
    assert next(sent) == 1


async def test_logprobs_are_parsed() -> None:
    logprobs = {
        "content": [
            {
                "id": 5,
                "token": "Hi",
                "logprob": -0.25,
                "top_logprobs": [{"token": "Hi", "logprob": -0.25}, {"token": "Yo", "logprob": -2}],
            }
        ]
    }
    body = sse({"choices": [{"index": 0, "delta": {"content": "Hi"}, "logprobs": logprobs}]})
    (delta,) = await collect(body)
    assert delta.logprobs[0].token == "Hi" and delta.logprobs[0].logprob == -0.25
    assert delta.logprobs[0].top == (("Hi", -0.25), ("Yo", -2.0))


def test_request_fields_llama_server_reads() -> None:
    body = build_request(
        HI,
        thinking=False,
        reasoning_budget=256,
        reasoning_effort="low",
        logprobs=3,
        temperature=0.2,
        chat_template_kwargs={"preserve_thinking": True},
    )
    assert body == {
        "messages": HI,
        "stream": True,
        "stream_options": {"include_usage": True},
        "return_progress": True,
        "chat_template_kwargs": {"preserve_thinking": True, "enable_thinking": False},
        "reasoning_budget_tokens": 256,
        "reasoning_effort": "low",
        "logprobs": True,
        "top_logprobs": 3,
        "temperature": 0.2,
    }
    assert json.dumps(body).count('"enable_thinking": false') == 1  # a JSON boolean
    openai_style = build_request(HI, stream=False, logprobs=True, top_logprobs=4)
    assert (openai_style["logprobs"], openai_style["top_logprobs"]) == (True, 4)
    assert "logprobs" not in build_request(HI, stream=False, logprobs=False)
    plain = build_request(HI, stream=False)
    assert plain == {"messages": HI, "stream": False}


async def test_sent_body_and_non_streaming_completion() -> None:
    seen: list[dict[str, object]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(json.loads(request.content))
        return httpx.Response(200, json={"choices": [{"message": {"content": "ok"}}]})

    async with client_for(handler) as client:
        reply = await complete_chat(client, HI, thinking=True, max_tokens=3)
    assert reply["choices"][0]["message"]["content"] == "ok"
    assert seen == [
        {
            "messages": HI,
            "stream": False,
            "chat_template_kwargs": {"enable_thinking": True},
            "max_tokens": 3,
        }
    ]


def test_only_a_prompt_that_may_span_batches_asks_for_progress() -> None:
    """Progress chunks only make a cancel land sooner when the prompt takes more than one
    batch; the bound counts every byte as a token, plus what a template adds."""
    assert not may_span_batches(HI, {}, ENGINE_DEFAULT_BATCH)
    long = [{"role": "user", "content": "hello " * 400}]  # 2400 bytes: maybe 2400 tokens
    assert may_span_batches(long, {}, ENGINE_DEFAULT_BATCH)
    assert not may_span_batches(long, {}, 8192)
    assert may_span_batches(HI, {}, 16)  # a tiny batch: the template alone may fill it
    # Multi-byte text counts by its bytes, not its characters.
    wide = [{"role": "user", "content": "語" * 300}]  # 300 characters, 900 bytes
    assert may_span_batches(wide, {}, ENGINE_DEFAULT_BATCH)
    # Tool definitions and a completion's prompt are part of what the engine reads.
    tools = [{"type": "function", "function": {"name": "f", "description": "x" * 1200}}]
    assert may_span_batches(HI, {"tools": tools}, ENGINE_DEFAULT_BATCH)
    assert may_span_batches([], {"prompt": "x" * 1200}, ENGINE_DEFAULT_BATCH)
    # An image is hundreds of tokens whatever its bytes.
    image = {"type": "image_url", "image_url": {"url": "data:image/png;base64,AA"}}
    pictured = [{"role": "user", "content": [{"type": "text", "text": "what?"}, image]}]
    assert may_span_batches(pictured, {}, ENGINE_DEFAULT_BATCH)
