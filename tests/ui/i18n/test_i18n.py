"""Translations: the catalogues match the source, every language loads and renders the main
window, plurals follow each language, pseudo-localisation lengthens, and a switch at run
time changes what is on screen without a restart."""

from __future__ import annotations

import asyncio
import importlib.util
import shutil
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, Qt
from PySide6.QtWidgets import QApplication, QLabel, QListWidget, QPushButton
from pytestqt.qtbot import QtBot

from studio.core.chat.models import Message, Role
from studio.core.engine.info import EngineDevice, EngineFeatures, EngineInfo, EngineVersion
from studio.core.engine.locate import EngineSource
from studio.core.errors import Problem
from studio.core.languages import TRANSLATED_LANGUAGES
from studio.core.server.failures import Failure, FailureCode
from studio.core.server.launch import LaunchSpec
from studio.core.server.states import ServerState, Snapshot
from studio.core.settings import SettingsStore
from studio.core.shipped_files import ShippedFiles
from studio.core.tasks import TaskOwner
from studio.services.engine_service import EngineService
from studio.services.log_tail import LogTail
from studio.services.settings_service import SettingsService
from studio.ui.chat.conversation_view import ConversationView
from studio.ui.common.voice import ui_voice
from studio.ui.i18n.i18n import Catalog, LanguageController, catalog_path, resolve_language
from studio.ui.i18n.pseudo_locale import pseudo_localize
from studio.ui.i18n.qm_file import contexts_by_source
from studio.ui.server.server_page import ServerPage
from studio.ui.window.main_window import MainWindow
from studio.ui.window.status_bar import ServerStatusLabel
from tests.support.engine import selector_in

CATALOGS = ShippedFiles.default().i18n
# "Settings" in the main window's navigation, as each language says it.
SETTINGS_IN = {
    "de": "Einstellungen",
    "es": "Configuración",
    "fr": "Paramètres",
    "ja": "設定",
    "zh_CN": "设置",
}


def _update_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_update", CATALOGS / "update.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def language(qapp: QApplication) -> Iterator[LanguageController]:
    default_locale = QLocale()
    controller = LanguageController(qapp, CATALOGS, {})
    try:
        yield controller
    finally:
        controller.close()
        QLocale.setDefault(default_locale)


@pytest.fixture
def engine(tmp_path: Path) -> EngineService:
    return EngineService(selector_in(tmp_path), TaskOwner("test"))


@pytest.fixture
def main_window(qtbot: QtBot, engine: EngineService) -> MainWindow:
    window = MainWindow(engine)
    qtbot.addWidget(window)
    return window


def _navigation(window: MainWindow) -> list[str]:
    return [window.navigation.item(i).text() for i in range(window.navigation.count())]


# -- the catalogues -----------------------------------------------------------------------


def test_every_catalogue_is_up_to_date_with_the_source(tmp_path: Path) -> None:
    """Re-extracting the strings changes nothing: no new, vanished or obsolete entries,
    and every entry is translated."""
    update = _update_script()
    for language in TRANSLATED_LANGUAGES:
        shipped = update.ts_path(language)
        text = shipped.read_text(encoding="utf-8")
        for marker in ('type="unfinished"', 'type="vanished"', 'type="obsolete"'):
            assert marker not in text, f"{shipped.name} has {marker} entries: run i18n/update.py"
        fresh = update.ts_path(language, tmp_path)
        shutil.copyfile(shipped, fresh)
        update.lupdate(fresh, language)
        assert fresh.read_text(encoding="utf-8") == text, (
            f"{shipped.name} is out of date with the source: run i18n/update.py"
        )


def test_every_compiled_catalogue_is_built_from_its_source(tmp_path: Path) -> None:
    update = _update_script()
    for language in TRANSLATED_LANGUAGES:
        copy = tmp_path / f"studio_{language}.ts"
        shutil.copyfile(update.ts_path(language), copy)
        update.lrelease(copy)
        shipped = catalog_path(CATALOGS, language)
        assert copy.with_suffix(".qm").read_bytes() == shipped.read_bytes(), (
            f"{shipped.name} is stale: run i18n/update.py"
        )


@pytest.mark.parametrize("language_code", TRANSLATED_LANGUAGES)
def test_every_shipped_catalogue_loads_and_translates(language_code: str) -> None:
    catalog = Catalog.load(catalog_path(CATALOGS, language_code))
    assert catalog is not None
    translated = catalog.translator.translate("MainWindow", "Settings", None, -1)
    assert translated == SETTINGS_IN[language_code]
    assert "MainWindow" in contexts_by_source(catalog_path(CATALOGS, language_code))["Settings"]


