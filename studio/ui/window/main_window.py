"""The main window: a collapsible sidebar (the areas with icons, the conversations), the
area pages, a banner for what needs the user's attention whatever page is open, and the
status bar.

The window is built in two steps so that it paints before the rest of the app loads:
`MainWindow()` is the shell (sidebar, placeholder pages, status bar), cheap to import and
to build; `fill` puts the real pages, the device memory and the engine's status in once
the app is built. `MainWindow(engine, pages)` does both at once."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSize, Signal, Slot
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from studio.ui.common.design import SPACE_L, SPACE_M, SPACE_S, SPACE_XL, set_role
from studio.ui.common.model_drop import dropped_model
from studio.ui.common.window_place import place
from studio.ui.window.alert_banner import AlertBanner
from studio.ui.window.sidebar import Sidebar

if TYPE_CHECKING:
    from studio.services.engine_service import EngineService
    from studio.ui.chat.chat_pane import ChatPane
    from studio.ui.window.device_memory import DeviceMemoryView
    from studio.ui.window.engine_status import EngineStatus


def _placeholder_page(title: str, explanation: str) -> QWidget:
    page = QWidget()
    layout = QVBoxLayout(page)
    layout.setContentsMargins(SPACE_XL, SPACE_XL, SPACE_XL, SPACE_XL)
    # The title alone, styled by role rather than markup, stays the translated text itself,
    # so a language switch can find and replace it.
    heading = QLabel(title)
    set_role(heading, "heading")
    body = QLabel(explanation)
    body.setWordWrap(True)
    set_role(body, "muted")
    layout.addWidget(heading)
    layout.addWidget(body)
    layout.addStretch(1)
    return page


class MainWindow(QMainWindow):
    AREAS = ("chat", "discover", "library", "server", "settings")
    # The smallest window every page is laid out for without clipping.
    MINIMUM_SIZE = QSize(1024, 700)
    DEFAULT_SIZE = QSize(1280, 800)  # where the screen has room for it

    area_changed = Signal(str)
    sidebar_toggled = Signal(bool)  # True: expanded
    model_dropped = Signal(object)  # Path of a .gguf dropped anywhere on the window

    def __init__(
        self,
        engine: EngineService | None = None,
        pages: Mapping[str, QWidget] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        """The shell; with `engine`, filled with `pages` at once (see `fill`)."""
        super().__init__(parent)
        self.setWindowTitle(self.tr("GGUF Studio"))
        self.setObjectName("main-window")
        self.setMinimumSize(self.MINIMUM_SIZE)
        place(self, None, self.DEFAULT_SIZE)
        self.setAcceptDrops(True)

        self.sidebar = Sidebar(self.AREAS, self._titles())
        self.navigation: QListWidget = self.sidebar.navigation
        self.pages = QStackedWidget()
        self.pages.setObjectName("pages")
        explanations = self._explanations()
        for index, area in enumerate(self.AREAS):
            page = _placeholder_page(self._titles()[area], explanations[area])
            page.setObjectName(f"page-{area}")
            self.pages.addWidget(page)
            shortcut = QShortcut(QKeySequence(f"Ctrl+{index + 1}"), self)
            shortcut.activated.connect(lambda i=index: self.navigation.setCurrentRow(i))
        self.navigation.currentRowChanged.connect(self._on_navigation_row_changed)
        self.chat: ChatPane | None = None
        self.device_memory: DeviceMemoryView | None = None
        self._engine_status: EngineStatus | None = None
        self.sidebar.toggled.connect(self.sidebar_toggled)
        QShortcut(QKeySequence("Ctrl+B"), self, self.sidebar.toggle)

        self.alert = AlertBanner()
        content = QWidget()
        content_layout = QVBoxLayout(content)
        content_layout.setContentsMargins(0, 0, 0, 0)
        content_layout.setSpacing(0)
        alert_row = QHBoxLayout()
        alert_row.setContentsMargins(SPACE_L, SPACE_S, SPACE_L, 0)
        alert_row.addWidget(self.alert)
        content_layout.addLayout(alert_row)
        content_layout.addWidget(self.pages, 1)

        central = QWidget()
        layout = QHBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.sidebar)
        layout.addWidget(content, 1)
        self.setCentralWidget(central)
        self.navigation.setCurrentRow(0)

        # The menus are there from the first paint, so the window does not shift down when
        # the app puts their actions in.
        self.model_menu = self.menuBar().addMenu(self.tr("&Model"))
        self.model_menu.setObjectName("menu-model")
        self.help_menu = self.menuBar().addMenu(self.tr("&Help"))
        self.help_menu.setObjectName("menu-help")

        self.engine_status = QLabel(self.tr("Engine: probing…"))
        self.engine_status.setObjectName("engine-status")
        self.statusBar().setContentsMargins(SPACE_M, 0, SPACE_M, 0)
        self.statusBar().addPermanentWidget(self.engine_status)
        if engine is not None:
            self.fill(engine, pages or {})

    def fill(self, engine: EngineService, pages: Mapping[str, QWidget]) -> None:
        """Put `pages` (area name from `AREAS` -> widget; `app.py` builds them) in place of
        the placeholders, and follow `engine`. Areas without a page keep the explanation."""
        # Imported here, not with the module: they load the engine, device and chat code,
        # which the shell's first paint does not wait for.
        from studio.ui.chat.chat_pane import ChatPane
        from studio.ui.window.device_memory import DeviceMemoryView
        from studio.ui.window.engine_status import EngineStatus

        current = self.pages.currentIndex()
        for index, area in enumerate(self.AREAS):
            page = pages.get(area)
            if page is None:
                continue
            if not page.objectName():
                page.setObjectName(f"page-{area}")
            placeholder = self.pages.widget(index)
            self.pages.insertWidget(index, page)
            if placeholder is not None:
                self.pages.removeWidget(placeholder)
                placeholder.deleteLater()
        self.pages.setCurrentIndex(current)

        # The chat's conversations live in the sidebar, under the areas, as in other chat
        # apps; the device memory is part of the chat's inspector.
        chat = pages.get("chat")
        self.chat = chat if isinstance(chat, ChatPane) else None
        self.device_memory = DeviceMemoryView()
        if self.chat is not None:
            self.sidebar.set_conversations(self.chat.conversations)
            self.chat.inspector.add_memory(self.device_memory)
        else:
            self.device_memory.setParent(self)
            self.device_memory.hide()
        self.sidebar.show_icons()
        self._engine_status = EngineStatus(engine, self.engine_status, self.device_memory)

    def _titles(self) -> dict[str, str]:
        return {
            "chat": self.tr("Chat"),
            "discover": self.tr("Discover"),
            "library": self.tr("Library"),
            "server": self.tr("Server"),
            "settings": self.tr("Settings"),
        }

    def _explanations(self) -> dict[str, str]:
        return {
            "chat": self.tr("Load a model to start a conversation."),
            "discover": self.tr("Search Hugging Face for GGUF models and see whether they fit."),
            "library": self.tr("The GGUF models on this computer."),
            "server": self.tr("The llama-server engine, its state and log."),
            "settings": self.tr("Engine, model folders and appearance."),
        }

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if dropped_model(event.mimeData()) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        path = dropped_model(event.mimeData())
        if path is not None:
            event.acceptProposedAction()
            self.model_dropped.emit(path)

    def changeEvent(self, event: QEvent) -> None:
        # A collapsed sidebar shows icons only: its names live in tooltips, which the app's
        # live switch does not reach.
        if event.type() == QEvent.Type.LanguageChange:
            self.sidebar.set_titles(self._titles())
        super().changeEvent(event)

    @property
    def area(self) -> str:
        return self.AREAS[max(0, self.navigation.currentRow())]

    def show_area(self, area: str) -> None:
        self.navigation.setCurrentRow(self.AREAS.index(area))

    def set_sidebar_expanded(self, expanded: bool) -> None:
        self.sidebar.set_expanded(expanded)

    @Slot(int)
    def _on_navigation_row_changed(self, row: int) -> None:
        self.pages.setCurrentIndex(row)
        area = self.AREAS[row]
        # The chat's surface runs to the window's edges; the other pages get a margin.
        margin = 0 if area == "chat" else SPACE_M
        self.pages.setContentsMargins(margin, margin, margin, 0)
        self.sidebar.show_conversations(area == "chat")
        self.area_changed.emit(area)
