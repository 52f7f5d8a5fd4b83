"""Shared set-up for the load dialog and plan service tests: the real engine's features,
A's synthetic GGUFs and B's fake devices, through the same code the app runs."""

from __future__ import annotations

from pathlib import Path

from studio.core.engine import EngineInfo, EngineLocation, EngineProber
from studio.core.placement.setup import Machine, ModelSetup
from tests.support.models import cache_dir
from tests.support.synthetic import SPECS, cached_model

# Two GPUs too small for the 30B-A3B MoE shape at its trained context (18 GiB of weights),
# so auto-fit has to choose, and sliders can push a device over budget.
TWO_GPUS = "GPU0:12GiB,GPU1:8GiB,HOST:64GiB"


def synthetic_model(name: str) -> Path:
    return cached_model(cache_dir() / "synthetic", name, SPECS[name])


def probe_engine(cache: Path, location: EngineLocation) -> EngineInfo:
    return EngineProber(cache).probe(location)


def fake_setup(name: str, engine: EngineInfo, devices: str = TWO_GPUS) -> ModelSetup:
    return Machine.of({"STUDIO_FAKE_DEVICES": devices}).setup(synthetic_model(name), engine)


def unnamed_controls(root: object) -> list[str]:
    """Interactive widgets under `root` that a screen reader could not name: no accessible
    name and no text of their own."""
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractItemView,
        QAbstractSlider,
        QAbstractSpinBox,
        QComboBox,
        QLineEdit,
        QPlainTextEdit,
        QScrollBar,
        QWidget,
    )

    assert isinstance(root, QWidget)
    kinds = (
        QAbstractButton,
        QAbstractItemView,
        QAbstractSlider,
        QAbstractSpinBox,
        QComboBox,
        QLineEdit,
        QPlainTextEdit,
    )
    unnamed = []
    for kind in kinds:
        for widget in root.findChildren(kind):
            if isinstance(widget, QScrollBar) or isinstance(
                widget.parent(), (QAbstractSpinBox, QComboBox)
            ):
                continue  # a part of a scroll area, spin box or combo box, which is named
            if widget.objectName() == "qt_tableview_cornerbutton":
                continue  # a table's select-all corner: part of the table, which is named
            text = widget.text() if isinstance(widget, QAbstractButton) else ""
            if not (widget.accessibleName() or text) and widget.isVisibleTo(root):
                unnamed.append(widget.objectName() or type(widget).__name__)
    return unnamed
