"""Windows fit the screen they open on and come back where the person left them.

A window opens at its remembered place and size, moved and shrunk as needed to lie
wholly within the screen's available area (a laptop unplugged from a large monitor must
not open a window off-screen or with its status bar under the panel), or, the first time,
at its default size centred on the screen. Splitters come back at their remembered sizes.
What is remembered is plain numbers (`WindowLayout`), kept in the app's settings."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QSplitter, QWidget

# Room for what the window manager adds around a window's content: the title bar above,
# a border on the other sides. Unknown before the window shows, so a generous guess.
TITLE_ALLOWANCE = 40
BORDER_ALLOWANCE = 8

WindowLayout = Mapping[str, tuple[int, ...]]


def room_in(available: QRect) -> QRect:
    """Where a window's content may lie on a screen, its frame left room around it."""
    return available.adjusted(
        BORDER_ALLOWANCE, TITLE_ALLOWANCE, -BORDER_ALLOWANCE, -BORDER_ALLOWANCE
    )


def fitted(saved: QRect | None, available: QRect, default: QSize, minimum: QSize) -> QRect:
    """The content rectangle for a window: `saved` (or `default`, centred) made to fit
    `available` together with its frame, never smaller than `minimum` unless the screen is."""
    room = room_in(available)
    size = saved.size() if saved is not None and saved.isValid() else default
    width = min(max(size.width(), minimum.width()), room.width())
    height = min(max(size.height(), minimum.height()), room.height())
    if saved is None or not saved.isValid():
        left = room.left() + (room.width() - width) // 2
        top = room.top() + (room.height() - height) // 2
    else:
        left = min(max(saved.left(), room.left()), room.right() + 1 - width)
        top = min(max(saved.top(), room.top()), room.bottom() + 1 - height)
    return QRect(left, top, width, height)


def available_area(widget: QWidget) -> QRect:
    screen = widget.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def rect_of(numbers: tuple[int, ...] | None) -> QRect | None:
    if numbers is None or len(numbers) != 4:
        return None
    return QRect(*numbers)


def numbers_of(rect: QRect) -> tuple[int, int, int, int]:
    return (rect.left(), rect.top(), rect.width(), rect.height())


def place(window: QWidget, saved: tuple[int, ...] | None, default: QSize) -> None:
    """Give `window` its remembered (or default) rectangle, fitted to its screen. A
    minimum size larger than the screen is lowered: the whole window must be reachable."""
    available = available_area(window)
    room = room_in(available)
    window.setMinimumSize(window.minimumSize().boundedTo(room.size()))
    window.setGeometry(fitted(rect_of(saved), available, default, window.minimumSize()))


def restore_splitters(splitters: Mapping[str, QSplitter], layout: WindowLayout) -> None:
    for name, splitter in splitters.items():
        sizes = layout.get(name)
        if sizes is not None and len(sizes) == splitter.count() and sum(sizes) > 0:
            splitter.setSizes(list(sizes))


def splitter_sizes(splitters: Mapping[str, QSplitter]) -> dict[str, tuple[int, ...]]:
    return {name: tuple(splitter.sizes()) for name, splitter in splitters.items()}
