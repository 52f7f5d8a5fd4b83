"""The app's language: its own catalogue and Qt's, chosen by Settings or the system, and
switched while the app runs.

One `StudioTranslator` is installed for the app's lifetime; a language switch swaps the
catalogues inside it and re-installs it, which makes Qt send LanguageChange to every
widget, and then rewrites the texts widgets already show (see `retranslate.py`).
`STUDIO_PSEUDO_LOCALE=1` (or the language "pseudo") shows every string pseudo-localised
to check layouts with long text.
"""

from __future__ import annotations

import gc
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QObject,
    Qt,
    QTranslator,
    Signal,
    Slot,
)

from studio.core.languages import SOURCE_LANGUAGE, TRANSLATED_LANGUAGES
from studio.core.settings import AppSettings
from studio.services.settings_service import SettingsService
from studio.ui.i18n.pseudo_locale import pseudo_localize
from studio.ui.i18n.qm_file import QmFormatError, contexts_by_source
from studio.ui.i18n.retranslate import retranslate_widgets
from studio.ui.i18n.translation_memory import Lookup, TranslationMemory

log = logging.getLogger(__name__)

CATALOG_PREFIX = "studio_"
PSEUDO = "pseudo"
SYSTEM = "system"
PSEUDO_VARIABLE = "STUDIO_PSEUDO_LOCALE"


def catalog_path(directory: Path, language: str) -> Path:
    return directory / f"{CATALOG_PREFIX}{language}.qm"


def resolve_language(choice: str, ui_languages: Sequence[str]) -> str:
    """The language to show for a Settings `choice`: itself when we have it, else the
    first of the system's preferred `ui_languages` we have, else English."""
    if choice in (PSEUDO, SOURCE_LANGUAGE) or choice in TRANSLATED_LANGUAGES:
        return choice
    for preferred in ui_languages:
        name = QLocale(preferred).name()  # "zh-Hans-CN" -> "zh_CN", "de-AT" -> "de_AT"
        for candidate in (name, name.split("_")[0]):
            if candidate in TRANSLATED_LANGUAGES or candidate == SOURCE_LANGUAGE:
                return candidate
    return SOURCE_LANGUAGE


@dataclass(frozen=True)
class Catalog:
    """One loaded .qm file, with the contexts each of its sources is translated in."""

    translator: QTranslator
    contexts: Mapping[str, tuple[str, ...]]

    @classmethod
    def load(cls, path: Path, index: bool = True) -> Catalog | None:
        translator = QTranslator()
        if not translator.load(str(path)):
            return None
        contexts: Mapping[str, tuple[str, ...]] = {}
        if index:
            try:
                contexts = contexts_by_source(path)
            except (OSError, QmFormatError) as error:
                log.warning("no context index for %s: %s", path, error)
        return cls(translator, contexts)

    def exact(self, lookup: Lookup) -> str | None:
        text = self.translator.translate(
            lookup.context, lookup.source, lookup.disambiguation, lookup.n
        )
        return text or None

    def by_source(self, lookup: Lookup) -> str | None:
        """The translation the same source has under another context (see qm_file.py)."""
        for context in self.contexts.get(lookup.source, ()):
            if context != lookup.context:
                text = self.translator.translate(
                    context, lookup.source, lookup.disambiguation, lookup.n
                )
                if text:
                    return text
        return None


