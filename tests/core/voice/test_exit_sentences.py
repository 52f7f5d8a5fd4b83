"""An engine that ended says how, in the CLI's and the API's sentence as in the UI's:
its exit code, the signal that stopped it, or that it exited before it said why; never
"exited (code ?)"."""

from __future__ import annotations

import signal

import pytest

from studio.cli.report import sentence
from studio.core.api.errors import from_studio_error
from studio.core.server.failures import (
    Failure,
    FailureCode,
    ServerFailureError,
    classify_exit,
)
from studio.core.voice import ENGLISH

RETURN_CODES = sorted({-s.value for s in signal.Signals} | {-64, 1, 2, 3, 126, 127, 255})


def test_an_exit_code_and_a_stop_signal_are_said() -> None:
    # The CLI and the API said the error from its parameters, which held neither.
    exited = ServerFailureError(classify_exit(3, ["something unexpected"]))
    assert sentence(exited) == "The engine exited (code 3)."
    stopped = ServerFailureError(classify_exit(-signal.SIGTERM, []))
    assert sentence(stopped) == "The engine was stopped by a signal (SIGTERM)."
    assert from_studio_error(stopped).message == "The engine was stopped by a signal (SIGTERM)."
    crashed = ServerFailureError(classify_exit(-signal.SIGSEGV, []))
    assert sentence(crashed) == "The engine crashed (SIGSEGV)."


def test_an_exit_with_nothing_known_says_so() -> None:
    unknown = Failure(FailureCode.EXITED)
    assert ENGLISH.failure(unknown) == "The engine exited before it said why."
    assert ENGLISH.error(ServerFailureError(unknown)) == "The engine exited before it said why."


@pytest.mark.parametrize("returncode", RETURN_CODES)
def test_no_exit_is_said_with_a_question_mark(returncode: int) -> None:
    failure = classify_exit(returncode, ["last line"])
    for said in (
        ENGLISH.failure(failure),
        ENGLISH.error(ServerFailureError(failure)),
        from_studio_error(ServerFailureError(failure)).message,
    ):
        assert "?" not in said, said
