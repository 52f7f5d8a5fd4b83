"""The app's visual design in one place: colours for light and dark, a spacing and type
scale, and the style sheet that gives every page the same buttons, fields and lists.

Widgets ask for a look by role (`set_role(button, "primary")`), never by colour, so the
two palettes and any later change of taste stay here.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QWidget

# Spacing scale, in pixels: every margin and gap in the app is one of these.
SPACE_XS, SPACE_S, SPACE_M, SPACE_L, SPACE_XL = 4, 8, 12, 16, 24
RADIUS = 6

# Type scale: a step multiplies the app's base point size.
TYPE_CAPTION, TYPE_BODY, TYPE_TITLE, TYPE_HEADING = 0.88, 1.0, 1.2, 1.45


@dataclass(frozen=True)
class Colors:
    window: str
    surface: str  # fields, the transcript, cards
    sunken: str  # the side bars
    raised: str  # buttons, hovered rows
    border: str
    text: str
    muted: str
    accent: str
    accent_text: str
    accent_soft: str  # selected rows, the user's turns
    danger: str
    danger_soft: str
    success: str
    warning: str


LIGHT = Colors(
    window="#f6f7f9",
    surface="#ffffff",
    sunken="#eceef2",
    raised="#ffffff",
    border="#d5d9e0",
    text="#1d2129",
    muted="#5f6672",
    accent="#4f5bd5",
    accent_text="#ffffff",
    accent_soft="#e6e8fb",
    danger="#c62828",
    danger_soft="#fdecea",
    success="#2e7d32",
    warning="#b26a00",
)

DARK = Colors(
    window="#1c1d21",
    surface="#24262b",
    sunken="#17181b",
    raised="#2d3036",
    border="#3a3d45",
    text="#e7e9ee",
    muted="#9aa1ad",
    accent="#7b86f0",
    accent_text="#10121a",
    accent_soft="#2f3350",
    danger="#ef7a7a",
    danger_soft="#3b2326",
    success="#79c27f",
    warning="#e5a651",
)


def colors_for(dark: bool) -> Colors:
    return DARK if dark else LIGHT


def palette_for(colors: Colors) -> QPalette:
    """A full palette, so widgets the style sheet does not reach (spin boxes, combo
    boxes, scroll bars, dialogs) follow the same colours."""
    palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: colors.window,
        QPalette.ColorRole.WindowText: colors.text,
        QPalette.ColorRole.Base: colors.surface,
        QPalette.ColorRole.AlternateBase: colors.sunken,
        QPalette.ColorRole.ToolTipBase: colors.raised,
        QPalette.ColorRole.ToolTipText: colors.text,
        QPalette.ColorRole.PlaceholderText: colors.muted,
        QPalette.ColorRole.Text: colors.text,
        QPalette.ColorRole.Button: colors.raised,
        QPalette.ColorRole.ButtonText: colors.text,
        QPalette.ColorRole.BrightText: colors.danger,
        QPalette.ColorRole.Link: colors.accent,
        QPalette.ColorRole.LinkVisited: colors.accent,
        QPalette.ColorRole.Highlight: colors.accent,
        QPalette.ColorRole.HighlightedText: colors.accent_text,
        QPalette.ColorRole.Light: colors.raised,
        QPalette.ColorRole.Midlight: colors.border,
        QPalette.ColorRole.Mid: colors.border,
        QPalette.ColorRole.Dark: colors.border,
        QPalette.ColorRole.Shadow: "#000000",
    }
    for role, color in roles.items():
        palette.setColor(role, QColor(color))
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(colors.muted))
    return palette


def set_role(widget: QWidget, role: str) -> None:
    """Give a widget one of the style sheet's roles: primary, flat, danger (buttons);
    title, heading, muted, caption, error, banner (labels); sidebar, inspector, card
    (panels). Re-polishes, so a role set after the widget is shown applies at once."""
    widget.setProperty("role", role)
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)


def scaled_font(base: QFont, step: float, bold: bool = False) -> QFont:
    font = QFont(base)
    if base.pointSizeF() > 0:
        font.setPointSizeF(base.pointSizeF() * step)
    font.setBold(bold)
    return font


def style_sheet(colors: Colors, base_points: float) -> str:
    """The app-wide style sheet. Spin boxes and combo boxes keep the Fusion style's own
    drawing (styling their frame would make Qt draw every sub-control by hand)."""
    c = colors

    def points(step: float) -> str:
        return f"{base_points * step:.1f}pt"

    return f"""
