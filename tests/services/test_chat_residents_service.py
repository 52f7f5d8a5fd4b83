"""The residents service over the real manager, llama-server and SmolLM2: engine events
for the conversation, chat through the resident's manager (with crash recovery), the
guarded load marker."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from studio.core.chat import ChatStore, Message, MessageStatus, SamplingSettings
from studio.core.engine import EngineLocation
from studio.core.placement.load_plan import OwnEngines, PlannedLoad
from studio.core.residents.beside import PlannedBeside
from studio.core.server.engine_events import EngineEvent, EngineNotice, engine_events
from studio.core.server.failures import Failure, FailureCode
from studio.core.server.launch import LaunchSpec
from studio.core.server.recovery import RecoveryNote, RecoveryStep
from studio.core.server.states import ReadyInfo, ServerState, Snapshot
from studio.core.settings import AppSettings, SettingsStore
from studio.core.tasks import TaskOwner
from studio.services.autoload_service import AutoloadService
from studio.services.chat_service import ChatService
from studio.services.residents_service import ResidentsService
from studio.services.settings_service import SettingsService
from tests.services.chat_support import next_emission, qasync_event_loop
from tests.support.engine_wrappers import fake_engine

SPEC = LaunchSpec(model=Path("/models/smol.gguf"), label="Smol")


def test_engine_events_follow_state_changes() -> None:
    idle = Snapshot()
    starting = Snapshot(state=ServerState.STARTING, requested=SPEC, spec=SPEC)
    ready = starting.but(state=ServerState.READY, ready=ReadyInfo("smol", 1024, 1))
    crashed = ready.but(state=ServerState.CRASHED)
    respawning = ready.but(state=ServerState.RESPAWNING)
    failure = Failure(FailureCode.OOM_KV)
    note = RecoveryNote(RecoveryStep.FLASH_ATTN_OFF, Failure(FailureCode.CRASHED))

    def kinds(before: Snapshot, after: Snapshot) -> list[EngineEvent]:
        return [notice.event for notice in engine_events(before, after)]

    assert kinds(idle, starting) == [EngineEvent.LOADING]
    assert engine_events(idle, starting) == [EngineNotice(EngineEvent.LOADING, "Smol")]
    assert kinds(starting, starting.but(phase=None)) == []  # progress only
    assert kinds(starting, ready) == [EngineEvent.READY]
    assert kinds(ready, crashed) == [EngineEvent.CRASHED]
    assert kinds(crashed, respawning) == []
    assert kinds(respawning, ready) == [EngineEvent.RECOVERED]
    assert kinds(ready, idle) == [EngineEvent.UNLOADED]
    failed = starting.but(state=ServerState.FAILED, failure=failure)
    assert engine_events(starting, failed) == [
        EngineNotice(EngineEvent.FAILED, "Smol", failure=failure)
    ]
    retried = starting.but(recovery=(note,))
    assert engine_events(starting, retried) == [
        EngineNotice(EngineEvent.RECOVERY_STEP, "Smol", note=note)
    ]
    other = LaunchSpec(model=Path("/models/b.gguf"))
    switching = starting.but(requested=other, spec=other)
    assert kinds(starting, switching) == [EngineEvent.LOADING]


async def unplanned(path: Path, _own: OwnEngines) -> PlannedLoad:
    return PlannedLoad.unplanned(path)


async def no_name(_name: str) -> Path | None:
    return None


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


@pytest.mark.engine
def test_load_chat_crash_recover_and_unload_through_the_service(
    loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    engine_location: EngineLocation,
    smollm2: Path,
) -> None:
    tasks = TaskOwner("test")
    settings_store = SettingsStore(tmp_path / "settings.json")
    settings = SettingsService(settings_store, tasks)
    service = ResidentsService(
        engine_location,
        tmp_path / "logs",
        tasks,
        unplanned,
        no_name,
        autoload=AutoloadService(settings, tasks),
    )
    chat_store = ChatStore(tmp_path / "chat.sqlite3")
    chat = ChatService(chat_store, tasks)
    service.chat_backend_changed.connect(chat.use_backend)
    events: list[EngineNotice] = []
    service.engine_event.connect(events.append)
    marker_during_load: list[str | None] = []

    def on_event(notice: EngineNotice) -> None:
        if notice.event is EngineEvent.LOADING:
            marker_during_load.append(settings_store.load().load_in_progress)

    service.engine_event.connect(on_event)
    spec = LaunchSpec(model=smollm2, ctx_size=1024, parallel=1, label="SmolLM2")

    async def ask(text: str) -> Message:
        finished = asyncio.ensure_future(next_emission(chat.answer_finished, within=120))
        assert chat.send(text) is not None
        (message,) = await finished
        return message

    async def scenario() -> tuple[Message, Message]:
        backend = asyncio.ensure_future(next_emission(service.chat_backend_changed, within=120))
        assert await service.load(PlannedBeside(PlannedLoad(spec), {}))
        await backend
        assert chat.has_backend and chat.model_name == smollm2.name
        chat.set_settings(SamplingSettings(max_tokens=12, temperature=0.0))
        first = await ask("Say hello.")
        # The engine dies with nothing in flight: the watchdog restarts it.
        recovered = asyncio.ensure_future(
            next_emission(
                service.engine_event,
                lambda notice: notice.event is EngineEvent.RECOVERED,
                within=120,
            )
        )
        pid = service.snapshot.pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        await recovered
        second = await ask("Say goodbye.")
        gone = asyncio.ensure_future(next_emission(service.chat_backend_changed, within=60))
        await service.unload()
        await gone
        return first, second

    first, second = loop.run_until_complete(scenario())
    loop.run_until_complete(service.shutdown())
    loop.run_until_complete(tasks.shutdown())
    chat_store.close()

    assert first.status is MessageStatus.COMPLETE and first.content.strip()
    assert first.model == smollm2.name  # the file: it finds the model again
    assert second.status is MessageStatus.COMPLETE and second.content.strip()
    assert [notice.event for notice in events] == [
        EngineEvent.LOADING,
        EngineEvent.READY,
        EngineEvent.CRASHED,
        EngineEvent.RECOVERED,
        EngineEvent.UNLOADED,
    ]
    assert all(notice.model == "SmolLM2" for notice in events)
    assert not chat.has_backend
    # The crash guard's marker was on disk while loading, and is cleared after.
    assert marker_during_load == [str(smollm2)]
    saved = settings_store.load()
    assert saved.load_in_progress is None
    assert saved.last_model == str(smollm2)


def test_autoload_launches_what_spec_for_plans(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    model = tmp_path / "m.gguf"
    model.write_bytes(b"GGUF")
    settings_store = SettingsStore(tmp_path / "settings.json")
    settings_store.save(AppSettings(last_model=str(model)))
    tasks = TaskOwner("test")
    planned = LaunchSpec(model=model, ctx_size=512, label="planned")

    async def plan(path: Path, _own: OwnEngines) -> PlannedLoad:
        assert path == model
        return PlannedLoad(planned)

    service = ResidentsService(
        fake_engine(tmp_path),
        tmp_path / "logs",
        tasks,
        plan,
        no_name,
        environ={**os.environ, "FAKE_LOAD_S": "0.05"},
        autoload=AutoloadService(SettingsService(settings_store, tasks), tasks),
    )

    async def scenario() -> None:
        ready = asyncio.ensure_future(
            next_emission(service.engine_event, lambda n: n.event is EngineEvent.READY, within=30)
        )
        decision = service.autoload_last_model()
        assert decision is not None and decision.should_load
        await ready

    loop.run_until_complete(scenario())
    requested = service.snapshot.requested
    assert requested is not None and requested.model == model and requested.ctx_size == 512
    loop.run_until_complete(service.shutdown())
    loop.run_until_complete(tasks.shutdown())
    assert settings_store.load().load_in_progress is None


TOOLS_TEMPLATE = Path(__file__).parents[1] / "support" / "templates" / "chatml_tools.jinja"


@pytest.mark.engine
def test_the_chat_reads_the_template_of_the_model_it_loaded(
    loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    engine_location: EngineLocation,
    smollm2: Path,
) -> None:
    # The chat read the template's capabilities when the ready snapshot came, before the
    # scheduler had marked the resident loaded, so it got none: a tool template offered no
    # tools and a vision model refused every image until the model was loaded again.
    tasks = TaskOwner("test")
    service = ResidentsService(engine_location, tmp_path / "logs", tasks, unplanned, no_name)
    chat_store = ChatStore(tmp_path / "chat.sqlite3")
    chat = ChatService(chat_store, tasks)
    service.chat_backend_changed.connect(chat.use_backend)
    spec = LaunchSpec(
        model=smollm2,
        ctx_size=1024,
        extra_args=("--chat-template-file", str(TOOLS_TEMPLATE)),
    )

    async def scenario() -> bool:
        read = asyncio.ensure_future(
            next_emission(chat.capabilities_changed, lambda caps: caps.supports_tools, within=45)
        )
        assert await service.load(PlannedBeside(PlannedLoad(spec), {}))
        try:
            await read
        except TimeoutError:
            return False
        return chat.capabilities.supports_tools

    try:
        assert loop.run_until_complete(scenario()), "the loaded template's tools were not seen"
    finally:
        loop.run_until_complete(service.shutdown())
        loop.run_until_complete(tasks.shutdown())
        chat_store.close()