def test_a_lookup_under_another_context_finds_the_same_source(
    language: LanguageController,
) -> None:
    """A subclass's tr() (or a module-level helper) passes a context lupdate never saw."""
    language.apply("de")
    assert QCoreApplication.translate("SomeSubclassOfMainWindow", "Settings") == "Einstellungen"
    # Qt's own strings come from its qtbase catalogue.
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Abbrechen"
    assert QCoreApplication.translate("Anything", "no such source text") == "no such source text"


# -- choosing the language ----------------------------------------------------------------


def test_the_system_language_is_matched_to_a_catalogue() -> None:
    assert resolve_language("system", ["de-DE", "en-US"]) == "de"
    assert resolve_language("system", ["zh-Hans-CN"]) == "zh_CN"
    assert resolve_language("system", ["pt-BR", "fr-CA"]) == "fr"
    assert resolve_language("system", ["pt-BR"]) == "en"
    assert resolve_language("system", ["en-GB", "de-DE"]) == "en"
    assert resolve_language("ja", ["de-DE"]) == "ja"
    assert resolve_language("pseudo", []) == "pseudo"


def test_a_missing_catalogue_falls_back_to_english(qapp: QApplication, tmp_path: Path) -> None:
    controller = LanguageController(qapp, tmp_path, {})
    try:
        assert controller.apply("de") == "en"
        assert QCoreApplication.translate("MainWindow", "Settings") == "Settings"
    finally:
        controller.close()


# -- plurals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language_code", "one", "five"),
    [
        ("de", "1 Schicht läuft auf der CPU", "5 Schichten laufen auf der CPU"),
        ("es", "1 capa se ejecuta en la CPU", "5 capas se ejecutan en la CPU"),
        ("fr", "1 couche tourne sur le CPU", "5 couches tournent sur le CPU"),
        ("ja", "1 レイヤーを CPU で実行します", "5 レイヤーを CPU で実行します"),
        ("zh_CN", "1 层在 CPU 上运行", "5 层在 CPU 上运行"),
    ],
)
def test_plural_forms_follow_each_language(
    language: LanguageController, language_code: str, one: str, five: str
) -> None:
    language.apply(language_code)
    assert one in ui_voice().code("layers_spilled_to_host", {"layers": 1})
    assert five in ui_voice().code("layers_spilled_to_host", {"layers": 5})


def test_french_counts_zero_as_singular(language: LanguageController) -> None:
    language.apply("fr")
    assert "0 couche tourne" in ui_voice().code("layers_spilled_to_host", {"layers": 0})


# -- pseudo-localisation ------------------------------------------------------------------


def test_pseudo_localisation_lengthens_and_keeps_fields_markup_and_mnemonics() -> None:
    for text in ("Settings", "Load a model to start a conversation.", "Search conversations"):
        pseudo = pseudo_localize(text)
        assert len(pseudo) >= 1.3 * len(text)
        assert pseudo.startswith("[") and pseudo.endswith("]")
        assert pseudo != text
    assert "{model}" in pseudo_localize("{model} is ready.")
    assert "{rate:.1f}" in pseudo_localize("{rate:.1f} tokens/s")
    assert "%n" in pseudo_localize("%n layer(s)")
    assert "<b>" in pseudo_localize("<b>Fits.</b>") and "</b>" in pseudo_localize("<b>Fits.</b>")
    assert "&" in pseudo_localize("&Model")
    assert pseudo_localize("GGUF models (*.gguf)").count("(*.gguf)") == 1


def test_the_pseudo_variable_overrides_the_chosen_language(qapp: QApplication) -> None:
    controller = LanguageController(qapp, CATALOGS, {"STUDIO_PSEUDO_LOCALE": "1"})
    try:
        assert controller.apply("de") == "pseudo"
        shown = QCoreApplication.translate("MainWindow", "Settings")
        assert shown.startswith("[") and len(shown) >= 1.3 * len("Settings")
        ready = QCoreApplication.translate("Sentences", "{model} is ready.").format(model="M")
        assert ready.startswith("[M ")
    finally:
        controller.close()


# -- the main window in every language, and switching live -----------------------------


@pytest.mark.parametrize("language_code", TRANSLATED_LANGUAGES)
def test_every_language_renders_the_main_window(
    language: LanguageController, qtbot: QtBot, tmp_path: Path, language_code: str
) -> None:
    language.apply(language_code)
    engine = EngineService(selector_in(tmp_path), TaskOwner("test"))
    window = MainWindow(engine)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    navigation = _navigation(window)
    assert navigation[-1] == SETTINGS_IN[language_code]
    assert all(navigation) and navigation != ["Chat", "Discover", "Library", "Server", "Settings"]
    assert not window.grab().isNull()


