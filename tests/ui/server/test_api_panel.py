"""The Server page's local API: started and stopped from the page, the address and key it
shows are what the official `openai` client needs, requests and errors appear live, and
the chat pane keeps streaming from the same model while an API client is answered."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import openai
import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.chat import ChatStore, Message, MessageStatus, SamplingSettings
from studio.core.engine import EngineLocation
from studio.core.hub.library import describe
from studio.core.placement.load_plan import OwnEngines, PlannedLoad
from studio.core.residents.beside import PlannedBeside
from studio.core.residents.scheduler import Residents
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.settings import AppSettings, SettingsStore
from studio.core.tasks import TaskOwner
from studio.services.api_server_service import ApiServerService, ApiState, ApiStatus
from studio.services.chat_service import ChatService
from studio.services.log_tail import LogTail
from studio.services.residents_service import ResidentsService
from studio.services.settings_service import SettingsService
from studio.ui.server.server_page import ServerPage
from tests.services.chat_support import next_emission, qasync_event_loop
from tests.support.engine_wrappers import fake_engine

WITHIN_S = 120.0


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Rig:
    page: ServerPage
    api: ApiServerService
    settings_store: SettingsStore
    tasks: TaskOwner


def rig(
    qtbot: QtBot,
    tmp_path: Path,
    manager: ServerManager | Residents,
    library: tuple[Path, ...] = (),
    lan_address: str = "192.0.2.7",
) -> Rig:
    tasks = TaskOwner("test")
    store = SettingsStore(tmp_path / "settings.json")
    settings = SettingsService(store, tasks)

    async def plan(path: Path) -> tuple[LaunchSpec, None]:
        return LaunchSpec(model=path, ctx_size=1024, parallel=1), None

    api = ApiServerService(
        manager,
        settings,
        tasks,
        plan,
        library=lambda: [describe(model) for model in library],
        address_for_lan=lambda: lan_address,
    )
    page = ServerPage(LogTail(tasks))
    qtbot.addWidget(page)
    page.api.attach(api)
    return Rig(page, api, store, tasks)


async def toggled(r: Rig, qtbot: QtBot, state: ApiState) -> ApiStatus:
    """Click Start or Stop on the page and wait for the service to reach `state`."""
    reached = asyncio.ensure_future(
        next_emission(r.api.status_changed, lambda s: s.state is state, within=WITHIN_S)
    )
    r.page.api.toggle.click()
    (status,) = await reached
    assert isinstance(status, ApiStatus)
    return status


def table_rows(page: ServerPage) -> list[list[str]]:
    table = page.api.requests
    rows = []
    for row in range(table.rowCount()):
        items = [table.item(row, column) for column in range(table.columnCount())]
        rows.append([item.text() if item is not None else "" for item in items])
    return rows


async def rows_matching(page: ServerPage, wanted: int, text: str) -> list[list[str]]:
    """Rows whose request or error mentions `text`, once there are `wanted` of them
    (events reach the table in batches, a moment after the answer)."""
    for _ in range(200):
        rows = [row for row in table_rows(page) if text in row[2] or text in row[5]]
        if len(rows) >= wanted:
            return rows
        await asyncio.sleep(0.02)
    raise AssertionError(f"no {wanted} rows with {text!r}: {table_rows(page)}")


@pytest.mark.engine
def test_chat_streams_while_the_page_api_answers_the_openai_client(
    loop: asyncio.AbstractEventLoop,
    qtbot: QtBot,
    tmp_path: Path,
    engine_location: EngineLocation,
    smollm2: Path,
) -> None:
    tasks = TaskOwner("chat")

    async def unplanned(path: Path, _own: OwnEngines) -> PlannedLoad:
        return PlannedLoad(LaunchSpec(model=path, ctx_size=1024, parallel=1))

    async def no_name(_name: str) -> Path | None:
        return None

    library = [describe(smollm2)]
    service = ResidentsService(
        engine_location, tmp_path / "logs", tasks, unplanned, no_name, library=lambda: library
    )
    # The app's local API serves its residents: the model the chat uses answers it too.
    r = rig(qtbot, tmp_path, service.residents, library=(smollm2,))
    chat_store = ChatStore(tmp_path / "chat.sqlite3")
    chat = ChatService(chat_store, r.tasks)
    service.chat_backend_changed.connect(chat.use_backend)
    port = free_port()

    async def scenario() -> tuple[Message, str, str, ApiStatus]:
        r.page.api.port.setValue(port)  # as typed: saved in the background
        backend = asyncio.ensure_future(next_emission(service.chat_backend_changed, within=120))
        # One slot, as the app loads by default: the engine queues whichever comes second.
        spec = LaunchSpec(model=smollm2, ctx_size=1024, parallel=1)
        assert await service.load(PlannedBeside(PlannedLoad(spec), {}))
        await backend
        running = await toggled(r, qtbot, ApiState.RUNNING)
        address, key = r.page.api.address.text(), r.page.api.key.text()
        chat.set_settings(SamplingSettings(max_tokens=48, temperature=0.0))
        streaming = asyncio.ensure_future(next_emission(chat.answer_delta, within=WITHIN_S))
        finished = asyncio.ensure_future(next_emission(chat.answer_finished, within=WITHIN_S))
        assert chat.send("Tell me about the sea.") is not None
        await streaming  # the chat pane is mid-answer when the API request arrives
        async with openai.AsyncOpenAI(
            base_url=address,
            api_key=key,
            max_retries=0,
            http_client=openai.DefaultAsyncHttpxClient(trust_env=False, timeout=WITHIN_S),
        ) as client:
            reply, stream = await asyncio.gather(
                client.chat.completions.create(
                    model=smollm2.stem,
                    messages=[{"role": "user", "content": "Say hello."}],
                    max_tokens=8,
                ),
                client.chat.completions.create(
                    model=smollm2.stem,
                    messages=[{"role": "user", "content": "Say goodbye."}],
                    max_tokens=8,
                    stream=True,
                ),
            )
            streamed = "".join(
                [chunk.choices[0].delta.content or "" async for chunk in stream if chunk.choices]
            )
            with pytest.raises(openai.AuthenticationError):
                async with openai.AsyncOpenAI(
                    base_url=address,
                    api_key="wrong",
                    max_retries=0,
                    http_client=openai.DefaultAsyncHttpxClient(trust_env=False),
                ) as stranger:
                    await stranger.models.list()
        (message,) = await finished
        await rows_matching(r.page, 2, "/v1/chat/completions")
        await rows_matching(r.page, 1, "A valid API key is required")
        stopped = await toggled(r, qtbot, ApiState.STOPPED)
        with pytest.raises(httpx.ConnectError):
            async with httpx.AsyncClient(trust_env=False) as http:
                await http.get(address.removesuffix("/v1") + "/health")
        assert running.address == f"http://127.0.0.1:{port}/v1"
        return message, reply.choices[0].message.content or "", streamed, stopped

    try:
        message, replied, streamed, stopped = loop.run_until_complete(scenario())
    finally:
        loop.run_until_complete(r.api.shutdown())
        loop.run_until_complete(service.shutdown())
        loop.run_until_complete(r.tasks.shutdown())
        loop.run_until_complete(tasks.shutdown())
        chat_store.close()

    assert message.status is MessageStatus.COMPLETE and message.content.strip()
    assert replied.strip() and streamed.strip()
    assert stopped.state is ApiState.STOPPED and not r.page.api.address.text()
    chats = [row for row in table_rows(r.page) if row[2] == "POST /v1/chat/completions"]
    assert [row[3] for row in chats] == ["200", "200"] and all(
        row[1] == "127.0.0.1" for row in chats
    )
    refused = [row for row in table_rows(r.page) if row[2] == "GET /v1/models"]
    assert [row[3] for row in refused] == ["401"]
    assert r.page.api.counts.text() == "3 request(s), 1 with an error"
    # What the page showed is what was saved: the next start serves on the same port and key.
    saved = r.settings_store.load()
    assert (saved.api_port, saved.api_key) == (port, r.page.api.key.text())


def test_a_port_in_use_is_one_sentence(
    loop: asyncio.AbstractEventLoop, qtbot: QtBot, tmp_path: Path
) -> None:
    r = rig(qtbot, tmp_path, ServerManager(fake_engine(tmp_path), tmp_path / "logs"))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = int(taken.getsockname()[1])

        async def start() -> ApiStatus:
            r.page.api.port.setValue(port)
            return await toggled(r, qtbot, ApiState.FAILED)

        failed = loop.run_until_complete(start())
    assert r.page.api.state.text() == (
        f"Port {port} is already in use by another program; choose another port."
    )
    assert failed.error_code == "api_port_in_use"
    assert r.page.api.toggle.text() == "Start" and r.page.api.port.isEnabled()
    loop.run_until_complete(r.api.shutdown())
    loop.run_until_complete(r.tasks.shutdown())


def test_lan_listens_everywhere_and_always_asks_for_the_key(
    loop: asyncio.AbstractEventLoop, qtbot: QtBot, tmp_path: Path
) -> None:
    r = rig(qtbot, tmp_path, ServerManager(fake_engine(tmp_path), tmp_path / "logs"))
    port = free_port()
    assert not r.page.api.key.text()  # none yet: the first start makes it

    renewed: list[str] = []

    async def scenario() -> tuple[int, int, int]:
        r.page.api.port.setValue(port)
        r.page.api.lan.setChecked(True)
        running = await toggled(r, qtbot, ApiState.RUNNING)
        key = r.page.api.key.text()
        assert key.startswith("studio-") and len(key) > 40
        assert running.address == f"http://192.0.2.7:{port}/v1"
        assert not r.page.api.lan.isEnabled() and not r.page.api.new_key.isEnabled()
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", trust_env=False) as http:
            anonymous = await http.get("/v1/models")
            keyed = await http.get("/v1/models", headers={"Authorization": f"Bearer {key}"})
            # A page on another site cannot post a form to it either.
            form = await http.post(
                "/studio/unload",
                content=b"x=1",
                headers={"Content-Type": "text/plain", "Origin": "http://evil.example"},
            )
        await toggled(r, qtbot, ApiState.STOPPED)
        # The settings are written in the background: wait for them, not for a guess.
        await saved(r, lambda s: s.api_lan and s.api_port == port and s.api_key == key)
        # A new key is saved and shown; the stopped server's controls are open again.
        assert r.page.api.new_key.isEnabled()
        r.page.api.new_key.click()
        await saved(r, lambda s: s.api_key not in (None, key))
        renewed.append(r.page.api.key.text())
        return anonymous.status_code, keyed.status_code, form.status_code

    try:
        statuses = loop.run_until_complete(scenario())
    finally:
        loop.run_until_complete(r.api.shutdown())
        loop.run_until_complete(r.tasks.shutdown())
    assert statuses == (401, 200, 403)
    (key,) = renewed
    assert key.startswith("studio-") and r.settings_store.load().api_key == key
    assert r.page.api.key.text() == key


async def saved(r: Rig, wanted: Callable[[AppSettings], bool]) -> None:
    """Until the settings file (written in the background) holds what `wanted` checks."""
    for _ in range(500):
        if wanted(r.settings_store.load()):
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never saved: {r.settings_store.load()}")


def test_an_api_left_on_comes_back_on_at_the_next_start_and_a_stopped_one_stays_off(
    loop: asyncio.AbstractEventLoop, qtbot: QtBot, tmp_path: Path
) -> None:
    port = free_port()
    first = rig(qtbot, tmp_path, ServerManager(fake_engine(tmp_path), tmp_path / "logs"))

    async def leave_it_on() -> None:
        first.page.api.port.setValue(port)
        await toggled(first, qtbot, ApiState.RUNNING)
        await saved(first, lambda s: s.api_enabled and s.api_port == port)
        await first.api.shutdown()  # the app quits: not the person's stop
        await first.tasks.shutdown()

    loop.run_until_complete(leave_it_on())

    second = rig(qtbot, tmp_path, ServerManager(fake_engine(tmp_path), tmp_path / "logs"))

    async def restart_then_stop() -> ApiStatus:
        resumed = second.api.resume()
        assert resumed is not None
        await resumed
        status = second.api.status
        await toggled(second, qtbot, ApiState.STOPPED)
        await saved(second, lambda s: not s.api_enabled)
        await second.api.shutdown()
        await second.tasks.shutdown()
        return status

    resumed = loop.run_until_complete(restart_then_stop())
    assert (resumed.state, resumed.address) == (ApiState.RUNNING, f"http://127.0.0.1:{port}/v1")
    third = rig(qtbot, tmp_path, ServerManager(fake_engine(tmp_path), tmp_path / "logs"))
    assert third.api.resume() is None
    loop.run_until_complete(third.tasks.shutdown())
