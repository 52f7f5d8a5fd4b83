"""What a front end is told about an MCP server: its state and an immutable snapshot of
it (the tools it offers once ready, the failure's code and parameters once failed)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from studio.core.errors import Problem


class McpState(StrEnum):
    STARTING = "starting"  # spawning or connecting, the handshake, listing tools
    READY = "ready"
    FAILED = "failed"  # `problem` says why; it stays so until started again
    STOPPED = "stopped"  # not started, disabled, or stopped on purpose


def _no_schema() -> Mapping[str, Any]:
    return MappingProxyType({})


@dataclass(frozen=True)
class ToolInfo:
    """A tool as its server lists it; `parameters` is its input JSON Schema."""

    name: str
    description: str = ""
    parameters: Mapping[str, Any] = field(default_factory=_no_schema)


@dataclass(frozen=True)
class McpSnapshot:
    name: str
    state: McpState
    tools: tuple[ToolInfo, ...] = ()
    problem: Problem | None = None
    # Times it was started again after a crash since it was last started on purpose.
    restarts: int = 0