def test_switching_language_changes_the_open_window_without_a_restart(
    language: LanguageController, main_window: MainWindow, engine: EngineService, qtbot: QtBot
) -> None:
    # Built after the translator was installed, as the app does.
    window = main_window
    window.show()
    assert _navigation(window)[-1] == "Settings"
    assert window.engine_status.text() == "Engine: probing…"

    assert language.apply("de") == "de"
    assert _navigation(window) == [
        "Chat",
        "Entdecken",
        "Bibliothek",
        "Server",
        "Einstellungen",
    ]
    assert window.device_memory.label.text() == "Geräte werden gesucht…"
    assert window.engine_status.text() == "Engine: wird geprüft…"
    settings_page = window.pages.widget(4)
    assert settings_page is not None
    placeholder = [label.text() for label in settings_page.findChildren(QLabel)]
    assert placeholder == ["Einstellungen", "Engine, Modellordner und Darstellung."]

    language.apply("ja")
    assert _navigation(window)[-1] == "設定"
    assert window.device_memory.label.text() == "デバイスを探しています…"

    engine.failed.emit(Problem("engine_missing", "no binary"))  # set after the switch
    assert window.engine_status.text() == "エンジンを利用できません"

    language.apply("en")
    assert _navigation(window)[-1] == "Settings"
    assert window.engine_status.text() == "Engine unavailable"


def test_the_collapsed_sidebar_names_its_icons_in_the_new_language(
    language: LanguageController, main_window: MainWindow
) -> None:
    """Collapsed, the areas are icons named by tooltips, which the live switch must reach."""
    main_window.set_sidebar_expanded(False)
    language.apply("de")
    QCoreApplication.processEvents()  # LanguageChange is posted, not sent
    items = [main_window.navigation.item(i) for i in range(main_window.navigation.count())]
    assert [item.text() for item in items] == [""] * 5
    assert items[-1].toolTip() == "Einstellungen"
    main_window.set_sidebar_expanded(True)
    assert _navigation(main_window)[-1] == "Einstellungen"


def test_a_filled_in_text_is_retranslated_with_its_values(
    language: LanguageController, qtbot: QtBot
) -> None:
    label = QLabel()
    qtbot.addWidget(label)
    label.setText(label.tr("{model} is ready.").format(model="Qwen3-8B"))
    button = QPushButton(QCoreApplication.translate("ChatPane", "Send"))
    qtbot.addWidget(button)
    typed = QLabel("Settings typed by the user is left alone")
    qtbot.addWidget(typed)

    language.apply("fr")
    assert label.text() == "Qwen3-8B est prêt."
    assert button.text() == "Envoyer"
    language.apply("zh_CN")
    assert label.text() == "Qwen3-8B 已就绪。"
    assert button.text() == "发送"
    assert typed.text() == "Settings typed by the user is left alone"


def test_a_plural_text_is_retranslated_with_its_count(language: LanguageController) -> None:
    label = QLabel(ui_voice().code("layers_spilled_to_host", {"layers": 3}))
    language.apply("de")
    assert label.text() == "3 Schichten laufen auf der CPU, damit es passt."
    language.apply("es")
    assert label.text() == "3 capas se ejecutan en la CPU para que quepa."
    label.deleteLater()


def test_the_device_list_is_rebuilt_in_the_new_language(
    language: LanguageController, main_window: MainWindow, engine: EngineService
) -> None:
    """Several lookups joined into one label: the dock builds it again on LanguageChange."""
    info = EngineInfo(
        path=Path("/opt/llama-server"),
        source=EngineSource.BUNDLED,
        version=EngineVersion("b6000", 6000, "abc", "gcc"),
        devices=(
            EngineDevice("Vulkan0", "Radeon", 16384, 12000),
            EngineDevice("Vulkan1", "Arc", 8192, 8000),
        ),
        features=EngineFeatures(frozenset()),
    )
    engine.probed.emit(info)
    label = main_window.device_memory.findChild(QLabel, "memory-devices")
    assert label is not None
    assert label.text().splitlines()[1] == "Vulkan1 (Arc): 8000 of 8192 MiB free"

    language.apply("de")
    QCoreApplication.processEvents()  # LanguageChange is posted, not sent
    assert label.text().splitlines() == [
        "Vulkan0 (Radeon): 12000 von 16384 MiB frei",
        "Vulkan1 (Arc): 8000 von 8192 MiB frei",
    ]


