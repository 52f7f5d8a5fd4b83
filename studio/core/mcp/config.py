"""What an MCP server is to the app: its name, how it is reached (a command run over stdio,
or a streamable HTTP URL) and whether it is enabled, checked from the `mcp.json` shape that
Claude Desktop, Cursor and LM Studio write:

    {"mcpServers": {"name": {"command": "...", "args": [...], "env": {...}},
                    "other": {"url": "https://...", "headers": {...}}}}

An entry may say `"type": "stdio" | "http" | "streamable-http"`, and `"disabled": true`
(Cline and others) or `"enabled": false` (the app's own list). Keys other clients add
(`autoApprove`, `timeout`, ...) are left alone. Each mistake is refused with its own code,
naming the server and the field, so the person can find it in their file; sizes are
bounded, since the file may come from anywhere. Pure: no SDK, no I/O (`store.py` reads and
writes files).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final
from urllib.parse import urlsplit

from studio.core.errors import StudioError

# Far more servers than anyone runs at once: each is a process or a connection.
MAX_SERVERS: Final = 100
MAX_NAME_CHARS: Final = 64
# A command, an argument, a URL, a variable's or a header's value: generous for tokens
# and JSON credentials passed in a variable, small enough to refuse a pasted file.
MAX_TEXT_CHARS: Final = 16 * 1024
# Arguments, variables or headers of one server.
MAX_ENTRIES: Final = 256

SERVERS_KEY: Final = "mcpServers"

# What the name may hold: it is shown, stored as a JSON key and prefixes tool names.
_NAME_PUNCTUATION: Final = frozenset(" ._-")
# An HTTP header name (RFC 9110 token).
_HEADER_NAME: Final = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")


class TransportKind(StrEnum):
    STDIO = "stdio"
    HTTP = "http"


# The `type` values other clients write, and the transport each means.
_TYPES: Final[Mapping[str, TransportKind]] = {
    "stdio": TransportKind.STDIO,
    "http": TransportKind.HTTP,
    "streamable-http": TransportKind.HTTP,
    "streamableHttp": TransportKind.HTTP,
}


@dataclass(frozen=True)
class StdioTransport:
    """A command the app runs, talking MCP over its stdin and stdout. `env` is added to
    the few variables the SDK passes on (PATH, HOME, ...), as pairs in the file's order."""

    command: str
    args: tuple[str, ...] = ()
    env: tuple[tuple[str, str], ...] = ()

    @property
    def kind(self) -> TransportKind:
        return TransportKind.STDIO


@dataclass(frozen=True)
class HttpTransport:
    """A streamable HTTP endpoint, with headers sent on every request (often a key)."""

    url: str
    headers: tuple[tuple[str, str], ...] = ()

    @property
    def kind(self) -> TransportKind:
        return TransportKind.HTTP


Transport = StdioTransport | HttpTransport


@dataclass(frozen=True)
class ServerConfig:
    name: str
    transport: Transport
    enabled: bool = True


def parse_document(data: object, *, source: str) -> tuple[ServerConfig, ...]:
    """The servers of a parsed `mcp.json` document, in its order. `source` names the file
    in the refusal when the document has no `mcpServers` object."""
    servers = data.get(SERVERS_KEY) if isinstance(data, dict) else None
    if not isinstance(servers, dict):
        raise StudioError("mcp_servers_missing", f"{source}: no {SERVERS_KEY} object", path=source)
    if len(servers) > MAX_SERVERS:
        raise StudioError(
            "mcp_too_many_servers",
            f"{source}: {len(servers)} servers, at most {MAX_SERVERS}",
            most=MAX_SERVERS,
        )
    return tuple(parse_server(name, entry) for name, entry in servers.items())


def parse_server(name: str, entry: object) -> ServerConfig:
    """One entry of `mcpServers`, checked."""
    checked_name(name)
    if not isinstance(entry, dict):
        raise StudioError("mcp_server_not_object", f"{name}: not an object", server=name)
    kind = _kind(name, entry)
    enabled = _enabled(name, entry)
    if kind is TransportKind.STDIO:
        transport: Transport = StdioTransport(
            command=_text(name, entry, "command"),
            args=_texts(name, entry, "args"),
            env=_pairs(name, entry, "env"),
        )
    else:
        transport = HttpTransport(url=_url(name, entry), headers=_pairs(name, entry, "headers"))
    return ServerConfig(name, transport, enabled)


def checked_name(name: str) -> str:
    """`name` if it can name a server: 1 to 64 letters, digits, spaces and `._-`,
    starting with a letter or digit."""
    valid = (
        0 < len(name) <= MAX_NAME_CHARS
        and name[0].isalnum()
        and all(c.isalnum() or c in _NAME_PUNCTUATION for c in name)
        and name.isprintable()
    )
    if not valid:
        raise StudioError("mcp_server_name_invalid", f"{name!r}: not a server name", server=name)
    return name


