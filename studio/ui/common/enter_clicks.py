"""Enter on a focused button presses it, as Space does, everywhere in the app.

Qt presses a focused push button on Enter only inside a dialog (its "auto default"); in the
main window Enter on a focused Load… did nothing, and a keyboard user had to know to use
Space. An application-wide filter makes the two keys alike for push and tool buttons."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QDialog, QPushButton, QToolButton

_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class EnterClicks(QObject):
    """Install it on the QApplication once."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in _ENTER
            and event.modifiers()
            in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier)
            and isinstance(watched, QPushButton | QToolButton)
            and watched.hasFocus()
            and watched.isEnabled()
            and not _dialog_handles_it(watched)
        ):
            watched.animateClick()
            return True
        return super().eventFilter(watched, event)


def _dialog_handles_it(button: QPushButton | QToolButton) -> bool:
    # In a dialog an auto-default push button already takes Enter; pressing it twice
    # would, say, start two loads.
    return (
        isinstance(button, QPushButton)
        and button.autoDefault()
        and isinstance(button.window(), QDialog)
    )
