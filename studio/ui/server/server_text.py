"""Words for the manager's codes: server states, failures and recovery steps.

The core publishes codes and parameters; this is the one place that turns them into
translated sentences, so the Server page, the status bar and the chat pane say the same.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication

from studio.core.server.failures import Failure, FailureCode
from studio.core.server.recovery import RecoveryNote, RecoveryStep
from studio.core.server.states import ServerState, Snapshot, StartPhase

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


def failure_text(failure: Failure) -> str:
    code = failure.code
    texts = {
        FailureCode.BINARY_MISSING: _tr("The llama-server binary was not found."),
        FailureCode.BINARY_NOT_EXECUTABLE: _tr("The llama-server binary cannot be executed."),
        FailureCode.BAD_ARGUMENT: _tr("The engine refused an argument; see the log."),
        FailureCode.PORT_IN_USE: _tr("The port was already in use."),
        FailureCode.MODEL_MISSING: _tr("The model file does not exist."),
        FailureCode.MODEL_INVALID: _tr(
            "The file is not a valid GGUF model (truncated or corrupt)."
        ),
        FailureCode.UNKNOWN_ARCHITECTURE: _tr(
            "This engine does not know the model's architecture; a newer llama-server is needed."
        ),
        FailureCode.KV_TYPE_NEEDS_FLASH_ATTN: _tr("A quantized V cache needs flash attention on."),
        FailureCode.PROJECTOR_FAILED: _tr("The vision projector failed to load."),
        FailureCode.OOM_WEIGHTS: _tr("Out of memory while loading the weights."),
        FailureCode.OOM_KV: _tr("Out of memory for the KV cache: lower the context."),
        FailureCode.OOM_COMPUTE: _tr("Out of memory for the compute buffers."),
        FailureCode.KILLED: _tr(
            "The engine was killed, most likely by the system for lack of memory."
        ),
        FailureCode.CRASHED: _tr("The engine crashed ({signal})."),
        FailureCode.ENGINE_CPU_UNSUPPORTED: _tr(
            "This engine was built for instructions this CPU lacks. Build one for this "
            "computer in Settings > Engine, or choose another engine there."
        ),
        FailureCode.HEALTH_TIMEOUT: _tr("The engine did not become ready in time."),
        FailureCode.CRASH_LOOP: _tr("The engine crashed repeatedly; it is not restarted again."),
        FailureCode.HUNG: _tr("The engine stopped answering; it was replaced."),
        FailureCode.OOM_NOTHING_SMALLER: _tr(
            "Out of memory even after {steps} smaller settings (the last with a context of "
            "{ctx}); nothing smaller is left to try. Free memory or choose a smaller model."
        ),
        FailureCode.EXITED: _tr("The engine exited (code {exit_code})."),
    }
    text = texts.get(code, str(code))
    return text.format_map(
        _Filled(
            failure.params,
            signal=failure.signal_name or "?",
            exit_code=failure.exit_code if failure.exit_code is not None else "?",
        )
    )


def recovery_text(note: RecoveryNote) -> str:
    texts = {
        RecoveryStep.NEW_PORT: _tr("Retried on another port"),
        RecoveryStep.FLASH_ATTN_OFF: _tr("Retried with flash attention off"),
        RecoveryStep.PROJECTOR_ON_CPU: _tr("Retried with the vision projector on the CPU"),
        RecoveryStep.TEXT_ONLY: _tr("Retried without the vision projector"),
        RecoveryStep.SPECULATIVE_OFF: _tr("Retried without speculative decoding"),
        RecoveryStep.LAYER_SPLIT: _tr("Retried with layer split instead of tensor parallel"),
        RecoveryStep.SMALLER_PLAN: _tr("Retried with a smaller plan"),
        RecoveryStep.SMALLER_CONTEXT: _tr(
            "Retried with a context of {ctx} (it goes no lower than {floor})"
        ),
        RecoveryStep.QUANTIZED_KV: _tr("Retried with a {cache_type} KV cache"),
        RecoveryStep.EXPERTS_TO_CPU: _tr("Retried with the experts of {layers} layers on the CPU"),
        RecoveryStep.FEWER_LAYERS: _tr("Retried with {layers} layers left on {device}"),
    }
    step = texts.get(note.step, str(note.step)).format_map(_Filled(note.params))
    return _tr("{step}, after: {cause}").format(step=step, cause=failure_text(note.cause))


def snapshot_summary(snapshot: Snapshot) -> str:
    """One line for the status bar: the state, and the model when there is one."""
    state = state_text(snapshot.state)
    if snapshot.state is ServerState.STARTING and snapshot.phase is not None:
        state = _tr("{state}: {phase}").format(state=state, phase=phase_text(snapshot.phase))
    if snapshot.state is ServerState.FAILED and snapshot.failure is not None:
        return _tr("{state}: {reason}").format(state=state, reason=failure_text(snapshot.failure))
    return state


class _Filled(dict[str, object]):
    """Format values; a parameter the note or failure lacks shows as "?", never a KeyError."""

    def __init__(self, values: Mapping[str, object], **extra: object) -> None:
        super().__init__({**values, **extra})

    def __missing__(self, key: str) -> object:
        return "?"
