"""The conversation's thinking budget and overflow policy, as the sampling panel shows them:
the budget as a row under Thinking, the policy in a Context section of the inspector."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QObject, QSignalBlocker, Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QSpinBox, QWidget

from studio.core.chat import SamplingSettings
from studio.core.chat.backend import TemplateCapabilities
from studio.core.chat.models import OverflowPolicy
from studio.ui.common.section import Section

_NO_LIMIT = -1
_STEP = 128
_POLICIES = (OverflowPolicy.STOP, OverflowPolicy.DROP_OLDEST)


class _BudgetBox(QSpinBox):
    """Arrows step over round numbers of tokens (128, 256, ...), down through 0 (no
    thinking) to "No limit"; any number can be typed."""

    def stepBy(self, steps: int) -> None:
        value = self.value()
        if value == _NO_LIMIT:
            target = _STEP * steps if steps > 0 else _NO_LIMIT
        else:
            base = value // _STEP if steps > 0 else -(-value // _STEP)
            target = max(_NO_LIMIT, (base + steps) * _STEP)
        self.setValue(min(target, self.maximum()))


class ContextSettings(QObject):
    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.budget_label = QLabel(self.tr("Thinking budget"))
        self.budget = _BudgetBox()
        self.budget.setObjectName("chat-thinking-budget")
        self.budget.setAccessibleName(self.tr("Thinking budget"))
        self.budget.setRange(_NO_LIMIT, 1 << 20)
        self.budget.setSpecialValueText(self.tr("No limit"))
        self.budget.setSuffix(self.tr(" tokens"))
        self.budget.setValue(_NO_LIMIT)
        self.budget.setToolTip(
            self.tr("How many tokens the model may think before it must answer.")
        )
        self.budget_label.setBuddy(self.budget)
        self._stored_budget: int | None = None

        self.policy = QComboBox()
        self.policy.setObjectName("chat-overflow-policy")
        self.policy.setAccessibleName(self.tr("When the context is full"))
        self.policy.addItems([self.tr("Stop and say so"), self.tr("Drop the oldest messages")])
        self.policy.setToolTip(
            self.tr(
                "Dropping leaves the oldest messages out of the request (never the system "
                "prompt) until it fits; the conversation itself keeps them."
            )
        )
        holder = QWidget()
        form = QFormLayout(holder)
        form.setContentsMargins(0, 0, 0, 0)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        form.addRow(self.tr("When the context is full"), self.policy)
        self.section = Section(self.tr("Context"))
        self.section.setObjectName("chat-context-section")
        self.section.addWidget(holder)

        self.budget.valueChanged.connect(self.changed)
        self.policy.currentIndexChanged.connect(self.changed)

    def apply(self, settings: SamplingSettings) -> SamplingSettings:
        """`settings` with the budget and policy shown here."""
        budget = None if self.budget.value() == _NO_LIMIT else self.budget.value()
        return replace(
            settings,
            # A template that cannot think keeps the stored budget for a model that can.
            thinking_budget=budget if self.budget.isEnabled() else self._stored_budget,
            overflow_policy=_POLICIES[max(0, self.policy.currentIndex())],
        )

    def show_settings(self, settings: SamplingSettings) -> None:
        blockers = (QSignalBlocker(self.budget), QSignalBlocker(self.policy))
        self._stored_budget = settings.thinking_budget
        budget = settings.thinking_budget
        self.budget.setValue(_NO_LIMIT if budget is None else budget)
        self.policy.setCurrentIndex(_POLICIES.index(settings.overflow_policy))
        del blockers

    def set_capabilities(self, capabilities: TemplateCapabilities) -> None:
        """A budget only for templates that can think."""
        self.budget.setEnabled(capabilities.supports_thinking)
        self.budget_label.setEnabled(capabilities.supports_thinking)
