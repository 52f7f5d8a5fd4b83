"""What a user would see as broken in a laid-out window, as lists of findings: text wider
than its widget, sibling widgets drawn over each other, controls a screen reader cannot
name. Shared by the layout, i18n and accessibility tests, which walk every page and dialog."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QLayout,
    QLineEdit,
    QPlainTextEdit,
    QScrollBar,
    QStyle,
    QStyleOptionComboBox,
    QTextEdit,
    QWidget,
)


def _describe(widget: QWidget, text: str) -> str:
    return f"{type(widget).__name__} {widget.objectName()!r} {text[:40]!r}"


def _elides_with_tooltip(widget: QWidget, text: str) -> bool:
    """A label that shortens its text on purpose says the whole of it in its tooltip."""
    return "…" in text and bool(widget.toolTip())


def _combo_clipped(combo: QComboBox) -> bool:
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
    )
    needed = combo.fontMetrics().horizontalAdvance(combo.currentText())
    if not combo.itemIcon(combo.currentIndex()).isNull():
        needed += combo.iconSize().width() + 4
    return field.width() < needed - 2


def clipped(root: QWidget) -> list[str]:
    """Visible one-line labels, buttons and combo boxes whose text does not fit."""
    found = []
    for widget in root.findChildren(QWidget):
        if not widget.isVisible():
            continue
        if isinstance(widget, QComboBox):
            if _combo_clipped(widget):
                found.append(_describe(widget, widget.currentText()))
            continue
        if not isinstance(widget, (QLabel, QAbstractButton)):
            continue
        if isinstance(widget, QLabel) and not widget.text():
            continue
        if isinstance(widget, QLabel) and widget.wordWrap():
            if widget.height() < widget.heightForWidth(widget.width()) - 2:
                found.append(_describe(widget, widget.text()) + " (cut off vertically)")
            continue
        text = widget.text()
        if _elides_with_tooltip(widget, text):
            continue
        if widget.width() < widget.sizeHint().width() - 2:
            found.append(_describe(widget, text))
        elif widget.height() < widget.minimumSizeHint().height() - 2:
            found.append(_describe(widget, text) + " (cut off vertically)")
    return found


def _in_layout(layout: QLayout, widget: QWidget) -> bool:
    for index in range(layout.count()):
        item = layout.itemAt(index)
        if item is None:
            continue
        if item.widget() is widget:
            return True
        child = item.layout()
        if child is not None and _in_layout(child, widget):
            return True
    return False


def overlapping(root: QWidget) -> list[str]:
    """Visible widgets that one layout placed over each other (the parts of composite
    widgets, which Qt stacks on purpose, are left out)."""
    found = []
    parents = [root, *root.findChildren(QWidget)]
    for parent in parents:
        layout = parent.layout()
        if layout is None or not parent.isVisible():
            continue
        if isinstance(parent, (QAbstractScrollArea, QAbstractSpinBox, QComboBox)):
            continue
        children = [
            child
            for child in parent.findChildren(
                QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly
            )
            if child.isVisible() and not child.isWindow() and _in_layout(layout, child)
        ]
        for index, first in enumerate(children):
            for second in children[index + 1 :]:
                shared = first.geometry().intersected(second.geometry())
                if shared.width() > 1 and shared.height() > 1:
                    found.append(
                        f"{_describe(first, _text(first))} over {_describe(second, _text(second))}"
                    )
    return found


def _text(widget: QWidget) -> str:
    text = getattr(widget, "text", None)
    value = text() if callable(text) else ""
    return value if isinstance(value, str) else ""


INTERACTIVE = (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
)


def unnamed(root: QWidget) -> list[str]:
    """Visible interactive widgets with neither an accessible name nor a label whose buddy
    they are (a button's own text names it, as screen readers read it)."""
    buddies = {id(label.buddy()) for label in root.findChildren(QLabel) if label.buddy()}
    found = []
    for widget in root.findChildren(QWidget):
        if not isinstance(widget, INTERACTIVE) or not widget.isVisibleTo(root):
            continue
        if isinstance(widget, (QScrollBar, QHeaderView)):
            continue  # parts of a scroll area or a table, which is named
        if isinstance(widget.parent(), (QAbstractSpinBox, QComboBox)):
            continue  # the line edit inside a spin box or combo box, which is named
        own_text = widget.text() if isinstance(widget, QAbstractButton) else ""
        if widget.accessibleName() or own_text or id(widget) in buddies:
            continue
        found.append(f"{type(widget).__name__} {widget.objectName()!r}")
    return found


def clipped_headers(root: QWidget) -> list[str]:
    """Visible column headers of the tables under `root` that are cut: wider than their
    section, or running past the table's edge."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QTableView

    found = []
    for table in root.findChildren(QTableView):
        if not table.isVisible():
            continue
        header = table.horizontalHeader()
        metrics = header.fontMetrics()
        model = table.model()
        for column in range(header.count()):
            if header.isSectionHidden(column):
                continue
            text = str(model.headerData(column, Qt.Orientation.Horizontal) or "")
            size = header.sectionSize(column)
            right = header.sectionViewportPosition(column) + size
            if metrics.horizontalAdvance(text) + 8 > size or right > header.viewport().width():
                found.append(f"{table.objectName()}: {text!r} ({size} px)")
    return found
