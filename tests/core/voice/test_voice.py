"""Every code the core can report has one sentence, with its parameters filled in."""

from __future__ import annotations

import re

import pytest

from studio.core.errors import Problem, StudioError
from studio.core.hub.errors import DOWNLOAD_DISK_FULL, DOWNLOAD_RETRIES_EXHAUSTED, HubError
from studio.core.hub.transfer import RetryNotice, RetryReason
from studio.core.placement.reasons import Reason, ReasonCode, Setting, Severity
from studio.core.server.engine_events import EngineEvent, EngineNotice
from studio.core.server.failures import Failure, FailureCode
from studio.core.server.recovery import RecoveryNote, RecoveryStep
from studio.core.server.states import ServerState, Snapshot, StartPhase
from studio.core.voice import ENGLISH, Voice
from studio.core.voice.templates import CODES, COUNTED, RECOVERY_STEPS, RETRY_REASONS, SHORT
from tests.support.codes import core_codes, string_literals, template_fields

CODES_FOUND = core_codes()
_LEFTOVER = re.compile(r"\{[a-z_]*\}|%n|\?")


def sample_params(code: str) -> dict[str, object]:
    """A value for every field of the code's sentence: numbers for counts and sizes."""
    counted = COUNTED.get(code)
    if counted is not None:
        return {counted[0]: 3}
    return {name: 7 for name in template_fields(CODES.get(code, ""))}


def test_the_collector_finds_codes_of_every_kind() -> None:
    # A literal, a constant, a conditional, a subclass's super().__init__, the enums and
    # the services' own codes.
    for code in (
        "engine_missing",
        "hub_offline",
        "library_not_gguf",
        "gguf.truncated",
        "oom_kv",
        "ctx_reduced_to_fit",
        "chat_no_model",
        "chat_connection_lost",
        "engine_cpu_unsupported",
    ):
        assert code in CODES_FOUND
    assert len(CODES_FOUND) > 90


@pytest.mark.parametrize("code", sorted(CODES_FOUND))
def test_every_code_says_a_sentence_with_its_parameters(code: str) -> None:
    assert Voice.knows(code), f"{code} has no sentence in studio/core/voice/templates.py"
    sentence = ENGLISH.code(code, sample_params(code))
    assert sentence and not _LEFTOVER.search(sentence), sentence
    assert "went wrong" not in sentence
    assert sentence[0].isupper() or sentence[0] in "{“%" or not sentence[0].isalpha()


@pytest.mark.parametrize("code", sorted(CODES_FOUND))
def test_every_raise_site_passes_what_its_sentence_needs(code: str) -> None:
    """A sentence field no raise site fills would read "?"; a code with a short sentence
    says that one instead when its long one lacks a parameter."""
    template = CODES.get(code)
    if template is None:
        return
    for keywords in CODES_FOUND[code].keyword_sets:
        missing = template_fields(template) - keywords
        if missing and code in SHORT:
            missing = template_fields(SHORT[code]) - keywords
        assert not missing, f"a raise site of {code} passes no {sorted(missing)}"


def test_no_sentence_is_kept_for_a_code_the_core_no_longer_has() -> None:
    stale = sorted(Voice.codes() - string_literals())
    assert not stale, f"sentences for codes the core never reports: {stale}"


def test_no_sentence_is_written_twice() -> None:
    sentences = [*CODES.values(), *SHORT.values(), *(t for _, t in COUNTED.values())]
    twice = sorted({s for s in sentences if sentences.count(s) > 1})
    # The same check has three codes (the engine's log, the estimate and the planner).
    assert twice == ["A quantized V cache needs flash attention on."]


def test_parameters_are_shown_as_people_read_them() -> None:
    error = HubError(
        DOWNLOAD_DISK_FULL,
        "disk full",
        needed=3 * 1024**3,
        free=512 * 1024**2,
        reserve=64 << 20,
        path="/models",
    )
    assert ENGLISH.error(error) == (
        "Not enough disk space: 3.0 GiB needed plus 64 MiB kept free, 512 MiB free in /models."
    )
    assert ENGLISH.code("rpc_unreachable", {"endpoints": ["a:1", "b:2"]}) == (
        "A remote RPC device did not answer (a:1, b:2)."
    )
    assert ENGLISH.code("layers_spilled_to_host", {"layers": 38}) == (
        "38 layer(s) run on the CPU to fit."
    )


def test_a_missing_parameter_picks_the_short_sentence_or_reads_a_question_mark() -> None:
    assert ENGLISH.code("model_missing", {"path": "/m.gguf"}) == (
        "The model file does not exist: /m.gguf."
    )
    assert ENGLISH.failure(Failure(FailureCode.MODEL_MISSING)) == "The model file does not exist."
    assert ENGLISH.code("hub_not_found") == "Not found on the Hub: ?."


