"""The last line of defence around every `studio` command and the app's start: an expected
failure becomes its sentence (`studio.cli.report`), an unexpected one a sentence that
names the log holding the traceback, so no bad input ever prints a Python traceback or an
exception's repr.

The sentences are imported only when there is one to say: starting the app goes through
here and must not wait for them (see `tests/test_launch_imports.py`)."""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from pathlib import Path

from studio.core.errors import StudioError
from studio.core.paths import AppPaths

# Exit status of a command whose input could not be read (a model, an engine, a device).
INPUT_FAILED = 2


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
        _say(error, as_json)
    except OSError as error:
        from studio.core.gguf.files import os_failure  # see the module docstring

        where = error.filename if error.filename is not None else command
        _say(os_failure(str(where), error), as_json)
    except Exception:
        logging.getLogger(__name__).debug("studio %s failed", command, exc_info=True)
        log = _log_unexpected(command)
        _say(
            StudioError(
                "cli_unexpected",
                f"studio {command} failed unexpectedly",
                command=command,
                log=str(log) if log is not None else "",
            ),
            as_json,
        )
    return INPUT_FAILED


def _say(error: StudioError, as_json: bool) -> None:
    from studio.cli.report import report  # see the module docstring

    report(error, as_json=as_json)
