"""Rewrite the texts every live widget shows in the language just chosen.

Widgets set their texts once, with `tr()`, when they are built; Qt's LanguageChange event
only helps widgets that rebuild their texts themselves. This walks every widget (and the
actions of menus and toolbars) and translates each text property that a translator lookup
produced, through `TranslationMemory`. What the user typed (line edits, documents) is never
touched; item models that call `tr()` in `data()` repaint by themselves.

Texts a widget built from several lookups (lines joined by the caller) are not one lookup:
such widgets re-render on `QEvent.LanguageChange` in their `changeEvent`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDoubleSpinBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QPlainTextEdit,
    QSpinBox,
    QTableWidget,
    QTabWidget,
    QTextEdit,
    QToolBox,
    QTreeWidget,
    QWidget,
)

from studio.ui.i18n.translation_memory import Translate, TranslationMemory

Getter = Callable[[], str]
Setter = Callable[[str], None]


def retranslate_widgets(memory: TranslationMemory, translate: Translate) -> int:
    """Translate every remembered text on every widget; returns how many changed."""
    changed = 0
    actions: dict[int, QAction] = {}
    for widget in QApplication.allWidgets():
        for getter, setter in _texts_of(widget):
            changed += _retranslate_one(memory, translate, getter, setter)
        for getter, setter in _rows_of(widget):
            changed += _retranslate_one(memory, translate, getter, setter, exact_only=True)
        for action in widget.actions():
            actions[id(action)] = action
    for action in actions.values():
        for getter, setter in _texts_of_action(action):
            changed += _retranslate_one(memory, translate, getter, setter)
    return changed


def _retranslate_one(
    memory: TranslationMemory,
    translate: Translate,
    getter: Getter,
    setter: Setter,
    exact_only: bool = False,
) -> int:
    old = getter()
    new = memory.retranslate(old, translate, exact_only=exact_only)
    if new is None or new == old:
        return 0
    setter(new)
    return 1


def _texts_of(widget: QWidget) -> Iterator[tuple[Getter, Setter]]:
    yield widget.windowTitle, widget.setWindowTitle
    yield widget.toolTip, widget.setToolTip
    yield widget.statusTip, widget.setStatusTip
    yield widget.whatsThis, widget.setWhatsThis
    yield widget.accessibleName, widget.setAccessibleName
    yield widget.accessibleDescription, widget.setAccessibleDescription
    if isinstance(widget, (QLabel, QAbstractButton)):
        yield widget.text, widget.setText
    elif isinstance(widget, (QGroupBox, QMenu)):
        yield widget.title, widget.setTitle
    elif isinstance(widget, (QLineEdit, QTextEdit, QPlainTextEdit)):
        yield widget.placeholderText, widget.setPlaceholderText  # never the user's text
    elif isinstance(widget, QComboBox):
        line = widget.lineEdit()
        if line is not None:
            yield line.placeholderText, line.setPlaceholderText
    elif isinstance(widget, QTabWidget):
        yield from _indexed(widget.count(), widget.tabText, widget.setTabText)
        yield from _indexed(widget.count(), widget.tabToolTip, widget.setTabToolTip)
    elif isinstance(widget, QToolBox):
        yield from _indexed(widget.count(), widget.itemText, widget.setItemText)
    elif isinstance(widget, QTreeWidget):
        header = widget.headerItem()
        yield from _indexed(header.columnCount(), header.text, header.setText)
    elif isinstance(widget, QTableWidget):
        for column in range(widget.columnCount()):
            item = widget.horizontalHeaderItem(column)
            if item is not None:
                yield item.text, item.setText
    if isinstance(widget, (QSpinBox, QDoubleSpinBox)):
        yield widget.suffix, widget.setSuffix
        yield widget.prefix, widget.setPrefix
    if isinstance(widget, QAbstractSpinBox):
        yield widget.specialValueText, widget.setSpecialValueText


def _rows_of(widget: QWidget) -> Iterator[tuple[Getter, Setter]]:
    """Rows of lists and combo boxes: mostly the user's data (conversation titles, folders),
    so only a text that is exactly a lookup is translated."""
    if isinstance(widget, QComboBox):
        yield from _indexed(widget.count(), widget.itemText, widget.setItemText)
    elif isinstance(widget, QListWidget):
        for row in range(widget.count()):
            row_item = widget.item(row)
            yield row_item.text, row_item.setText
            yield row_item.toolTip, row_item.setToolTip


def _texts_of_action(action: QAction) -> Iterator[tuple[Getter, Setter]]:
    yield action.text, action.setText
    yield action.toolTip, action.setToolTip
    yield action.statusTip, action.setStatusTip
    yield action.iconText, action.setIconText


def _indexed(
    count: int, get: Callable[[int], str], put: Callable[[int, str], None]
) -> Iterator[tuple[Getter, Setter]]:
    for index in range(count):
        yield partial(get, index), partial(put, index)
