"""The chat of a conversation whose model the library no longer has says what to do, in
one sentence, before any engine starts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from studio.core.errors import Problem, StudioError
from studio.core.placement.load_plan import OwnEngines, PlannedLoad
from studio.core.residents.chat_backend import CHAT_MODEL_MISSING, ResidentChatBackend
from studio.core.residents.scheduler import Residents
from studio.core.server.manager import ServerManager
from studio.core.voice import ENGLISH


def test_a_conversations_model_gone_from_the_library_is_said_with_what_to_do() -> None:
    started: list[Path] = []

    def new_manager() -> ServerManager:
        raise AssertionError("no engine may start for a model nobody has")

    async def lookup(_name: str) -> Path | None:
        return None

    async def plan(path: Path, _own: OwnEngines) -> PlannedLoad:
        started.append(path)
        return PlannedLoad.unplanned(path)

    async def scenario() -> StudioError:
        residents = Residents(new_manager, lookup, plan)
        backend = ResidentChatBackend(residents, "/models/gone.gguf")
        try:
            with pytest.raises(StudioError) as raised:
                async for _ in backend.stream_chat([{"role": "user", "content": "hi"}], {}):
                    pass
            assert await backend.context_size() == 0
            return raised.value
        finally:
            await residents.close()

    error = asyncio.run(scenario())
    assert error.code == CHAT_MODEL_MISSING
    assert started == []
    assert ENGLISH.error(Problem.of(error)) == (
        "This conversation's model gone.gguf is no longer in the library; choose another "
        "model in the picker to go on."
    )
