"""Words for the manager's states and start phases.

Its failures and recovery steps are sentences of `studio.core.voice` (through
`ui.common.voice`), so the Server page, the status bar, the chat pane and the CLI say the
same.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from studio.core.server.states import ServerState, Snapshot, StartPhase
from studio.ui.common.voice import ui_voice

_CONTEXT = "ServerText"


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def state_text(state: ServerState) -> str:
    texts = {
        ServerState.IDLE: _tr("No model loaded"),
        ServerState.STARTING: _tr("Loading"),
        ServerState.READY: _tr("Ready"),
        ServerState.CRASHED: _tr("Crashed"),
        ServerState.RESPAWNING: _tr("Restarting after a crash"),
        ServerState.STOPPING: _tr("Stopping"),
        ServerState.FAILED: _tr("Failed"),
    }
    return texts.get(state, str(state))


def phase_text(phase: StartPhase) -> str:
    texts = {
        StartPhase.SPAWNED: _tr("starting the engine"),
        StartPhase.LOADING_MODEL: _tr("loading the weights"),
        StartPhase.CREATING_CONTEXT: _tr("creating the context"),
        StartPhase.WARMING_UP: _tr("warming up"),
        StartPhase.LOADED: _tr("loaded"),
    }
    return texts.get(phase, str(phase))


def snapshot_summary(snapshot: Snapshot) -> str:
    """One line for the status bar: the state, and the model when there is one."""
    state = state_text(snapshot.state)
    if snapshot.state is ServerState.STARTING and snapshot.phase is not None:
        state = _tr("{state}: {phase}").format(state=state, phase=phase_text(snapshot.phase))
    if snapshot.state is ServerState.FAILED and snapshot.failure is not None:
        return _tr("{state}: {reason}").format(
            state=state, reason=ui_voice().failure(snapshot.failure)
        )
    return state
