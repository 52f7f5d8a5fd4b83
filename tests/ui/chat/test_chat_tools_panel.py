"""The inspector's Tools and Token probabilities sections: checked JSON, one sentence per
mistake, and settings that keep the rest of the conversation's."""

from __future__ import annotations

import json

from pytestqt.qtbot import QtBot

from studio.core.chat import SamplingSettings
from studio.core.chat.backend import TemplateCapabilities
from studio.core.voice import ENGLISH
from studio.ui.chat.tools_panel import ToolsPanel

WEATHER = json.dumps([{"type": "function", "function": {"name": "get_weather"}}])


def test_bad_json_is_one_sentence_and_is_not_kept(qtbot: QtBot) -> None:
    panel = ToolsPanel()
    qtbot.addWidget(panel)
    panel.show_settings(SamplingSettings(temperature=0.5))
    changes: list[SamplingSettings] = []
    panel.settings_changed.connect(changes.append)

    panel.editor.setPlainText('[{"type": "function", "function": {}}]')
    assert not panel.check()
    assert not panel.error.isHidden()
    assert panel.error.text() == ENGLISH.code("chat_tool_without_name", {"number": 1})
    assert changes == []

    panel.editor.setPlainText(WEATHER)
    assert panel.check()
    assert panel.error.isHidden()
    (stored,) = changes
    assert stored.tools == WEATHER and stored.temperature == 0.5
    # The engine sends no probabilities with tools: the toggle says so and waits.
    assert not panel.token_probs.isEnabled()
    assert "tools" in panel.token_probs_note.text()

    panel.choice.setCurrentIndex(1)
    assert changes[-1].tool_choice == "required"
    merged = panel.merged_into(SamplingSettings(top_k=5))
    assert (merged.top_k, merged.tools, merged.tool_choice) == (5, WEATHER, "required")


def test_the_toggle_and_what_the_template_can_do(qtbot: QtBot) -> None:
    panel = ToolsPanel()
    qtbot.addWidget(panel)
    panel.show_settings(SamplingSettings())
    assert panel.token_probs.isEnabled() and not panel.token_probs.isChecked()
    changes: list[SamplingSettings] = []
    panel.settings_changed.connect(changes.append)
    panel.token_probs.setChecked(True)
    assert changes[-1].token_probs and "logprobs" in changes[-1].request_options()

    panel.set_capabilities(TemplateCapabilities(supports_tools=False), model_loaded=True)
    assert "cannot call them" in panel.note.text()
    panel.set_capabilities(TemplateCapabilities(supports_tools=True), model_loaded=True)
    assert panel.note.text() == ""
