"""Long translations do not break the layout: with every string pseudo-localised (~40%
longer), every area of the main window still fits its default size and no single-line label,
button or combo box clips its text. The language is switched after the window is built, so
this also shows every visible label and button of every area following a live switch."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel, QWidget
from pytestqt.qtbot import QtBot

from studio.app import StudioApp
from studio.context import AppContext
from studio.core.paths import AppPaths
from studio.ui.main_window import MainWindow

DEFAULT_SIZE = (1200, 800)


def _untranslated(window: QWidget) -> list[str]:
    """Visible label and button texts that pseudo-localisation did not reach."""
    found = []
    for widget in window.findChildren(QWidget):
        if isinstance(widget, (QLabel, QAbstractButton)) and widget.isVisible():
            text = widget.text()
            data = "/" in text or "\\" in text  # a path or an address: the user's, not ours
            if sum(c.isalpha() for c in text) >= 2 and "[" not in text and not data:
                found.append(f"{type(widget).__name__} {widget.objectName()!r} {text[:40]!r}")
    return found


def _clipped(window: QWidget) -> list[str]:
    found = []
    for widget in window.findChildren(QWidget):
        if not isinstance(widget, (QLabel, QAbstractButton, QComboBox)) or not widget.isVisible():
            continue
        if isinstance(widget, QLabel) and widget.wordWrap():
            continue
        if isinstance(widget, QComboBox):
            needed, text = widget.minimumSizeHint().width(), widget.currentText()
        else:
            needed, text = widget.sizeHint().width(), widget.text()
        if widget.width() < needed - 2:
            found.append(f"{type(widget).__name__} {widget.objectName()!r} {text[:40]!r}")
    return found


@pytest.mark.parametrize("language", ["pseudo", "de", "fr"])
def test_every_area_fits_with_long_translations(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")  # Discover's first visit searches the Hub
    studio = StudioApp(AppContext.create(AppPaths.default({"STUDIO_HOME": str(tmp_path)})))
    try:
        assert studio.language.apply(language) == language
        window = studio.window  # every area's real page
        qtbot.addWidget(window)
        window.resize(*DEFAULT_SIZE)
        window.show()
        qtbot.waitExposed(window)

        untranslated: dict[str, list[str]] = {}

        async def visit_every_area() -> dict[str, list[str]]:
            clipped = {}
            for area in MainWindow.AREAS:
                window.show_area(area)
                await asyncio.sleep(0.02)
                if _clipped(window):
                    # A live label (memory in the status bar) may have just changed its
                    # text; only what is still clipped once the layout has run counts.
                    await asyncio.sleep(0.05)
                    clipped[area] = _clipped(window)
                if language == "pseudo" and _untranslated(window):
                    untranslated[area] = _untranslated(window)
            return clipped

        clipped = qasync_loop.run_until_complete(visit_every_area())
        assert all(not found for found in clipped.values()), {a: f for a, f in clipped.items() if f}
        # The switch happened after every page was built: what is on screen followed it.
        assert not untranslated
        minimum = window.minimumSizeHint()
        assert minimum.width() <= DEFAULT_SIZE[0] and minimum.height() <= DEFAULT_SIZE[1]
        assert window.size().width() == DEFAULT_SIZE[0]
    finally:
        qasync_loop.run_until_complete(studio.shutdown())
