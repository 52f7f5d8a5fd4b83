"""The app's sentences (`studio.core.voice`) in the user's language, for the UI.

Translation happens each time a sentence is said, so a language switch applies to the
next one; the words themselves live once, in `studio/core/voice/templates.py`.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from studio.core.voice import Voice


def qt_translate(context: str, source: str, count: int = -1) -> str:
    return QCoreApplication.translate(context, source, None, count)


def ui_voice() -> Voice:
    """A voice that speaks the language the app's translators were loaded for."""
    return Voice(qt_translate)