class StudioTranslator(QTranslator):
    """The app's one installed translator: its catalogue, then Qt's own, or pseudo text;
    every lookup is remembered for a later switch."""

    def __init__(self, memory: TranslationMemory, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.memory = memory
        self._catalogs: tuple[Catalog, ...] = ()
        self._pseudo = False

    def use(self, catalogs: Sequence[Catalog], pseudo: bool = False) -> None:
        self._catalogs = tuple(catalogs)
        self._pseudo = pseudo

    def isEmpty(self) -> bool:
        return False

    def translate(
        self,
        context: str,
        source_text: str,
        disambiguation: str | None = None,
        n: int = -1,
    ) -> str | None:
        # Qt calls this holding its translators' read lock. A garbage collection here could
        # destroy an unreachable QTranslator (an earlier window's), whose destructor takes
        # the same lock for writing: a deadlock. So no collection runs inside this call.
        collecting = gc.isenabled()
        gc.disable()
        try:
            lookup = Lookup(context or "", source_text, disambiguation or None, n)
            found = self._find(lookup)
            self.memory.remember(lookup, source_text if found is None else found)
        finally:
            if collecting:
                gc.enable()
        return found  # None: Qt shows the source text

    def _find(self, lookup: Lookup) -> str | None:
        if self._pseudo:
            return pseudo_localize(lookup.source)
        for catalog in self._catalogs:
            text = catalog.exact(lookup)
            if text is not None:
                return text
        for catalog in self._catalogs:
            text = catalog.by_source(lookup)
            if text is not None:
                return text
        return None


class LanguageController(QObject):
    """Installs the translator at start and switches languages when Settings change."""

    changed = Signal(str)  # the language now shown: "en", "de", ..., or "pseudo"

    def __init__(
        self,
        app: QCoreApplication | None,
        catalogs: Path,
        environ: Mapping[str, str],
        qt_catalogs: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        if app is None:
            raise RuntimeError("the QApplication must exist before its translator")
        self._app = app
        self._catalogs = catalogs
        self._qt_catalogs = qt_catalogs or Path(
            QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        )
        self._force_pseudo = environ.get(PSEUDO_VARIABLE, "") not in ("", "0")
        self.memory = TranslationMemory()
        self.translator = StudioTranslator(self.memory, self)
        self.language = SOURCE_LANGUAGE
        self._applied: tuple[str, str] | None = None  # (choice, language) last applied
        app.installTranslator(self.translator)

    def apply(self, choice: str) -> str:
        """Show the app in `choice` ("system", a code from `LANGUAGES` or "pseudo"); returns
        the language now shown. Texts already on screen change at once."""
        language = (
            PSEUDO
            if self._force_pseudo
            else resolve_language(choice, QLocale.system().uiLanguages())
        )
        if (choice, language) == self._applied:
            return language  # any other setting changed: nothing to load again
        self._applied = (choice, language)
        catalogs = self._load(language)
        if catalogs is None:
            log.warning("no catalogue for %s; showing English", language)
            language, catalogs = SOURCE_LANGUAGE, []
        # Numbers and dates follow the system when the language does, else the language.
        follows_system = choice == SYSTEM or language == PSEUDO
        QLocale.setDefault(QLocale.system() if follows_system else QLocale(language))
        # The desktop's own file dialogs speak the system's language; in another one, Qt's
        # dialogs (translated with Qt's catalogue above) keep the window in one language.
        QCoreApplication.setAttribute(
            Qt.ApplicationAttribute.AA_DontUseNativeDialogs, not follows_system
        )
        if language == self.language:
            return language
        previous = self.language
        self.translator.use(catalogs, pseudo=language == PSEUDO)
        self.language = language
        # Re-installing is what makes Qt post LanguageChange to every widget, so widgets
        # that rebuild their own texts (and Qt's dialogs) do so.
        self._app.removeTranslator(self.translator)
        self._app.installTranslator(self.translator)
        changed = retranslate_widgets(self.memory, self._translate_lookup)
        log.info("language %s -> %s: %d texts changed in place", previous, language, changed)
        self.changed.emit(language)
        return language

    def follow(self, settings: SettingsService) -> None:
        """Show the language `settings` hold now, and whatever they are changed to."""
        self.apply(settings.current.language)
        settings.changed.connect(self._on_settings_changed)

    @Slot(object)
    def _on_settings_changed(self, settings: AppSettings) -> None:
        self.apply(settings.language)

    def close(self) -> None:
        self._app.removeTranslator(self.translator)
        QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_DontUseNativeDialogs, False)

    def _load(self, language: str) -> list[Catalog] | None:
        """The app's catalogue and Qt's for `language`; None when the app's is missing."""
        if language in (SOURCE_LANGUAGE, PSEUDO):
            return []
        ours = Catalog.load(catalog_path(self._catalogs, language))
        if ours is None:
            return None
        # Qt's own strings (standard buttons, file dialogs, context menus), exact only.
        qt = Catalog.load(self._qt_catalogs / f"qtbase_{language}.qm", index=False)
        return [ours] if qt is None else [ours, qt]

    @staticmethod
    def _translate_lookup(lookup: Lookup) -> str:
        return QCoreApplication.translate(
            lookup.context, lookup.source, lookup.disambiguation, lookup.n
        )
