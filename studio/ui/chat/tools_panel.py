"""The inspector's Tools and Token probabilities sections for the open conversation.

Tools are OpenAI-format definitions typed or pasted as JSON; they are checked when the user
pauses, and only definitions that parse are kept (a mistake is said in one sentence under
the editor, which keeps the text so it can be fixed).
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QSignalBlocker, QTimer, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from studio.core.chat import SamplingSettings
from studio.core.chat.backend import TemplateCapabilities
from studio.core.chat.models import MOST_TOOL_ROUNDS
from studio.core.chat.tools import TOOL_CHOICES, ToolDefinitionError, parse_tool_definitions
from studio.ui.common.design import set_role
from studio.ui.common.section import Section
from studio.ui.common.voice import ui_voice

EXAMPLE = """[{"type": "function", "function": {
  "name": "get_weather",
  "description": "The weather in a city",
  "parameters": {"type": "object",
    "properties": {"city": {"type": "string"}},
    "required": ["city"]}}}]"""


class ToolsPanel(QWidget):
    # The conversation's settings with this panel's fields changed.
    settings_changed = Signal(object)  # SamplingSettings

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chat-tools")
        self._shown = SamplingSettings()

        self.editor = QPlainTextEdit()
        self.editor.setObjectName("chat-tools-json")
        self.editor.setAccessibleName(self.tr("Tool definitions (JSON)"))
        self.editor.setPlaceholderText(EXAMPLE)
        self.editor.setTabChangesFocus(True)
        self.editor.setMaximumHeight(150)
        self.editor.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.choice = QComboBox()
        self.choice.setObjectName("chat-tool-choice")
        self.choice.setAccessibleName(self.tr("Tool choice"))
        self.choice.addItems(
            [self.tr("Model decides"), self.tr("Must call a tool"), self.tr("No calls")]
        )
        self.error = QLabel()
        self.error.setObjectName("chat-tools-error")
        self.error.setWordWrap(True)
        set_role(self.error, "error")
        self.error.hide()
        self.note = QLabel()
        self.note.setObjectName("chat-tools-note")
        self.note.setWordWrap(True)
        set_role(self.note, "caption")
        self.note.hide()
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow(self.tr("Calls"), self.choice)
        # The MCP servers' tools (Settings), run by the chat once the person allows a call.
        self.mcp_tools = QCheckBox(self.tr("Tools from MCP servers"))
        self.mcp_tools.setObjectName("chat-mcp-tools")
        self.mcp_tools.setToolTip(
            self.tr(
                "Offers the tools of the MCP servers set up in Settings; each call runs "
                "once you allow it."
            )
        )
        self.tool_rounds = QSpinBox()
        self.tool_rounds.setObjectName("chat-tool-rounds")
        self.tool_rounds.setAccessibleName(self.tr("Rounds of tool calls per question"))
        self.tool_rounds.setRange(1, MOST_TOOL_ROUNDS)
        self.tool_rounds.setToolTip(
            self.tr("How many answers in a row may call tools before the chat stops them.")
        )
        self.mcp_note = QLabel()
        self.mcp_note.setObjectName("chat-mcp-tools-note")
        self.mcp_note.setWordWrap(True)
        set_role(self.mcp_note, "caption")
        form.addRow(self.mcp_tools)
        form.addRow(self.tr("Rounds at most"), self.tool_rounds)
        form.addRow(self.mcp_note)
        tools_body = QWidget()
        tools_layout = QVBoxLayout(tools_body)
        tools_layout.setContentsMargins(0, 0, 0, 0)
        tools_layout.addWidget(self.editor)
        tools_layout.addWidget(self.error)
        tools_layout.addLayout(form)
        tools_layout.addWidget(self.note)
        self.tools_section = Section(self.tr("Tools"))
        self.tools_section.setObjectName("chat-tools-section")
        self.tools_section.addWidget(tools_body)

        self.token_probs = QCheckBox(self.tr("Show token probabilities"))
        self.token_probs.setObjectName("chat-token-probs")
        self.token_probs_note = QLabel()
        self.token_probs_note.setObjectName("chat-token-probs-note")
        self.token_probs_note.setWordWrap(True)
        set_role(self.token_probs_note, "caption")
        probs_body = QWidget()
        probs_layout = QVBoxLayout(probs_body)
        probs_layout.setContentsMargins(0, 0, 0, 0)
        probs_layout.addWidget(self.token_probs)
        probs_layout.addWidget(self.token_probs_note)
        self.probs_section = Section(self.tr("Token probabilities"))
        self.probs_section.setObjectName("chat-token-probs-section")
        self.probs_section.addWidget(probs_body)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tools_section)
        layout.addWidget(self.probs_section)

        self._pause = QTimer(self)
        self._pause.setSingleShot(True)
        self._pause.setInterval(400)
        self._pause.timeout.connect(self.check)
        self.editor.textChanged.connect(self._pause.start)
        self.choice.currentIndexChanged.connect(self._emit)
        self.mcp_tools.toggled.connect(self._emit)
        self.tool_rounds.valueChanged.connect(self._emit)
        self.token_probs.toggled.connect(self._emit)
        self.set_capabilities(TemplateCapabilities(), model_loaded=False)
        self.set_mcp_available(False)
        self._update_probs_note()

    def show_settings(self, settings: SamplingSettings) -> None:
        """Show a conversation's settings without echoing them back as a change."""
        self._shown = settings
        blockers = [
            QSignalBlocker(w)
            for w in (self.editor, self.choice, self.token_probs, self.mcp_tools, self.tool_rounds)
        ]
        self._pause.stop()
        if self.editor.toPlainText() != settings.tools:
            self.editor.setPlainText(settings.tools)
        choice = settings.tool_choice if settings.tool_choice in TOOL_CHOICES else "auto"
        self.choice.setCurrentIndex(TOOL_CHOICES.index(choice))
        self.token_probs.setChecked(settings.token_probs)
        self.mcp_tools.setChecked(settings.mcp_tools)
        self.tool_rounds.setValue(settings.tool_rounds)
        del blockers
        self._show_error(None)
        self._update_probs_note()

    def merged_into(self, settings: SamplingSettings) -> SamplingSettings:
        """`settings` with this panel's fields (the last tools that parsed)."""
        return replace(
            settings,
            tools=self._shown.tools,
            tool_choice=TOOL_CHOICES[self.choice.currentIndex()],
            token_probs=self.token_probs.isChecked(),
            mcp_tools=self.mcp_tools.isChecked(),
            tool_rounds=self.tool_rounds.value(),
        )

    def check(self) -> bool:
        """Check the typed definitions; keep them if they parse, say why not otherwise."""
        self._pause.stop()
        text = self.editor.toPlainText()
        try:
            parse_tool_definitions(text)
        except ToolDefinitionError as error:
            self._show_error(ui_voice().error(error))
            return False
        self._show_error(None)
        if text != self._shown.tools:
            self._shown = replace(self._shown, tools=text)
            self._emit()
        return True

    def set_capabilities(self, capabilities: TemplateCapabilities, model_loaded: bool) -> None:
        supports = capabilities.supports_tools
        if model_loaded and not supports:
            self.note.setText(
                self.tr("This model's chat template does not describe tools: it cannot call them.")
            )
        else:
            self.note.setText("")
        self.note.setVisible(bool(self.note.text()))

    def set_mcp_available(self, available: bool) -> None:
        """Whether this window runs MCP servers' tools at all (the switch stays with the
        conversation either way)."""
        self.mcp_note.setText(
            self.tr(
                "The chat asks before each call: allow it once, always for that tool, or deny it."
            )
            if available
            else self.tr("MCP servers are not available in this window.")
        )
        self.mcp_tools.setEnabled(available or self.mcp_tools.isChecked())

    def _show_error(self, sentence: str | None) -> None:
        self.error.setText(sentence or "")
        self.error.setVisible(sentence is not None)

    def _update_probs_note(self) -> None:
        blocked = bool(self._shown.tools.strip())
        self.token_probs.setEnabled(not blocked)
        self.token_probs_note.setText(
            self.tr("Not while tools are set: the engine sends no probabilities with tools.")
            if blocked
            else self.tr(
                "Tints each token of an answer by how likely it was; hover a token to see "
                "the alternatives."
            )
        )

    def _emit(self, *_: object) -> None:
        self._shown = self.merged_into(self._shown)
        self._update_probs_note()
        self.settings_changed.emit(self._shown)
