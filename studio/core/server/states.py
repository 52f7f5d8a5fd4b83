"""The manager's published state: one immutable `Snapshot` per change."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType
from typing import Any

from studio.core.server.failures import Failure
from studio.core.server.launch import LaunchSpec
from studio.core.server.recovery import RecoveryNote


class ServerState(StrEnum):
    IDLE = "idle"
    STARTING = "starting"
    READY = "ready"
    CRASHED = "crashed"
    RESPAWNING = "respawning"
    STOPPING = "stopping"
    FAILED = "failed"


class StartPhase(StrEnum):
    """How far a starting child has come, read from its log lines."""

    SPAWNED = "spawned"
    LOADING_MODEL = "loading_model"
    CREATING_CONTEXT = "creating_context"
    WARMING_UP = "warming_up"
    LOADED = "loaded"


@dataclass(frozen=True)
class ReadyInfo:
    """What the running server says about itself (GET /props) once it is healthy."""

    model_alias: str
    n_ctx: int
    total_slots: int
    build_info: str = ""
    modalities: tuple[str, ...] = ()
    props: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def from_props(cls, props: Mapping[str, Any]) -> ReadyInfo:
        settings = props.get("default_generation_settings") or {}
        modalities = props.get("modalities") or {}
        return cls(
            model_alias=str(props.get("model_alias") or ""),
            n_ctx=int(settings.get("n_ctx") or 0),
            total_slots=int(props.get("total_slots") or 0),
            build_info=str(props.get("build_info") or ""),
            modalities=tuple(sorted(k for k, v in modalities.items() if v)),
            props=MappingProxyType(dict(props)),
        )


@dataclass(frozen=True)
class Snapshot:
    state: ServerState = ServerState.IDLE
    # The spec the user asked for, and the one running after any recovery rungs.
    requested: LaunchSpec | None = None
    spec: LaunchSpec | None = None
    phase: StartPhase | None = None
    ready: ReadyInfo | None = None
    failure: Failure | None = None
    recovery: tuple[RecoveryNote, ...] = ()
    base_url: str | None = None
    pid: int | None = None
    log_path: Path | None = None
    command: str = ""  # the redacted command line of the current child
    epoch: int = 0  # bumped by every unload
    spawn_count: int = 0  # children started by this manager, ever
    respawn_count: int = 0  # of which after a crash

    @property
    def model(self) -> Path | None:
        return self.spec.model if self.spec is not None else None

    def but(self, **changes: Any) -> Snapshot:
        return replace(self, **changes)
