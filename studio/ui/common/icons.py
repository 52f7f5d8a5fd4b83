"""The app's icons: Material Design Icons drawn by qtawesome in the palette's text colour.

Widgets name an icon by what it means (`"chat"`, `"eject"`); the glyph behind each name
is chosen here. A button given its icon with `set_icon` is drawn again in the new colour
when the theme changes (`refresh_icons`), so icons never stay dark on a dark window.

qtawesome is imported by the first icon, not with this module: it loads Qt's OpenGL module
and its fonts (a tenth of a second), and the window's first paint has no icon to wait for.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget

GLYPHS = {
    "chat": "mdi6.chat-outline",
    "discover": "mdi6.compass-outline",
    "library": "mdi6.bookshelf",
    "server": "mdi6.server-outline",
    "settings": "mdi6.cog-outline",
    "sidebar": "mdi6.dock-left",
    "inspector": "mdi6.dock-right",
    "conversations": "mdi6.forum-outline",
    "new": "mdi6.plus",
    "rename": "mdi6.pencil-outline",
    "delete": "mdi6.trash-can-outline",
    "export": "mdi6.export-variant",
    "import": "mdi6.import",
    "preset": "mdi6.bookmark-outline",
    "default": "mdi6.star-outline",
    "more": "mdi6.dots-vertical",
    "send": "mdi6.send",
    "attach-image": "mdi6.image-plus-outline",
    "stop": "mdi6.stop-circle-outline",
    "load": "mdi6.download-box-outline",
    "eject": "mdi6.eject-outline",
    "model": "mdi6.cube-outline",
    "ready": "mdi6.check-circle-outline",
    "failed": "mdi6.alert-circle-outline",
    "loading": "mdi6.progress-clock",
    "close": "mdi6.close",
    "memory": "mdi6.memory",
    "sampling": "mdi6.tune-variant",
    "prompt": "mdi6.text-box-outline",
    "search": "mdi6.magnify",
    "expanded": "mdi6.chevron-down",
    "folded": "mdi6.chevron-right",
}

_ICON_PROPERTY = "studio_icon"


def icon(name: str, color: QColor | str | None = None) -> QIcon:
    """The icon called `name`, in `color` (default: the app palette's text colour)."""
    import qtawesome  # deferred past the first paint (see the module docstring)

    if color is None:
        color = QApplication.palette().color(QPalette.ColorRole.ButtonText)
    shade = color.name() if isinstance(color, QColor) else color
    disabled = QApplication.palette().color(
        QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText
    )
    return QIcon(qtawesome.icon(GLYPHS[name], color=shade, color_disabled=disabled.name()))


def set_icon(button: QAbstractButton, name: str) -> None:
    """Give `button` the icon `name` and keep it in the theme's colour."""
    button.setProperty(_ICON_PROPERTY, name)
    button.setIcon(icon(name))


def refresh_icons(widgets: list[QWidget]) -> None:
    """Draw every icon given with `set_icon` again in the current palette."""
    for widget in widgets:
        name = widget.property(_ICON_PROPERTY)
        if isinstance(widget, QAbstractButton) and isinstance(name, str) and name in GLYPHS:
            widget.setIcon(icon(name))
