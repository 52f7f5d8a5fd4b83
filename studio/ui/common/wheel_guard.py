"""Scrolling a panel never changes a setting: a spin box, combo box or slider inside a
scrolling area takes the mouse wheel only once it has focus (a click or Tab gives it).

Without this, a wheel turn over a panel changes whatever control passes under the
pointer (Temperature 0.30 -> 0.25 while scrolling the inspector). The control never
sees such a turn; the scroll area around it gets it instead and scrolls, as the person
meant."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QScrollBar,
    QWidget,
)

_GUARDED = (QAbstractSpinBox, QComboBox, QAbstractSlider)


def _scroll_area_around(widget: QWidget) -> QAbstractScrollArea | None:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return parent
        parent = parent.parentWidget()
    return None


def takes_wheel(widget: QWidget) -> bool:
    """Whether a wheel turn over `widget` may change it."""
    if not isinstance(widget, _GUARDED) or isinstance(widget, QScrollBar):
        return True
    return widget.hasFocus() or _scroll_area_around(widget) is None


class WheelGuard(QObject):
    """An application-wide event filter (install it on the QApplication once)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() != QEvent.Type.Wheel
            or not isinstance(watched, QWidget)
            or takes_wheel(watched)
        ):
            return super().eventFilter(watched, event)
        # The wheel must not give it focus either, or the next turn would change it.
        if watched.focusPolicy() == Qt.FocusPolicy.WheelFocus:
            watched.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        area = _scroll_area_around(watched)
        if area is not None:
            # Handed on explicitly: Qt does not pass an ignored wheel event on to the
            # parents when the program sent it (tests, accessibility tools).
            QApplication.sendEvent(area.viewport(), event.clone())
        return True
