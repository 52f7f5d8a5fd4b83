"""Fit of a model already on this computer: its header read from disk, then judged as
Discover judges a remote file (the caller's `Judge`: the planner's auto-fit in the app)."""

from __future__ import annotations

import logging
from pathlib import Path

from studio.core.errors import StudioError
from studio.core.gguf.local import read_model
from studio.core.hub.fit import FIT_FAILED, FitAssessment, FitKind, Judge, unknown
from studio.core.memory import summarize

log = logging.getLogger(__name__)


def local_fit(path: Path, judge: Judge) -> FitAssessment:
    """Blocking (reads the header, and the judge reads the devices): run in a worker
    thread. Never raises: an unreadable file or a planner failure is an UNKNOWN verdict
    with its code."""
    try:
        return judge(summarize(read_model(path, check_data=False)), path.name)
    except StudioError as error:
        return unknown(error)
    except Exception:
        log.exception("fit of %s failed", path)
        return FitAssessment(FitKind.UNKNOWN, problem=FIT_FAILED)