def test_unknown_codes_failures_reasons_and_recovery() -> None:
    assert ENGLISH.code("made_up_code") == "Something went wrong (made_up_code)."
    assert ENGLISH.error(StudioError("made_up_code", "x")) == (
        "Something went wrong (made_up_code)."
    )
    crashed = Failure(FailureCode.CRASHED, signal_name="SIGSEGV")
    assert ENGLISH.failure(crashed) == "The engine crashed (SIGSEGV)."
    assert ENGLISH.failure(Failure(FailureCode.EXITED, exit_code=3)) == (
        "The engine exited (code 3)."
    )
    over = Reason.of(
        ReasonCode.DEVICE_OVER_BUDGET,
        Setting.LAYERS,
        Severity.ERROR,
        device="GPU-1234",
        needed=2 * 1024**3,
        budget=1024**3,
    )
    assert ENGLISH.reason(over, {"GPU-1234": "RTX 4090"}.__getitem__) == (
        "RTX 4090 needs 2.0 GiB but may use 1.0 GiB."
    )
    note = RecoveryNote(
        RecoveryStep.SMALLER_CONTEXT, Failure(FailureCode.OOM_KV), {"ctx": 4096, "floor": 512}
    )
    assert ENGLISH.recovery(note) == (
        "Retried with a context of 4096 (it goes no lower than 512), after: Out of memory "
        "for the KV cache: lower the context."
    )


@pytest.mark.parametrize("reason", list(RetryReason))
def test_every_retry_reason_is_a_clause(reason: RetryReason) -> None:
    clause = ENGLISH.retry_notice(RetryNotice(2, 4.0, reason, 503))
    assert clause and not _LEFTOVER.search(clause)
    assert clause != reason.value


def test_a_download_that_kept_failing_says_why_in_words() -> None:
    error = HubError(
        DOWNLOAD_RETRIES_EXHAUSTED,
        "x",
        file="m.gguf",
        reason=RetryReason.HTTP_STATUS,
        status=503,
    )
    assert ENGLISH.error(error) == "m.gguf kept failing (server error 503). Resume to try again."


@pytest.mark.parametrize("step", list(RecoveryStep))
def test_every_recovery_step_has_words(step: RecoveryStep) -> None:
    assert step in RECOVERY_STEPS
    note = RecoveryNote(
        step,
        Failure(FailureCode.OOM_COMPUTE),
        {"ctx": 1, "floor": 1, "cache_type": "q8_0", "layers": 2, "device": "CUDA0"},
    )
    assert not _LEFTOVER.search(ENGLISH.recovery(note))
    assert set(RETRY_REASONS) == set(RetryReason)


def test_a_translation_is_asked_for_each_sentence_with_its_count() -> None:
    asked: list[tuple[str, str, int]] = []

    def translate(context: str, source: str, count: int = -1) -> str:
        asked.append((context, source, count))
        return source.upper().replace("%N", str(count))

    loud = Voice(translate)
    assert loud.code("oom_kv") == "OUT OF MEMORY FOR THE KV CACHE: LOWER THE CONTEXT."
    assert loud.code("experts_spilled_to_host", {"layers": 2}).startswith("THE EXPERTS OF 2")
    assert asked[-1] == ("Sentences", COUNTED["experts_spilled_to_host"][1], 2)


@pytest.mark.parametrize("state", list(ServerState))
def test_every_state_has_words(state: ServerState) -> None:
    assert ENGLISH.state(state) and ENGLISH.state(state) != state.value


@pytest.mark.parametrize("phase", list(StartPhase))
def test_every_start_phase_has_words(phase: StartPhase) -> None:
    starting = Snapshot(ServerState.STARTING, phase=phase)
    assert ENGLISH.summary(starting) == f"Loading: {ENGLISH.phase(phase)}"


def test_the_summary_says_why_a_load_failed() -> None:
    failed = Snapshot(ServerState.FAILED, failure=Failure(FailureCode.OOM_KV))
    assert ENGLISH.summary(failed) == ("Failed: Out of memory for the KV cache: lower the context.")
    assert ENGLISH.summary(Snapshot()) == "No model loaded"


@pytest.mark.parametrize("event", list(EngineEvent))
def test_every_engine_event_is_a_sentence(event: EngineEvent) -> None:
    note = RecoveryNote(RecoveryStep.NEW_PORT, Failure(FailureCode.PORT_IN_USE))
    notice = EngineNotice(event, "m.gguf", failure=Failure(FailureCode.OOM_KV), note=note)
    sentence = ENGLISH.engine_event(notice)
    assert sentence[0].isupper() or sentence.startswith("m.gguf")
    assert not _LEFTOVER.search(sentence), sentence


def test_an_engine_event_names_its_model_and_why() -> None:
    refused = Problem("model_missing", params={"path": "/m.gguf"})
    assert ENGLISH.engine_event(EngineNotice(EngineEvent.FAILED, "m", problem=refused)) == (
        "m could not be loaded: The model file does not exist: /m.gguf."
    )
    assert ENGLISH.engine_event(EngineNotice(EngineEvent.READY)) == "The model is ready."
