"""The `mcp.json` format as Claude Desktop, Cursor and LM Studio write it: read as they
mean it, and every mistake refused with its own code naming the server and the field;
the file itself read only when it is a regular file of a sane size."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from studio.core.errors import StudioError
from studio.core.mcp import (
    HttpTransport,
    ServerConfig,
    StdioTransport,
    TransportKind,
    parse_document,
    read_servers_file,
    to_document,
)
from studio.core.mcp.config import MAX_ENTRIES, MAX_SERVERS, MAX_TEXT_CHARS
from studio.core.mcp.store import MAX_FILE_BYTES
from studio.core.voice import ENGLISH

GOOD: dict[str, Any] = {
    "mcpServers": {
        "filesystem": {
            "command": "npx",
            "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/me"],
            "env": {"DEBUG": "1"},
            "autoApprove": ["read_file"],  # another client's key: left alone
        },
        "github": {"type": "stdio", "command": "docker", "args": ["run", "-i", "gh"]},
        "remote": {"url": "https://example.com/mcp", "headers": {"Authorization": "Bearer x"}},
        "typed remote": {"type": "streamable-http", "url": "http://127.0.0.1:8080/mcp"},
        "plain http": {"type": "http", "url": "http://localhost:3000/mcp"},
        "off": {"command": "uvx", "args": ["mcp-server-time"], "disabled": True},
    }
}


def test_a_good_file_is_read_as_its_clients_mean_it() -> None:
    servers = parse_document(GOOD, source="mcp.json")
    assert [s.name for s in servers] == [
        "filesystem",
        "github",
        "remote",
        "typed remote",
        "plain http",
        "off",
    ]
    assert servers[0] == ServerConfig(
        "filesystem",
        StdioTransport(
            "npx", ("-y", "@modelcontextprotocol/server-filesystem", "/home/me"), (("DEBUG", "1"),)
        ),
    )
    assert servers[2].transport == HttpTransport(
        "https://example.com/mcp", (("Authorization", "Bearer x"),)
    )
    kinds = [s.transport.kind for s in servers]
    assert kinds == [TransportKind.STDIO] * 2 + [TransportKind.HTTP] * 3 + [TransportKind.STDIO]
    assert [s.enabled for s in servers] == [True] * 5 + [False]


def test_the_apps_own_shape_reads_back_the_same() -> None:
    servers = parse_document(GOOD, source="mcp.json")
    document = json.loads(json.dumps(to_document(servers)))
    assert parse_document(document, source="list") == servers
    assert document["mcpServers"]["off"]["enabled"] is False


def _entry(**fields: object) -> dict[str, Any]:
    return {"mcpServers": {"srv": fields}}


MISTAKES: list[tuple[object, str, dict[str, object]]] = [
    ([], "mcp_servers_missing", {"path": "mcp.json"}),
    ({"servers": {}}, "mcp_servers_missing", {"path": "mcp.json"}),
    ({"mcpServers": []}, "mcp_servers_missing", {"path": "mcp.json"}),
    ({"mcpServers": {"srv": ["npx"]}}, "mcp_server_not_object", {"server": "srv"}),
    ({"mcpServers": {"": {"command": "x"}}}, "mcp_server_name_invalid", {"server": ""}),
    ({"mcpServers": {"-x": {"command": "x"}}}, "mcp_server_name_invalid", {"server": "-x"}),
    ({"mcpServers": {"a\nb": {"command": "x"}}}, "mcp_server_name_invalid", {"server": "a\nb"}),
    (_entry(args=["x"]), "mcp_server_transport_missing", {"server": "srv"}),
    (_entry(command="x", url="http://h/"), "mcp_server_transport_conflict", {"server": "srv"}),
    (_entry(type="sse", url="http://h/"), "mcp_server_type_unknown", {"type": "sse"}),
    (_entry(type="stdio", url="http://h/"), "mcp_server_type_mismatch", {"type": "stdio"}),
    (_entry(type="http", command="x"), "mcp_server_type_mismatch", {"type": "http"}),
    (_entry(type=1, command="x"), "mcp_field_not_text", {"field": "type"}),
    (_entry(command=["npx"]), "mcp_field_not_text", {"field": "command"}),
    (_entry(command="  "), "mcp_field_empty", {"field": "command"}),
    (_entry(command="x\0y"), "mcp_field_bad_character", {"field": "command"}),
    (_entry(command="x" * (MAX_TEXT_CHARS + 1)), "mcp_field_too_long", {"field": "command"}),
    (_entry(command="x", args="-y"), "mcp_field_not_text_list", {"field": "args"}),
    (_entry(command="x", args=["-y", 1]), "mcp_field_not_text_list", {"field": "args"}),
    (
        _entry(command="x", args=["a"] * (MAX_ENTRIES + 1)),
        "mcp_field_too_many",
        {"field": "args", "most": MAX_ENTRIES},
    ),
    (_entry(command="x", env=["A=1"]), "mcp_field_not_text_map", {"field": "env"}),
    (_entry(command="x", env={"A": 1}), "mcp_field_not_text_map", {"field": "env"}),
    (_entry(command="x", env={"A=B": "1"}), "mcp_entry_invalid", {"field": "env", "entry": "A=B"}),
    (_entry(command="x", disabled="yes"), "mcp_field_not_boolean", {"field": "disabled"}),
    (_entry(command="x", enabled=0), "mcp_field_not_boolean", {"field": "enabled"}),
    (_entry(url="ftp://h/"), "mcp_url_invalid", {"url": "ftp://h/"}),
    (_entry(url="http://"), "mcp_url_invalid", {"url": "http://"}),
    (_entry(url="http://h:99999/"), "mcp_url_invalid", {"url": "http://h:99999/"}),
    (_entry(url=7), "mcp_field_not_text", {"field": "url"}),
    (
        _entry(url="http://h/", headers={"Bad Name": "x"}),
        "mcp_entry_invalid",
        {"field": "headers", "entry": "Bad Name"},
    ),
    (
        _entry(url="http://h/", headers={"X-A": "a\r\nX-B: b"}),
        "mcp_field_bad_character",
        {"field": "headers"},
    ),
    (
        {"mcpServers": {f"s{i}": {"command": "x"} for i in range(MAX_SERVERS + 1)}},
        "mcp_too_many_servers",
        {"most": MAX_SERVERS},
    ),
]


@pytest.mark.parametrize(
    ("document", "code", "params"), MISTAKES, ids=[f"{i}-{m[1]}" for i, m in enumerate(MISTAKES)]
)
def test_each_mistake_is_refused_with_its_code_naming_server_and_field(
    document: object, code: str, params: dict[str, object]
) -> None:
    with pytest.raises(StudioError) as refused:
        parse_document(document, source="mcp.json")
    assert refused.value.code == code
    assert params.items() <= refused.value.params.items()
    if "server" in refused.value.params and code != "mcp_server_name_invalid":
        assert refused.value.params["server"] == "srv"
    said = ENGLISH.error(refused.value)
    assert "?" not in said, said  # every field of its sentence is given


def _written(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "mcp.json"
    path.write_bytes(data)
    return path


def test_a_file_is_read_and_parsed(tmp_path: Path) -> None:
    path = _written(tmp_path, json.dumps(GOOD).encode())
    assert read_servers_file(path) == parse_document(GOOD, source=str(path))


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (b'{"mcpServers": {', "mcp_file_not_json"),
        (b"\xff\xfe not text", "mcp_file_not_text"),
        (b"[" * 200_000 + b"]" * 200_000, "mcp_file_too_deep"),
        (b" " * (MAX_FILE_BYTES + 1), "mcp_file_too_large"),
    ],
    ids=["not-json", "not-utf8", "too-deep", "too-large"],
)
def test_a_damaged_or_oversized_file_is_refused(tmp_path: Path, content: bytes, code: str) -> None:
    path = _written(tmp_path, content)
    with pytest.raises(StudioError) as refused:
        read_servers_file(path)
    assert refused.value.code == code
    assert refused.value.params["path"] == str(path)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "mcp.json"
    os.mkfifo(fifo)
    with pytest.raises(StudioError) as refused:
        read_servers_file(fifo)
    assert refused.value.code == "mcp_file_not_regular"


@pytest.mark.parametrize("special", ["/dev/zero", "directory"])
def test_a_device_or_folder_is_refused_unread(tmp_path: Path, special: str) -> None:
    path = tmp_path if special == "directory" else Path(special)
    with pytest.raises(StudioError) as refused:
        read_servers_file(path)
    assert refused.value.code == "mcp_file_not_regular"


def test_a_missing_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(StudioError) as refused:
        read_servers_file(tmp_path / "nowhere.json")
    assert refused.value.code == "mcp_file_unreadable"
    assert ENGLISH.error(refused.value) == (
        f"The MCP servers file {tmp_path / 'nowhere.json'} cannot be read."
    )
