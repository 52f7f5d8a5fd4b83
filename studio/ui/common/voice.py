"""The app's sentences (`studio.core.voice`) in the user's language, for the UI.

Translation happens each time a sentence is said, so a language switch applies to the
next one; the words themselves live once, in `studio/core/voice/templates.py`.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from studio.core.devices import HOST_KEY
from studio.core.engine.locate import EngineSource
from studio.core.voice import Voice
from studio.ui.common.numbers import ui_size


def qt_translate(context: str, source: str, count: int = -1) -> str:
    return QCoreApplication.translate(context, source, None, count)


def ui_voice() -> Voice:
    """A voice that speaks the language the app's translators were loaded for."""
    return Voice(qt_translate, size=ui_size)


_CONTEXT = "Names"


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def engine_source_name(source: EngineSource) -> str:
    """Where an engine came from, in words ("bundled" was shown as the code itself)."""
    names = {
        EngineSource.SETTING: _tr("chosen in Settings"),
        EngineSource.ENVIRONMENT: _tr("from STUDIO_LLAMA_SERVER"),
        EngineSource.BUILT: _tr("built here"),
        EngineSource.BUNDLED: _tr("bundled"),
        EngineSource.PATH: _tr("on the PATH"),
    }
    return names[source]


def device_name(key: str, label: str) -> str:
    """A device's name to show: the host's memory is "System RAM" in every language; a GPU
    keeps the name its driver or server gives it."""
    return _tr("System RAM") if key == HOST_KEY else label
