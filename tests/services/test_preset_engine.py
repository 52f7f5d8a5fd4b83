"""Presets against the real llama-server and SmolLM2: what a preset holds reaches the
engine. The same preset (seed and a high temperature) gives the same answer in a new
conversation; its system prompt is in the prompt the engine counted; a model's default
preset starts a new conversation."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import httpx
import pytest
from PySide6.QtWidgets import QApplication

from studio.core.chat import ChatStore, Message, MessageStatus, SamplingSettings
from studio.core.chat.backend import DirectServerBackend
from studio.core.chat.presets import PresetLibrary
from studio.core.engine import EngineLocation
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatService
from studio.services.preset_service import PresetService
from tests.services.chat_support import next_emission, qasync_event_loop
from tests.support.engine import running_server

pytestmark = pytest.mark.engine

PIRATE = SamplingSettings(
    temperature=1.5,
    seed=1234,
    max_tokens=16,
    system_prompt="You are a pirate captain. Answer every question like a pirate would.",
)
PLAIN = SamplingSettings(temperature=1.5, seed=1234, max_tokens=16)
QUESTION = "Tell me about the sea."


@pytest.fixture(scope="module")
def server(engine_location: EngineLocation, smollm2: Path) -> Iterator[str]:
    with running_server(engine_location, smollm2, ["-c", "1024", "-np", "1"]) as base_url:
        yield base_url


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


async def prompt_tokens(server: str, messages: list[dict[str, str]]) -> int:
    """How many tokens the engine's own template and tokenizer make of `messages`."""
    async with httpx.AsyncClient(base_url=server, trust_env=False, timeout=30) as client:
        rendered = await client.post("/apply-template", json={"messages": messages})
        rendered.raise_for_status()
        tokens = await client.post("/tokenize", json={"content": rendered.json()["prompt"]})
        tokens.raise_for_status()
        return len(tokens.json()["tokens"])


def test_a_presets_settings_reach_the_engine(
    loop: asyncio.AbstractEventLoop, server: str, smollm2: Path, tmp_path: Path
) -> None:
    tasks = TaskOwner("preset-engine")
    store = ChatStore(tmp_path / "chat.sqlite3")
    chat = ChatService(store, tasks, DirectServerBackend(server))
    presets = PresetService(PresetLibrary(tmp_path / "presets.json"), tasks, chat)
    loop.run_until_complete(presets.load())  # as the app's start does, off the GUI thread

    async def turn() -> Message:
        finished = asyncio.ensure_future(next_emission(chat.answer_finished, within=120))
        assert chat.send(QUESTION) is not None
        (message,) = await finished
        assert isinstance(message, Message)
        assert message.status is MessageStatus.COMPLETE, message.error_code
        return message

    async def scenario() -> None:
        chat.set_settings(PIRATE)
        assert presets.create("Pirate") == "Pirate"
        chat.set_settings(PLAIN)
        assert presets.create("Plain") == "Plain"

        chat.new_conversation()
        presets.apply("Pirate")
        first = await turn()
        assert first.content.strip()
        # The engine counted the preset's system prompt in the prompt it read.
        expected = await prompt_tokens(
            server,
            [
                {"role": "system", "content": PIRATE.system_prompt},
                {"role": "user", "content": QUESTION},
            ],
        )
        assert first.stats.prompt_tokens == expected

        # Another preset in the same conversation: no system prompt, fewer tokens counted
        # than the pirate's (the template's own default prompt is shorter).
        presets.apply("Plain")
        chat.new_conversation()
        plain = await turn()
        assert plain.stats.prompt_tokens == await prompt_tokens(
            server, [{"role": "user", "content": QUESTION}]
        )
        assert plain.stats.prompt_tokens != first.stats.prompt_tokens

        # The same preset in a new conversation: at temperature 1.5 only the same seed
        # gives the same sixteen tokens again.
        chat.new_conversation()
        presets.apply("Pirate")
        again = await turn()
        assert again.content == first.content
        # ...and the seed is what makes it so: another one, another answer.
        chat.set_settings(replace(PIRATE, seed=99))
        assert presets.create("Pirate, another seed") is not None
        chat.new_conversation()
        other = await turn()
        assert other.content != first.content
        # And the temperature reaches it too: at 0 the engine picks the likeliest token
        # whatever the seed, so two seeds give one answer.
        for seed in (1, 2):
            chat.set_settings(replace(PIRATE, temperature=0.0, seed=seed))
            assert presets.create(f"Greedy {seed}") is not None
        greedy: list[str] = []
        for seed in (1, 2):
            chat.new_conversation()
            presets.apply(f"Greedy {seed}")
            greedy.append((await turn()).content)
        assert greedy[0] == greedy[1]

        # The model's default preset: a new conversation starts from it, with no apply.
        presets.use_model(smollm2.name)
        presets.set_model_default("Pirate")
        presets.apply("Plain")
        chat.new_conversation()
        assert chat.settings == PIRATE
        by_default = await turn()
        assert by_default.content == first.content
        assert by_default.stats.prompt_tokens == first.stats.prompt_tokens

    loop.run_until_complete(scenario())
    loop.run_until_complete(tasks.shutdown())
    store.close()
