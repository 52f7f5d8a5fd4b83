"""`host:port` as users type it for a remote llama.cpp RPC server: the one parser that
Settings, the planner and the CLI share, so an endpoint one accepts the others accept too.

A host is an IPv4 address, a host name (letters, digits, `-`, `_` and dots: LAN and
container names use underscores) or an IPv6 address in brackets, including the IPv4-mapped
form `[::ffff:10.0.0.1]`. A bare IPv6 address is refused: its last group reads as a port.
Dependency-free so `core.settings` and `core.hardware` can both import it.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass

from studio.core.errors import StudioError

_SHAPE = re.compile(r"^(?P<host>\[[^\]]*\]|[^:\[\]]+):(?P<port>\d{1,5})$")
_HOST_NAME = re.compile(r"^[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?(?:\.[A-Za-z0-9_-]+)*\.?$")


class EndpointError(StudioError):
    """Code `rpc_endpoint_invalid` (param `endpoint`, the text as typed)."""

    def __init__(self, text: str) -> None:
        super().__init__(
            "rpc_endpoint_invalid", f"not a host:port endpoint: {text!r}", endpoint=text.strip()
        )


def _host_is_valid(host: str) -> bool:
    if host.startswith("["):
        try:
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            return False
        return True
    return _HOST_NAME.match(host) is not None


@dataclass(frozen=True)
class RpcEndpoint:
    """A host and port; `host` keeps an IPv6 address's brackets, as llama-server's
    `--rpc` list and its device listing write it."""

    host: str
    port: int

    @classmethod
    def parse(cls, text: str) -> RpcEndpoint:
        match = _SHAPE.match(text.strip())
        if match is None:
            raise EndpointError(text)
        host, port = match.group("host"), int(match.group("port"))
        if not 0 < port < 65536 or not _host_is_valid(host):
            raise EndpointError(text)
        return cls(host, port)

    def __str__(self) -> str:
        return f"{self.host}:{self.port}"
