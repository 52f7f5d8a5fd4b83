"""The chat turn against the real llama-server and SmolLM2: what streams is what is kept."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from studio.core.chat import ChatStore, MessageStatus, SamplingSettings
from studio.core.chat.backend import DirectServerBackend
from studio.core.chat.turn import Ask, Delta, Finished, NewConversation, TurnEvent, chat_turn
from studio.core.engine import EngineLocation
from tests.support.engine import running_server

pytestmark = pytest.mark.engine


@pytest.fixture(scope="module")
def server(engine_location: EngineLocation, smollm2: Path) -> Iterator[str]:
    with running_server(engine_location, smollm2, ["-c", "512", "-np", "1"]) as base_url:
        yield base_url


def test_a_turn_with_the_engine_keeps_what_it_streamed(server: str) -> None:
    settings = SamplingSettings(temperature=0.0, seed=1, max_tokens=12)

    async def turn(store: ChatStore) -> list[TurnEvent]:
        backend = DirectServerBackend(server)
        ask = Ask("What is the capital of France?")
        return [event async for event in chat_turn(store, backend, NewConversation(settings), ask)]

    with ChatStore.in_memory() as store:
        events = asyncio.run(turn(store))
        streamed = "".join(e.chunk.content for e in events if isinstance(e, Delta))
        (finished,) = [e for e in events if isinstance(e, Finished)]
        answer = finished.message
        assert answer.status is MessageStatus.COMPLETE, answer.error_code
        assert answer.content == streamed and streamed.strip()
        assert answer.stats.completion_tokens is not None
        assert 0 < answer.stats.completion_tokens <= 12
        assert store.message(answer.id) == answer
