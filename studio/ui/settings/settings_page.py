"""The Settings area: engine binary, model folders, remote RPC devices, Hugging Face endpoint,
token and proxy, language and theme.

The page shows the fields of `AppSettings` it owns and announces every accepted edit through
`changed`; `app.py` then persists with `store.update(page.apply_to)`, which replaces only
this page's fields so that what other parts of the app saved meanwhile (the last model, the
load marker, remembered load settings) is never overwritten by a stale copy. The HF token
never enters the settings: it goes straight to huggingface_hub's token store.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from studio.core.endpoint import EndpointError, RpcEndpoint
from studio.core.engine import EngineChoice, EngineInfo
from studio.core.errors import Problem
from studio.core.languages import LANGUAGES
from studio.core.settings import AppSettings
from studio.services.hf_token import HfTokenService, mask_token
from studio.ui.common.plain_text import plain_tip
from studio.ui.common.theme import ThemeChoice
from studio.ui.common.voice import engine_source_name, ui_voice
from studio.ui.settings.engine_build import verdict_text


def _list_items(widget: QListWidget) -> tuple[str, ...]:
    return tuple(widget.item(i).text() for i in range(widget.count()))


class SettingsPage(QWidget):
    changed = Signal()  # an edit was accepted: persist with `store.update(page.apply_to)`
    engine_binary_changed = Signal(str)  # "" means the bundled engine
    build_engine_requested = Signal()
    token_checked = Signal(bool)  # a save finished: True when the token was stored

    def __init__(
        self,
        tokens: HfTokenService,
        settings: AppSettings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("page-settings")
        self._tokens = tokens
        tokens.saved.connect(self._on_tokens_saved)
        tokens.refused.connect(self._on_tokens_refused)
        self._shown = settings or AppSettings()
        self._loading = False

        content = QWidget()
        layout = QVBoxLayout(content)
        layout.addWidget(self._engine_group())
        layout.addWidget(self._models_group())
        layout.addWidget(self._rpc_group())
        layout.addWidget(self._hub_group())
        self._appearance = self._appearance_group()
        layout.addWidget(self._appearance)
        layout.addStretch(1)
        self._sections = layout
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        self.set_settings(self._shown)
        self.refresh_token_status()

    def add_section(self, section: QWidget) -> None:
        """A section another part of the app builds (the MCP servers'), placed before
        Appearance, which stays last."""
        self._sections.insertWidget(self._sections.indexOf(self._appearance), section)

    # -- building -------------------------------------------------------------------------

    def _engine_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Engine"))
        form = QFormLayout(group)
        self.engine_path = QLineEdit()
        self.engine_path.setObjectName("settings-engine-path")
        self.engine_path.setPlaceholderText(self.tr("Bundled llama-server"))
        self.engine_path.setAccessibleName(self.tr("llama-server binary"))
        self.engine_path.editingFinished.connect(self._on_engine_path_edited)
        browse = QPushButton(self.tr("Browse…"))
        browse.setAccessibleName(self.tr("Choose the llama-server binary"))
        browse.clicked.connect(self._on_browse_engine)
        bundled = QPushButton(self.tr("Use bundled"))
        bundled.setObjectName("settings-engine-bundled")
        bundled.setAccessibleName(self.tr("Use the bundled llama-server"))
        bundled.clicked.connect(self._on_use_bundled)
        row = QHBoxLayout()
        row.addWidget(self.engine_path, 1)
        row.addWidget(browse)
        row.addWidget(bundled)
        form.addRow(self.tr("Binary"), row)
        self.engine_status = QLabel(self.tr("Not probed yet"))
        self.engine_status.setObjectName("settings-engine-status")
        self.engine_status.setWordWrap(True)
        self.engine_status.setAccessibleName(self.tr("Engine status"))
        form.addRow(self.tr("Status"), self.engine_status)
        self.engine_candidates = QTreeWidget()
        self.engine_candidates.setObjectName("settings-engine-candidates")
        self.engine_candidates.setAccessibleName(self.tr("Engines found on this computer"))
        self.engine_candidates.setRootIsDecorated(False)
        self.engine_candidates.setHeaderLabels(
            [self.tr("Engine"), self.tr("Version"), self.tr("CPU variant"), self.tr("Verdict")]
        )
        self.engine_candidates.setMinimumHeight(110)
        # Paths are long: cut them in the middle (the tooltip has all of it) so that the
        # verdict, the column that matters, stays in view.
        self.engine_candidates.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        header = self.engine_candidates.header()
        header.setAccessibleName(self.tr("Engine columns"))
        header.setStretchLastSection(True)
        header.setMinimumSectionSize(60)
        self.engine_candidates.setWordWrap(True)
        form.addRow(self.tr("Found"), self.engine_candidates)
        use = QPushButton(self.tr("Use selected engine"))
        use.setObjectName("settings-engine-use")
        use.clicked.connect(self._on_use_selected_engine)
        build = QPushButton(self.tr("Build engine for this computer…"))
        build.setObjectName("settings-engine-build")
        build.clicked.connect(self.build_engine_requested)
        actions = QHBoxLayout()
        actions.addWidget(use)
        actions.addWidget(build)
        actions.addStretch(1)
        form.addRow("", actions)
        form.addRow("", QLabel(self.tr("A different engine is used from the next start.")))
        return group

    def _models_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Model folders"))
        column = QVBoxLayout(group)
        self.models_folders = QListWidget()
        self.models_folders.setObjectName("settings-models-folders")
        self.models_folders.setAccessibleName(self.tr("Folders searched for GGUF models"))
        self.models_folders.setMaximumHeight(110)
        add = QPushButton(self.tr("Add folder…"))
        add.setAccessibleName(self.tr("Add a model folder"))
        add.clicked.connect(self._on_add_folder)
        remove = QPushButton(self.tr("Remove"))
        remove.setObjectName("settings-models-remove")
        remove.setAccessibleName(self.tr("Remove the selected model folder"))
        remove.clicked.connect(self._on_remove_folder)
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        column.addWidget(self.models_folders)
        column.addLayout(buttons)
        return group

    def _rpc_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Remote devices (llama.cpp RPC)"))
        column = QVBoxLayout(group)
        explanation = QLabel(
            self.tr(
                "Machines running ggml-rpc-server, as host:port. Their memory appears in the "
                "load dialog beside your GPUs."
            )
        )
        explanation.setWordWrap(True)
        self.rpc_devices = QListWidget()
        self.rpc_devices.setObjectName("settings-rpc-devices")
        self.rpc_devices.setAccessibleName(self.tr("Remote RPC devices"))
        self.rpc_devices.setMaximumHeight(90)
        self.rpc_input = QLineEdit()
        self.rpc_input.setObjectName("settings-rpc-input")
        self.rpc_input.setPlaceholderText("192.168.1.20:50052")
        self.rpc_input.setAccessibleName(self.tr("New remote device as host:port"))
        self.rpc_input.returnPressed.connect(self._on_add_rpc)
        add = QPushButton(self.tr("Add"))
        add.setObjectName("settings-rpc-add")
        add.setAccessibleName(self.tr("Add the remote device"))
        add.clicked.connect(self._on_add_rpc)
        remove = QPushButton(self.tr("Remove"))
        remove.setObjectName("settings-rpc-remove")
        remove.setAccessibleName(self.tr("Remove the selected remote device"))
        remove.clicked.connect(self._on_remove_rpc)
        self.rpc_error = QLabel()
        self.rpc_error.setObjectName("settings-rpc-error")
        self.rpc_error.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.rpc_input, 1)
        row.addWidget(add)
        row.addWidget(remove)
        column.addWidget(explanation)
        column.addWidget(self.rpc_devices)
        column.addLayout(row)
        column.addWidget(self.rpc_error)
        return group

    def _hub_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Hugging Face"))
        form = QFormLayout(group)
        self.hf_endpoint = QLineEdit()
        self.hf_endpoint.setObjectName("settings-hf-endpoint")
        self.hf_endpoint.setPlaceholderText("https://huggingface.co")
        self.hf_endpoint.setAccessibleName(self.tr("Hugging Face endpoint"))
        self.hf_endpoint.editingFinished.connect(self._emit_changed)
        form.addRow(self.tr("Endpoint"), self.hf_endpoint)
        self.proxy = QLineEdit()
        self.proxy.setObjectName("settings-proxy")
        self.proxy.setPlaceholderText(self.tr("System proxy settings"))
        self.proxy.setAccessibleName(self.tr("Proxy for downloads"))
        self.proxy.editingFinished.connect(self._emit_changed)
        form.addRow(self.tr("Proxy"), self.proxy)
        self.token_input = QLineEdit()
        self.token_input.setObjectName("settings-token-input")
        self.token_input.setEchoMode(QLineEdit.EchoMode.Password)
        self.token_input.setPlaceholderText("hf_…")
        self.token_input.setAccessibleName(self.tr("Hugging Face access token"))
        self.token_save = QPushButton(self.tr("Save token"))
        self.token_save.setObjectName("settings-token-save")
        self.token_save.setAccessibleName(self.tr("Check and save the access token"))
        self.token_save.clicked.connect(self._on_save_token)
        self.token_remove = QPushButton(self.tr("Remove token"))
        self.token_remove.setObjectName("settings-token-remove")
        self.token_remove.setAccessibleName(self.tr("Remove the stored access token"))
        self.token_remove.clicked.connect(self._on_remove_token)
        row = QHBoxLayout()
        row.addWidget(self.token_input, 1)
        row.addWidget(self.token_save)
        row.addWidget(self.token_remove)
        form.addRow(self.tr("Token"), row)
        self.token_status = QLabel()
        self.token_status.setObjectName("settings-token-status")
        self.token_status.setWordWrap(True)
        form.addRow("", self.token_status)
        return group

    def _appearance_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Appearance"))
        form = QFormLayout(group)
        self.language = QComboBox()
        self.language.setObjectName("settings-language")
        self.language.setAccessibleName(self.tr("Language"))
        self.language.addItem(self.tr("System default"), "system")
        for code, name in LANGUAGES:
            self.language.addItem(name, code)
        self.language.currentIndexChanged.connect(self._emit_changed)
        # The app's LanguageController follows the saved choice and switches at once.
        form.addRow(self.tr("Language"), self.language)
        self.theme = QComboBox()
        self.theme.setObjectName("settings-theme")
        self.theme.setAccessibleName(self.tr("Theme"))
        self.theme.addItem(self.tr("Follow the system"), ThemeChoice.SYSTEM.value)
        self.theme.addItem(self.tr("Light"), ThemeChoice.LIGHT.value)
        self.theme.addItem(self.tr("Dark"), ThemeChoice.DARK.value)
        self.theme.currentIndexChanged.connect(self._emit_changed)
        form.addRow(self.tr("Theme"), self.theme)
        return group

    # -- values ---------------------------------------------------------------------------

    def apply_to(self, settings: AppSettings) -> AppSettings:
        """`settings` with this page's fields replaced by what the page shows."""
        return replace(
            settings,
            engine_binary=self.engine_path.text().strip() or None,
            models_folders=_list_items(self.models_folders),
            rpc_devices=_list_items(self.rpc_devices),
            hf_endpoint=self.hf_endpoint.text().strip().rstrip("/") or None,
            hf_proxy=self.proxy.text().strip() or None,
            language=str(self.language.currentData() or "system"),
            theme=ThemeChoice.parse(str(self.theme.currentData())).value,
        )

    @property
    def theme_choice(self) -> ThemeChoice:
        return ThemeChoice.parse(str(self.theme.currentData()))

    def set_settings(self, settings: AppSettings) -> None:
        """Show stored settings without announcing them as an edit."""
        self._loading = True
        try:
            self._shown = settings
            self.engine_path.setText(settings.engine_binary or "")
            self.models_folders.clear()
            self.models_folders.addItems(list(settings.models_folders))
            self.rpc_devices.clear()
            self.rpc_devices.addItems(list(settings.rpc_devices))
            self.hf_endpoint.setText(settings.hf_endpoint or "")
            self.proxy.setText(settings.hf_proxy or "")
            self.language.setCurrentIndex(max(0, self.language.findData(settings.language)))
            theme = ThemeChoice.parse(settings.theme).value
            self.theme.setCurrentIndex(max(0, self.theme.findData(theme)))
        finally:
            self._loading = False

    @Slot()
    def _emit_changed(self) -> None:
        if self._loading:
            return
        shown = self.apply_to(self._shown)
        if shown == self._shown:
            return
        self._shown = shown
        self.changed.emit()

    # -- engine ---------------------------------------------------------------------------

    def show_engine(self, info: EngineInfo) -> None:
        self.engine_status.setText(
            self.tr(
                "llama-server {version} ({source}) at {path}; %n device(s)", "", len(info.devices)
            ).format(
                version=info.version.label,
                source=engine_source_name(info.source),
                path=str(info.path),
            )
        )

    def show_engine_choice(self, choice: EngineChoice) -> None:
        """Every candidate with its verdict; the active one first in bold."""
        self.engine_candidates.clear()
        active = choice.active
        for candidate in choice.candidates:
            info, test = candidate.info, candidate.self_test
            item = QTreeWidgetItem(
                [
                    f"{candidate.location.path} ({engine_source_name(candidate.location.source)})",
                    info.version.label if info is not None else "",
                    test.cpu_variant if test is not None else "",
                    verdict_text(candidate),
                ]
            )
            item.setData(0, Qt.ItemDataRole.UserRole, str(candidate.location.path))
            item.setToolTip(0, plain_tip(str(candidate.location.path)))
            item.setToolTip(3, plain_tip(verdict_text(candidate)))
            if candidate is active:
                font = item.font(0)
                font.setBold(True)
                for column in range(4):
                    item.setFont(column, font)
            self.engine_candidates.addTopLevelItem(item)
        for column in (1, 2):
            self.engine_candidates.resizeColumnToContents(column)
        self.engine_candidates.setColumnWidth(0, 230)

    @Slot()
    def _on_use_selected_engine(self) -> None:
        item = self.engine_candidates.currentItem()
        if item is not None:
            self.engine_path.setText(str(item.data(0, Qt.ItemDataRole.UserRole)))
            self._on_engine_path_edited()

    def show_engine_error(self, detail: str) -> None:
        self.engine_status.setText(
            self.tr("The engine cannot be used: {detail}").format(detail=detail)
        )

    @Slot()
    def _on_engine_path_edited(self) -> None:
        before = self._shown.engine_binary
        self._emit_changed()
        if self._shown.engine_binary != before:
            self.engine_status.setText(self.tr("Checking the engine…"))
            self.engine_binary_changed.emit(self._shown.engine_binary or "")

    @Slot()
    def _on_browse_engine(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Choose llama-server"))
        if path:
            self.engine_path.setText(path)
            self._on_engine_path_edited()

    @Slot()
    def _on_use_bundled(self) -> None:
        self.engine_path.clear()
        self._on_engine_path_edited()

    # -- folders and devices --------------------------------------------------------------

    def add_models_folder(self, folder: Path) -> None:
        text = str(folder)
        if text not in _list_items(self.models_folders):
            self.models_folders.addItem(text)
            self._emit_changed()

    @Slot()
    def _on_add_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Choose a folder with models"))
        if folder:
            self.add_models_folder(Path(folder))

    @Slot()
    def _on_remove_folder(self) -> None:
        row = self.models_folders.currentRow()
        if row >= 0:
            self.models_folders.takeItem(row)
            self._emit_changed()

    @Slot()
    def _on_add_rpc(self) -> None:
        # The planner's own parser, so Settings keeps exactly what planning accepts.
        try:
            endpoint = str(RpcEndpoint.parse(self.rpc_input.text()))
        except EndpointError as error:
            self.rpc_error.setText(ui_voice().error(error))
            return
        self.rpc_error.clear()
        self.rpc_input.clear()
        if endpoint not in _list_items(self.rpc_devices):
            self.rpc_devices.addItem(endpoint)
            self._emit_changed()

    @Slot()
    def _on_remove_rpc(self) -> None:
        row = self.rpc_devices.currentRow()
        if row >= 0:
            self.rpc_devices.takeItem(row)
            self._emit_changed()

    # -- token ----------------------------------------------------------------------------

    def refresh_token_status(self) -> None:
        token = self._tokens.current()
        if token:
            self.token_status.setText(
                self.tr("A token is stored: {masked}").format(masked=mask_token(token))
            )
        else:
            self.token_status.setText(
                self.tr("No token: gated and private models cannot be downloaded.")
            )
        self.token_remove.setEnabled(bool(token))

    @Slot()
    def _on_save_token(self) -> None:
        token = self.token_input.text().strip()
        if not token:
            self.token_status.setText(self.tr("Paste a token first."))
            return
        self.token_save.setEnabled(False)
        self.token_status.setText(self.tr("Checking the token with Hugging Face…"))
        self._tokens.save(token)

    @Slot()
    def _on_tokens_saved(self) -> None:
        self.token_input.clear()
        self.refresh_token_status()
        self.token_save.setEnabled(True)
        self.token_checked.emit(True)

    @Slot(object)
    def _on_tokens_refused(self, problem: Problem) -> None:
        self.token_status.setText(ui_voice().error(problem))
        self.token_save.setEnabled(True)
        self.token_checked.emit(False)

    @Slot()
    def _on_remove_token(self) -> None:
        try:
            self._tokens.clear()
        except OSError as error:
            # huggingface_hub refuses when HF_TOKEN in the environment still provides one.
            self.token_status.setText(str(error).splitlines()[0])
            return
        self.refresh_token_status()
