"""The UI's voice: the core's sentences in the language the app shows."""

from __future__ import annotations

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication

from studio.core.shipped_files import ShippedFiles
from studio.core.voice import ENGLISH
from studio.ui.common.voice import ui_voice
from studio.ui.i18n.i18n import LanguageController


def test_sentences_follow_the_language(qapp: QApplication) -> None:
    default_locale = QLocale()
    controller = LanguageController(qapp, ShippedFiles.default().i18n, {})
    try:
        controller.apply("de")
        assert ui_voice().code("hub_not_found", {"target": "org/model"}) == (
            "Nicht auf dem Hub gefunden: org/model."
        )
        controller.apply("ja")
        assert ui_voice().code("oom_kv") == (
            "KV キャッシュ用のメモリが足りません。コンテキストを小さくしてください。"
        )
        controller.apply("en")
        assert ui_voice().code("oom_kv") == ENGLISH.code("oom_kv")
    finally:
        controller.close()
        QLocale.setDefault(default_locale)