def test_the_conversation_writes_names_and_links_again(
    language: LanguageController, qtbot: QtBot
) -> None:
    """Text inside a document is no widget property: the view re-renders its own."""
    view = ConversationView()
    qtbot.addWidget(view)
    view.add_message(Message(1, 1, Role.USER, "Hallo, wie geht's?"))
    view.add_message(Message(2, 1, Role.ASSISTANT, "Gut.", model="Qwen3"))
    assert view.text_of(1, "header") == "You"
    assert "Regenerate" in view.text_of(2, "footer")

    language.apply("de")
    QCoreApplication.processEvents()  # LanguageChange is posted, not sent
    assert view.text_of(1, "header") == "Sie"
    assert view.text_of(2, "header") == "Assistent (Qwen3)"
    assert "Neu erzeugen" in view.text_of(2, "footer")
    assert view.text_of(1, "body") == "Hallo, wie geht's?"


def test_the_language_follows_the_settings_service(
    qapp: QApplication, qasync_loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    """Settings saves a language: the app switches without being told anything else."""
    default_locale = QLocale()
    tasks = TaskOwner("test")
    settings = SettingsService(SettingsStore(tmp_path / "settings.json"), tasks)
    controller = LanguageController(qapp, CATALOGS, {})
    label = QLabel(QCoreApplication.translate("MainWindow", "Library"))
    try:
        controller.follow(settings)

        async def choose(language: str) -> None:
            await settings.update_now(lambda s: replace(s, language=language))

        qasync_loop.run_until_complete(choose("es"))
        assert controller.language == "es" and label.text() == "Biblioteca"
        qasync_loop.run_until_complete(choose("zh_CN"))
        assert label.text() == "模型库"
        qasync_loop.run_until_complete(choose("en"))
        assert label.text() == "Library"
        assert SettingsStore(tmp_path / "settings.json").load().language == "en"
    finally:
        controller.close()
        label.deleteLater()
        qasync_loop.run_until_complete(tasks.shutdown())
        QLocale.setDefault(default_locale)


def test_the_server_page_renders_its_joined_lines_again(
    language: LanguageController, qtbot: QtBot
) -> None:
    page = ServerPage(LogTail(TaskOwner("test")))
    qtbot.addWidget(page)
    failed = Snapshot(state=ServerState.FAILED, failure=Failure(FailureCode.OOM_KV))
    page.show_snapshot(failed)
    assert page.state.text() == "Failed\nOut of memory for the KV cache: lower the context."

    language.apply("fr")
    QCoreApplication.processEvents()  # LanguageChange is posted, not sent
    assert page.state.text() == (
        "Échec\nMémoire insuffisante pour le cache KV : réduisez le contexte."
    )


def test_the_status_bar_builds_the_model_state_again(
    language: LanguageController, qtbot: QtBot
) -> None:
    label = ServerStatusLabel()
    qtbot.addWidget(label)
    spec = LaunchSpec(model=Path("/models/qwen.gguf"))
    label.show_snapshot(Snapshot(state=ServerState.FAILED, spec=spec))
    assert label.text() == "qwen.gguf — Failed"
    language.apply("ja")
    QCoreApplication.processEvents()  # LanguageChange is posted, not sent
    assert label.text() == "qwen.gguf — 失敗"


def test_list_rows_are_translated_only_when_they_are_exactly_a_lookup(
    language: LanguageController, qtbot: QtBot
) -> None:
    """A conversation titled "Explain 5 tokens" is the user's, even though "{n} tokens"
    is a known pattern; a row that is exactly "Settings" is ours."""
    stats = QLabel(QCoreApplication.translate("ConversationView", "{n} tokens").format(n=5))
    qtbot.addWidget(stats)
    rows = QListWidget()
    qtbot.addWidget(rows)
    rows.addItem("Explain 5 tokens")
    rows.addItem(QCoreApplication.translate("MainWindow", "Settings"))

    language.apply("de")
    assert stats.text() == "5 Tokens"
    assert [rows.item(i).text() for i in range(rows.count())] == [
        "Explain 5 tokens",
        "Einstellungen",
    ]


def test_file_dialogs_speak_the_chosen_language_not_the_desktops(
    language: LanguageController,
) -> None:
    # A native (GTK, KDE, Windows) dialog speaks the system's language; Qt's own speaks the
    # app's (Qt's catalogue is loaded with ours), so another language than the system's
    # turns the native ones off, and following the system turns them back on.
    attribute = Qt.ApplicationAttribute.AA_DontUseNativeDialogs
    language.apply("de")
    assert QCoreApplication.testAttribute(attribute)
    language.apply("system")
    assert not QCoreApplication.testAttribute(attribute)
