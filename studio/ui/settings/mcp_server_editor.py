"""The dialog that adds or edits one MCP server: a name, how it is reached (a program run
over stdio: command, arguments, environment; or a streamable HTTP address: URL, headers),
checked by the core's own parser when Save is pressed, so a mistake is said in one
sentence and nothing is saved until it is right."""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtCore import Slot
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QRadioButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from studio.core.errors import StudioError
from studio.core.mcp import ServerConfig, TransportKind
from studio.core.mcp.form import ServerForm, form_of, server_of
from studio.ui.common.design import set_role
from studio.ui.common.voice import ui_voice

# Lines of the multi-line fields shown at once.
_FIELD_LINES = 4


def _lines_field(name: str, placeholder: str, accessible: str) -> QPlainTextEdit:
    field = QPlainTextEdit()
    field.setObjectName(name)
    field.setPlaceholderText(placeholder)
    field.setAccessibleName(accessible)
    field.setTabChangesFocus(True)
    field.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    # The lines, the document's margins and the style sheet's padding and border.
    field.setFixedHeight(field.fontMetrics().lineSpacing() * _FIELD_LINES + 30)
    return field


class McpServerEditor(QDialog):
    """Add a server (`server` None) or edit `server`; `taken`: the other servers' names.
    Once accepted, `result_server` is the server to save."""

    def __init__(
        self,
        server: ServerConfig | None = None,
        taken: Collection[str] = (),
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("mcp-server-editor")
        self._taken = frozenset(taken)
        self._enabled = server.enabled if server is not None else True
        self.original_name = server.name if server is not None else None
        self.result_server: ServerConfig | None = None
        self.setWindowTitle(
            self.tr("Add an MCP server") if server is None else self.tr("Edit the MCP server")
        )
        self.setMinimumWidth(560)

        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setObjectName("mcp-editor-name")
        self.name.setAccessibleName(self.tr("Server name"))
        self.name.setPlaceholderText(self.tr("files"))
        form.addRow(self.tr("Name"), self.name)

        self.stdio = QRadioButton(self.tr("A program on this computer (stdio)"))
        self.stdio.setObjectName("mcp-editor-stdio")
        self.http = QRadioButton(self.tr("A web address (streamable HTTP)"))
        self.http.setObjectName("mcp-editor-http")
        self._kinds = QButtonGroup(self)
        self._kinds.addButton(self.stdio)
        self._kinds.addButton(self.http)
        kinds = QHBoxLayout()
        kinds.addWidget(self.stdio)
        kinds.addWidget(self.http)
        kinds.addStretch(1)
        form.addRow(self.tr("Runs as"), kinds)

        self.pages = QStackedWidget()
        self.pages.addWidget(self._stdio_page())
        self.pages.addWidget(self._http_page())
        self.stdio.toggled.connect(self._on_kind_toggled)

        self.error = QLabel()
        self.error.setObjectName("mcp-editor-error")
        self.error.setWordWrap(True)
        self.error.setAccessibleName(self.tr("What is wrong with the server"))
        set_role(self.error, "error")
        self.error.hide()

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.save_button = buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setObjectName("mcp-editor-save")
        buttons.accepted.connect(self._on_save)
        buttons.rejected.connect(self.reject)

        self._layout = layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.pages)
        layout.addWidget(self.error)
        layout.addStretch(1)
        layout.addWidget(buttons)
        self._show(form_of(server) if server is not None else None)

    def _stdio_page(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        form.setContentsMargins(0, 0, 0, 0)
        self.command = QLineEdit()
        self.command.setObjectName("mcp-editor-command")
        self.command.setAccessibleName(self.tr("Command"))
        self.command.setPlaceholderText("npx")
        form.addRow(self.tr("Command"), self.command)
        self.arguments = _lines_field(
            "mcp-editor-arguments",
            self.tr("One argument per line, e.g.\n-y\n@modelcontextprotocol/server-filesystem"),
            self.tr("Arguments, one per line"),
        )
        form.addRow(self.tr("Arguments"), self.arguments)
        self.environment = _lines_field(
            "mcp-editor-environment",
            self.tr("KEY=VALUE, one per line"),
            self.tr("Environment variables, KEY=VALUE, one per line"),
        )
        form.addRow(self.tr("Environment"), self.environment)
        return page

    def _http_page(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        form.setContentsMargins(0, 0, 0, 0)
        self.url = QLineEdit()
        self.url.setObjectName("mcp-editor-url")
        self.url.setAccessibleName(self.tr("Server URL"))
        self.url.setPlaceholderText("https://example.com/mcp")
        form.addRow(self.tr("URL"), self.url)
        self.headers = _lines_field(
            "mcp-editor-headers",
            self.tr("Name: value, one per line, e.g.\nAuthorization: Bearer …"),
            self.tr("Headers, Name: value, one per line"),
        )
        form.addRow(self.tr("Headers"), self.headers)
        return page

    def _show(self, shown: ServerForm | None) -> None:
        if shown is None:
            self.stdio.setChecked(True)
            return
        self.name.setText(shown.name)
        self.command.setText(shown.command)
        self.arguments.setPlainText(shown.arguments)
        self.environment.setPlainText(shown.environment)
        self.url.setText(shown.url)
        self.headers.setPlainText(shown.headers)
        (self.stdio if shown.kind is TransportKind.STDIO else self.http).setChecked(True)

    @property
    def kind(self) -> TransportKind:
        return TransportKind.STDIO if self.stdio.isChecked() else TransportKind.HTTP

    def shown_form(self) -> ServerForm:
        return ServerForm(
            name=self.name.text(),
            kind=self.kind,
            command=self.command.text(),
            arguments=self.arguments.toPlainText(),
            environment=self.environment.toPlainText(),
            url=self.url.text(),
            headers=self.headers.toPlainText(),
            enabled=self._enabled,
        )

    @Slot(bool)
    def _on_kind_toggled(self, stdio: bool) -> None:
        self.pages.setCurrentIndex(0 if stdio else 1)
        self.error.hide()

    @Slot()
    def _on_save(self) -> None:
        try:
            server = server_of(self.shown_form(), taken=self._taken)
        except StudioError as error:
            self.error.setText(ui_voice().error(error))
            self.error.show()
            # Grown by the wrapped sentence's height at this width, which the layout's
            # minimum alone does not account for.
            self._layout.activate()
            self.resize(self.width(), max(self.height(), self.heightForWidth(self.width())))
            return
        self.result_server = server
        self.accept()
