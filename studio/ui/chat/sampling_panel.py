"""The system prompt and sampling settings of the open conversation, as two foldable
sections of the chat's inspector."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, QSize, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QPlainTextEdit,
    QSpinBox,
    QStyle,
    QStyleOptionComboBox,
    QVBoxLayout,
    QWidget,
)

from studio.core.chat import SamplingSettings
from studio.core.chat.backend import TemplateCapabilities
from studio.ui.chat.context_settings import ContextSettings
from studio.ui.common.section import Section

_THINKING_DEFAULT, _THINKING_ON, _THINKING_OFF = 0, 1, 2


def _float_box(name: str, maximum: float, step: float, decimals: int) -> QDoubleSpinBox:
    """A spin box whose lowest value reads "Default" and means "let the server decide"."""
    box = QDoubleSpinBox()
    box.setObjectName(name)
    box.setDecimals(decimals)
    box.setSingleStep(step)
    box.setRange(-step, maximum)
    box.setValue(-step)
    return box


def _int_box(name: str, minimum: int, maximum: int) -> QSpinBox:
    box = QSpinBox()
    box.setObjectName(name)
    box.setRange(minimum, maximum)
    box.setValue(minimum)
    return box


class SamplingPanel(QWidget):
    settings_changed = Signal(object)  # SamplingSettings

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chat-sampling")
        self.system_prompt = QPlainTextEdit()
        self.system_prompt.setObjectName("chat-system-prompt")
        self.system_prompt.setAccessibleName(self.tr("System prompt"))
        self.system_prompt.setPlaceholderText(self.tr("The template's default system prompt"))
        self.system_prompt.setMaximumHeight(120)
        self.system_prompt.setTabChangesFocus(True)  # Tab moves on to the sampling fields

        default = self.tr("Default")
        self.temperature = _float_box("chat-temperature", 5.0, 0.05, 2)
        self.top_p = _float_box("chat-top-p", 1.0, 0.05, 2)
        self.min_p = _float_box("chat-min-p", 1.0, 0.01, 2)
        self.top_k = _int_box("chat-top-k", -1, 1000)
        self.max_tokens = _int_box("chat-max-tokens", 0, 1 << 20)
        self.seed = _int_box("chat-seed", -1, 2**31 - 1)
        for box, name in (
            (self.temperature, self.tr("Temperature")),
            (self.top_p, self.tr("Top-p")),
            (self.min_p, self.tr("Min-p")),
            (self.top_k, self.tr("Top-k")),
            (self.max_tokens, self.tr("Maximum tokens")),
        ):
            box.setSpecialValueText(default)
            box.setAccessibleName(name)
        self.seed.setSpecialValueText(self.tr("Random"))
        self.seed.setAccessibleName(self.tr("Seed"))

        self.thinking = QComboBox()
        self.thinking.setObjectName("chat-thinking")
        self.thinking.setAccessibleName(self.tr("Thinking"))
        self.thinking.addItems([self.tr("Template default"), self.tr("On"), self.tr("Off")])
        # Its minimum follows its items when a live language switch renames them: Qt
        # measures them once, and German "Standard der Vorlage" was clipped.
        self.thinking.model().dataChanged.connect(self._fit_thinking)
        self._fit_thinking()
        self._stored_thinking: bool | None = None
        self.thinking_reason = QLabel()
        self.thinking_reason.setObjectName("chat-thinking-reason")
        self.thinking_reason.setWordWrap(True)
        self.context = ContextSettings(self)  # thinking budget and overflow policy

        form = QFormLayout()
        # Labels go above their fields when a translation makes a row too wide.
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow(self.tr("Temperature"), self.temperature)
        form.addRow(self.tr("Top-p"), self.top_p)
        form.addRow(self.tr("Top-k"), self.top_k)
        form.addRow(self.tr("Min-p"), self.min_p)
        form.addRow(self.tr("Maximum tokens"), self.max_tokens)
        form.addRow(self.tr("Seed"), self.seed)
        form.addRow(self.tr("Thinking"), self.thinking)
        form.addRow(self.thinking_reason)
        form.addRow(self.context.budget_label, self.context.budget)

        # Two sections the user can fold: the prompt is long-lived, sampling is tuned.
        self.prompt_section = Section(self.tr("System prompt"))
        self.prompt_section.setObjectName("chat-prompt-section")
        self.prompt_section.addWidget(self.system_prompt)
        form_holder = QWidget()
        form_holder.setLayout(form)
        form.setContentsMargins(0, 0, 0, 0)
        self.sampling_section = Section(self.tr("Sampling"))
        self.sampling_section.setObjectName("chat-sampling-section")
        self.sampling_section.addWidget(form_holder)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.prompt_section)
        layout.addWidget(self.sampling_section)
        layout.addWidget(self.context.section)
        layout.addStretch(1)

        # Typing in the prompt saves once the user pauses, not on every key.
        self._prompt_pause = QTimer(self)
        self._prompt_pause.setSingleShot(True)
        self._prompt_pause.setInterval(400)
        self._prompt_pause.timeout.connect(self._emit_settings)
        self.system_prompt.textChanged.connect(self._prompt_pause.start)
        for spin in (self.temperature, self.top_p, self.min_p):
            spin.valueChanged.connect(self._emit_settings)
        for int_spin in (self.top_k, self.max_tokens, self.seed):
            int_spin.valueChanged.connect(self._emit_settings)
        self.thinking.currentIndexChanged.connect(self._emit_settings)
        self.context.changed.connect(self._emit_settings)
        self.set_capabilities(TemplateCapabilities(), model_loaded=False)

    def _fit_thinking(self, *_: object) -> None:
        combo = self.thinking
        widest = max(
            combo.fontMetrics().horizontalAdvance(combo.itemText(i)) for i in range(combo.count())
        )
        option = QStyleOptionComboBox()
        combo.initStyleOption(option)
        size = combo.style().sizeFromContents(
            QStyle.ContentsType.CT_ComboBox, option, QSize(widest, combo.height()), combo
        )
        combo.setMinimumWidth(size.width())

    def settings(self) -> SamplingSettings:
        def float_or_none(box: QDoubleSpinBox) -> float | None:
            return None if box.value() <= box.minimum() else round(box.value(), box.decimals())

        def int_or_none(box: QSpinBox) -> int | None:
            return None if box.value() <= box.minimum() else box.value()

        thinking = {_THINKING_ON: True, _THINKING_OFF: False}.get(self.thinking.currentIndex())
        settings = SamplingSettings(
            temperature=float_or_none(self.temperature),
            top_p=float_or_none(self.top_p),
            top_k=int_or_none(self.top_k),
            min_p=float_or_none(self.min_p),
            max_tokens=int_or_none(self.max_tokens),
            seed=int_or_none(self.seed),
            system_prompt=self.system_prompt.toPlainText(),
            # A template without the switch keeps the stored choice for a model that has it.
            thinking=thinking if self.thinking.isEnabled() else self._stored_thinking,
        )
        return self.context.apply(settings)

    def show_settings(self, settings: SamplingSettings) -> None:
        """Show a conversation's settings without echoing them back as a change."""
        widgets = (self.system_prompt, self.temperature, self.top_p, self.min_p, self.top_k)
        blockers = [
            QSignalBlocker(w) for w in (*widgets, self.max_tokens, self.seed, self.thinking)
        ]
        self._prompt_pause.stop()
        if self.system_prompt.toPlainText() != settings.system_prompt:
            self.system_prompt.setPlainText(settings.system_prompt)
        for box, value in (
            (self.temperature, settings.temperature),
            (self.top_p, settings.top_p),
            (self.min_p, settings.min_p),
        ):
            box.setValue(box.minimum() if value is None else value)
        for int_box, int_value in (
            (self.top_k, settings.top_k),
            (self.max_tokens, settings.max_tokens),
            (self.seed, settings.seed),
        ):
            int_box.setValue(int_box.minimum() if int_value is None else int_value)
        self._stored_thinking = settings.thinking
        if settings.thinking is None:
            self.thinking.setCurrentIndex(_THINKING_DEFAULT)
        else:
            self.thinking.setCurrentIndex(_THINKING_ON if settings.thinking else _THINKING_OFF)
        del blockers
        self.context.show_settings(settings)

    def set_capabilities(self, capabilities: TemplateCapabilities, model_loaded: bool) -> None:
        """Thinking on/off only for templates that read the switch; otherwise say why not."""
        self.thinking.setEnabled(capabilities.supports_thinking)
        self.context.set_capabilities(capabilities)
        if capabilities.supports_thinking:
            self.thinking_reason.setText("")
        elif not model_loaded:
            self.thinking_reason.setText(self.tr("Load a model to see whether it can think."))
        else:
            self.thinking_reason.setText(
                self.tr("This model's chat template has no thinking switch.")
            )
        self.thinking_reason.setVisible(bool(self.thinking_reason.text()))
        self.thinking.setToolTip(self.thinking_reason.text())

    def _emit_settings(self) -> None:
        self.settings_changed.emit(self.settings())
