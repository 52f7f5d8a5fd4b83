"""The Chat area: conversation list, the conversation, the composer and the settings.

The pane only renders what `ChatService` tells it and sends it intents; streamed text
arrives already batched (<= 30 updates a second) and only the changed block of the
answer is re-rendered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, Signal, Slot
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from studio.core.chat import (
    ChatStoreRecovery,
    Conversation,
    ConversationSummary,
    SamplingSettings,
)
from studio.core.chat.backend import TemplateCapabilities
from studio.core.chat.context import ContextTrimmed
from studio.core.chat.tool_loop import ToolRunning
from studio.core.chat.vision import cannot_see
from studio.core.errors import Problem
from studio.core.server.engine_events import EngineEvent, EngineNotice
from studio.core.settings import AutoloadDecision, AutoloadVerdict
from studio.core.tasks import TaskOwner
from studio.services.chat_service import AnswerDelta, ChatService, ConversationOpened
from studio.services.context_service import ContextService
from studio.services.document_service import DocumentService
from studio.services.tool_approvals import ApprovalAsked
from studio.services.tool_call_relay import ToolCallsDelta
from studio.ui.chat.context_meter import ContextMeter
from studio.ui.chat.conversation_list import ConversationList
from studio.ui.chat.conversation_view import ConversationView
from studio.ui.chat.documents_bar import DocumentDrops, DocumentsBar
from studio.ui.chat.image_attach import (
    ImageAttachButton,
    ImageDropFilter,
    PendingImages,
    PendingImagesBar,
)
from studio.ui.chat.inspector import Inspector
from studio.ui.chat.model_picker import ModelPicker
from studio.ui.chat.readable_column import ReadableColumn
from studio.ui.chat.sampling_panel import SamplingPanel
from studio.ui.chat.text_attach import TextFileDrops
from studio.ui.chat.tool_approval import ToolApprovalPrompt
from studio.ui.chat.tools_panel import ToolsPanel
from studio.ui.common.design import SPACE_M, SPACE_S, set_role
from studio.ui.common.icons import set_icon
from studio.ui.common.model_drop import ModelDropFilter
from studio.ui.common.plain_text import plain_tip, rich_label
from studio.ui.common.voice import ui_voice
from studio.ui.common.ways_in import WaysIn

# Engine events the model picker shows and the transcript leaves out.
_ROUTINE_EVENTS = frozenset({EngineEvent.LOADING, EngineEvent.READY, EngineEvent.UNLOADED})
# The refusals of attached images: gone with the last image.
_IMAGE_REFUSALS = frozenset({"chat_image_no_projector", "chat_image_projector_dropped"})


class ChatPane(QWidget):
    inspector_toggled = Signal(bool)  # True: shown
    model_dropped = Signal(object)  # Path of a .gguf dropped on the message box

    def __init__(
        self,
        service: ChatService,
        tasks: TaskOwner | None = None,
        parent: QWidget | None = None,
        context: ContextService | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("page-chat")
        self.service = service
        self._editing: int | None = None
        self._shown_problem: str | None = None  # the code the error line says
        self._last_event: EngineNotice | None = None

        self.conversations = ConversationList()
        self.view = ConversationView(tasks)
        self.sampling = SamplingPanel()

        self.title = rich_label(QLabel())  # bold; the conversation's title escaped
        self.title.setObjectName("chat-title")
        self.title.setWordWrap(True)  # a long conversation title must not widen the window
        self.engine_line = QLabel(self.tr("No model loaded."))
        self.engine_line.setObjectName("chat-engine-state")
        self.engine_line.setWordWrap(True)

        self.edit_banner = QLabel()
        self.edit_banner.setObjectName("chat-edit-banner")
        self.edit_banner.setWordWrap(True)
        self.edit_banner.setVisible(False)
        self.cancel_edit_button = QPushButton(self.tr("Cancel edit"))
        self.cancel_edit_button.setObjectName("chat-cancel-edit")
        self.cancel_edit_button.setVisible(False)
        self.cancel_edit_button.clicked.connect(self._leave_edit)

        self.input = QPlainTextEdit()
        self.input.setObjectName("chat-input")
        self.input.setAccessibleName(self.tr("Message"))
        self.input.setPlaceholderText(
            self.tr("Message (Enter sends, Shift+Enter starts a new line)")
        )
        self.input.setMaximumHeight(120)
        self.input.setTabChangesFocus(True)  # Tab leaves the box; a tab character never helps
        self.input.installEventFilter(self)
        # Images waiting to be sent: the attach button, drops and pastes, their chips.
        self.images = PendingImages(tasks, self)
        self.image_drops = ImageDropFilter(self.input, self.images)
        self.attach_button = ImageAttachButton(self.images)
        self.pending_images = PendingImagesBar(self.images)
        self.images.refused.connect(self._on_service_failed)
        self.images.changed.connect(self._on_images_changed)
        self.send_button = QPushButton(self.tr("Send"))
        self.send_button.setObjectName("chat-send")
        self.send_button.setAccessibleName(self.tr("Send the message"))
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setObjectName("chat-stop")
        self.stop_button.setAccessibleName(self.tr("Stop the answer"))
        self.stop_button.setEnabled(False)
        self.notice_line = QLabel()
        self.notice_line.setObjectName("chat-notice")
        self.notice_line.setWordWrap(True)
        self.notice_line.setVisible(False)
        self.storage_line = QLabel()
        self.storage_line.setObjectName("chat-storage-problem")
        self.storage_line.setWordWrap(True)
        self.storage_line.setVisible(False)
        self.error_line = QLabel()
        self.error_line.setObjectName("chat-error")
        self.error_line.setWordWrap(True)
        self.error_line.setVisible(False)

        self.picker = ModelPicker()
        self.inspector = Inspector(self.sampling)
        self.tools_panel = ToolsPanel()
        self.inspector.add_panel(self.tools_panel)
        self.inspector_button = QToolButton()
        self.inspector_button.setObjectName("chat-inspector-toggle")
        set_role(self.inspector_button, "flat")
        set_icon(self.inspector_button, "inspector")
        self.inspector_button.setCheckable(True)
        self.inspector_button.setChecked(True)
        self.inspector_button.setAccessibleName(self.tr("Show or hide the inspector"))
        self.inspector_button.setToolTip(self.tr("System prompt, sampling and memory"))
        self.inspector_button.toggled.connect(self.set_inspector_open)
        self.inspector.close_button.clicked.connect(lambda: self.set_inspector_open(False))

        set_role(self.title, "title")
        set_role(self.engine_line, "caption")
        # The picker shows the model's state and the transcript its events: the line
        # keeps its text (the last event) without repeating it on screen.
        self.engine_line.setVisible(False)
        set_role(self.edit_banner, "banner")
        set_role(self.notice_line, "banner")
        set_role(self.storage_line, "error")
        set_role(self.error_line, "error")
        set_role(self.send_button, "primary")
        set_icon(self.send_button, "send")
        set_icon(self.stop_button, "stop")
        self.input.setMinimumHeight(64)
        self.input.setMaximumHeight(96)

        composer_buttons = QVBoxLayout()
        composer_buttons.addWidget(self.send_button)
        composer_buttons.addWidget(self.stop_button)
        composer_buttons.addWidget(self.attach_button)
        composer_buttons.addStretch(1)
        composer = QHBoxLayout()
        composer.addWidget(self.input, 1)
        composer.addLayout(composer_buttons)
        edit_row = QHBoxLayout()
        edit_row.addWidget(self.edit_banner, 1)
        edit_row.addWidget(self.cancel_edit_button)

        header = ReadableColumn()
        header.setObjectName("chat-header")
        header_row = QHBoxLayout()
        header_row.setSpacing(SPACE_S)
        header_row.addWidget(self.picker, 1)
        header_row.addWidget(self.inspector_button, 0, Qt.AlignmentFlag.AlignTop)
        header.column.addLayout(header_row)
        header.column.addWidget(self.notice_line)
        header.column.addWidget(self.storage_line)
        header.column.addWidget(self.title)
        header.column.addWidget(self.engine_line)

        footer = ReadableColumn()
        footer.setObjectName("chat-composer")
        # A tool call waiting for the person's approval, between the answers and the box.
        self.tool_approval = ToolApprovalPrompt()
        footer.column.addWidget(self.tool_approval)
        footer.column.addWidget(self.error_line)
        footer.column.addLayout(edit_row)
        footer.column.addWidget(self.pending_images)
        footer.column.addLayout(composer)
        self.context_meter = ContextMeter()
        footer.column.addWidget(self.context_meter)
        if context is not None:  # the meter and text-file drops (see context_service.py)
            self.text_drops = TextFileDrops(self.input, context)
            self.input.textChanged.connect(lambda: context.measure(self.input.toPlainText()))
            # A new system prompt or thinking switch changes the count too.
            self.sampling.settings_changed.connect(
                lambda _: context.measure(self.input.toPlainText())
            )
            context.measured.connect(self.context_meter.show_measured)
            context.attach_refused.connect(self._on_service_failed)
        # Last, so it sees a drop before the image and text-file filters: a model is loaded.
        self.model_drops = ModelDropFilter(self.input)
        self.model_drops.dropped.connect(self.model_dropped)

        middle = QWidget()
        middle.setObjectName("chat-transcript-column")
        set_role(middle, "surface")
        middle.setAutoFillBackground(True)
        # An explicit minimum replaces the one computed from the contents: whatever the
        # transcript, the banner or the composer show, this column never asks for more
        # width, so the sidebar, the inspector and the status bar stay where they are.
        middle.setMinimumWidth(360)
        middle.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        middle_layout = QVBoxLayout(middle)
        middle_layout.setContentsMargins(0, SPACE_M, 0, SPACE_M)
        middle_layout.setSpacing(SPACE_S)
        middle_layout.addWidget(header)
        # With no model at all, the chat offers the ways to one where the answers would be.
        self.ways_in = WaysIn()
        self.picker.offer_ways_in(self.ways_in)
        ways_column = ReadableColumn()
        ways_column.setObjectName("chat-ways-in")
        ways_column.column.addWidget(self.ways_in)
        ways_column.setVisible(self.picker.no_model)
        self.picker.no_model_changed.connect(ways_column.setVisible)
        self.ways_in_column = ways_column
        middle_layout.addWidget(ways_column)
        middle_layout.addWidget(self.view, 1)
        middle_layout.addWidget(footer)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        # The conversations stand here until a window moves them into its sidebar.
        layout.addWidget(self.conversations)
        layout.addWidget(middle, 1)
        layout.addWidget(self.inspector)

        # Intents to the service.
        self.send_button.clicked.connect(self._on_send_clicked)
        self.stop_button.clicked.connect(service.stop)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, service.stop)
        QShortcut(QKeySequence("Ctrl+N"), self, self._new_conversation)
        QShortcut(QKeySequence("Ctrl+F"), self, self.conversations.search.setFocus)
        QShortcut(QKeySequence("Ctrl+I"), self, self.inspector_button.toggle)
        self.view.regenerate_requested.connect(service.regenerate)
        self.view.version_requested.connect(service.switch_version)
        self.view.edit_requested.connect(self._enter_edit)
        self.sampling.settings_changed.connect(self._on_sampling_settings_changed)
        self.tools_panel.settings_changed.connect(self._on_tools_settings_changed)
        self.view.tool_blocks.result_given.connect(service.give_tool_result)
        service.tool_calls_changed.connect(self._on_service_tool_calls_changed)
        service.tool_running.connect(self._on_service_tool_running)
        service.tools_available.connect(self.tools_panel.set_mcp_available)
        service.approvals.asked.connect(self._on_approval_asked)
        service.approvals.closed.connect(self._on_approval_closed)
        self.tool_approval.decided.connect(service.approvals.answer)
        self.tools_panel.set_mcp_available(service.has_tool_runner)
        self.conversations.open_requested.connect(service.open)
        self.conversations.new_requested.connect(self._new_conversation)
        self.conversations.search_changed.connect(service.refresh_list)
        self.conversations.rename_requested.connect(service.rename)
        self.conversations.delete_requested.connect(service.delete)
        self.conversations.export_requested.connect(self._on_export_requested)

        # What the service tells us.
        service.conversations_listed.connect(self._on_service_conversations_listed)
        service.conversation_opened.connect(self._on_service_conversation_opened)
        service.conversation_changed.connect(self._on_service_conversation_changed)
        service.message_added.connect(self.view.add_message)
        service.branch_shown.connect(self.view.show_branch)
        service.answer_delta.connect(self._on_service_answer_delta)
        service.answer_finished.connect(self.view.finish)
        service.busy_changed.connect(self._on_service_busy_changed)
        service.capabilities_changed.connect(self._on_service_capabilities_changed)
        service.backend_changed.connect(self._on_service_backend_changed)
        service.failed.connect(self._on_service_failed)
        service.context_trimmed.connect(self._on_service_context_trimmed)
        self._on_service_conversation_opened(ConversationOpened(None))
        self._on_service_backend_changed(service.has_backend)

    def set_inspector_open(self, shown: bool) -> None:
        """Show or fold away the inspector; `inspector_toggled` says so (to remember it)."""
        changed = self.inspector.isHidden() == shown
        self.inspector.setVisible(shown)
        if self.inspector_button.isChecked() != shown:
            self.inspector_button.setChecked(shown)
        if changed:
            self.inspector_toggled.emit(shown)

    @property
    def inspector_open(self) -> bool:
        return not self.inspector.isHidden()

    def start(self) -> None:
        """Recover cut-off answers and fill the list (call once the event loop runs)."""
        self.service.start()

    def attach_documents(self, documents: DocumentService) -> None:
        """The conversation's documents above the message box, document drops, and the
        answers' citations as links (issue 28)."""
        self.documents_bar = DocumentsBar(documents)
        footer = self.pending_images.parentWidget()
        assert isinstance(footer, ReadableColumn)
        footer.column.insertWidget(footer.column.indexOf(self.pending_images), self.documents_bar)
        self.document_drops = DocumentDrops(self.input, documents)
        documents.failed.connect(self._on_service_failed)
        documents.citations_found.connect(lambda found: self.view.show_citations(found.citations))

    @Slot()
    def _new_conversation(self) -> None:
        self.service.new_conversation()
        self.input.setFocus()  # what comes after "new conversation" is typing

    # -- the engine, as told by the manager service --------------------------------------

    def show_engine_event(self, notice: EngineNotice) -> None:
        """What happened to the engine (or why the last model was not loaded at start): in
        the status line, and inside the conversation when it touches the conversation (a
        crash, a failure, a changed start). Loading, ready and unloaded are the picker's
        to show: in the transcript they read as part of the dialogue."""
        self._last_event = notice
        text = ui_voice().engine_event(notice)
        self.engine_line.setText(text)
        if notice.event in _ROUTINE_EVENTS:
            return
        # The notice keeps how to say it again, so a language switch reaches it too.
        self.view.add_notice(text, notice.event.value, lambda: ui_voice().engine_event(notice))

    def changeEvent(self, event: QEvent) -> None:
        # The engine line is built from several lookups: say it again in the new language.
        if event.type() == QEvent.Type.LanguageChange and self._last_event is not None:
            self.engine_line.setText(ui_voice().engine_event(self._last_event))
        super().changeEvent(event)

    def show_storage_problem(self, problem: Problem) -> None:
        """The conversation file could not be opened; this session chats without saving."""
        self.storage_line.setText(
            self.tr(
                "{problem}\nYour saved conversations are left as they are; conversations in "
                "this session will not be kept."
            ).format(problem=ui_voice().error(problem))
        )
        self.storage_line.setVisible(True)

    def show_notice(self, code: str, params: Mapping[str, object]) -> None:
        """A one-time notice about the app's own files (settings that could not be read,
        say), above the conversation; several stack."""
        shown = [line for line in (self.notice_line.text(), ui_voice().code(code, params)) if line]
        self.notice_line.setText("\n".join(shown))
        self.notice_line.setVisible(True)

    def show_store_recovered(self, recovery: ChatStoreRecovery) -> None:
        """The conversations file was damaged and salvaged: said in the conversation list."""
        self.conversations.show_notice(ui_voice().code(recovery.code, recovery.params))

    def show_autoload_decision(self, decision: AutoloadDecision) -> None:
        """Say why the last model was not loaded automatically, when that needs saying."""
        if decision.verdict in (
            AutoloadVerdict.PREVIOUS_LOAD_CRASHED,
            AutoloadVerdict.MODEL_MISSING,
        ):
            name = Path(decision.model).name if decision.model else ""
            event = (
                EngineEvent.PREVIOUS_LOAD_CRASHED
                if decision.verdict is AutoloadVerdict.PREVIOUS_LOAD_CRASHED
                else EngineEvent.LAST_MODEL_MISSING
            )
            self.show_engine_event(EngineNotice(event, name))

    # -- slots -------------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.input and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not (
                event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            ):
                self._on_send_clicked()
                return True
        return super().eventFilter(watched, event)

    @Slot()
    def _on_send_clicked(self) -> None:
        text = self.input.toPlainText().strip()
        images = tuple(image.upload for image in self.images.images)
        if (not text and not images) or self.service.busy or self.images.preparing:
            return
        if self._editing is None and self.context_meter.refused_draft == self.input.toPlainText():
            # The meter already says why this cannot go out; sending would only be refused
            # by the engine and said again.
            self.context_meter.warning.setFocus()
            return
        if self._editing is not None:
            started = self.service.edit_and_resend(self._editing, text)
        else:
            started = self.service.send(text, images)
        if started is not None:
            self.input.clear()
            if self._editing is None:
                self.images.clear()
            self._clear_problem()
            self._leave_edit()

    def _on_images_changed(self) -> None:
        # Said as soon as an image is attached, not only when sending fails; and taken
        # back once no image is left to refuse.
        problem = cannot_see(self.service.capabilities.vision)
        if self.images.images and self.service.has_backend and problem is not None:
            self._on_service_failed(problem)
        elif not self.images.images and self._shown_problem in _IMAGE_REFUSALS:
            self._clear_problem()

    def _enter_edit(self, message_id: int) -> None:
        entry = self.view.messages.get(message_id)
        if entry is None or self.service.busy:
            return
        self._editing = message_id
        self.input.setPlainText(entry.content)
        self.edit_banner.setText(
            self.tr(
                "Editing an earlier message: sending makes a new version of it and answers "
                "anew; the conversation that followed the old one stays, a page away."
            )
        )
        self.edit_banner.setVisible(True)
        self.cancel_edit_button.setVisible(True)
        self.send_button.setText(self.tr("Resend"))
        self.input.setFocus()

    def _leave_edit(self) -> None:
        self._editing = None
        self.edit_banner.setVisible(False)
        self.cancel_edit_button.setVisible(False)
        self.send_button.setText(self.tr("Send"))

    def _on_sampling_settings_changed(self, settings: SamplingSettings) -> None:
        self.service.set_settings(self.tools_panel.merged_into(settings))

    def _on_tools_settings_changed(self, settings: SamplingSettings) -> None:
        self.view.set_token_tint(settings.token_probs)
        self.service.set_settings(self.tools_panel.merged_into(self.service.settings))

    def _show_tool_settings(self, settings: SamplingSettings) -> None:
        self.tools_panel.show_settings(settings)
        self.view.set_token_tint(settings.token_probs)

    def _on_export_requested(self, conversation_id: int, target: Path) -> None:
        self.service.export(conversation_id, target)

    def _on_service_conversations_listed(self, summaries: Sequence[ConversationSummary]) -> None:
        self.conversations.show_conversations(summaries)

    def _on_approval_asked(self, asked: ApprovalAsked) -> None:
        self.tool_approval.ask(asked)
        request = asked.request
        self.view.tool_blocks.show_asking(request.answer_id, request.call.id)

    def _on_approval_closed(self, ticket: int) -> None:
        if self.tool_approval.withdraw(ticket):
            self.input.setFocus()  # the keyboard goes back where the person types

    def _on_service_tool_running(self, running: ToolRunning) -> None:
        self.view.tool_blocks.show_running(running.answer_id, running.call.id, running.server)

    def _on_service_tool_calls_changed(self, delta: ToolCallsDelta) -> None:
        self.view.tool_blocks.show_calls(delta.message_id, delta.calls, streaming=True)

    def _on_service_answer_delta(self, delta: AnswerDelta) -> None:
        self.view.tint.extend(delta.message_id, delta.token_probs)
        self.view.append_delta(delta.message_id, delta.content, delta.reasoning)

    def _on_service_conversation_opened(self, opened: ConversationOpened) -> None:
        conversation, messages = opened.conversation, opened.messages
        self._leave_edit()
        self._clear_problem()
        if conversation is None:
            self.view.clear()
            self.title.setText(self.tr("<b>New conversation</b>"))
            self.conversations.set_current(None)
            self.sampling.show_settings(self.service.settings)
            self._show_tool_settings(self.service.settings)
            return
        self.view.show_messages(messages, opened.versions)
        self._on_service_conversation_changed(conversation)
        self.conversations.set_current(conversation.id)

    def _on_service_conversation_changed(self, conversation: Conversation) -> None:
        self.title.setText(f"<b>{_escape(conversation.title)}</b>")
        self.sampling.show_settings(conversation.settings)
        self._show_tool_settings(conversation.settings)

    def _on_service_busy_changed(self, busy: bool) -> None:
        self.stop_button.setEnabled(busy)
        self.send_button.setEnabled(not busy and self.service.has_backend)
        self.view.set_busy(busy)

    def _on_service_capabilities_changed(self, capabilities: TemplateCapabilities) -> None:
        self.sampling.set_capabilities(capabilities, model_loaded=self.service.has_backend)
        self.tools_panel.set_capabilities(capabilities, model_loaded=self.service.has_backend)

    def _on_service_backend_changed(self, ready: bool) -> None:
        self.send_button.setEnabled(ready and not self.service.busy)
        if not ready:
            self.send_button.setToolTip(self.tr("Load a model to chat."))
        else:
            self.send_button.setToolTip("")

    def _on_service_context_trimmed(self, trimmed: ContextTrimmed) -> None:
        params = {"dropped": trimmed.dropped}
        text = ui_voice().code("chat_context_trimmed", params)
        self.view.add_notice(
            text, "context", lambda: ui_voice().code("chat_context_trimmed", params)
        )

    def _on_service_failed(self, problem: Problem) -> None:
        self._shown_problem = problem.code
        self.error_line.setText(ui_voice().error(problem))
        self.error_line.setToolTip(plain_tip(problem.detail))
        self.error_line.setVisible(True)

    def _clear_problem(self) -> None:
        self._shown_problem = None
        self.error_line.setVisible(False)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
