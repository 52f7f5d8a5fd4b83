"""A loopback HTTP client for llama-server's OpenAI-compatible chat endpoint.

`trust_env=False` everywhere: a user's HTTP(S)_PROXY or ALL_PROXY must never capture
traffic to 127.0.0.1, and a system .netrc must never add credentials to it.

Requests whose prompt may take more than one batch ask for `return_progress`
(`may_span_batches`): the server then opens the response at once and writes a progress
chunk after every prompt batch. That is what makes cancelling a long prefill work:
llama-server only notices a closed connection when it writes, so without progress chunks
a cancelled prompt keeps its slot busy until the whole prefill is done (measured: ~50 s on
a 3000-token prompt on CPU, against ~0.3 s with progress chunks). It also lets the
read timeout be bounded, since an active server is never silent for long (progress chunks,
tokens, and `:` keep-alive comments every 30 s).

Some llama-server builds (the bundled b10434 among them) cannot shorten a cached prompt
exactly between two images that follow each other: `server_tokens::keep_first` takes the
last cell of the first image for the start of a chunk and answers HTTP 500 "Chunk not
found". A projector without image markers (LLaVA's MLP) puts two images of one message
side by side, and the next request that shares the prompt up to the first of them only
(a new chat with the same first picture) is refused. `stream_chat` sends such a request
once more without reusing the cached prompt (`cache_prompt: false`, measured to pass),
before anything has been answered, so the caller sees one answer and later turns reuse
the cache again (see `cut_between_images`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

import httpx

log = logging.getLogger(__name__)

STREAM_TIMEOUT = httpx.Timeout(connect=5.0, read=120.0, write=30.0, pool=5.0)


@dataclass(frozen=True)
class ToolCallDelta:
    index: int
    id: str | None
    name: str | None
    arguments: str


@dataclass(frozen=True)
class TokenLogprob:
    token: str
    logprob: float
    top: tuple[tuple[str, float], ...] = ()


@dataclass(frozen=True)
class ChatDelta:
    """One streamed chunk, reduced to what the app renders."""

    content: str = ""
    reasoning: str = ""
    tool_calls: tuple[ToolCallDelta, ...] = ()
    finish_reason: str | None = None
    timings: Mapping[str, float] = field(default_factory=dict)
    usage: Mapping[str, Any] = field(default_factory=dict)
    logprobs: tuple[TokenLogprob, ...] = ()
    # {total, cache, processed, time_ms} while the prompt is being processed.
    prompt_progress: Mapping[str, float] = field(default_factory=dict)
    # Seconds since the request was sent: the first delta with text gives time to first token.
    elapsed_s: float = 0.0
    # The engine's own chunks this delta was read from, for `studio serve` to pass on what
    # the reduced fields leave out (logprobs, every choice of `n`, text completions).
    raw: tuple[Mapping[str, Any], ...] = field(default=(), compare=False, repr=False)

    @property
    def has_text(self) -> bool:
        return bool(self.content or self.reasoning or self.tool_calls)

    @property
    def tokens_per_second(self) -> float | None:
        value = self.timings.get("predicted_per_second")
        return float(value) if value is not None else None

    @property
    def prompt_tokens_per_second(self) -> float | None:
        value = self.timings.get("prompt_per_second")
        return float(value) if value is not None else None


class ServerError(Exception):
    """llama-server answered with an error: an HTTP status, or an error payload inside a
    200 stream (then `status` is the payload's code). `error_type` is the server's type,
    e.g. `exceed_context_size_error`."""

    def __init__(self, status: int, body: str, error_type: str = "") -> None:
        super().__init__(f"HTTP {status}: {body[:500]}")
        self.status = status
        self.body = body
        self.error_type = error_type

    @classmethod
    def from_payload(cls, status: int, error: Any) -> ServerError:
        if isinstance(error, Mapping):
            code = error.get("code")
            return cls(
                int(code) if isinstance(code, int) else status,
                json.dumps(dict(error)),
                str(error.get("type") or ""),
            )
        return cls(status, json.dumps(error))


# llama-server (cpp-httplib) closes a connection idle for 5 s. A client that kept it as
# long (httpx's default expiry is also 5 s) could send a request just as the engine closes
# it, and a lost connection sends the manager down its recovery path. Drop ours sooner.
ENGINE_IDLE_CLOSE_S = 5.0
LOOPBACK_LIMITS = httpx.Limits(keepalive_expiry=ENGINE_IDLE_CLOSE_S / 2)


def loopback_client(base_url: str, api_key: str | None) -> httpx.AsyncClient:
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    # verify=False: the loopback server speaks plain HTTP, and building the default TLS
    # context (loading the CA bundle) costs 50-300 ms per client, paid on every spawn.
    return httpx.AsyncClient(
        base_url=base_url,
        headers=headers,
        timeout=STREAM_TIMEOUT,
        trust_env=False,
        verify=False,
        limits=LOOPBACK_LIMITS,
    )


def _logprobs(choice: Mapping[str, Any]) -> tuple[TokenLogprob, ...]:
    logprobs = choice.get("logprobs")
    if not logprobs:
        return ()
    entries = logprobs.get("content") or ()
    return tuple(
        TokenLogprob(
            token=str(entry.get("token", "")),
            logprob=float(entry.get("logprob", 0.0)),
            top=tuple(
                (str(top.get("token", "")), float(top.get("logprob", 0.0)))
                for top in entry.get("top_logprobs") or ()
            ),
        )
        for entry in entries
    )


_NOTHING: Mapping[str, Any] = MappingProxyType({})


def parse_chunk(payload: Mapping[str, Any], elapsed_s: float = 0.0) -> ChatDelta:
    """Turn one `data:` JSON object of a chat completion stream into a `ChatDelta`."""
    choices = payload.get("choices") or []
    choice: Mapping[str, Any] = choices[0] if choices else {}
    delta: Mapping[str, Any] = choice.get("delta") or {}
    # Most chunks carry one token of text: the early-outs here and in `_logprobs` skip
    # building empty tuples and dicts, since this runs for every token streamed.
    calls = delta.get("tool_calls")
    tool_calls = (
        tuple(
            ToolCallDelta(
                index=int(call.get("index", 0)),
                id=call.get("id"),
                name=(call.get("function") or {}).get("name"),
                arguments=(call.get("function") or {}).get("arguments") or "",
            )
            for call in calls
        )
        if calls
        else ()
    )
    return ChatDelta(
        # `text`: a /v1/completions chunk, so its answer counts as received for replays.
        content=delta.get("content") or choice.get("text") or "",
        reasoning=delta.get("reasoning_content") or "",
        tool_calls=tool_calls,
        finish_reason=choice.get("finish_reason"),
        timings=payload.get("timings") or _NOTHING,
        usage=payload.get("usage") or _NOTHING,
        logprobs=_logprobs(choice),
        prompt_progress=payload.get("prompt_progress") or _NOTHING,
        elapsed_s=elapsed_s,
        raw=(payload,),
    )


# What the engine takes per logical batch when the launch does not say (`-b`).
ENGINE_DEFAULT_BATCH = 2048
# Tokens a chat template may add per message (role markers, separators), counted generously.
_TEMPLATE_TOKENS_PER_MESSAGE = 64


def may_span_batches(
    messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any], batch: int
) -> bool:
    """Whether the prompt may take the engine more than one batch: only then do progress
    chunks make a cancel land sooner. The engine notices a closed connection when it
    writes, and it cannot stop inside a batch, so a prompt that surely fits in half a
    batch gains nothing from them; it would cost two chunks per request, each a write for
    the engine and a wake-up for the reader, just as other requests are arriving.

    A bound, not a count: every token covers at least one byte of the JSON that carries
    the text, plus what a template adds. An image or audio part is hundreds of tokens
    whatever its bytes, so it always counts as long."""
    for message in messages:
        content = message.get("content")
        if isinstance(content, list) and any(
            not isinstance(part, Mapping) or part.get("type", "text") != "text" for part in content
        ):
            return True
    carried = [list(messages), options.get("prompt"), options.get("tools")]
    size = len(json.dumps(carried, ensure_ascii=False).encode("utf-8"))
    size += _TEMPLATE_TOKENS_PER_MESSAGE * (len(messages) + 1)
    return size > batch // 2


def build_request(
    messages: Sequence[Mapping[str, Any]],
    *,
    stream: bool = True,
    thinking: bool | None = None,
    reasoning_budget: int | None = None,
    reasoning_effort: str | None = None,
    logprobs: int | bool | None = None,
    include_usage: bool = True,
    return_progress: bool = True,
    **fields: Any,
) -> dict[str, Any]:
    """The JSON body for /v1/chat/completions, in the fields llama-server reads.

    `thinking` goes to `chat_template_kwargs.enable_thinking` as a JSON boolean (a string
    is rejected with 400); `reasoning_budget` to `reasoning_budget_tokens` (a key named
    plain `reasoning_budget` is ignored by the server); `logprobs=K` asks for the top K
    (or `True` with `top_logprobs`, as OpenAI clients send it). Other keyword fields
    (sampling, stop, tools, max_tokens ...) pass through unchanged.
    """
    body: dict[str, Any] = {"messages": list(messages), "stream": stream}
    if stream:
        body["stream_options"] = {"include_usage": include_usage}
        if return_progress:
            body["return_progress"] = True
    kwargs = dict(fields.pop("chat_template_kwargs", None) or {})
    if thinking is not None:
        kwargs["enable_thinking"] = bool(thinking)
    if kwargs:
        body["chat_template_kwargs"] = kwargs
    if reasoning_budget is not None:
        body["reasoning_budget_tokens"] = int(reasoning_budget)
    if reasoning_effort is not None:
        body["reasoning_effort"] = reasoning_effort
    # OpenAI clients send `logprobs: true/false` (+ `top_logprobs`); the app sends a count.
    if isinstance(logprobs, bool):
        if logprobs:
            body["logprobs"] = True
    elif logprobs is not None:
        body["logprobs"] = True
        body["top_logprobs"] = int(logprobs)
    body.update(fields)
    return body


async def iter_sse_data(lines: AsyncIterator[str]) -> AsyncIterator[Any]:
    """Decoded `data:` payloads of an SSE stream until `[DONE]`.

    Comments (`:` keep-alives), `event:`/`id:` lines and blank lines are skipped; a
    malformed JSON line is logged and skipped rather than ending the answer.
    """
    async for line in lines:
        if not line.startswith("data:"):
            continue
        data = line[5:].strip()
        if data == "[DONE]":
            return
        if not data:
            continue
        try:
            yield json.loads(data)
        except ValueError:
            log.warning("skipping a malformed SSE line: %.200s", data)


CHAT_PATH = "/v1/chat/completions"
COMPLETIONS_PATH = "/v1/completions"


# Opens a streamed POST (client, path, JSON body) and yields the decoded `data:` payloads
# of its event stream; raises `ServerError` for an error status. `httpx_stream` goes
# through the client; the manager streams from its own child with
# `engine_link.post_stream`, which is lighter.
StreamOpener = Callable[
    [httpx.AsyncClient, str, Mapping[str, Any]],
    contextlib.AbstractAsyncContextManager[AsyncIterator[Any]],
]


@contextlib.asynccontextmanager
async def httpx_stream(
    client: httpx.AsyncClient, path: str, body: Mapping[str, Any]
) -> AsyncIterator[AsyncIterator[Any]]:
    async with client.stream("POST", path, json=body) as response:
        if response.status_code != 200:
            text = (await response.aread()).decode("utf-8", "replace")
            error_type = ""
            with contextlib.suppress(ValueError, AttributeError):
                error_type = str(json.loads(text).get("error", {}).get("type") or "")
            raise ServerError(response.status_code, text, error_type)
        yield iter_sse_data(response.aiter_lines())


async def stream_chat(
    client: httpx.AsyncClient,
    messages: Sequence[Mapping[str, Any]],
    *,
    endpoint: str = CHAT_PATH,
    opener: StreamOpener = httpx_stream,
    **options: Any,
) -> AsyncGenerator[ChatDelta, None]:
    """Stream a chat completion. Closing the generator closes the HTTP stream, which frees
    the server's slot even while it is still processing the prompt (see module docstring).

    `endpoint=COMPLETIONS_PATH` streams a text completion instead (`prompt` in `options`,
    `messages` empty): same chunks but `text` for `delta.content`.

    Raises `ServerError` for an HTTP error status and for an error payload in the stream.
    """
    body = build_request(messages, **options)
    if endpoint != CHAT_PATH:
        del body["messages"]
    started = time.monotonic()
    answered = False
    while True:
        try:
            async with contextlib.aclosing(_deltas(client, endpoint, body, opener, started)) as d:
                async for delta in d:
                    answered = answered or delta.has_text
                    yield delta
            return
        except ServerError as error:
            # Only a request nothing was answered to yet may be sent again, and only once.
            if answered or body.get("cache_prompt") is False or not cut_between_images(error):
                raise
            log.warning("the engine cannot reuse the cached prompt here (%s): sent again", error)
            body = {**body, "cache_prompt": False}


def cut_between_images(error: ServerError) -> bool:
    """Whether the engine refused to cut its cached prompt between two images (a bug of
    some builds, see the module docstring); the same request without the cache passes."""
    return error.status == 500 and "Chunk not found" in error.body


async def _deltas(
    client: httpx.AsyncClient,
    endpoint: str,
    body: Mapping[str, Any],
    opener: StreamOpener,
    started: float,
) -> AsyncGenerator[ChatDelta, None]:
    """One streamed request's deltas (see `stream_chat`)."""
    async with opener(client, endpoint, body) as payloads:
        # The finish chunk is held back until we know whether a usage-only chunk follows,
        # so the caller gets one final delta with finish_reason, usage and timings.
        finish: ChatDelta | None = None
        async for payload in payloads:
            if not isinstance(payload, Mapping):
                continue
            if "error" in payload:
                raise ServerError.from_payload(200, payload["error"])
            delta = parse_chunk(payload, time.monotonic() - started)
            if finish is not None:
                if not payload.get("choices"):
                    delta = replace(
                        finish,
                        usage=delta.usage or finish.usage,
                        timings=delta.timings or finish.timings,
                        elapsed_s=delta.elapsed_s,
                        raw=finish.raw + delta.raw,
                    )
                    finish = None
                    yield delta
                    continue
                yield finish
                finish = None
            if delta.finish_reason is not None:
                finish = delta
                continue
            yield delta
        if finish is not None:
            yield finish


async def complete_chat(
    client: httpx.AsyncClient, messages: Sequence[Mapping[str, Any]], **options: Any
) -> dict[str, Any]:
    """A non-streaming chat completion: the server's JSON reply as it is."""
    body = build_request(messages, stream=False, **options)
    response = await client.post("/v1/chat/completions", json=body)
    if response.status_code != 200:
        raise ServerError(response.status_code, response.text)
    reply: dict[str, Any] = response.json()
    return reply
