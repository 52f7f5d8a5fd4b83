"""Long translations do not break the layout: with every string pseudo-localised (~40%
longer), every area of the main window still fits its default size and no single-line label,
button or list clips its text."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractButton, QApplication, QComboBox, QLabel, QWidget
from pytestqt.qtbot import QtBot

from studio.app import StudioApp
from studio.context import AppContext
from studio.core.paths import AppPaths
from studio.ui.main_window import MainWindow
from studio.ui.studio_areas import StudioAreas

DEFAULT_SIZE = (1200, 800)


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
    qapp: QApplication,
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
        areas = StudioAreas(
            qapp,
            studio.engine,
            studio.settings,
            studio.tasks,
            load=lambda *_: None,
            unload=lambda: None,
            environ={},
        )
        window = MainWindow(
            studio.engine,
            pages={
                "chat": studio.chat_pane,
                "discover": studio.hub_area.discover_page,
                "library": studio.hub_area.library_page,
                **areas.pages,
            },
        )
        qtbot.addWidget(window)
        areas.attach(window)
        window.resize(*DEFAULT_SIZE)
        window.show()
        qtbot.waitExposed(window)

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
            return clipped

        clipped = qasync_loop.run_until_complete(visit_every_area())
        assert all(not found for found in clipped.values()), {a: f for a, f in clipped.items() if f}
        minimum = window.minimumSizeHint()
        assert minimum.width() <= DEFAULT_SIZE[0] and minimum.height() <= DEFAULT_SIZE[1]
        assert window.size().width() == DEFAULT_SIZE[0]
    finally:
        qasync_loop.run_until_complete(studio.shutdown())
