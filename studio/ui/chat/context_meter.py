"""The composer's context meter: how many tokens Send would take out of the model's
context, amber when it is nearly full and red (with what to do) when it no longer fits."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QVBoxLayout, QWidget

from studio.core.chat.context import ContextLevel, ContextUse
from studio.core.chat.models import OverflowPolicy
from studio.services.context_service import ContextMeasured
from studio.ui.common.design import SPACE_S, set_role
from studio.ui.common.numbers import ui_count

_SCALE = 1000  # the bar's steps: fine enough for any context at this width


class ContextMeter(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chat-context-meter")
        self.use: ContextUse | None = None
        # The draft the last count refused (it fits neither whole nor trimmed), if any.
        self.refused_draft: str | None = None
        self.bar = QProgressBar()
        self.bar.setObjectName("chat-context-bar")
        self.bar.setRange(0, _SCALE)
        self.bar.setTextVisible(False)
        self.bar.setMaximumWidth(160)
        self.count = QLabel()
        self.count.setObjectName("chat-context-count")
        set_role(self.count, "caption")
        self.warning = QLabel()
        self.warning.setObjectName("chat-context-warning")
        self.warning.setWordWrap(True)
        self.warning.setVisible(False)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(SPACE_S)
        row.addWidget(self.bar)
        row.addWidget(self.count)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(row)
        layout.addWidget(self.warning)
        self.setVisible(False)  # until a model can count

    def show_measured(self, measured: ContextMeasured) -> None:
        self.use = measured.use
        self.refused_draft = None
        use = measured.use
        if use is None or use.size <= 0:
            self.setVisible(False)
            return
        level = use.level
        # Over the context, dropping the oldest messages may still let it fit: amber.
        refused = level is ContextLevel.OVER and not _fits_once_dropped(measured, use)
        shown = ContextLevel.NEAR_FULL if level is ContextLevel.OVER and not refused else level
        if refused:
            self.refused_draft = measured.draft
        self.bar.setValue(min(_SCALE, round(_SCALE * use.used / use.size)))
        self.bar.setProperty("level", shown.value)
        self.bar.style().unpolish(self.bar)  # the chunk's colour follows the level
        self.bar.style().polish(self.bar)
        self.count.setText(
            self.tr("{used} / {size} tokens").format(
                used=ui_count(use.used), size=ui_count(use.size)
            )
        )
        self.count.setToolTip(
            self.tr("The system prompt, the conversation and your message, in the model's tokens")
        )
        self.bar.setAccessibleName(self.count.text())
        warning = self._warning(use, measured, refused)
        self.warning.setText(warning)
        set_role(self.warning, "error" if refused else "warning")
        self.warning.setVisible(bool(warning))
        self.setVisible(True)

    def _warning(self, use: ContextUse, measured: ContextMeasured, refused: bool) -> str:
        if use.level is ContextLevel.OVER and not refused:
            return self.tr(
                "This does not fit whole: it needs {used} tokens and the context holds "
                "{size}, so the oldest messages will be left out of the request."
            ).format(used=ui_count(use.used), size=ui_count(use.size))
        if refused and measured.floor is not None and measured.policy is OverflowPolicy.DROP_OLDEST:
            return self.tr(
                "This message does not fit even without the earlier messages: with the "
                "system prompt it needs {floor} tokens and the context holds {size}. "
                "Shorten it or load the model with a larger context."
            ).format(floor=ui_count(measured.floor), size=ui_count(use.size))
        if refused:
            return self.tr(
                "Sending now needs {used} tokens, but the context holds {size}. Shorten "
                "the message, start a new conversation, or let the chat drop the oldest "
                "messages (Inspector > Context)."
            ).format(used=ui_count(use.used), size=ui_count(use.size))
        if use.level is ContextLevel.NEAR_FULL:
            return self.tr(
                "The context is nearly full: {left} tokens are left for this answer and "
                "what follows."
            ).format(left=ui_count(use.left))
        return ""


def _fits_once_dropped(measured: ContextMeasured, use: ContextUse) -> bool:
    """Whether "drop the oldest" can make this request fit."""
    if measured.policy is not OverflowPolicy.DROP_OLDEST:
        return False
    return measured.floor is None or measured.floor < use.size
