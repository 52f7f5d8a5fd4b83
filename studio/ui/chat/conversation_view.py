"""The conversation as one QTextDocument, edited in place.

Why one document: a widget per message (or per paragraph) makes every streamed update
re-lay out every widget of the conversation, so the cost of an update grows with the
conversation (measured 12-26 ms of CPU per update at 25 blocks). A QTextDocument lays out
incrementally: replacing the tail of the answer re-lays out only that tail (about 2 ms
whatever the length).

Each message owns three frames in the document: the header (role, model, and the
reasoning, collapsed to a link unless expanded), the body (the answer's Markdown) and the
footer (status, speed, and the Copy/Edit/Regenerate links). While an answer streams, only
the body's last block is replaced; blocks that are complete are never touched again until
the answer ends, when the body is rendered once more with its code highlighted (off the
GUI thread). Actions are `studio:` links handled here.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

import shiboken6
from PySide6.QtCore import QEvent, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import (
    QColor,
    QDesktopServices,
    QGuiApplication,
    QImage,
    QPalette,
    QResizeEvent,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFrame,
    QTextFrameFormat,
)
from PySide6.QtWidgets import QTextBrowser, QWidget

from studio.core.chat import AnswerStats, Message, MessageStatus, Role
from studio.core.chat.attachments import ImageAttachment
from studio.core.chat.branches import Branch, Versions
from studio.core.documents.index import Citation
from studio.core.tasks import TaskOwner
from studio.ui.chat.citation_links import CitationLinks
from studio.ui.chat.image_thumbnails import ThumbnailCache
from studio.ui.chat.markdown import Block, hard_breaks, highlight_code, split_blocks
from studio.ui.chat.readable_column import side_margin
from studio.ui.chat.token_tint import TokenTint
from studio.ui.chat.tool_blocks import ToolBlocks
from studio.ui.chat.version_pager import NEWER, OLDER, STEPS, link_of, pager_html
from studio.ui.common.design import SPACE_M, colors_for
from studio.ui.common.voice import ui_voice

_SCHEME = "studio"
# GitHub Markdown, but HTML in an answer is shown as text: a model's output must not be
# able to load images or files, or hide what it says.
_MARKDOWN = (
    QTextDocument.MarkdownFeature.MarkdownDialectGitHub
    | QTextDocument.MarkdownFeature.MarkdownNoHTML
)
_FOLLOW_SLACK_PX = 24
# How far the user's turns stand in from the left of the reading column.
BUBBLE_INDENT = 96


@dataclass
class MessageEntry:
    """What the view knows about one message, and where it lives in the document."""

    message_id: int
    role: Role
    model: str | None
    content: str
    reasoning: str
    status: MessageStatus
    stats: AnswerStats
    error_code: str | None
    header: QTextFrame
    body: QTextFrame
    footer: QTextFrame
    reasoning_expanded: bool = False
    # Where each rendered block starts, in characters from the start of the body. While
    # streaming, blocks before `settled` are final and are never rendered again.
    offsets: list[int] = field(default_factory=list)
    settled: int = 0
    code: list[str] = field(default_factory=list)
    highlighted: dict[tuple[str, str], str] = field(default_factory=dict)
    highlighting: set[tuple[str, str]] = field(default_factory=set)  # sent to a worker
    body_renders: int = 0  # full renders of the body (streaming renders only the tail)
    tail_renders: int = 0
    attachments: tuple[ImageAttachment, ...] = ()  # shown as thumbnails in the header
    versions: Versions | None = None  # None: the only version

    @property
    def streaming(self) -> bool:
        return self.status is MessageStatus.STREAMING

    @property
    def tail_offset(self) -> int:
        """Where the block that may still change starts in the body."""
        return self.offsets[self.settled] if self.settled < len(self.offsets) else 0


@dataclass
class Notice:
    kind: str
    text: str
    frame: QTextFrame
    # Builds the text again in the current language (engine events are several lookups
    # and parameters, out of reach of the app's live switch); None: the text stays.
    render: Callable[[], str] | None = None


class ConversationView(QTextBrowser):
    edit_requested = Signal(int)  # message id
    regenerate_requested = Signal()
    version_requested = Signal(int, int)  # message id, step: -1 the older version, +1 newer

    def __init__(self, tasks: TaskOwner | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chat-conversation")
        self.setAccessibleName(self.tr("Conversation"))
        self.setOpenLinks(False)
        self.setUndoRedoEnabled(False)
        self.document().setUndoRedoEnabled(False)
        self._tasks = tasks
        self.messages: dict[int, MessageEntry] = {}
        self.notices: list[Notice] = []
        self._busy = False
        self._follow = True
        self._scroll_pending = False
        # Thumbnails are loaded off the GUI thread; each header shows them once they are in.
        self.thumbnails = ThumbnailCache(self, tasks, self._on_thumbnails_loaded)
        # (place in the transcript, arrow) of the pager link the user just followed, to
        # give it the focus again once the other version is shown.
        self._pager_focus: tuple[int, str] | None = None
        self.tint = TokenTint(self)  # token probabilities, when the conversation asks
        self.tool_blocks = ToolBlocks(self)  # tool calls under their answers
        self.citation_links = CitationLinks(self)  # the passages answers cite (documents)
        self.anchorClicked.connect(self._on_anchor_clicked)
        bar = self.verticalScrollBar()
        bar.valueChanged.connect(self._on_scroll_value_changed)
        bar.rangeChanged.connect(self._on_scroll_range_changed)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._center_text(event.size().width())
        super().resizeEvent(event)

    def loadResource(self, kind: int, name: QUrl | str) -> object:
        """What the document shows for a resource it does not hold: only our thumbnails,
        by checked digest; an empty placeholder for anything an answer names. Never None
        and never a null image: Qt then reads the path itself (QTextDocument's own
        loadResource opens it as a file, the image handler calls QImage::load), and a
        model could make it read `/dev/zero` until the app dies or a FIFO forever."""
        if kind == QTextDocument.ResourceType.ImageResource.value:
            thumbnail = self.thumbnails.resource(QUrl(name))
            return thumbnail if thumbnail is not None else _placeholder_image()
        return ""  # a page or a style sheet: the transcript loads neither

    def _center_text(self, width: int) -> None:
        """The text stands in the centred reading column; the scroll bar stays at the
        edge. Only a resize changes the margins, never a streamed update."""
        margin = float(side_margin(width))
        root = self.document().rootFrame()
        frame_format = root.frameFormat()
        if frame_format.leftMargin() != margin:
            frame_format.setLeftMargin(margin)
            frame_format.setRightMargin(margin)
            root.setFrameFormat(frame_format)

    def changeEvent(self, event: QEvent) -> None:
        # Names, statuses and links are text inside the document, out of reach of the app's
        # live language switch: write them again (the bodies are the conversation's words).
        if event.type() == QEvent.Type.PaletteChange:
            for entry in self.messages.values():
                if entry.role is Role.USER:
                    self._style_bubble(entry.body)
                if self.tint.enabled and entry.message_id in self.tint.tokens:
                    self._render_body(entry)  # tints chosen for the old palette
                # Code colours were chosen for the old palette: highlight it again.
                if entry.highlighted and not entry.streaming:
                    entry.highlighted.clear()
                    self._highlight_later(entry)
        if event.type() == QEvent.Type.LanguageChange:
            for entry in self.messages.values():
                self._render_header(entry)
                self._render_footer(entry)
            for notice in self.notices:
                if notice.render is not None:
                    notice.text = notice.render()
                    self._write_notice(notice)
        super().changeEvent(event)

    # -- content ---------------------------------------------------------------------------

    def clear(self) -> None:
        self.document().clear()
        self._center_text(self.width())
        self.messages.clear()
        self.notices.clear()
        self.tint.clear()
        self.tool_blocks.clear()
        self._follow = True
        self._pager_focus = None

    def show_messages(self, messages: Iterable[Message], versions: Iterable[Versions] = ()) -> None:
        self.clear()
        for message in messages:
            self.add_message(message)
        self._show_versions(versions)

    def show_branch(self, branch: Branch) -> None:
        """Another branch of the conversation (a new version, or the user paged): the
        messages both branches share stay as they are, the rest is replaced."""
        shown = sorted(self.messages)
        wanted = [message.id for message in branch.messages]
        keep = 0
        while keep < min(len(shown), len(wanted)) and shown[keep] == wanted[keep]:
            keep += 1
        if keep < len(shown):
            self.remove_from(shown[keep])
        for message in branch.messages[keep:]:
            self.add_message(message)
        self._show_versions(branch.versions)
        self._focus_pager()

    def _show_versions(self, versions: Iterable[Versions]) -> None:
        for version in versions:
            entry = self.messages.get(version.message_id)
            if entry is not None and (entry.versions or Versions(entry.message_id)) != version:
                entry.versions = version
                self._render_footer(entry)

    def add_message(self, message: Message) -> MessageEntry | None:
        if message.role is Role.TOOL:  # a tool's result shows in its call's block
            self.tool_blocks.add_result(message)
            return None
        self.tint.remember(message)
        previous_last = self._last_assistant()
        entry = MessageEntry(
            message_id=message.id,
            role=message.role,
            model=message.model,
            content=message.content,
            reasoning=message.reasoning,
            status=message.status,
            stats=message.stats,
            error_code=message.error_code,
            header=self._append_frame(top_margin=14),
            body=self._append_frame(),
            footer=self._append_frame(bottom_margin=4),
            attachments=message.attachments,
        )
        self.messages[message.id] = entry
        if entry.role is Role.USER:
            self._style_bubble(entry.body)
        self._render_header(entry)
        self._render_body(entry)
        self._render_footer(entry)
        if previous_last is not None:
            self._render_footer(previous_last)  # it lost its Regenerate link
        self._highlight_later(entry)
        self.tool_blocks.show_calls(message.id, message.tool_calls)
        return entry

    def add_notice(self, text: str, kind: str, render: Callable[[], str] | None = None) -> Notice:
        frame = self._append_frame(top_margin=6, bottom_margin=6)
        notice = Notice(kind, text, frame, render)
        self._write_notice(notice)
        self.notices.append(notice)
        return notice

    def _write_notice(self, notice: Notice) -> None:
        cursor = self._select(notice.frame)
        cursor.removeSelectedText()
        cursor.insertHtml(f"<p align='center'><i>{html.escape(notice.text)}</i></p>")

    def append_delta(self, message_id: int, content: str, reasoning: str) -> None:
        """Streamed text: the header when reasoning grows, and only the body's tail."""
        entry = self.messages.get(message_id)
        if entry is None:
            return
        if reasoning:
            entry.reasoning += reasoning
            self._render_header(entry)
        if content:
            entry.content += content
            self._render_tail(entry)

    def finish(self, message: Message) -> None:
        entry = self.messages.get(message.id)
        if entry is None:
            return
        entry.status = message.status
        entry.stats = message.stats
        entry.error_code = message.error_code
        entry.reasoning = message.reasoning
        self.tint.remember(message)
        self.tool_blocks.show_calls(message.id, message.tool_calls)
        self._render_header(entry)
        if message.content != entry.content:
            entry.content = message.content
            self._render_body(entry)
        # Otherwise the streamed text is already on screen: nothing to redo but the
        # code highlighting, which comes back from a worker thread.
        self._render_footer(entry)
        self._highlight_later(entry)

    def remove_from(self, message_id: int) -> None:
        """Remove a message and everything shown after it."""
        doomed = sorted(k for k in self.messages if k >= message_id)
        if not doomed:
            return
        start = self.messages[doomed[0]].header.firstPosition() - 1
        for key in doomed:
            del self.messages[key]
        self.notices = [n for n in self.notices if n.frame.firstPosition() < start]
        cursor = QTextCursor(self.document())
        cursor.setPosition(start)
        cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        last = self._last_assistant()
        if last is not None:
            self._render_footer(last)

    def set_busy(self, busy: bool) -> None:
        """While an answer streams, Edit and Regenerate do nothing."""
        self._busy = busy
        self.tool_blocks.set_busy(busy)

    def set_token_tint(self, shown: bool) -> None:
        """Show or hide the token probabilities' tint (rendering the answers again)."""
        if shown != self.tint.enabled:
            self.tint.enabled = shown
            for entry in self.messages.values():
                self._render_body(entry)

    def entry(self, message_id: int) -> MessageEntry:
        return self.messages[message_id]

    def text_of(self, message_id: int, part: str = "body") -> str:
        """The rendered plain text of one frame of a message (tests, accessibility)."""
        frame = getattr(self.messages[message_id], part)
        cursor = QTextCursor(self.document())
        cursor.setPosition(frame.firstPosition())
        cursor.setPosition(frame.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        return cursor.selection().toPlainText()

    def activate(self, link: str) -> None:
        """Follow one of the view's `studio:` links, as a click does."""
        self._on_anchor_clicked(QUrl(link))

    # -- rendering -------------------------------------------------------------------------

    def _append_frame(self, top_margin: float = 0, bottom_margin: float = 0) -> QTextFrame:
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        frame_format = QTextFrameFormat()
        frame_format.setTopMargin(top_margin)
        frame_format.setBottomMargin(bottom_margin)
        frame_format.setBorder(0)
        return cursor.insertFrame(frame_format)

    def _style_bubble(self, frame: QTextFrame) -> None:
        """The user's turn is a tinted card on the right of the column; the assistant's
        answer is plain text across it, so whose turn it is shows at a glance."""
        dark = self.palette().color(QPalette.ColorRole.Base).lightness() < 128
        frame_format = frame.frameFormat()
        frame_format.setBackground(QColor(colors_for(dark).accent_soft))
        frame_format.setPadding(SPACE_M)
        frame_format.setLeftMargin(BUBBLE_INDENT)
        frame.setFrameFormat(frame_format)

    def _align(self, entry: MessageEntry, frame: QTextFrame) -> None:
        """The user's name and links stand on the right, over and under their card."""
        if entry.role is not Role.USER:
            return
        block_format = QTextBlockFormat()
        block_format.setAlignment(Qt.AlignmentFlag.AlignRight)
        self._select(frame).mergeBlockFormat(block_format)

    @staticmethod
    def _select(frame: QTextFrame, offset: int = 0) -> QTextCursor:
        cursor = frame.firstCursorPosition()
        cursor.setPosition(frame.firstPosition() + offset)
        cursor.setPosition(frame.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        return cursor

    def _render_header(self, entry: MessageEntry) -> None:
        if entry.role is Role.USER:
            who = self.tr("You")
        elif entry.role is Role.SYSTEM:
            who = self.tr("System")
        elif entry.model:
            who = self.tr("Assistant ({model})").format(model=entry.model)
        else:
            who = self.tr("Assistant")
        parts = [f"<b>{html.escape(who)}</b>"]
        if entry.reasoning:
            thinking = entry.streaming and not entry.content
            label = (
                self.tr("Thinking… ({count} characters)")
                if thinking
                else self.tr("Reasoning ({count} characters)")
            ).format(count=len(entry.reasoning))
            arrow = "▾" if entry.reasoning_expanded else "▸"
            link = f"{_SCHEME}:reasoning/{entry.message_id}"
            parts.append(f"<br><a href='{link}'>{arrow} {html.escape(label)}</a>")
            if entry.reasoning_expanded:
                text = html.escape(entry.reasoning).replace("\n", "<br>")
                parts.append(f"<br><span style='color:gray'>{text}</span>")
        if entry.attachments:
            parts.append("<br>" + self.thumbnails.html(entry.message_id, entry.attachments))
        cursor = self._select(entry.header)
        cursor.removeSelectedText()
        cursor.insertHtml("".join(parts))
        self._align(entry, entry.header)

    def _render_body(self, entry: MessageEntry) -> None:
        """All of the body: a new message, a finished answer, an edit."""
        entry.body_renders += 1
        self._render_from(entry, split_blocks(entry.content), 0)

    def _render_tail(self, entry: MessageEntry) -> None:
        """Streaming: re-render from the first block that was not complete yet."""
        entry.tail_renders += 1
        settled = entry.settled
        self._render_from(entry, split_blocks(entry.content), settled)
        if entry.settled > settled:  # a block just completed: maybe a code block
            self._highlight_later(entry)

    def _render_from(self, entry: MessageEntry, blocks: list[Block], first: int) -> None:
        """Replace the body from block `first` on; the blocks before it stay as they are."""
        first = min(first, len(entry.offsets), len(blocks))
        start = entry.offsets[first] if first < len(entry.offsets) else None
        del entry.offsets[first:]
        del entry.code[_code_count(blocks[:first]) :]
        if start is None:  # nothing rendered from here yet: append at the end
            cursor = entry.body.lastCursorPosition()
            start = cursor.position() - entry.body.firstPosition()
        cursor = self._select(entry.body, start)
        # One edit block: the document re-lays out and signals once, not per step.
        cursor.beginEditBlock()
        cursor.removeSelectedText()
        for index in range(first, len(blocks)):
            entry.offsets.append(cursor.position() - entry.body.firstPosition())
            self._insert_block(cursor, entry, blocks[index], first=index == 0)
        cursor.endEditBlock()
        # The last block may still grow; every block before it is final.
        entry.settled = max(0, len(blocks) - 1)
        body = entry.body
        self.tint.after_render(
            entry.message_id,
            entry.content,
            blocks,
            entry.offsets,
            body.firstPosition(),
            body.lastPosition(),
            first,
        )

    def _insert_block(
        self, cursor: QTextCursor, entry: MessageEntry, block: Block, first: bool
    ) -> None:
        # A table (code) is always followed by an empty block: write into that one.
        if not first and cursor.block().length() > 1:
            cursor.insertBlock(QTextBlockFormat(), QTextCharFormat())
        # A fresh block must not inherit the list or <pre> of the block before it.
        current_list = cursor.currentList()
        if current_list is not None:
            current_list.remove(cursor.block())
        cursor.setBlockFormat(QTextBlockFormat())
        cursor.setCharFormat(QTextCharFormat())
        if block.kind == "prose":
            cursor.insertMarkdown(hard_breaks(block.text), _MARKDOWN)
            return
        index = len(entry.code)
        entry.code.append(block.text)
        copy = f"{_SCHEME}:copy-code/{entry.message_id}/{index}"
        language = html.escape(block.language or self.tr("code"))
        rendered = entry.highlighted.get((block.language, block.text)) if block.closed else None
        body = rendered or (
            "<pre style='margin:0; white-space:pre-wrap'>" + html.escape(block.text) + "</pre>"
        )
        cursor.insertHtml(
            f"<p style='margin:0'><small>{language} · "
            f"<a href='{copy}'>{html.escape(self.tr('Copy'))}</a></small></p>"
            f"<table width='100%' cellpadding='6' style='background-color:rgba(127,127,127,32)'>"
            f"<tr><td style='font-family:monospace'>{body}</td></tr></table>"
        )

    def _render_footer(self, entry: MessageEntry) -> None:
        parts: list[str] = []
        pager = pager_html(entry.versions, _SCHEME)
        if pager:
            parts.append(pager)
        status = self._status_text(entry)
        if status:
            parts.append(f"<i>{html.escape(status)}</i>")
        stats = self._stats_text(entry.stats)
        if stats:
            parts.append(f"<small>{html.escape(stats)}</small>")
        sources = "" if entry.streaming else self.citation_links.footer_html(entry.message_id)
        if sources:
            parts.append(sources)
        if not entry.streaming:
            links = [(f"copy/{entry.message_id}", self.tr("Copy"))]
            if entry.role is Role.USER:
                links.append((f"edit/{entry.message_id}", self.tr("Edit")))
            if entry is self._last_assistant():
                links.append((f"regenerate/{entry.message_id}", self.tr("Regenerate")))
            parts.append(
                " · ".join(
                    f"<a href='{_SCHEME}:{target}'>{html.escape(text)}</a>"
                    for target, text in links
                )
            )
        cursor = self._select(entry.footer)
        cursor.removeSelectedText()
        cursor.insertHtml("<small>" + " &nbsp; ".join(parts) + "</small>")
        self._align(entry, entry.footer)

    def show_citations(self, found: Mapping[int, tuple[Citation, ...]]) -> None:
        """Answers' citations (read with the conversation, or stored with a new answer):
        their footers link to the passages."""
        self.citation_links.add(found)
        for message_id in found:
            entry = self.messages.get(message_id)
            if entry is not None:
                self._render_footer(entry)

    def _last_assistant(self) -> MessageEntry | None:
        if not self.messages:
            return None
        last = self.messages[max(self.messages)]
        return last if last.role is Role.ASSISTANT else None

    def _stats_text(self, stats: AnswerStats) -> str:
        parts = []
        if stats.tokens_per_second is not None:
            parts.append(self.tr("{rate:.1f} tokens/s").format(rate=stats.tokens_per_second))
        if stats.ttft_ms is not None:
            parts.append(self.tr("first token {ms:.0f} ms").format(ms=stats.ttft_ms))
        if stats.completion_tokens is not None:
            parts.append(self.tr("{n} tokens").format(n=stats.completion_tokens))
        return " · ".join(parts)

    def _status_text(self, entry: MessageEntry) -> str:
        if entry.status is MessageStatus.STREAMING:
            return self.tr("Writing…")
        if entry.status is MessageStatus.CANCELLED:
            return self.tr("Stopped.")
        if entry.status is MessageStatus.INTERRUPTED:
            return ui_voice().code(entry.error_code or "stream_interrupted")
        if entry.status is MessageStatus.FAILED:
            return ui_voice().code(entry.error_code or "chat_server_refused")
        return ""

    # -- code highlighting, off the GUI thread ---------------------------------------------

    def _highlight_later(self, entry: MessageEntry) -> None:
        """Highlight every complete code block not highlighted or asked for yet: while an
        answer streams, each block as soon as its fence closes (so the re-render that shows
        it covers only the few blocks after it); the rest once the answer is complete."""
        blocks = split_blocks(entry.content)
        final = blocks[: entry.settled] if entry.streaming else blocks
        wanted = [
            (b.language, b.text)
            for b in final
            if b.kind == "code"
            and b.closed
            and (b.language, b.text) not in entry.highlighted
            and (b.language, b.text) not in entry.highlighting
        ]
        if not wanted:
            return
        dark = self.palette().color(QPalette.ColorRole.Base).lightness() < 128
        if self._tasks is None:
            entry.highlighted.update({key: highlight_code(key[1], key[0], dark) for key in wanted})
            self._show_highlighted(entry, set(wanted))
            return
        entry.highlighting.update(wanted)
        self._tasks.spawn("highlight-code", self._highlight(entry, wanted, dark))

    async def _highlight(
        self, entry: MessageEntry, wanted: list[tuple[str, str]], dark: bool
    ) -> None:
        def work() -> dict[tuple[str, str], str]:
            # Colours for the theme in use: a dark palette gets a dark Pygments style.
            return {key: highlight_code(key[1], key[0], dark) for key in wanted}

        try:
            rendered = await asyncio.to_thread(work)
        finally:
            entry.highlighting.difference_update(wanted)
        if not shiboken6.isValid(self) or self.messages.get(entry.message_id) is not entry:
            return
        entry.highlighted.update(rendered)
        self._show_highlighted(entry, set(rendered))

    def _show_highlighted(self, entry: MessageEntry, keys: set[tuple[str, str]]) -> None:
        # Re-render from the first of these code blocks on; everything before it stays.
        blocks = split_blocks(entry.content)
        first = next(
            (i for i, b in enumerate(blocks) if b.kind == "code" and (b.language, b.text) in keys),
            None,
        )
        if first is not None:
            self._render_from(entry, blocks, first)

    def is_highlighted(self, message_id: int) -> bool:
        entry = self.messages[message_id]
        codes = [(b.language, b.text) for b in split_blocks(entry.content) if b.kind == "code"]
        return all(key in entry.highlighted for key in codes)

    # -- links and scrolling ---------------------------------------------------------------

    def _on_anchor_clicked(self, url: QUrl) -> None:
        if self.tool_blocks.handle_link(url) or self.citation_links.handle_link(url):
            return
        if url.scheme() != _SCHEME:
            # Links a model wrote open in the browser; nothing else (file:, custom schemes).
            if url.scheme() in ("http", "https"):
                QDesktopServices.openUrl(url)
            return
        action, _, rest = url.path().partition("/")
        numbers = [int(part) for part in rest.split("/") if part.isdigit()]
        entry = self.messages.get(numbers[0]) if numbers else None
        if entry is None:
            return
        if action == "copy":
            QGuiApplication.clipboard().setText(entry.content)
        elif action == "copy-code" and len(numbers) == 2 and numbers[1] < len(entry.code):
            QGuiApplication.clipboard().setText(entry.code[numbers[1]])
        elif action == "image" and len(numbers) == 2 and numbers[1] < len(entry.attachments):
            path = entry.attachments[numbers[1]].path
            if path is not None and path.exists():  # the full image, in the system's viewer
                QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))
        elif action == "reasoning":
            entry.reasoning_expanded = not entry.reasoning_expanded
            self._render_header(entry)
        elif action == "edit" and not self._busy:
            self.edit_requested.emit(entry.message_id)
        elif action == "regenerate" and not self._busy:
            self.regenerate_requested.emit()
        elif action in STEPS and not self._busy:
            self._pager_focus = (sorted(self.messages).index(entry.message_id), action)
            self.version_requested.emit(entry.message_id, STEPS[action])

    def _focus_pager(self) -> None:
        """After paging, the keyboard focus is on the same arrow of the version now shown
        (or on the other arrow when that one ends there), so Enter pages on."""
        if self._pager_focus is None:
            return
        place, action = self._pager_focus
        self._pager_focus = None
        shown = sorted(self.messages)
        if place >= len(shown):
            return
        entry = self.messages[shown[place]]
        for arrow in (action, NEWER if action == OLDER else OLDER):
            cursor = self._link_cursor(entry.footer, link_of(arrow, entry.message_id, _SCHEME))
            if cursor is not None:
                self.setTextCursor(cursor)
                return

    def _link_cursor(self, frame: QTextFrame, href: str) -> QTextCursor | None:
        """A cursor selecting the link to `href` inside `frame` (how the browser marks the
        link that has the keyboard focus)."""
        block = self.document().findBlock(frame.firstPosition())
        while block.isValid() and block.position() <= frame.lastPosition():
            fragments = block.begin()
            while not fragments.atEnd():
                fragment = fragments.fragment()
                if fragment.charFormat().anchorHref() == href:
                    cursor = QTextCursor(self.document())
                    cursor.setPosition(fragment.position())
                    cursor.setPosition(
                        fragment.position() + fragment.length(), QTextCursor.MoveMode.KeepAnchor
                    )
                    return cursor
                fragments += 1
            block = block.next()
        return None

    def _on_thumbnails_loaded(self, shas: set[str]) -> None:
        for entry in self.messages.values():
            if any(a.sha256 in shas for a in entry.attachments):
                self._render_header(entry)

    def _on_scroll_value_changed(self, value: int) -> None:
        # Reading further up stops the view from following the stream; scrolling back to
        # the bottom follows it again.
        self._follow = value >= self.verticalScrollBar().maximum() - _FOLLOW_SLACK_PX

    def _on_scroll_range_changed(self, _minimum: int, _maximum: int) -> None:
        # One scroll per burst of edits, after the layout has settled.
        if self._follow and not self._scroll_pending:
            self._scroll_pending = True
            QTimer.singleShot(0, self._scroll_to_end)

    def _scroll_to_end(self) -> None:
        self._scroll_pending = False
        if self._follow:
            bar = self.verticalScrollBar()
            bar.setValue(bar.maximum())


def _placeholder_image() -> QImage:
    """One transparent pixel: an image an answer names takes no room and loads nothing."""
    image = QImage(1, 1, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    return image


def _code_count(blocks: list[Block]) -> int:
    return sum(1 for b in blocks if b.kind == "code")
