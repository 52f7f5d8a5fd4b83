"""An MCP server as a form shows it (a transport, then fields of plain text: arguments one
per line, variables as `KEY=VALUE` lines, headers as `Name: value` lines) and back, checked
by `config.py`'s parser, so a server the form accepts is one an `mcp.json` could hold and
a mistake is refused with the same code. Pure: no SDK, no Qt."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, Final

from studio.core.errors import StudioError
from studio.core.mcp.config import (
    ServerConfig,
    StdioTransport,
    TransportKind,
    parse_server,
)

# A line quoted in a sentence: enough to find it, never a pasted page.
_QUOTED_CHARS: Final = 80


@dataclass(frozen=True)
class ServerForm:
    name: str
    kind: TransportKind
    command: str = ""
    arguments: str = ""  # one per line
    environment: str = ""  # KEY=VALUE lines
    url: str = ""
    headers: str = ""  # Name: value lines
    enabled: bool = True


def form_of(server: ServerConfig) -> ServerForm:
    transport = server.transport
    if isinstance(transport, StdioTransport):
        return ServerForm(
            server.name,
            TransportKind.STDIO,
            command=transport.command,
            arguments="\n".join(transport.args),
            environment="\n".join(f"{key}={value}" for key, value in transport.env),
            enabled=server.enabled,
        )
    return ServerForm(
        server.name,
        TransportKind.HTTP,
        url=transport.url,
        headers="\n".join(f"{key}: {value}" for key, value in transport.headers),
        enabled=server.enabled,
    )


def server_of(form: ServerForm, *, taken: Collection[str] = ()) -> ServerConfig:
    """The server `form` describes. Raises StudioError: `mcp_server_exists` when its name
    is in `taken` (the other servers' names), `mcp_line_invalid` for a variable or header
    line without its separator, or what `parse_server` raises."""
    name = form.name.strip()
    if name in taken:
        raise StudioError("mcp_server_exists", f"{name!r} is taken", server=name)
    entry: dict[str, Any]
    if form.kind is TransportKind.STDIO:
        entry = {
            "type": "stdio",
            "command": form.command.strip(),
            "args": _lines(form.arguments),
            "env": _pairs(name, "env", form.environment, "="),
        }
    else:
        entry = {
            "type": "http",
            "url": form.url.strip(),
            "headers": _pairs(name, "headers", form.headers, ":"),
        }
    return parse_server(name, {**entry, "enabled": form.enabled})


def _lines(text: str) -> list[str]:
    """The lines of `text` that hold something; an argument keeps its own spaces."""
    return [line for line in text.splitlines() if line.strip()]


def _pairs(server: str, field: str, text: str, separator: str) -> dict[str, str]:
    pairs: dict[str, str] = {}
    for line in _lines(text):
        key, found, value = line.partition(separator)
        if not found or not key.strip():
            raise StudioError(
                "mcp_line_invalid",
                f"{server}: {field} line {line!r}",
                server=server,
                field=field,
                line=line.strip()[:_QUOTED_CHARS],
                separator=separator,
            )
        # A header's value starts after `: `; a variable's value is taken as it is typed.
        pairs[key.strip()] = value.strip() if separator == ":" else value
    return pairs
