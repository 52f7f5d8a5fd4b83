"""The preset bar at the top of the chat's inspector: choose a preset to apply its system
prompt and sampling to the conversation; its menu saves the conversation's settings as a
new preset (or over the chosen one), renames, deletes, imports, exports, and makes the
chosen preset the one new conversations with the loaded model start from."""

from __future__ import annotations

import itertools
from pathlib import Path

from PySide6.QtCore import QEvent, QSignalBlocker
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMenu,
    QMessageBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from studio.core.errors import Problem
from studio.services.preset_service import PresetImported, PresetService, PresetsShown
from studio.ui.chat.chat_pane import ChatPane
from studio.ui.common.design import SPACE_XS, set_role
from studio.ui.common.icons import icon, set_icon
from studio.ui.common.plain_text import plain_tip
from studio.ui.common.section import Section
from studio.ui.common.voice import ui_voice


class PresetBar(Section):
    def __init__(self, service: PresetService, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Preset"), parent=parent)
        self.setObjectName("chat-preset-section")
        self.service = service
        self.shown = service.shown()

        self.choose = QComboBox()
        self.choose.setObjectName("chat-preset")
        self.choose.setAccessibleName(self.tr("Preset"))
        self.choose.setToolTip(self.tr("Apply a preset's system prompt and sampling"))
        self.choose.setPlaceholderText(self.tr("No preset"))
        self.choose.activated.connect(self._on_choose_activated)
        self.menu = QMenu(self)
        self.menu.setObjectName("chat-preset-menu")
        self.menu.aboutToShow.connect(self._fill_menu)
        self.menu_button = QToolButton()
        self.menu_button.setObjectName("chat-preset-actions")
        set_role(self.menu_button, "flat")
        set_icon(self.menu_button, "more")
        # The three dots already say "a menu": no arrow beside them.
        self.menu_button.setStyleSheet("QToolButton::menu-indicator { image: none; width: 0; }")
        self.menu_button.setAccessibleName(self.tr("Preset actions"))
        self.menu_button.setToolTip(self.tr("Save, rename, delete, import or export presets"))
        self.menu_button.setMenu(self.menu)
        self.menu_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        # The caption says what the chosen preset is to this chat and the loaded model;
        # the message, what the last action did or why it could not.
        self.caption = QLabel()
        self.caption.setObjectName("chat-preset-caption")
        self.caption.setWordWrap(True)
        set_role(self.caption, "caption")
        self.message = QLabel()
        self.message.setObjectName("chat-preset-message")
        self.message.setWordWrap(True)
        self.message.setVisible(False)

        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.choose, 1)
        row.addWidget(self.menu_button)
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(SPACE_XS)
        column.addLayout(row)
        column.addWidget(self.caption)
        column.addWidget(self.message)
        self.addWidget(body)

        # Dialogs go through these, so tests can answer them.
        self.ask_name = self._ask_name
        self.confirm_delete = self._confirm_delete
        self.ask_import_path = self._ask_import_path
        self.ask_export_path = self._ask_export_path

        service.changed.connect(self.show_presets)
        service.failed.connect(self.show_problem)
        service.imported.connect(self._on_service_imported)
        service.exported.connect(self._on_service_exported)
        self.show_presets(self.shown)

    # -- what the service tells it ---------------------------------------------------------

    def show_presets(self, shown: PresetsShown) -> None:
        self.shown = shown
        blocker = QSignalBlocker(self.choose)
        self.choose.clear()
        if shown.names:  # first, the way back to the engine's defaults
            self.choose.addItem(self.tr("No preset"))
        for name in shown.names:
            if name == shown.model_default:
                self.choose.addItem(icon("default"), name)
            else:
                self.choose.addItem(name)
        current = shown.names.index(shown.current) + 1 if shown.current else 0
        self.choose.setCurrentIndex(current if shown.names else -1)
        del blocker
        self.choose.setEnabled(bool(shown.names))
        self.caption.setText(self._caption_text(shown))
        self.caption.setVisible(bool(self.caption.text()))

    def changeEvent(self, event: QEvent) -> None:
        # The caption is built from several lookups and the default's star takes the
        # palette's colour: both are drawn again in the new language or theme.
        if event.type() in (QEvent.Type.LanguageChange, QEvent.Type.PaletteChange):
            self.show_presets(self.shown)
        super().changeEvent(event)

    def _caption_text(self, shown: PresetsShown) -> str:
        if not shown.names:
            return self.tr("Save this chat's system prompt and sampling as a preset to reuse them.")
        lines = []
        if shown.modified and shown.current:
            lines.append(self.tr("Changed since “{name}” was applied.").format(name=shown.current))
        if shown.model and shown.model_default:
            lines.append(
                self.tr("New chats with {model} start from “{name}”.").format(
                    model=shown.model, name=shown.model_default
                )
            )
        return "\n".join(lines)

    def show_problem(self, problem: Problem) -> None:
        self._say(ui_voice().error(problem), error=True)
        self.message.setToolTip(plain_tip(problem.detail))

    def _on_service_imported(self, imported: PresetImported) -> None:
        if imported.clashed:
            text = self.tr("Imported as “{name}”: a preset named “{clashed}” already existed.")
        else:
            text = self.tr("Imported “{name}”.")
        self._say(text.format(name=imported.name, clashed=imported.clashed))

    def _on_service_exported(self, target: Path) -> None:
        self._say(self.tr("Exported to {path}.").format(path=target))

    def _say(self, text: str, error: bool = False) -> None:
        set_role(self.message, "error" if error else "caption")
        self.message.setText(text)
        self.message.setToolTip("")
        self.message.setVisible(True)

    # -- intents ---------------------------------------------------------------------------

    def _on_choose_activated(self, index: int) -> None:
        self.message.setVisible(False)
        if index == 0:
            self.service.clear()
        elif 0 < index <= len(self.shown.names):
            self.service.apply(self.shown.names[index - 1])

    def _fill_menu(self) -> None:
        """Built as it opens, so each entry names the preset and model it acts on now."""
        self.menu.clear()
        shown, current = self.shown, self.shown.current
        self._action("new", self.tr("Save as a new preset…"), self.save_new)
        self._action(
            "preset",
            self.tr("Save changes to “{name}”").format(name=current)
            if current
            else self.tr("Save changes to the preset"),
            self.save_changes,
            enabled=current is not None and shown.modified,
        )
        self._action(
            "rename",
            self.tr("Rename “{name}”…").format(name=current) if current else self.tr("Rename…"),
            self.rename_current,
            enabled=current is not None,
        )
        self._action(
            "delete",
            self.tr("Delete “{name}”…").format(name=current) if current else self.tr("Delete…"),
            self.delete_current,
            enabled=current is not None,
        )
        self.menu.addSeparator()
        if shown.model is None:
            self._action(
                "default", self.tr("Load a model to give it a default preset"), None, False
            )
        else:
            default = self._action(
                "default",
                self.tr("Default for {model}").format(model=shown.model),
                None,
                enabled=current is not None,
            )
            default.setObjectName("chat-preset-default")
            default.setToolTip(self.tr("New chats with this model start from this preset"))
            default.setCheckable(True)
            default.setChecked(current is not None and shown.model_default == current)
            default.toggled.connect(self._on_default_toggled)
            if shown.model_default is not None and shown.model_default != current:
                self._action(
                    "close",
                    self.tr("Clear the default for {model} (“{name}”)").format(
                        model=shown.model, name=shown.model_default
                    ),
                    lambda: self.service.set_model_default(None),
                )
        self.menu.addSeparator()
        self._action("import", self.tr("Import a preset…"), self.import_preset)
        self._action(
            "export",
            self.tr("Export “{name}”…").format(name=current) if current else self.tr("Export…"),
            self.export_current,
            enabled=current is not None,
        )

    def _action(self, icon_name: str, text: str, slot: object, enabled: bool = True) -> QAction:
        action = self.menu.addAction(icon(icon_name), text)
        action.setEnabled(enabled)
        if callable(slot):
            action.triggered.connect(lambda _checked=False, run=slot: run())
        return action

    def _on_default_toggled(self, checked: bool) -> None:
        self.service.set_model_default(self.shown.current if checked else None)

    def save_new(self) -> None:
        suggestion = self.service.book.unique_name(self.shown.current or self.tr("My preset"))
        name = self.ask_name(self.tr("Save as a new preset"), suggestion)
        if name is not None:
            self.message.setVisible(False)
            self.service.create(name)

    def save_changes(self) -> None:
        if self.shown.current:
            self.service.update(self.shown.current)

    def rename_current(self) -> None:
        current = self.shown.current
        if current is None:
            return
        name = self.ask_name(self.tr("Rename preset"), current)
        if name is not None and name.strip() != current:
            self.message.setVisible(False)
            self.service.rename(current, name)

    def delete_current(self) -> None:
        current = self.shown.current
        if current is not None and self.confirm_delete(current):
            self.message.setVisible(False)
            self.service.delete(current)

    def import_preset(self) -> None:
        path = self.ask_import_path()
        if path is not None:
            self.message.setVisible(False)
            self.service.import_file(path)

    def export_current(self) -> None:
        current = self.shown.current
        if current is None:
            return
        target = self.ask_export_path(current)
        if target is not None:
            self.message.setVisible(False)
            self.service.export_file(current, target)

    # -- dialogs -------------------------------------------------------------------------

    def _ask_name(self, title: str, current: str) -> str | None:
        name, accepted = QInputDialog.getText(self, title, self.tr("Name:"), text=current)
        return name if accepted else None

    def _confirm_delete(self, name: str) -> bool:
        answer = QMessageBox.question(
            self,
            self.tr("Delete preset"),
            self.tr("Delete the preset “{name}”? Conversations keep their settings.").format(
                name=name
            ),
        )
        return answer == QMessageBox.StandardButton.Yes

    def _ask_import_path(self) -> Path | None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Import a preset"), "", self.tr("Presets (*.json);;All files (*)")
        )
        return Path(path) if path else None

    def _ask_export_path(self, name: str) -> Path | None:
        safe = "".join(c if c.isalnum() or c in " -_" else "_" for c in name).strip() or "preset"
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export preset"), f"{safe}.json", self.tr("Presets (*.json)")
        )
        if not path:
            return None
        target = Path(path)
        return (
            target if target.suffix.lower() == ".json" else target.with_name(target.name + ".json")
        )


def attach_presets(pane: ChatPane, service: PresetService) -> PresetBar:
    """The preset bar above the pane's system prompt. A preset applied shows in the
    sampling fields; an edit there may make another preset (or none) the current one."""
    bar = PresetBar(service)
    pane.inspector.add_presets(bar)
    # Tab reaches the bar where it stands: after the inspector's top, before the prompt.
    chain = (
        pane.inspector.scroll_area,
        bar.toggleButton(),
        bar.choose,
        bar.menu_button,
        pane.sampling.prompt_section.toggleButton(),
    )
    for before, after in itertools.pairwise(chain):
        QWidget.setTabOrder(before, after)
    service.applied.connect(pane.sampling.show_settings)
    # Connected after the pane's own handler, so the service already has the new settings.
    pane.sampling.settings_changed.connect(lambda _: service.refresh())
    return bar
