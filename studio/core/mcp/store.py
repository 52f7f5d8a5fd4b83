"""The app's list of MCP servers: one `mcp.json`-shaped file in the config folder, written
atomically, and the `mcp.json` files a person imports into it.

The list is the same shape it imports, so an exported list is a valid `mcp.json` for other
clients. Files are read through `safe_read` (a FIFO or /dev/zero given as the file is
refused without waiting), capped at `MAX_FILE_BYTES`. The file may hold keys and tokens
(headers, variables): the atomic write creates it readable by its owner only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

from studio.core.atomic_file import write_json_atomically
from studio.core.errors import StudioError
from studio.core.mcp.config import (
    MAX_SERVERS,
    ServerConfig,
    parse_json,
    to_document,
)
from studio.core.safe_read import ReadRefusedError, read_regular_text

LIST_NAME: Final = "mcp-servers.json"
# An mcp.json of MAX_SERVERS servers with long commands is a few hundred KiB at most.
MAX_FILE_BYTES: Final = 1024 * 1024


@dataclass(frozen=True)
class ImportReport:
    """What an import did: the names it added and those it replaced (same name), in the
    imported file's order, and the list as saved."""

    added: tuple[str, ...]
    replaced: tuple[str, ...]
    servers: tuple[ServerConfig, ...]


def read_servers_file(path: Path) -> tuple[ServerConfig, ...]:
    """The servers of the `mcp.json` file at `path` (a path a person gave, or the list)."""
    source = str(path)
    try:
        text = read_regular_text(path, limit=MAX_FILE_BYTES)
    except ReadRefusedError as error:
        if error.reason == "too_large":
            raise StudioError(
                "mcp_file_too_large", str(error), path=source, limit=MAX_FILE_BYTES
            ) from error
        raise StudioError("mcp_file_not_regular", str(error), path=source) from error
    except UnicodeDecodeError as error:
        raise StudioError("mcp_file_not_text", f"{source}: {error}", path=source) from error
    except (OSError, ValueError) as error:  # ValueError: a NUL byte in the path
        raise StudioError("mcp_file_unreadable", f"{source}: {error}", path=source) from error
    return parse_json(text, source=source)


def merged(current: Sequence[ServerConfig], incoming: Sequence[ServerConfig]) -> ImportReport:
    """`incoming` merged into `current`: a server of the same name is replaced where it
    stands, a new one is added at the end."""
    servers = list(current)
    where = {server.name: index for index, server in enumerate(servers)}
    added: list[str] = []
    replaced: list[str] = []
    for server in incoming:
        index = where.get(server.name)
        if index is None:
            where[server.name] = len(servers)
            servers.append(server)
            added.append(server.name)
        else:
            servers[index] = server
            replaced.append(server.name)
    if len(servers) > MAX_SERVERS:
        raise StudioError(
            "mcp_too_many_servers",
            f"{len(servers)} servers after the import, at most {MAX_SERVERS}",
            most=MAX_SERVERS,
        )
    return ImportReport(tuple(added), tuple(replaced), tuple(servers))


class McpServerStore:
    """The list in `folder` (the app's config folder)."""

    def __init__(self, folder: Path) -> None:
        self._path = folder / LIST_NAME

    @property
    def path(self) -> Path:
        return self._path

    def load(self) -> tuple[ServerConfig, ...]:
        """The servers saved, in order; none before the first save."""
        if not self._path.exists():
            return ()
        return read_servers_file(self._path)

    def save(self, servers: Sequence[ServerConfig]) -> None:
        names = [server.name for server in servers]
        if len(set(names)) != len(names):  # a programming error: the front ends merge by name
            raise ValueError(f"two servers share a name: {names}")
        try:
            write_json_atomically(self._path, to_document(servers))
        except OSError as error:
            raise StudioError(
                "mcp_list_unwritable", f"{self._path}: {error}", path=str(self._path)
            ) from error

    def import_file(self, path: Path) -> ImportReport:
        """Merge the `mcp.json` at `path` into the list (see `merged`) and save it."""
        report = merged(self.load(), read_servers_file(path))
        self.save(report.servers)
        return report

    def put(self, server: ServerConfig) -> tuple[ServerConfig, ...]:
        """Add `server`, or replace the one of its name (an edit); the list as saved."""
        servers = merged(self.load(), [server]).servers
        self.save(servers)
        return servers

    def set_enabled(self, name: str, enabled: bool) -> tuple[ServerConfig, ...]:
        return self.put(replace(self._find(name), enabled=enabled))

    def remove(self, name: str) -> tuple[ServerConfig, ...]:
        """The list without the server called `name`, saved."""
        self._find(name)
        servers = tuple(server for server in self.load() if server.name != name)
        self.save(servers)
        return servers

    def _find(self, name: str) -> ServerConfig:
        for server in self.load():
            if server.name == name:
                return server
        raise StudioError("mcp_server_unknown", f"no server called {name!r}", server=name)
