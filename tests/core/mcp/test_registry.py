"""Every configured server together: their tools under one set of names (a name two
servers offer is prefixed with each one's name), offered as OpenAI function definitions
and called through the registry; `close` stops them all."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from studio.core.errors import StudioError
from studio.core.mcp import McpSnapshot, McpState, ServerConfig, StdioTransport, ToolInfo
from studio.core.mcp.registry import McpRegistry, OfferedTool, definition, offered
from tests.core.mcp.helpers import START_S, stdio_server


def _ready(name: str, *tools: str) -> McpSnapshot:
    return McpSnapshot(name, McpState.READY, tuple(ToolInfo(tool) for tool in tools))


def test_a_name_two_servers_offer_is_prefixed_for_both() -> None:
    snapshots = [
        _ready("files", "read", "search"),
        _ready("web search", "search", "fetch"),
        McpSnapshot("down", McpState.FAILED),
    ]
    names = [(tool.name, tool.server, tool.tool.name) for tool in offered(snapshots)]
    assert names == [
        ("read", "files", "read"),
        ("files__search", "files", "search"),
        ("web_search__search", "web search", "search"),  # made safe for a function name
        ("fetch", "web search", "fetch"),
    ]


def test_a_name_taken_twice_is_offered_once() -> None:
    snapshots = [_ready("a", "b__c", "twice", "twice"), _ready("b", "c", "x"), _ready("z", "c")]
    names = [tool.name for tool in offered(snapshots)]
    assert names == ["b__c", "twice", "x", "z__c"]  # b's c would be b__c: left out


def test_definitions_are_openai_functions() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
    tool = OfferedTool("inc", "s", ToolInfo("inc", "Add one.", MappingProxyType(schema)))
    assert definition(tool) == {
        "type": "function",
        "function": {"name": "inc", "description": "Add one.", "parameters": schema},
    }
    bare = definition(OfferedTool("x", "s", ToolInfo("x", "", MappingProxyType({}))))
    assert bare == {
        "type": "function",
        "function": {"name": "x", "parameters": {"type": "object", "properties": {}}},
    }
    given = definition(tool)
    given["function"]["parameters"]["properties"]["a"]["type"] = "string"
    assert schema["properties"]["a"]["type"] == "integer"  # a copy each time


async def test_two_servers_are_offered_and_called_through_one_registry() -> None:
    configs = [
        stdio_server("main"),
        stdio_server("other", "other"),
        ServerConfig("off", StdioTransport("/no/such/server"), enabled=False),
    ]
    registry = McpRegistry(configs, start_timeout=START_S, call_timeout=START_S)
    registry.start()
    try:
        snapshots = await registry.settled()
        assert [(s.name, s.state) for s in snapshots] == [
            ("main", McpState.READY),
            ("other", McpState.READY),
            ("off", McpState.STOPPED),
        ]
        names = [d["function"]["name"] for d in registry.definitions()]
        assert {"add", "main__echo", "other__echo", "shout"} <= set(names)
        assert "echo" not in names
        assert all(d["type"] == "function" for d in registry.definitions())
        assert registry.server_of("shout") == "other"
        assert registry.server_of("main__echo") == "main"

        assert (await registry.call("main__echo", {"text": "hi"})).text == "hi"
        assert (await registry.call("other__echo", {"text": "hi"})).text == "other: hi"
        assert (await registry.call("shout", {"text": "hi"})).text == "HI"
        assert (await registry.call("add", {"a": 1, "b": 2})).text == "3"
        with pytest.raises(StudioError) as refused:
            await registry.call("echo", {"text": "which one?"})
        assert (refused.value.code, refused.value.params) == ("mcp_tool_unknown", {"tool": "echo"})
    finally:
        await registry.close()
    assert [s.state for s in registry.snapshots()] == [McpState.STOPPED] * 3
