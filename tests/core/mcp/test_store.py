"""The app's list of MCP servers: saved atomically in the config folder, readable by its
owner only (it may hold keys), merged with imported `mcp.json` files by name."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from studio.core.errors import StudioError
from studio.core.mcp import McpServerStore, ServerConfig, StdioTransport
from studio.core.mcp.config import MAX_SERVERS


def _file(tmp_path: Path, servers: dict[str, object], name: str = "mcp.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    return path


def test_an_empty_folder_has_no_servers(tmp_path: Path) -> None:
    assert McpServerStore(tmp_path / "config").load() == ()


def test_an_import_adds_then_replaces_by_name_and_keeps_the_order(tmp_path: Path) -> None:
    store = McpServerStore(tmp_path / "config")
    first = _file(tmp_path, {"a": {"command": "one"}, "b": {"url": "http://h/mcp"}})
    report = store.import_file(first)
    assert (report.added, report.replaced) == (("a", "b"), ())

    second = _file(tmp_path, {"c": {"command": "three"}, "a": {"command": "two"}}, "2.json")
    report = store.import_file(second)
    assert (report.added, report.replaced) == (("c",), ("a",))
    servers = store.load()
    assert [s.name for s in servers] == ["a", "b", "c"]
    assert servers[0].transport == StdioTransport("two")
    assert servers == report.servers


def test_the_list_is_written_for_its_owner_only(tmp_path: Path) -> None:
    store = McpServerStore(tmp_path / "config")
    store.import_file(_file(tmp_path, {"a": {"url": "http://h/", "headers": {"X-Key": "k"}}}))
    mode = stat.S_IMODE(store.path.stat().st_mode)
    assert mode & 0o077 == 0, oct(mode)


def test_edit_disable_and_remove(tmp_path: Path) -> None:
    store = McpServerStore(tmp_path)
    store.put(ServerConfig("a", StdioTransport("one")))
    store.put(ServerConfig("b", StdioTransport("two")))
    store.put(ServerConfig("a", StdioTransport("edited")))
    assert [(s.name, s.transport) for s in store.load()] == [
        ("a", StdioTransport("edited")),
        ("b", StdioTransport("two")),
    ]
    store.set_enabled("b", False)
    assert [s.enabled for s in store.load()] == [True, False]
    assert [s.name for s in store.remove("a")] == ["b"]
    assert [s.name for s in store.load()] == ["b"]
    with pytest.raises(StudioError) as refused:
        store.remove("a")
    assert (refused.value.code, refused.value.params["server"]) == ("mcp_server_unknown", "a")


def test_an_import_with_a_mistake_changes_nothing(tmp_path: Path) -> None:
    store = McpServerStore(tmp_path)
    store.put(ServerConfig("a", StdioTransport("one")))
    bad = _file(tmp_path, {"b": {"command": "two"}, "c": {"command": 3}})
    with pytest.raises(StudioError) as refused:
        store.import_file(bad)
    assert refused.value.code == "mcp_field_not_text"
    assert refused.value.params["server"] == "c"
    assert [s.name for s in store.load()] == ["a"]


def test_an_import_over_the_limit_is_refused(tmp_path: Path) -> None:
    store = McpServerStore(tmp_path)
    store.import_file(_file(tmp_path, {f"a{i}": {"command": "x"} for i in range(MAX_SERVERS)}))
    with pytest.raises(StudioError) as refused:
        store.import_file(_file(tmp_path, {"one more": {"command": "x"}}, "2.json"))
    assert refused.value.code == "mcp_too_many_servers"
    assert len(store.load()) == MAX_SERVERS


def test_a_damaged_list_says_which_file(tmp_path: Path) -> None:
    store = McpServerStore(tmp_path)
    store.path.write_text("{", encoding="utf-8")
    with pytest.raises(StudioError) as refused:
        store.load()
    assert refused.value.code == "mcp_file_not_json"
    assert refused.value.params["path"] == str(store.path)


def test_an_unwritable_folder_is_said(tmp_path: Path) -> None:
    (tmp_path / "config").write_text("a file where the folder belongs", encoding="utf-8")
    store = McpServerStore(tmp_path / "config")
    with pytest.raises(StudioError) as refused:
        store.put(ServerConfig("a", StdioTransport("one")))
    assert refused.value.code == "mcp_list_unwritable"
