"""The app's residents on the real engine with two copies of SmolLM2: each conversation
keeps its model (opening it talks to that resident, unloading nothing; one that is not
loaded any more is loaded beside the others when it is sent to), Eject takes only the
chat's model, Unload All every one; the local API serves every resident and its stop
leaves them loaded; no engine outlives the service."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from PySide6.QtWidgets import QApplication

from studio.core.chat import ChatStore, Message, MessageStatus, SamplingSettings
from studio.core.engine import EngineInfo, EngineLocation, EngineProber
from studio.core.server.engine_events import EngineEvent, EngineNotice
from studio.core.server.launch import LaunchSpec
from studio.core.settings import SettingsStore
from studio.core.tasks import TaskOwner
from studio.services.api_server_service import ApiServerService, ApiState
from studio.services.chat_service import ChatService
from studio.services.settings_service import SettingsService
from tests.integration.test_manager_engine import engine_children
from tests.services.chat_support import next_emission, qasync_event_loop
from tests.support.residents import two_models
from tests.ui.server.test_api_panel import free_port

HI = [{"role": "user", "content": "Say hello."}]

pytestmark = pytest.mark.engine


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


@pytest.fixture(scope="module")
def info(engine_location: EngineLocation, tmp_path_factory: pytest.TempPathFactory) -> EngineInfo:
    return EngineProber(tmp_path_factory.mktemp("probe") / "probe.json").probe(engine_location)


def test_each_conversation_keeps_its_model_among_the_residents(
    loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    engine_location: EngineLocation,
    info: EngineInfo,
    smollm2: Path,
) -> None:
    tasks = TaskOwner("test")
    scene = two_models(tmp_path, engine_location, info, smollm2, tasks)
    service, smol, other, dialog_load = scene.service, scene.first, scene.second, scene.load
    chat_store = ChatStore(tmp_path / "chat.sqlite3")
    chat = ChatService(chat_store, tasks)
    service.chat_backend_changed.connect(chat.use_backend)
    chat.conversation_opened.connect(service.follow_conversation)
    events: list[EngineNotice] = []
    service.engine_event.connect(events.append)

    async def ask(text: str) -> Message:
        finished = asyncio.ensure_future(next_emission(chat.answer_finished, within=120))
        assert chat.send(text) is not None
        (message,) = await finished
        return message

    async def open_conversation(conversation_id: int) -> None:
        opened = asyncio.ensure_future(next_emission(chat.conversation_opened))
        chat.open(conversation_id)
        await opened

    def resident_pids() -> dict[Path, int | None]:
        return {v.model: v.snapshot.pid for v in service.residents.views()}

    async def scenario() -> dict[str, object]:
        seen: dict[str, object] = {}
        await dialog_load(smol)
        chat.set_settings(SamplingSettings(max_tokens=8, temperature=0.0))
        seen["first"] = await ask("Say hello.")
        assert chat.conversation is not None
        first_id = chat.conversation.id
        await dialog_load(other)  # beside smol: nothing is unloaded
        assert set(resident_pids()) == {smol, other}
        chat.new_conversation()
        seen["second"] = await ask("Say hi.")
        assert chat.conversation is not None
        second_id = chat.conversation.id
        pids = resident_pids()

        # Back to the first conversation: its model answers, the other stays loaded.
        await open_conversation(first_id)
        seen["chat_model_first"] = service.chat_model
        seen["third"] = await ask("Again.")
        seen["pids_after_switch"] = resident_pids() == pids

        # Eject in the second conversation takes its model only; the chat goes on.
        await open_conversation(second_id)
        seen["chat_model_second"] = service.chat_model
        await service.unload_chat_model()
        seen["left_after_eject"] = set(resident_pids())
        seen["chat_model_after_eject"] = service.chat_model

        # Its model is not loaded any more: sending in it loads it beside the first.
        await open_conversation(second_id)
        seen["chat_model_reopened"] = service.chat_model
        seen["fourth"] = await ask("Back?")
        seen["after_reload"] = set(resident_pids())
        seen["first_untouched"] = resident_pids()[smol] == pids[smol]

        gone = asyncio.ensure_future(
            next_emission(service.chat_backend_changed, lambda c: c.backend is None, 60)
        )
        assert await service.unload() == 2
        await gone
        seen["after_unload_all"] = set(resident_pids())
        return seen

    seen = loop.run_until_complete(asyncio.wait_for(scenario(), 600))
    loop.run_until_complete(service.shutdown())
    loop.run_until_complete(tasks.shutdown())
    chat_store.close()
    assert not engine_children(), "an engine outlived the residents"

    answers = [seen[k] for k in ("first", "second", "third", "fourth")]
    assert all(isinstance(m, Message) and m.status is MessageStatus.COMPLETE for m in answers)
    assert [m.model for m in answers if isinstance(m, Message)] == [
        "smol.gguf",
        "smol-b.gguf",
        "smol.gguf",
        "smol-b.gguf",
    ]
    assert seen["chat_model_first"] == smol and seen["pids_after_switch"] is True
    assert seen["chat_model_second"] == other
    assert seen["left_after_eject"] == {smol} and seen["chat_model_after_eject"] == smol
    assert seen["chat_model_reopened"] == other
    assert seen["after_reload"] == {smol, other} and seen["first_untouched"] is True
    assert seen["after_unload_all"] == set()
    assert service.residents.evicted == 0
    assert not chat.has_backend
    ready = [n.model for n in events if n.event is EngineEvent.READY]
    assert len(ready) == 3  # smol, smol-b, and smol-b again; no reload of smol


def test_the_local_api_serves_every_resident_and_its_stop_keeps_them(
    loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    engine_location: EngineLocation,
    info: EngineInfo,
    smollm2: Path,
) -> None:
    tasks = TaskOwner("test")
    scene = two_models(tmp_path, engine_location, info, smollm2, tasks)
    settings = SettingsService(SettingsStore(tmp_path / "settings.json"), tasks)

    async def one_model_only(path: Path) -> tuple[LaunchSpec, None]:
        raise AssertionError("the residents plan their own loads")

    api = ApiServerService(
        scene.service.residents, settings, tasks, one_model_only, library=lambda: scene.library
    )

    async def scenario() -> tuple[dict[str, Any], list[str], int]:
        await scene.load(scene.first)
        await scene.load(scene.second)
        api.set_port(free_port())
        await api.start()
        assert api.status.state is ApiState.RUNNING
        headers = {"Authorization": f"Bearer {api.key}"}
        async with httpx.AsyncClient(
            base_url=api.status.address, headers=headers, trust_env=False, timeout=120
        ) as client:
            listed = (await client.get("/models")).json()
            replies = await asyncio.gather(
                *(
                    client.post(
                        "/chat/completions",
                        json={"model": name, "messages": HI, "max_tokens": 4},
                    )
                    for name in ("smol", "smol-b")
                )
            )
        await api.stop()
        return listed, [r.json()["model"] for r in replies], len(scene.service.residents.views())

    try:
        listed, answered_by, left = loop.run_until_complete(asyncio.wait_for(scenario(), 300))
    finally:
        loop.run_until_complete(api.shutdown())
        loop.run_until_complete(scene.service.shutdown())
        loop.run_until_complete(tasks.shutdown())
    assert not engine_children(), "an engine outlived the residents"
    loaded = {m["id"]: m["loaded"] for m in listed["data"]}
    assert loaded == {"smol-b": True, "smol": True}
    assert sorted(answered_by) == ["smol", "smol-b"]
    assert left == 2  # the app's models stay when its local API stops
