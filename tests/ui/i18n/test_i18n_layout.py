"""Long translations and small windows do not break the layout.

Every area of the main window is visited at the smallest supported window (1024x700) and a
common laptop size (1280x800), in English, German, French and the pseudo-locale (every
string ~40% longer); no visible one-line label, button or combo box may clip its text
(unless it elides on purpose with a tooltip) and no two widgets a layout placed may overlap.
The dialogs (the load dialog with and without a GPU, the About box) get the same checks.
The language is switched after the window is built, so this also shows every visible label
and button of every area following a live switch."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget
from pytestqt.qtbot import QtBot

from studio.composition import StudioApp
from studio.context import AppContext
from studio.core.engine.info import EngineFeatures, EngineInfo, EngineVersion
from studio.core.engine.locate import EngineSource
from studio.core.paths import AppPaths
from studio.core.placement.setup import Machine
from studio.services.plan_service import PlanService
from studio.ui.load.load_dialog import LoadDialog
from studio.ui.window.main_window import MainWindow
from tests.ui.layout_checks import clipped, overlapping
from tests.ui.load.load_dialog_support import synthetic_model

MINIMUM_SIZE = (1024, 700)
SIZES = [MINIMUM_SIZE, (1280, 800)]
ENGINE = EngineInfo(
    path=Path("/opt/llama-server"),
    source=EngineSource.BUNDLED,
    version=EngineVersion("b6000", 6000, "abc", "gcc"),
    devices=(),
    features=EngineFeatures(frozenset()),
)


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


def _problems(root: QWidget) -> list[str]:
    return clipped(root) + overlapping(root)


@pytest.fixture
def studio(
    qasync_loop: asyncio.AbstractEventLoop, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[StudioApp]:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")  # Discover's first visit searches the Hub
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", "GPU0:24GiB,HOST:64GiB")
    app = StudioApp(AppContext.create(AppPaths.default({"STUDIO_HOME": str(tmp_path)})))
    yield app
    qasync_loop.run_until_complete(app.shutdown())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "pseudo", "de", "fr"])
def test_every_area_fits(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    studio: StudioApp,
    language: str,
    size: tuple[int, int],
) -> None:
    if language != "en":
        assert studio.language.apply(language) == language
    window = studio.window  # every area's real page
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)

    untranslated: dict[str, list[str]] = {}

    async def visit_every_area() -> dict[str, list[str]]:
        problems = {}
        for area in MainWindow.AREAS:
            window.show_area(area)
            await asyncio.sleep(0.02)
            if _problems(window):
                # A live label (memory in the status bar) may have just changed its
                # text; only what is still wrong once the layout has run counts.
                await asyncio.sleep(0.05)
                problems[area] = _problems(window)
            if language == "pseudo" and _untranslated(window):
                untranslated[area] = _untranslated(window)
        return problems

    problems = qasync_loop.run_until_complete(visit_every_area())
    assert all(not found for found in problems.values()), {a: f for a, f in problems.items() if f}
    # The switch happened after every page was built: what is on screen followed it.
    assert not untranslated
    minimum = window.minimumSizeHint()
    assert minimum.width() <= MINIMUM_SIZE[0] and minimum.height() <= MINIMUM_SIZE[1]
    assert (window.size().width(), window.size().height()) == size


@pytest.mark.parametrize("devices", ["HOST:64GiB", "GPU0:24GiB,HOST:64GiB"], ids=["cpu", "gpu"])
@pytest.mark.parametrize("language", ["en", "pseudo", "de"])
def test_the_dialogs_fit(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    studio: StudioApp,
    language: str,
    devices: str,
) -> None:
    if language != "en":
        assert studio.language.apply(language) == language
    setup = Machine.of({"STUDIO_FAKE_DEVICES": devices}).setup(
        synthetic_model("llama-8b-shape"), ENGINE
    )
    dialog = LoadDialog(setup, PlanService(setup.planner))
    qtbot.addWidget(dialog)
    dialog.resize(LoadDialog.DEFAULT_SIZE)  # what it opens at on a screen with room for it
    dialog.show()
    qtbot.waitExposed(dialog)
    qasync_loop.run_until_complete(asyncio.sleep(0.1))
    assert _problems(dialog) == []
    # At its own size, the controls column needs no scroll bar.
    assert dialog.controls_scroll.horizontalScrollBar().maximum() == 0
    assert dialog.controls_scroll.verticalScrollBar().maximum() == 0

    studio.engine.info = ENGINE
    about = studio.areas.help_menu.show_about()
    qtbot.waitExposed(about)
    assert _problems(about) == []
    about.close()
    dialog.close()