def to_document(servers: Sequence[ServerConfig]) -> dict[str, Any]:
    """`servers` in the `mcp.json` shape, which `parse_document` reads back the same; a
    disabled server says `"enabled": false`."""
    entries: dict[str, Any] = {}
    for server in servers:
        transport = server.transport
        entry: dict[str, Any]
        if isinstance(transport, StdioTransport):
            entry = {"type": "stdio", "command": transport.command, "args": list(transport.args)}
            if transport.env:
                entry["env"] = dict(transport.env)
        else:
            entry = {"type": "http", "url": transport.url}
            if transport.headers:
                entry["headers"] = dict(transport.headers)
        if not server.enabled:
            entry["enabled"] = False
        entries[server.name] = entry
    return {SERVERS_KEY: entries}


def parse_json(text: str, *, source: str) -> tuple[ServerConfig, ...]:
    """`text` as an `mcp.json` document."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise StudioError(
            "mcp_file_not_json",
            f"{source}: {error.msg}",
            path=source,
            line=error.lineno,
            column=error.colno,
        ) from error
    except RecursionError as error:  # nested deeper than the parser goes
        raise StudioError("mcp_file_too_deep", f"{source}: nested too deep", path=source) from error
    return parse_document(data, source=source)


def _kind(name: str, entry: Mapping[str, object]) -> TransportKind:
    has_command = "command" in entry
    has_url = "url" in entry
    if has_command and has_url:
        raise StudioError(
            "mcp_server_transport_conflict", f"{name}: both command and url", server=name
        )
    declared = entry.get("type")
    if declared is None:
        if not has_command and not has_url:
            raise StudioError(
                "mcp_server_transport_missing", f"{name}: neither command nor url", server=name
            )
        return TransportKind.STDIO if has_command else TransportKind.HTTP
    if not isinstance(declared, str):
        raise StudioError("mcp_field_not_text", f"{name}: type", server=name, field="type")
    kind = _TYPES.get(declared)
    if kind is None:
        raise StudioError(
            "mcp_server_type_unknown", f"{name}: type {declared!r}", server=name, type=declared
        )
    if (kind is TransportKind.STDIO and has_url) or (kind is TransportKind.HTTP and has_command):
        raise StudioError(
            "mcp_server_type_mismatch", f"{name}: type {declared!r}", server=name, type=declared
        )
    return kind


def _enabled(name: str, entry: Mapping[str, object]) -> bool:
    enabled = True
    for key, means_enabled in (("enabled", True), ("disabled", False)):
        value = entry.get(key)
        if value is None:
            continue
        if not isinstance(value, bool):
            raise StudioError("mcp_field_not_boolean", f"{name}: {key}", server=name, field=key)
        enabled = enabled and value == means_enabled
    return enabled


def _text(name: str, entry: Mapping[str, object], key: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str):
        raise StudioError("mcp_field_not_text", f"{name}: {key}", server=name, field=key)
    if not value.strip():
        raise StudioError("mcp_field_empty", f"{name}: {key} is empty", server=name, field=key)
    return _bounded(name, key, value)


def _bounded(name: str, key: str, value: str) -> str:
    if len(value) > MAX_TEXT_CHARS:
        raise StudioError(
            "mcp_field_too_long",
            f"{name}: {key} longer than {MAX_TEXT_CHARS}",
            server=name,
            field=key,
            most=MAX_TEXT_CHARS,
        )
    # No OS call takes a NUL byte, and no header a line break.
    if "\0" in value or (key == "headers" and ("\r" in value or "\n" in value)):
        raise StudioError(
            "mcp_field_bad_character",
            f"{name}: {key} holds a NUL or line break",
            server=name,
            field=key,
        )
    return value


def _texts(name: str, entry: Mapping[str, object], key: str) -> tuple[str, ...]:
    value = entry.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise StudioError("mcp_field_not_text_list", f"{name}: {key}", server=name, field=key)
    _counted(name, key, len(value))
    return tuple(_bounded(name, key, item) for item in value)


def _pairs(name: str, entry: Mapping[str, object], key: str) -> tuple[tuple[str, str], ...]:
    value = entry.get(key, {})
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise StudioError("mcp_field_not_text_map", f"{name}: {key}", server=name, field=key)
    _counted(name, key, len(value))
    pairs: list[tuple[str, str]] = []
    for item, text in value.items():
        valid = (
            _HEADER_NAME.fullmatch(item) is not None
            if key == "headers"
            else bool(item) and "=" not in item and "\0" not in item
        )
        if not valid or len(item) > MAX_TEXT_CHARS:
            raise StudioError(
                "mcp_entry_invalid", f"{name}: {key} {item!r}", server=name, field=key, entry=item
            )
        pairs.append((item, _bounded(name, key, text)))
    return tuple(pairs)


def _counted(name: str, key: str, count: int) -> None:
    if count > MAX_ENTRIES:
        raise StudioError(
            "mcp_field_too_many",
            f"{name}: {count} {key}, at most {MAX_ENTRIES}",
            server=name,
            field=key,
            most=MAX_ENTRIES,
        )


def _url(name: str, entry: Mapping[str, object]) -> str:
    url = _text(name, entry, "url").strip()
    try:
        parts = urlsplit(url)
        valid = parts.scheme in ("http", "https") and bool(parts.hostname)
        parts.port  # noqa: B018 - raises ValueError for a port that is not one
    except ValueError:  # a bad port or bracketed host
        valid = False
    if not valid:
        raise StudioError("mcp_url_invalid", f"{name}: {url!r}", server=name, url=url)
    return url
