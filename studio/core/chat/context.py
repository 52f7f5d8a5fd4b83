"""How much of the model's context a chat request takes, counted by the engine itself.

llama-server b11434 counts a chat request's prompt without running it:
POST /v1/chat/completions/input_tokens takes the same body as a chat completion, renders
it with the model's chat template and tokenizes it as a completion would (images too), so
its number is the `usage.prompt_tokens` the answer will report. The context one request may
fill is the slot's, `default_generation_settings.n_ctx` of GET /props; the engine refuses a
prompt of that many tokens or more (`exceed_context_size_error`).
"""

from __future__ import annotations

import enum
import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import httpx

from studio.core.chat.models import SamplingSettings
from studio.core.server.client import ServerError, build_request

INPUT_TOKENS_PATH = "/v1/chat/completions/input_tokens"
TOKENIZE_PATH = "/tokenize"
EXCEEDED_TYPE = "exceed_context_size_error"

# From this share of the context on, the meter warns: the next answer may not fit.
NEAR_FULL = 0.85
# Room kept for the answer when old turns are dropped: the request's max_tokens, but never
# more than this share of the context (an answer of 1/4 of it is a long one).
ANSWER_ROOM_SHARE = 4


class ContextLevel(enum.StrEnum):
    ROOMY = "roomy"
    NEAR_FULL = "near_full"
    OVER = "over"  # the engine would refuse this request


@dataclass(frozen=True)
class ContextUse:
    """`used` tokens of a request's prompt out of the `size` the slot holds."""

    used: int
    size: int

    @property
    def level(self) -> ContextLevel:
        if self.size <= 0:
            return ContextLevel.ROOMY
        if self.used >= self.size:
            return ContextLevel.OVER
        if self.used >= self.size * NEAR_FULL:
            return ContextLevel.NEAR_FULL
        return ContextLevel.ROOMY

    @property
    def left(self) -> int:
        return max(0, self.size - self.used)


@runtime_checkable
class TokenCounter(Protocol):
    """A chat backend that can count with the loaded model's own tokenizer."""

    async def count_prompt_tokens(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> int: ...

    async def count_text_tokens(self, text: str) -> int: ...

    async def context_size(self) -> int: ...


async def count_prompt_tokens(
    client: httpx.AsyncClient, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
) -> int:
    """The prompt tokens a chat request with `messages` and `options` would take."""
    # The same body as the answer's request, so template switches (thinking) count too.
    body = build_request(messages, stream=False, **options)
    response = await client.post(INPUT_TOKENS_PATH, json=body)
    if response.status_code != 200:
        raise ServerError(response.status_code, response.text)
    return int(response.json()["input_tokens"])


async def count_text_tokens(client: httpx.AsyncClient, text: str) -> int:
    """The tokens `text` takes inside a message (no start-of-text token)."""
    response = await client.post(TOKENIZE_PATH, json={"content": text, "add_special": False})
    if response.status_code != 200:
        raise ServerError(response.status_code, response.text)
    return len(response.json()["tokens"])


def slot_context(props: Mapping[str, Any]) -> int:
    """The context one request may fill, from GET /props (0 when it does not say)."""
    settings = props.get("default_generation_settings") or {}
    return int(settings.get("n_ctx") or 0)


def context_refusal(error: ServerError) -> dict[str, int] | None:
    """The numbers of the engine's context-size refusal, None for any other error."""
    try:
        payload = json.loads(error.body)
    except ValueError:
        payload = {}
    if isinstance(payload, dict) and isinstance(payload.get("error"), dict):
        payload = payload["error"]
    if not isinstance(payload, dict):
        payload = {}
    if error.error_type != EXCEEDED_TYPE and payload.get("type") != EXCEEDED_TYPE:
        return None
    numbers = {
        "prompt_tokens": payload.get("n_prompt_tokens"),
        "context_tokens": payload.get("n_ctx"),
    }
    return {name: value for name, value in numbers.items() if isinstance(value, int)}


def answer_room(max_tokens: int | None, size: int) -> int:
    """Tokens kept free for the answer when a request is trimmed to fit."""
    share = size // ANSWER_ROOM_SHARE
    return share if max_tokens is None else min(max_tokens, share)


@dataclass(frozen=True)
class Trimmed:
    """A request's messages after the oldest turns were dropped to fit the context."""

    messages: tuple[Mapping[str, Any], ...]
    dropped: int  # messages left out
    used: int  # prompt tokens of what is left


async def drop_oldest(
    messages: Sequence[Mapping[str, Any]],
    count: Callable[[Sequence[Mapping[str, Any]]], Awaitable[int]],
    limit: int,
) -> Trimmed:
    """Leave out the oldest messages until the prompt takes at most `limit` tokens.

    The system prompt and the last message (the one being answered) always stay. Messages
    go oldest first, and an answer left without its question goes with it, so what is
    sent still starts with the user's turn (some templates refuse anything else). When
    even the system prompt and the last message are too long, that is what is returned:
    the engine's refusal then says by how much.
    """
    system = [m for m in messages[:1] if m.get("role") == "system"]
    turns = list(messages[len(system) :])
    dropped = 0
    used = await count(messages)
    while used > limit and len(turns) > 1:
        turns.pop(0)
        dropped += 1
        while len(turns) > 1 and turns[0].get("role") != "user":
            turns.pop(0)
            dropped += 1
        used = await count([*system, *turns])
    return Trimmed((*system, *turns), dropped, used)


@dataclass(frozen=True)
class ContextTrimmed:
    """The oldest `dropped` messages were left out of a request so it takes `used` of the
    context's `size` tokens."""

    dropped: int
    used: int
    size: int


async def fit_to_context(
    counter: TokenCounter,
    messages: Sequence[Mapping[str, Any]],
    settings: SamplingSettings,
) -> tuple[Sequence[Mapping[str, Any]], ContextTrimmed | None]:
    """`messages` with the oldest turns left out until they fit with room for the answer;
    the same messages and None when nothing had to go."""
    size = await counter.context_size()
    if size <= 0:
        return messages, None
    options = settings.request_options()

    async def count(candidate: Sequence[Mapping[str, Any]]) -> int:
        return await counter.count_prompt_tokens(candidate, options)

    trimmed = await drop_oldest(messages, count, size - answer_room(settings.max_tokens, size))
    if not trimmed.dropped:
        return messages, None
    return trimmed.messages, ContextTrimmed(trimmed.dropped, trimmed.used, size)
