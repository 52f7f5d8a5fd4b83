"""The engines this machine offers: found, probed, self-tested on this CPU, built, chosen."""

from studio.core.engine.build import (
    BuildError,
    BuildOptions,
    BuildProgress,
    BuildVariant,
    EngineBuilder,
)
from studio.core.engine.candidates import (
    EngineCandidate,
    EngineChoice,
    EngineSelector,
    default_selector,
)
from studio.core.engine.cpu import CpuInfo
from studio.core.engine.info import EngineDevice, EngineInfo
from studio.core.engine.locate import EngineError, EngineLocation, EngineSource
from studio.core.engine.probe import EngineProber
from studio.core.engine.selftest import SelfTester, SelfTestResult

__all__ = [
    "BuildError",
    "BuildOptions",
    "BuildProgress",
    "BuildVariant",
    "CpuInfo",
    "EngineBuilder",
    "EngineCandidate",
    "EngineChoice",
    "EngineDevice",
    "EngineError",
    "EngineInfo",
    "EngineLocation",
    "EngineProber",
    "EngineSelector",
    "EngineSource",
    "SelfTestResult",
    "SelfTester",
    "default_selector",
]
