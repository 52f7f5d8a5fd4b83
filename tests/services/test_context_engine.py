"""The context meter, the overflow policies and the thinking budget against the real
llama-server with SmolLM2, loaded with a 512-token context so overflowing it is cheap."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from studio.core.chat import ChatStore, Message, MessageStatus, SamplingSettings
from studio.core.chat.backend import DirectServerBackend, ManagerChatBackend
from studio.core.chat.context import ContextLevel, ContextTrimmed, ContextUse
from studio.core.chat.models import OverflowPolicy
from studio.core.engine import EngineLocation
from studio.core.errors import Problem
from studio.core.server.client import ChatDelta
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.tasks import TaskOwner
from studio.core.voice import ENGLISH
from studio.services.chat_service import ChatService
from studio.services.context_service import ContextMeasured, ContextService
from tests.services.chat_support import next_emission, qasync_event_loop
from tests.support.engine import running_server

pytestmark = pytest.mark.engine

CONTEXT = 512
THINK_TEMPLATE = Path(__file__).parents[1] / "support" / "templates" / "think.jinja"
SYSTEM = "You are a terse assistant. The code word is PELICAN."


class RecordingBackend(DirectServerBackend):
    """The real backend, remembering the messages of each request it sent."""

    def __init__(self, base_url: str) -> None:
        super().__init__(base_url)
        self.sent: list[list[Mapping[str, Any]]] = []

    async def stream_chat(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> AsyncIterator[ChatDelta]:
        self.sent.append(list(messages))
        async for delta in super().stream_chat(messages, options):
            yield delta


@pytest.fixture(scope="module")
def server(engine_location: EngineLocation, smollm2: Path) -> Iterator[str]:
    argv = ["-c", str(CONTEXT), "-np", "1", "-t", "2"]
    with running_server(engine_location, smollm2, argv) as base_url:
        yield base_url


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def _words(count: int) -> str:
    return " ".join(f"word{i}" for i in range(count))


async def _turn(service: ChatService, text: str) -> Message:
    finished = asyncio.ensure_future(next_emission(service.answer_finished, within=120))
    assert service.send(text) is not None
    (message,) = await finished
    assert isinstance(message, Message)
    return message


async def _measure(context: ContextService, draft: str) -> ContextMeasured:
    measured = asyncio.ensure_future(next_emission(context.measured, within=60))
    counting = context.measure_now(draft)
    assert counting is not None
    await counting
    (event,) = await measured
    assert isinstance(event, ContextMeasured)
    return event


def test_the_meter_counts_what_the_engine_then_reports_as_prompt_tokens(
    loop: asyncio.AbstractEventLoop, server: str, tmp_path: Path
) -> None:
    tasks = TaskOwner("meter")
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        chat = ChatService(store, tasks, DirectServerBackend(server))
        context = ContextService(chat, tasks)
        chat.set_settings(SamplingSettings(system_prompt=SYSTEM, max_tokens=8, temperature=0.0))

        async def scenario() -> tuple[list[int], list[int | None]]:
            counted: list[int] = []
            reported: list[int | None] = []
            for draft in ("What is the capital of France?", "And of Italy? Say it twice."):
                use = (await _measure(context, draft)).use
                assert use is not None
                counted.append(use.used)
                answer = await _turn(chat, draft)
                assert answer.status is MessageStatus.COMPLETE, answer.error_code
                reported.append(answer.stats.prompt_tokens)
            return counted, reported

        counted, reported = loop.run_until_complete(scenario())
        context.close()
        loop.run_until_complete(tasks.shutdown())
    # The second turn carries the system prompt, the first turn and its answer.
    assert counted == reported
    assert counted[1] > counted[0] > 0
    assert context.use is not None and context.use.size == CONTEXT


def test_stale_counts_are_dropped(
    loop: asyncio.AbstractEventLoop, server: str, tmp_path: Path
) -> None:
    tasks = TaskOwner("stale")
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        chat = ChatService(store, tasks, DirectServerBackend(server))
        context = ContextService(chat, tasks)
        seen: list[ContextMeasured] = []
        context.measured.connect(seen.append)

        async def scenario() -> None:
            first = context.measure_now(_words(300))
            last = context.measure_now("Hi")  # typed on before the first count came back
            assert first is not None and last is not None
            await asyncio.gather(first, last, return_exceptions=True)
            assert first.cancelled()

        loop.run_until_complete(scenario())
        context.close()
        loop.run_until_complete(tasks.shutdown())
    assert len(seen) == 1 and seen[0].use is not None
    assert seen[0].use.used < 100  # the count of "Hi", not of 300 words (over 600 tokens)


def test_stop_says_the_engines_refusal_with_its_numbers(
    loop: asyncio.AbstractEventLoop, server: str, tmp_path: Path
) -> None:
    tasks = TaskOwner("stop")
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        chat = ChatService(store, tasks, DirectServerBackend(server))
        context = ContextService(chat, tasks)
        chat.set_settings(SamplingSettings(system_prompt=SYSTEM, max_tokens=8))
        failures: list[Problem] = []
        chat.failed.connect(failures.append)
        draft = _words(400)

        async def scenario() -> tuple[ContextMeasured, Message]:
            measured = await _measure(context, draft)
            return measured, await _turn(chat, draft)

        measured, answer = loop.run_until_complete(scenario())
        context.close()
        loop.run_until_complete(tasks.shutdown())
    assert measured.use is not None and measured.use.level is ContextLevel.OVER
    assert answer.status is MessageStatus.FAILED
    assert answer.error_code == "chat_context_exceeded"
    (problem,) = failures
    assert problem.params == {"prompt_tokens": measured.use.used, "context_tokens": CONTEXT}
    said = ENGLISH.error(problem)
    assert f"needs {measured.use.used} tokens" in said and f"holds {CONTEXT}" in said


def test_drop_oldest_answers_and_keeps_the_system_prompt(
    loop: asyncio.AbstractEventLoop, server: str, tmp_path: Path
) -> None:
    tasks = TaskOwner("drop")
    backend = RecordingBackend(server)
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        chat = ChatService(store, tasks, backend)
        context = ContextService(chat, tasks)
        chat.set_settings(
            SamplingSettings(
                system_prompt=SYSTEM,
                max_tokens=4,
                temperature=0.0,
                overflow_policy=OverflowPolicy.DROP_OLDEST,
            )
        )
        trims: list[ContextTrimmed] = []
        chat.context_trimmed.connect(trims.append)

        async def scenario() -> tuple[list[Message], ContextMeasured]:
            # Each turn is ~130 tokens: the fourth no longer fits with the first three.
            answers = [await _turn(chat, f"Note {n}: {_words(60)}") for n in range(3)]
            measured = await _measure(context, f"Note 3: {_words(60)}")
            answers.append(await _turn(chat, f"Note 3: {_words(60)}"))
            return answers, measured

        answers, measured = loop.run_until_complete(scenario())
        context.close()
        loop.run_until_complete(tasks.shutdown())
    assert measured.policy is OverflowPolicy.DROP_OLDEST
    # Whole, the request would leave less than the answer's 4 tokens free.
    assert measured.use is not None and measured.use.used > CONTEXT - 4
    assert [a.status for a in answers] == [MessageStatus.COMPLETE] * 4
    trimmed = trims[-1]
    assert trimmed.dropped >= 2 and trimmed.used <= CONTEXT - 4
    last = backend.sent[-1]
    assert last[0] == {"role": "system", "content": SYSTEM}
    assert last[1]["role"] == "user"  # no answer left without its question
    assert last[-1]["content"].startswith("Note 3:")
    assert len(last) == 1 + 3 * 2 + 1 - trimmed.dropped  # system, three turns, the new one
    assert answers[-1].stats.prompt_tokens == trimmed.used  # what the engine counted
    said = ENGLISH.code("chat_context_trimmed", {"dropped": trimmed.dropped})
    assert f"{trimmed.dropped} oldest" in said


@pytest.fixture(scope="module")
def thinking_server(engine_location: EngineLocation, smollm2: Path) -> Iterator[str]:
    argv = ["-c", "1024", "-np", "1", "-t", "2", "--chat-template-file", str(THINK_TEMPLATE)]
    with running_server(engine_location, smollm2, argv) as base_url:
        yield base_url


def test_the_thinking_budget_reaches_the_engine(
    loop: asyncio.AbstractEventLoop, thinking_server: str, tmp_path: Path
) -> None:
    """SmolLM2 under a template that opens <think> never closes it by itself: without a
    budget the whole answer is thinking; with one, the engine closes it after the budget."""
    tasks = TaskOwner("budget")
    backend = DirectServerBackend(thinking_server)
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        chat = ChatService(store, tasks, backend)
        base = SamplingSettings(max_tokens=60, temperature=0.0, seed=1)

        async def answer(budget: int | None) -> Message:
            chat.new_conversation()
            chat.set_settings(SamplingSettings(**{**base.to_dict(), "thinking_budget": budget}))
            return await _turn(chat, "Why is the sky blue?")

        async def scenario() -> tuple[bool, Message, Message]:
            capabilities = await backend.template_capabilities()
            return capabilities.supports_thinking, await answer(None), await answer(5)

        thinks, unlimited, budgeted = loop.run_until_complete(scenario())
        loop.run_until_complete(tasks.shutdown())
        stored = store.conversation(budgeted.conversation_id).settings
    assert thinks
    assert unlimited.stats.completion_tokens == 60 and len(unlimited.reasoning.split()) > 20
    assert budgeted.stats.completion_tokens is not None and budgeted.stats.completion_tokens < 15
    assert 0 < len(budgeted.reasoning.split()) <= 5
    assert stored.thinking_budget == 5  # kept with the conversation


def test_through_the_manager_as_the_app_chats(
    loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    engine_location: EngineLocation,
    smollm2: Path,
) -> None:
    """The app's backend: counts go to the manager's current child, the slot's context
    comes from its /props, and the engine's refusal still arrives with its numbers."""
    tasks = TaskOwner("manager")
    manager = ServerManager(engine_location, tmp_path / "logs", health_timeout_s=120)
    spec = LaunchSpec(model=smollm2, ctx_size=CONTEXT, parallel=1, threads=2, label="SmolLM2")
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        chat = ChatService(store, tasks, ManagerChatBackend(manager))
        context = ContextService(chat, tasks)
        chat.set_settings(SamplingSettings(max_tokens=8, temperature=0.0))
        failures: list[Problem] = []
        chat.failed.connect(failures.append)

        async def scenario() -> tuple[ContextMeasured, Message, Message]:
            await manager.load(spec)
            measured = await _measure(context, "Name a colour.")
            answer = await _turn(chat, "Name a colour.")
            return measured, answer, await _turn(chat, _words(400))

        try:
            measured, answer, refused = loop.run_until_complete(scenario())
        finally:
            context.close()
            loop.run_until_complete(manager.shutdown())
            loop.run_until_complete(tasks.shutdown())
    assert measured.use == ContextUse(answer.stats.prompt_tokens or -1, CONTEXT)
    assert refused.error_code == "chat_context_exceeded"
    assert failures[-1].params["context_tokens"] == CONTEXT