QToolTip {{
    color: {c.text}; background: {c.raised}; border: 1px solid {c.border};
    padding: {SPACE_XS}px;
}}
QPushButton, QToolButton {{
    background: {c.raised}; color: {c.text};
    border: 1px solid {c.border}; border-radius: {RADIUS}px;
    padding: {SPACE_XS + 1}px {SPACE_M}px;
}}
QToolButton {{ padding: {SPACE_XS}px; }}
QPushButton:hover, QToolButton:hover {{ background: {c.sunken}; }}
QPushButton:pressed, QToolButton:pressed, QToolButton:checked {{
    background: {c.accent_soft};
}}
QPushButton:disabled, QToolButton:disabled {{ color: {c.muted}; background: {c.window}; }}
QPushButton:focus, QToolButton:focus {{ border-color: {c.accent}; }}
QPushButton[role="primary"] {{
    background: {c.accent}; color: {c.accent_text}; border-color: {c.accent};
    font-weight: bold;
}}
QPushButton[role="primary"]:hover {{ background: {c.accent}; border-color: {c.text}; }}
QPushButton[role="primary"]:disabled {{
    background: {c.sunken}; color: {c.muted}; border-color: {c.border};
}}
QPushButton[role="section"] {{
    background: transparent; border: none; text-align: left; font-weight: bold;
    padding: {SPACE_S}px 0;
}}
QPushButton[role="danger"] {{ color: {c.danger}; }}
QPushButton[role="flat"], QToolButton[role="flat"] {{
    background: transparent; border-color: transparent;
}}
QPushButton[role="flat"]:hover, QToolButton[role="flat"]:hover {{
    background: {c.sunken}; border-color: {c.border};
}}
QLineEdit, QPlainTextEdit, QTextEdit {{
    background: {c.surface}; color: {c.text};
    border: 1px solid {c.border}; border-radius: {RADIUS}px;
    padding: {SPACE_XS}px;
    selection-background-color: {c.accent}; selection-color: {c.accent_text};
}}
QLineEdit:focus, QPlainTextEdit:focus {{ border-color: {c.accent}; }}
QTextBrowser#chat-conversation {{ border: none; background: {c.surface}; padding: 0; }}
QListView, QTreeView, QTableView {{
    background: {c.surface}; border: 1px solid {c.border}; border-radius: {RADIUS}px;
    alternate-background-color: {c.window};
    selection-background-color: {c.accent_soft}; selection-color: {c.text};
}}
QListView, QTreeView, QTableView {{ outline: 0; gridline-color: transparent; }}
QTreeView::item:selected, QTableView::item:selected {{
    background: {c.accent_soft}; color: {c.text}; border: none;
}}
QListWidget#navigation {{ background: transparent; border: none; outline: none; }}
QListWidget#navigation::item {{
    padding: {SPACE_S}px {SPACE_S}px; border-radius: {RADIUS}px; color: {c.text};
}}
QListWidget#navigation::item:hover {{ background: {c.raised}; }}
QListWidget#navigation::item:selected {{
    background: {c.accent_soft}; color: {c.text}; font-weight: bold;
}}
QFrame#model-picker-list {{
    background: {c.surface}; border: 1px solid {c.border}; border-radius: {RADIUS}px;
}}
QListWidget#model-picker-models {{ border: none; }}
QListWidget#model-picker-models::item {{ padding: {SPACE_S}px; border-radius: {RADIUS}px; }}
QListWidget#model-picker-models::item:hover {{ background: {c.sunken}; }}
QListWidget#chat-conversation-list {{ background: transparent; border: none; }}
QListWidget#chat-conversation-list::item {{
    padding: {SPACE_S}px; border-radius: {RADIUS}px;
}}
QListWidget#chat-conversation-list::item:selected {{ background: {c.accent_soft}; }}
QHeaderView::section {{
    background: {c.window}; color: {c.muted}; border: none;
    border-bottom: 1px solid {c.border}; padding: {SPACE_XS}px {SPACE_S}px;
}}
QWidget[role="sidebar"] {{ background: {c.sunken}; }}
QWidget[role="inspector"] {{ background: {c.window}; }}
QWidget[role="surface"] {{ background: {c.surface}; }}
QFrame[role="card"] {{
    background: {c.surface}; border: 1px solid {c.border}; border-radius: {RADIUS}px;
}}
QFrame[role="rule"] {{ background: {c.border}; border: none; }}
QLabel[role="heading"] {{ font-size: {points(TYPE_HEADING)}; font-weight: bold; }}
QLabel[role="title"] {{ font-size: {points(TYPE_TITLE)}; font-weight: bold; }}
QLabel[role="muted"] {{ color: {c.muted}; }}
QLabel[role="caption"] {{ color: {c.muted}; font-size: {points(TYPE_CAPTION)}; }}
QLabel[role="error"] {{ color: {c.danger}; }}
QLabel[role="warning"] {{ color: {c.warning}; }}
QLabel[role="banner"] {{
    background: {c.accent_soft}; color: {c.text}; border-radius: {RADIUS}px;
    padding: {SPACE_S}px {SPACE_M}px;
}}
QLabel[role="badge"] {{
    background: {c.sunken}; color: {c.muted}; border-radius: {RADIUS}px;
    padding: 1px {SPACE_S}px;
}}
QFrame[role="alert"] {{
    background: {c.danger_soft}; border: 1px solid {c.danger}; border-radius: {RADIUS}px;
}}
QFrame[role="alert"] QLabel {{ color: {c.text}; background: transparent; }}
QProgressBar {{
    background: {c.sunken}; border: none; border-radius: 3px; max-height: 6px;
}}
QProgressBar::chunk {{ background: {c.accent}; border-radius: 3px; }}
QProgressBar[level="near_full"]::chunk {{ background: {c.warning}; }}
QProgressBar[level="over"]::chunk {{ background: {c.danger}; }}
QScrollBar:vertical {{ background: transparent; width: 10px; margin: 0; }}
QScrollBar:horizontal {{ background: transparent; height: 10px; margin: 0; }}
QScrollBar::handle {{ background: {c.border}; border-radius: 4px; margin: 2px; }}
QScrollBar::handle:hover {{ background: {c.muted}; }}
QScrollBar::handle:vertical {{ min-height: 24px; }}
QScrollBar::handle:horizontal {{ min-width: 24px; }}
QScrollBar::add-line, QScrollBar::sub-line {{ width: 0; height: 0; }}
QScrollBar::add-page, QScrollBar::sub-page {{ background: transparent; }}
QSplitter::handle {{ background: transparent; }}
QStatusBar {{ background: {c.sunken}; color: {c.muted}; }}
QStatusBar QLabel {{ color: {c.muted}; }}
QMenuBar {{ background: {c.window}; }}
QCollapsible {{ background: transparent; }}
"""
