"""Settings' "Tool servers (MCP)" section: the servers whose tools models may call, each
with its switch, what it runs and its state (starting, ready with its tools, failed with
the reason in one sentence), and Add…, Edit…, Remove and Import mcp.json….

Every change is asked of `McpService`, which saves the list and starts or stops the
servers off the GUI thread; the section shows what the service tells it."""

from __future__ import annotations

import shlex
from pathlib import Path

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, Qt, Slot
from PySide6.QtGui import QColor, QIcon, QPalette, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from studio.core.mcp import (
    ImportReport,
    McpSnapshot,
    McpState,
    ServerConfig,
    StdioTransport,
)
from studio.services.mcp_service import McpService
from studio.services.operation_failed import OperationFailed
from studio.ui.common.design import colors_for, set_role
from studio.ui.common.icons import icon, set_icon
from studio.ui.common.plain_text import plain_tip
from studio.ui.common.voice import ui_voice
from studio.ui.settings.mcp_server_editor import McpServerEditor

NAME, RUNS, STATE = 0, 1, 2
_NAME_ROLE = Qt.ItemDataRole.UserRole
# Tools named in a ready server's tooltip; a server may offer hundreds.
_TOOLS_LISTED = 30
_ICON_PX = 16
# Rows the list shows without scrolling: room for a few, never the whole page.
_ROWS_SHOWN_MIN, _ROWS_SHOWN_MAX = 3, 8


def runs(server: ServerConfig) -> str:
    """What a server runs, as a person would type it: the command line, or the URL."""
    transport = server.transport
    if isinstance(transport, StdioTransport):
        return shlex.join([transport.command, *transport.args])
    return transport.url


class _CommandLines(QStyledItemDelegate):
    """The Runs column on one line, cut in the middle: a command's ends (the program,
    the script it runs) say the most. The State column wraps, so a reason is read whole."""

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideMiddle
        option.features &= ~QStyleOptionViewItem.ViewItemFeature.WrapText


