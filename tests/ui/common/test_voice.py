"""The UI's voice: the core's sentences in the language the app shows."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication

from studio.core.api.errors import from_studio_error
from studio.core.errors import StudioError
from studio.core.hub import DownloadSnapshot, JobState
from studio.core.hub.errors import DownloadError
from studio.core.hub.fit import FitAssessment, FitKind
from studio.core.hub.transfer import RetryNotice, RetryReason
from studio.core.shipped_files import ShippedFiles
from studio.core.voice import ENGLISH, Voice
from studio.core.voice.templates import CODES, COUNTED
from studio.ui.common.voice import ui_voice
from studio.ui.discover.discover_downloads import state_text
from studio.ui.discover.discover_text import fit_details
from studio.ui.i18n.i18n import LanguageController
from tests.support.codes import template_fields


def test_sentences_follow_the_language(qapp: QApplication) -> None:
    default_locale = QLocale()
    controller = LanguageController(qapp, ShippedFiles.default().i18n, {})
    try:
        controller.apply("de")
        assert ui_voice().code("hub_not_found", {"target": "org/model"}) == (
            "Nicht auf dem Hub gefunden: org/model."
        )
        controller.apply("ja")
        assert ui_voice().code("oom_kv") == (
            "KV キャッシュ用のメモリが足りません。コンテキストを小さくしてください。"
        )
        controller.apply("en")
        assert ui_voice().code("oom_kv") == ENGLISH.code("oom_kv")
    finally:
        controller.close()
        QLocale.setDefault(default_locale)


@pytest.mark.parametrize("reason", list(RetryReason))
def test_every_retry_reason_reads_in_the_downloads_list(reason: RetryReason) -> None:
    base = DownloadSnapshot(1, "r", "t", JobState.RETRYING, (), 5, 10, 0.0, None, None, None, ())
    retrying = replace(base, retry=RetryNotice(2, 4.0, reason, 503))
    clause = ENGLISH.retry(reason, 503)
    assert state_text(retrying) == f"Reconnecting in 4 s ({clause})"
    assert reason.value not in clause
    failed = replace(
        base,
        state=JobState.FAILED,
        error=DownloadError(
            "download_retries_exhausted", "x", file="m.gguf", reason=reason, status=503
        ),
    )
    assert state_text(failed) == f"m.gguf kept failing ({clause}). Resume to try again."


def test_the_ui_and_studio_serve_say_the_same_sentence_for_every_code(
    qapp: QApplication,
) -> None:
    """In English the UI's voice is the core's, and a serve error body starts with it."""
    default_locale = QLocale()
    controller = LanguageController(qapp, ShippedFiles.default().i18n, {})
    try:
        controller.apply("en")
        for code in sorted(Voice.codes()):
            counted = COUNTED.get(code)
            params: dict[str, object] = (
                {counted[0]: 2}
                if counted
                else {name: 5 for name in template_fields(CODES.get(code, ""))}
            )
            shown = ui_voice().code(code, params)
            body = from_studio_error(StudioError(code, "detail", **params)).body()
            assert body["error"]["message"].startswith(shown), code
            assert shown == ENGLISH.code(code, params)
    finally:
        controller.close()
        QLocale.setDefault(default_locale)


def test_a_fit_that_could_not_be_judged_says_why_in_words() -> None:
    truncated = FitAssessment(
        FitKind.UNKNOWN,
        problem="gguf.truncated",
        problem_params={"source": "q4.gguf", "available": 10, "needed": 20},
    )
    assert fit_details(truncated) == ENGLISH.code("gguf.truncated", truncated.problem_params)
    assert "gguf.truncated" not in fit_details(truncated)
    failed = FitAssessment(FitKind.UNKNOWN, problem="fit_failed")
    assert fit_details(failed) == ENGLISH.code("fit_failed")
