"""Locating a `llama-server` binary and probing what it supports."""

from studio.core.engine.info import EngineDevice, EngineInfo
from studio.core.engine.locate import EngineError, EngineLocation, locate_engine
from studio.core.engine.probe import EngineProber

__all__ = [
    "EngineDevice",
    "EngineError",
    "EngineInfo",
    "EngineLocation",
    "EngineProber",
    "locate_engine",
]