class McpServersSection(QGroupBox):
    def __init__(self, service: McpService, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Tool servers (MCP)"), parent)
        self.setObjectName("settings-mcp")
        self._service = service
        self._filling = False
        self.editor: McpServerEditor | None = None  # the editor open now, if one is

        explanation = QLabel(
            self.tr(
                "Programs and web services whose tools models may call, through the Model "
                "Context Protocol. Only enabled servers run; each call is yours to allow."
            )
        )
        explanation.setWordWrap(True)
        self.servers = QTreeWidget()
        self.servers.setObjectName("settings-mcp-servers")
        self.servers.setAccessibleName(self.tr("MCP servers"))
        self.servers.setRootIsDecorated(False)
        self.servers.setUniformRowHeights(False)
        self.servers.setWordWrap(True)
        self._command_lines = _CommandLines(self.servers)
        self.servers.setItemDelegateForColumn(RUNS, self._command_lines)
        self.servers.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.servers.setHeaderLabels([self.tr("Server"), self.tr("Runs"), self.tr("State")])
        header = self.servers.header()
        header.setAccessibleName(self.tr("MCP server columns"))
        header.setStretchLastSection(True)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Interactive)
        self.servers.setColumnWidth(NAME, 170)
        self.servers.setColumnWidth(RUNS, 330)
        self.servers.itemChanged.connect(self._on_item_changed)
        self.servers.itemSelectionChanged.connect(self._refresh_buttons)
        self.servers.itemDoubleClicked.connect(self._on_edit)

        self.add_button = self._button("settings-mcp-add", self.tr("Add…"), "new")
        self.add_button.setAccessibleName(self.tr("Add an MCP server"))
        self.add_button.clicked.connect(self._on_add)
        self.edit_button = self._button("settings-mcp-edit", self.tr("Edit…"), "rename")
        self.edit_button.setAccessibleName(self.tr("Edit the selected MCP server"))
        self.edit_button.clicked.connect(self._on_edit)
        self.remove_button = self._button("settings-mcp-remove", self.tr("Remove"), "delete")
        self.remove_button.setAccessibleName(self.tr("Remove the selected MCP server"))
        self.remove_button.clicked.connect(self._on_remove)
        self.import_button = self._button(
            "settings-mcp-import", self.tr("Import mcp.json…"), "import"
        )
        self.import_button.setAccessibleName(
            self.tr(
                "Import the MCP servers of an mcp.json file (Claude Desktop, Cursor, LM Studio)"
            )
        )
        self.import_button.clicked.connect(self._on_import)
        buttons = QHBoxLayout()
        for button in (self.add_button, self.edit_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.import_button)

        self.notice = QLabel()
        self.notice.setObjectName("settings-mcp-notice")
        self.notice.setWordWrap(True)
        self.notice.setAccessibleName(self.tr("What the last change of the MCP servers did"))

        column = QVBoxLayout(self)
        column.addWidget(explanation)
        column.addWidget(self.servers)
        column.addLayout(buttons)
        column.addWidget(self.notice)

        service.listed.connect(self.show_servers)
        service.state_changed.connect(self.show_state)
        service.imported.connect(self._on_imported)
        service.failed.connect(self._on_failed)
        self.show_servers(service.servers)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:  # the state icons in the new colours
            self.show_servers(self._service.servers)

    @staticmethod
    def _button(name: str, text: str, glyph: str) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        set_icon(button, glyph)
        return button

    # -- showing ------------------------------------------------------------------------------

    @Slot(object)
    def show_servers(self, servers: tuple[ServerConfig, ...]) -> None:
        """The list as saved; the selection kept by name."""
        selected = self.selected_name()
        self._filling = True
        try:
            self.servers.clear()
            for server in servers:
                item = QTreeWidgetItem([server.name, runs(server), ""])
                item.setData(NAME, _NAME_ROLE, server.name)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(
                    NAME, Qt.CheckState.Checked if server.enabled else Qt.CheckState.Unchecked
                )
                item.setToolTip(
                    NAME,
                    plain_tip(
                        self.tr("When checked, {name} runs and models may use its tools.").format(
                            name=server.name
                        )
                    ),
                )
                item.setToolTip(RUNS, plain_tip(runs(server)))
                self.servers.addTopLevelItem(item)
                self._show_state(item, server.enabled, self._service.state_of(server.name))
                if server.name == selected:
                    item.setSelected(True)
                    self.servers.setCurrentItem(item)
        finally:
            self._filling = False
        self._fit_height()
        self._refresh_buttons()
        hint = self._empty_hint()
        if not servers and not self.notice.text():
            self._say(hint)
        elif servers and self.notice.text() == hint:
            self._say("")

    def _empty_hint(self) -> str:
        return self.tr(
            "No MCP servers yet: add one, or import the mcp.json of Claude Desktop, Cursor or "
            "LM Studio."
        )

    def _fit_height(self) -> None:
        rows = min(max(self.servers.topLevelItemCount(), _ROWS_SHOWN_MIN), _ROWS_SHOWN_MAX)
        row = max(self.servers.sizeHintForRow(0), self.fontMetrics().height() + 6)
        frame = 2 * self.servers.frameWidth()
        self.servers.setFixedHeight(self.servers.header().sizeHint().height() + rows * row + frame)

    @Slot(object)
    def show_state(self, snapshot: McpSnapshot) -> None:
        item = self._item(snapshot.name)
        if item is not None:
            enabled = item.checkState(NAME) == Qt.CheckState.Checked
            self._filling = True
            try:
                self._show_state(item, enabled, snapshot)
            finally:
                self._filling = False

    def _show_state(self, item: QTreeWidgetItem, enabled: bool, snapshot: McpSnapshot) -> None:
        text, tip, glyph = self.state_words(enabled, snapshot)
        item.setText(STATE, text)
        item.setToolTip(STATE, plain_tip(tip))
        item.setIcon(STATE, self._state_icon(glyph))

    def state_words(self, enabled: bool, snapshot: McpSnapshot) -> tuple[str, str, str]:
        """What the State column says, its tooltip, and its icon's meaning."""
        state = snapshot.state
        if state is McpState.READY:
            names = [tool.name for tool in snapshot.tools]
            listed = ", ".join(names[:_TOOLS_LISTED])
            if len(names) > _TOOLS_LISTED:
                listed += self.tr(" and %n more", "", len(names) - _TOOLS_LISTED)
            text = self.tr("Ready: %n tool(s)", "", len(names))
            return text, listed or self.tr("The server offers no tools."), "ready"
        if state is McpState.FAILED:
            reason = ui_voice().error(snapshot.problem) if snapshot.problem is not None else ""
            return self.tr("Failed: {reason}").format(reason=reason), reason, "failed"
        if state is McpState.STARTING:
            text = (
                self.tr("Starting again after a crash…")
                if snapshot.restarts
                else self.tr("Starting…")
            )
            return text, text, "loading"
        if not enabled:
            return self.tr("Off"), self.tr("Disabled: this server does not run."), ""
        return self.tr("Not started yet"), self.tr("It starts with the app."), ""

    def _state_icon(self, glyph: str) -> QIcon:
        palette = QApplication.palette()
        colors = colors_for(palette.color(QPalette.ColorRole.Window).lightness() < 128)
        shades = {"ready": colors.success, "failed": colors.danger, "loading": colors.warning}
        if glyph in shades:
            return icon(glyph, QColor(shades[glyph]))
        blank = QPixmap(_ICON_PX, _ICON_PX)  # keeps every row's text in one column
        blank.fill(Qt.GlobalColor.transparent)
        return QIcon(blank)

    def _item(self, name: str) -> QTreeWidgetItem | None:
        for index in range(self.servers.topLevelItemCount()):
            item = self.servers.topLevelItem(index)
            if item is not None and item.data(NAME, _NAME_ROLE) == name:
                return item
        return None

    def selected_name(self) -> str | None:
        item = self.servers.currentItem()
        if item is None or not item.isSelected():
            return None
        name = item.data(NAME, _NAME_ROLE)
        return name if isinstance(name, str) else None

    def _selected_server(self) -> ServerConfig | None:
        name = self.selected_name()
        return next((s for s in self._service.servers if s.name == name), None)

    @Slot()
    def _refresh_buttons(self) -> None:
        chosen = self.selected_name() is not None
        self.edit_button.setEnabled(chosen)
        self.remove_button.setEnabled(chosen)

    def _say(self, text: str, *, error: bool = False) -> None:
        self.notice.setText(text)
        set_role(self.notice, "error" if error else "muted")

    # -- changes --------------------------------------------------------------------------------

    @Slot(QTreeWidgetItem, int)
    def _on_item_changed(self, item: QTreeWidgetItem, column: int) -> None:
        if self._filling or column != NAME:
            return
        name = item.data(NAME, _NAME_ROLE)
        if isinstance(name, str):
            self._service.set_enabled(name, item.checkState(NAME) == Qt.CheckState.Checked)

    @Slot()
    def _on_add(self) -> None:
        self._open_editor(None)

    @Slot()
    def _on_edit(self, *_: object) -> None:
        server = self._selected_server()
        if server is not None:
            self._open_editor(server)

    def _open_editor(self, server: ServerConfig | None) -> None:
        taken = [s.name for s in self._service.servers if server is None or s.name != server.name]
        editor = McpServerEditor(server, taken, self.window())
        editor.accepted.connect(lambda: self._on_editor_accepted(editor))
        editor.finished.connect(editor.deleteLater)
        self.editor = editor
        editor.open()  # not exec(): the app, and the servers' states, go on meanwhile

    def _on_editor_accepted(self, editor: McpServerEditor) -> None:
        server = editor.result_server
        if self.editor is editor:
            self.editor = None
        if server is None:
            return
        self._say("")
        if editor.original_name is None:
            self._service.add(server)
        else:
            self._service.edit(editor.original_name, server)

    @Slot()
    def _on_remove(self) -> None:
        name = self.selected_name()
        if name is not None and self.confirm_remove(name):
            self._say("")
            self._service.remove(name)

    def confirm_remove(self, name: str) -> bool:
        answer = QMessageBox.question(
            self,
            self.tr("Remove MCP server"),
            self.tr("Remove the MCP server {name}? Its tools will no longer be offered.").format(
                name=name
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    @Slot()
    def _on_import(self) -> None:
        path = self.choose_import_file()
        if path is not None:
            self._say(self.tr("Importing {path}…").format(path=str(path)))
            self._service.import_file(path)

    def choose_import_file(self) -> Path | None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Import MCP servers"),
            "",
            self.tr("MCP server lists (*.json);;All files (*)"),
        )
        return Path(path) if path else None

    @Slot(object)
    def _on_imported(self, report: ImportReport) -> None:
        lines = []
        if report.added:
            lines.append(
                self.tr("Added %n server(s): {names}.", "", len(report.added)).format(
                    names=", ".join(report.added)
                )
            )
        if report.replaced:
            lines.append(
                self.tr(
                    "Replaced %n server(s) of the same name: {names}.", "", len(report.replaced)
                ).format(names=", ".join(report.replaced))
            )
        self._say("\n".join(lines) or self.tr("The file names no MCP servers."))

    @Slot(object)
    def _on_failed(self, failure: OperationFailed) -> None:
        self._say(ui_voice().error(failure.problem), error=True)
        self.show_servers(self._service.servers)  # a switch flipped back, if it was one
