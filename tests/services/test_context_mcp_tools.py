"""The context meter counts the MCP servers' tools a conversation offers: llama-server with
SmolLM2 and a ChatML template that renders tools (their definitions take prompt tokens),
the real MCP test server through the real registry."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from studio.core.chat import ChatStore, SamplingSettings
from studio.core.chat.backend import DirectServerBackend
from studio.core.chat.tool_loop import merged_tools
from studio.core.engine import EngineLocation
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatService
from studio.services.context_service import ContextMeasured, ContextService
from tests.core.chat.tool_loop_support import real_servers
from tests.services.chat_support import next_emission, qasync_event_loop
from tests.support.engine import running_server
from tests.ui.chat.test_chat_tools_engine import TEMPLATE

pytestmark = pytest.mark.engine

DRAFT = "What is 2 plus 3?"


@pytest.fixture(scope="module")
def server(engine_location: EngineLocation, smollm2: Path) -> Iterator[str]:
    extra = ["-c", "2048", "-np", "1", "--jinja", "--chat-template-file", str(TEMPLATE)]
    with running_server(engine_location, smollm2, extra) as base_url:
        yield base_url


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    with qasync_event_loop(qapp) as loop:
        yield loop


async def _used(context: ContextService, draft: str) -> int:
    measured = asyncio.ensure_future(next_emission(context.measured, within=60))
    counting = context.measure_now(draft)
    assert counting is not None
    await counting
    (event,) = await measured
    assert isinstance(event, ContextMeasured) and event.use is not None
    return event.use.used


def test_the_meter_counts_the_mcp_tools_the_turn_will_offer(
    loop: asyncio.AbstractEventLoop, server: str, tmp_path: Path
) -> None:
    tasks = TaskOwner("meter-tools")
    backend = DirectServerBackend(server)
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        chat = ChatService(store, tasks, backend)
        context = ContextService(chat, tasks)

        async def scenario() -> tuple[int, int, int, int]:
            async with real_servers("tools") as registry:
                chat.set_tool_runner(registry)
                chat.set_settings(SamplingSettings(mcp_tools=False))
                without = await _used(context, DRAFT)
                chat.set_settings(SamplingSettings(mcp_tools=True))
                with_tools = await _used(context, DRAFT)
                # What the turn sends: the same messages, the registry's tools merged in.
                messages = await chat.request_preview(DRAFT)
                options = merged_tools(
                    chat.settings.request_options(), registry.definitions(), "auto"
                )
                sent = await backend.count_prompt_tokens(messages, options)
                chat.set_tool_runner(None)  # no servers: nothing to offer, nothing counted
                after = await _used(context, DRAFT)
                return without, with_tools, sent, after

        without, with_tools, sent, after = loop.run_until_complete(scenario())
        context.close()
        loop.run_until_complete(tasks.shutdown())
    assert with_tools == sent
    assert with_tools > without  # the tools' definitions take tokens
    assert after == without
