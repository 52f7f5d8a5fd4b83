"""How every `studio` command says that something failed: the core's own sentence for the
code (`studio.core.voice`, the one place sentences live), one line on stderr; with
`--json`, the code, its parameters and that sentence on stdout.

`studio.cli.guard.guarded` is the last line of defence around a command and reports here.
"""

from __future__ import annotations

import json
import sys

from studio.cli.guard import INPUT_FAILED as INPUT_FAILED  # commands return it with a report
from studio.cli.terminal import printable
from studio.core.errors import StudioError
from studio.core.voice import ENGLISH
from studio.core.voice.cli import CLI_HINTS

# How many lines of the engine's own output follow the sentence of an engine failure.
_ENGINE_LOG_LINES = 12


def sentence(error: StudioError) -> str:
    said = ENGLISH.error(error)
    hint = CLI_HINTS.get(error.code)
    return f"{said} {hint}" if hint else said


def report(error: StudioError, *, as_json: bool = False) -> None:
    """Say `error`: its sentence on stderr (and the engine's last words, when it has
    any), or a JSON object on stdout for `--json`."""
    said = sentence(error)
    if as_json:
        payload = {
            "code": error.code,
            "message": said,
            "detail": error.detail,
            "params": dict(error.params),
        }
        print(json.dumps({"error": payload}, indent=2, default=str))
        return
    # Parameters (a path, a repository, a model's name) may hold escape sequences.
    print(f"error: {printable(said)}", file=sys.stderr)
    failure = getattr(error, "failure", None)
    log_tail = getattr(failure, "log_tail", ()) if failure is not None else ()
    if log_tail:
        print("last engine output:", file=sys.stderr)
        for line in log_tail[-_ENGINE_LOG_LINES:]:
            print(f"  {printable(line)}", file=sys.stderr)
