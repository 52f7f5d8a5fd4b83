"""Fit of a model already on this computer: its header read from disk, then the same
planner verdict Discover shows for a remote file (`plan_fit`)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from pathlib import Path

from studio.core.engine.info import EngineDevice, EngineFeatures
from studio.core.errors import StudioError
from studio.core.gguf.local import read_model
from studio.core.hardware import DeviceConfig, discover_devices
from studio.core.hub.fit import FIT_FAILED, FitAssessment, FitKind, plan_fit, unknown
from studio.core.memory import summarize

log = logging.getLogger(__name__)


def local_fit(
    path: Path,
    engine_devices: Sequence[EngineDevice],
    features: EngineFeatures | None,
    environ: Mapping[str, str],
) -> FitAssessment:
    """Blocking (reads the header and NVML): run in a worker thread. Never raises: an
    unreadable file or a planner failure is an UNKNOWN verdict with its code."""
    try:
        summary = summarize(read_model(path, check_data=False))
        inventory = discover_devices(
            DeviceConfig.from_environment(environ), engine_devices, environ
        )
        return plan_fit(summary, path.name, inventory, features)
    except StudioError as error:
        return unknown(error)
    except Exception:
        log.exception("fit of %s failed", path)
        return FitAssessment(FitKind.UNKNOWN, problem=FIT_FAILED)
