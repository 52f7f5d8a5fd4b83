"""A live language switch reaches what the chat pane built from several lookups: the engine
events already in the transcript and the status line. The Thinking box is measured again
in the new language, so German "Standard der Vorlage" is not clipped."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.chat import ChatStore
from studio.core.server.engine_events import EngineEvent, EngineNotice
from studio.core.shipped_files import ShippedFiles
from studio.core.tasks import TaskOwner
from studio.services.chat_service import ChatService
from studio.ui.chat.chat_pane import ChatPane
from studio.ui.i18n.i18n import LanguageController
from tests.ui.layout_checks import clipped


@pytest.fixture
def language(qapp: QApplication) -> Iterator[LanguageController]:
    default_locale = QLocale()
    controller = LanguageController(qapp, ShippedFiles.default().i18n, {})
    try:
        yield controller
    finally:
        controller.apply("en")
        controller.close()
        QLocale.setDefault(default_locale)


def test_engine_events_and_the_thinking_box_follow_a_live_switch(
    language: LanguageController, qtbot: QtBot, tmp_path: Path
) -> None:
    store = ChatStore(tmp_path / "chat.sqlite3")
    pane = ChatPane(ChatService(store, TaskOwner("switch-test")))
    qtbot.addWidget(pane)
    pane.resize(1000, 700)
    pane.show()
    qtbot.waitExposed(pane)
    try:
        # A crash the engine recovered from is a line of the conversation (ready alone is
        # the picker's to say).
        pane.show_engine_event(EngineNotice(EngineEvent.RECOVERED, "Qwen3"))
        (notice,) = pane.view.notices
        english = "The engine crashed and was restarted; Qwen3 is ready again."
        assert notice.text == english

        language.apply("de")
        QCoreApplication.processEvents()  # LanguageChange is posted, not sent
        german = QCoreApplication.translate(
            "Sentences", "The engine crashed and was restarted; {model} is ready again."
        ).format(model="Qwen3")
        assert german != english
        assert notice.text == german
        assert german in pane.view.toPlainText()
        assert english not in pane.view.toPlainText()
        assert pane.engine_line.text() == german

        # The sampling panel at the inspector's fixed width: its minimum must have
        # followed the longer German texts.
        QCoreApplication.processEvents()
        assert pane.sampling.thinking.currentText().startswith("Standard")
        assert clipped(pane.sampling) == []
    finally:
        store.close()
