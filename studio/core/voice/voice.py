"""How a code becomes a sentence: the template in the reader's language, its parameters
filled and shown (byte counts as sizes, lists joined, device keys as names).

`Voice` holds no state but the translate function, so one is cheap to make per call;
a language switch applies to the next sentence because translation happens when a
sentence is said, never at import.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field

from studio.core.engine.candidates import EngineCandidate
from studio.core.errors import Problem, StudioError
from studio.core.hub.transfer import RetryNotice, RetryReason
from studio.core.placement.reasons import Reason
from studio.core.server.engine_events import EngineNotice
from studio.core.server.failures import Failure
from studio.core.server.recovery import RecoveryNote
from studio.core.server.states import ServerState, Snapshot, StartPhase
from studio.core.units import format_bytes
from studio.core.voice.templates import (
    ALTERNATIVES,
    CODES,
    CONTEXT,
    COUNTED,
    ENGINE_EVENTS,
    FALLBACK,
    RECOVERED_AFTER,
    RECOVERY_STEPS,
    RETRY_REASONS,
    SERVER_STATES,
    SHORT,
    START_PHASES,
    STATE_AND_PHASE,
    STATE_AND_REASON,
    UNNAMED_MODEL,
    VERDICT_BUILT_FOR,
    VERDICT_RUNS,
    VERDICT_UNTESTED,
)

# (context, English source, count or -1) -> the text in the reader's language. A count
# picks the plural form and replaces `%n`, as `QCoreApplication.translate` does.
Translate = Callable[[str, str, int], str]

# Parameters that hold byte counts, shown as sizes.
BYTE_PARAMETERS = frozenset({"needed", "free", "budget", "available", "limit", "reserve", "kept"})


def english(context: str, source: str, count: int = -1) -> str:
    """The identity translation (the CLI, `studio serve`, logs): English as written."""
    return source.replace("%n", str(count)) if count >= 0 else source


@dataclass(frozen=True)
class Voice:
    """Says codes as sentences. `translate` is the reader's language (English by default);
    `size` writes a byte count."""

    translate: Translate = english
    size: Callable[[int], str] = field(default=format_bytes)

    @staticmethod
    def codes() -> frozenset[str]:
        """Every code with a sentence."""
        return frozenset(CODES) | frozenset(COUNTED)

    @staticmethod
    def knows(code: str) -> bool:
        return code in CODES or code in COUNTED

    def code(self, code: str, params: Mapping[str, object] | None = None) -> str:
        """The sentence for `code` with `params` filled in. A missing parameter picks the
        code's first alternative whose parameters are all given, else its short sentence,
        else shows "?"; an unknown code says
        "Something went wrong (code)." (and a test fails for it)."""
        values = dict(params or {})
        counted = COUNTED.get(code)
        if counted is not None:
            name, plural = counted
            count = values.get(name)
            return self._tr(plural, count if isinstance(count, int) else 0)
        template = CODES.get(code)
        if template is None:
            return self._tr(FALLBACK).format(code=code)
        if not _fields(template) <= values.keys():
            template = _fallback(code, values.keys(), template)
        return self._tr(template).format_map(_Shown(self._shown(values)))

    def error(self, error: StudioError | Problem) -> str:
        return self.code(error.code, error.params)

    def failure(self, failure: Failure) -> str:
        params: dict[str, object] = {**failure.params}
        if failure.signal_name:
            params["signal"] = failure.signal_name
        if failure.exit_code is not None:
            params["exit_code"] = failure.exit_code
        return self.code(failure.code.value, params)

    def reason(self, reason: Reason, device_name: Callable[[str], str] = str) -> str:
        """`device_name` turns a device key (an NVML UUID, say) into its label."""
        params: dict[str, object] = {**reason.params}
        if "device" in params:
            params["device"] = device_name(str(params["device"]))
        return self.code(reason.code.value, params)

    def retry(self, reason: RetryReason | str, status: object = None) -> str:
        """Why a download is retrying, as a clause ("the connection dropped")."""
        try:
            known = RetryReason(reason)
        except ValueError:
            return str(reason)
        return self._tr(RETRY_REASONS[known]).format_map(_Shown({"status": status}))

    def retry_notice(self, notice: RetryNotice) -> str:
        return self.retry(notice.reason, notice.status)

    def recovery(self, note: RecoveryNote) -> str:
        """What the recovery ladder did, and after which failure."""
        template = RECOVERY_STEPS.get(note.step)
        step = (
            self._tr(template).format_map(_Shown(self._shown(dict(note.params))))
            if template is not None
            else str(note.step)
        )
        return self._tr(RECOVERED_AFTER).format(step=step, cause=self.failure(note.cause))

    def state(self, state: ServerState) -> str:
        """What the engine is doing ("Ready")."""
        return self._tr(SERVER_STATES[state])

    def phase(self, phase: StartPhase) -> str:
        """How far a starting engine has come, as a clause ("loading the weights")."""
        return self._tr(START_PHASES[phase])

    def summary(self, snapshot: Snapshot) -> str:
        """The engine's state in one line: with its phase while it starts, with the reason
        once it failed."""
        state = self.state(snapshot.state)
        if snapshot.state is ServerState.STARTING and snapshot.phase is not None:
            state = self._tr(STATE_AND_PHASE).format(state=state, phase=self.phase(snapshot.phase))
        if snapshot.state is ServerState.FAILED and snapshot.failure is not None:
            reason = self.failure(snapshot.failure)
            return self._tr(STATE_AND_REASON).format(state=state, reason=reason)
        return state

    def engine_event(self, notice: EngineNotice) -> str:
        """What happened to the engine, with the model it happened to and why."""
        reason = ""
        if notice.failure is not None:
            reason = self.failure(notice.failure)
        elif notice.problem is not None:
            reason = self.error(notice.problem)
        step = self.recovery(notice.note) if notice.note is not None else ""
        return self._tr(ENGINE_EVENTS[notice.event]).format(
            model=notice.model or self._tr(UNNAMED_MODEL), reason=reason, step=step
        )

    def verdict(self, candidate: EngineCandidate) -> str:
        """Whether and why an engine runs on this CPU."""
        if candidate.error is not None:
            return self.error(candidate.error)
        test = candidate.self_test
        if test is None:
            return self._tr(VERDICT_UNTESTED)
        if test.passed:
            return self._tr(VERDICT_RUNS)
        if test.code == "engine_cpu_unsupported" and test.params.get("built_for"):
            return self._tr(VERDICT_BUILT_FOR).format_map(_Shown(self._shown(test.params)))
        return self.code(test.code, test.params)

    def _tr(self, source: str, count: int = -1) -> str:
        return self.translate(CONTEXT, source, count)

    def _shown(self, values: Mapping[str, object]) -> dict[str, object]:
        shown: dict[str, object] = {}
        for key, value in values.items():
            if key in BYTE_PARAMETERS and isinstance(value, int) and not isinstance(value, bool):
                shown[key] = self.size(value)
            elif isinstance(value, RetryReason):
                shown[key] = self.retry(value, values.get("status"))
            elif isinstance(value, (list, tuple, set, frozenset)):
                shown[key] = ", ".join(str(item) for item in value)
            else:
                shown[key] = value
        return shown


ENGLISH = Voice()


def _fallback(code: str, given: Collection[str], template: str) -> str:
    """What to say for `code` when its sentence lacks a parameter: the first alternative
    whose parameters are all `given`, else its short sentence, else `template` itself."""
    for alternative in ALTERNATIVES.get(code, ()):
        if _fields(alternative) <= set(given):
            return alternative
    return SHORT.get(code, template)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


class _Shown(dict[str, object]):
    """Parameters as shown; an absent one reads "?" rather than raising."""

    def __missing__(self, key: str) -> object:
        return "?"
