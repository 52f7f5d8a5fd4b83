"""How every `studio` command says that something failed: the core's own sentence for the
code (`studio.core.voice`, the one place sentences live), one line on stderr; with
`--json`, the code, its parameters and that sentence on stdout.

`guarded` is the last line of defence around a command: an expected failure becomes its
sentence, and an unexpected one becomes a sentence that names the log holding the
traceback, so no bad input ever prints a Python traceback or an exception's repr.
"""

from __future__ import annotations

import json
import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path

from studio.cli.terminal import printable
from studio.core.errors import StudioError
from studio.core.gguf.files import os_failure
from studio.core.paths import AppPaths
from studio.core.voice import ENGLISH
from studio.core.voice.cli import CLI_HINTS

# Exit status of a command whose input could not be read (a model, an engine, a device).
INPUT_FAILED = 2

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


def _log_unexpected(command: str) -> Path | None:
    """Write the current exception's traceback to the CLI log; its path, or None."""
    try:
        log_dir = AppPaths.default().log_dir
        log_dir.mkdir(parents=True, exist_ok=True)
        path = log_dir / "cli.log"
        with path.open("a", encoding="utf-8") as log:
            log.write(f"studio {command}:\n{traceback.format_exc()}\n")
    except OSError:
        return None
    return path


def guarded(command: str, run: Callable[[], int], *, as_json: bool = False) -> int:
    """`run()`'s exit status; a failure it lets out becomes one sentence and status 2."""
    try:
        return run()
    except StudioError as error:
        report(error, as_json=as_json)
    except OSError as error:
        where = error.filename if error.filename is not None else command
        report(os_failure(str(where), error), as_json=as_json)
    except Exception:
        logging.getLogger(__name__).debug("studio %s failed", command, exc_info=True)
        log = _log_unexpected(command)
        report(
            StudioError(
                "cli_unexpected",
                f"studio {command} failed unexpectedly",
                command=command,
                log=str(log) if log is not None else "",
            ),
            as_json=as_json,
        )
    return INPUT_FAILED
