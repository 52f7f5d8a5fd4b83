"""What happened to the engine between two of the manager's snapshots, as events a front
end tells its reader: loading, ready, crashed, recovered, a recovery step, failed,
unloaded. `studio.core.voice` says each one."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from studio.core.errors import Problem
from studio.core.server.failures import Failure
from studio.core.server.recovery import RecoveryNote
from studio.core.server.states import ServerState, Snapshot


class EngineEvent(enum.StrEnum):
    LOADING = "loading"
    READY = "ready"
    CRASHED = "crashed"
    RECOVERED = "recovered"  # ready again after a crash
    RECOVERY_STEP = "recovery_step"  # a start failed and is retried differently
    FAILED = "failed"
    UNLOADED = "unloaded"
    # Not loaded at start (autoload verdicts the conversation tells about):
    PREVIOUS_LOAD_CRASHED = "previous_load_crashed"  # the app died while loading it last time
    LAST_MODEL_MISSING = "model_missing"  # the last model's file is gone


@dataclass(frozen=True)
class EngineNotice:
    """One thing that happened to the engine, for the views to say. `model` is a label;
    a FAILED notice carries the engine's `failure`, or the `problem` that refused the load
    before the engine started; a RECOVERY_STEP notice carries the rung's `note`."""

    event: EngineEvent
    model: str = ""
    failure: Failure | None = None
    problem: Problem | None = None
    note: RecoveryNote | None = None


def model_label(snapshot: Snapshot) -> str:
    spec = snapshot.spec or snapshot.requested
    if spec is None:
        return ""
    return spec.label or spec.model.name


def engine_events(before: Snapshot, after: Snapshot) -> list[EngineNotice]:
    """The events that happened between two snapshots, in order."""
    events: list[EngineNotice] = []
    model = model_label(after) or model_label(before)
    known = len(before.recovery) if after.recovery[: len(before.recovery)] == before.recovery else 0
    for note in after.recovery[known:]:
        events.append(EngineNotice(EngineEvent.RECOVERY_STEP, model, note=note))
    if after.state == before.state and after.requested == before.requested:
        return events
    state, previous = after.state, before.state
    if state is ServerState.STARTING and (
        previous is not ServerState.STARTING or after.requested != before.requested
    ):
        events.append(EngineNotice(EngineEvent.LOADING, model))
    elif state is ServerState.READY:
        crashed = previous in (ServerState.CRASHED, ServerState.RESPAWNING)
        events.append(EngineNotice(EngineEvent.RECOVERED if crashed else EngineEvent.READY, model))
    elif state is ServerState.CRASHED:
        events.append(EngineNotice(EngineEvent.CRASHED, model))
    elif state is ServerState.FAILED:
        events.append(EngineNotice(EngineEvent.FAILED, model, failure=after.failure))
    elif state is ServerState.IDLE and previous is not ServerState.IDLE:
        events.append(EngineNotice(EngineEvent.UNLOADED, model_label(before)))
    return events
