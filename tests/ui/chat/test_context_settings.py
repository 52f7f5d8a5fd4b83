"""The inspector's thinking budget and overflow policy: stepping, storing, and a template
that cannot think keeping the stored budget for one that can."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from studio.core.chat import SamplingSettings
from studio.core.chat.backend import TemplateCapabilities
from studio.core.chat.models import OverflowPolicy
from studio.ui.chat.sampling_panel import SamplingPanel


def test_budget_arrows_step_over_round_numbers(qtbot: QtBot) -> None:
    panel = SamplingPanel()
    qtbot.addWidget(panel)
    budget = panel.context.budget
    assert budget.text() == "No limit"
    seen = []
    for steps in (1, 1, -1, -1, -1):
        budget.stepBy(steps)
        seen.append(budget.value())
    assert seen == [128, 256, 128, 0, -1]
    budget.setValue(200)
    budget.stepBy(-1)
    assert budget.value() == 128


def test_budget_and_policy_travel_with_the_settings(qtbot: QtBot) -> None:
    panel = SamplingPanel()
    qtbot.addWidget(panel)
    emitted: list[SamplingSettings] = []
    panel.settings_changed.connect(emitted.append)
    panel.set_capabilities(TemplateCapabilities(supports_thinking=True), model_loaded=True)
    panel.context.budget.setValue(300)
    panel.context.policy.setCurrentIndex(1)
    assert emitted[-1].thinking_budget == 300
    assert emitted[-1].overflow_policy is OverflowPolicy.DROP_OLDEST

    stored = SamplingSettings(thinking_budget=64, overflow_policy=OverflowPolicy.STOP)
    panel.show_settings(stored)
    assert panel.settings() == stored
    # A model whose template cannot think: the budget is not offered, but kept.
    panel.set_capabilities(TemplateCapabilities(supports_thinking=False), model_loaded=True)
    assert not panel.context.budget.isEnabled()
    panel.context.policy.setCurrentIndex(1)
    assert emitted[-1].thinking_budget == 64
