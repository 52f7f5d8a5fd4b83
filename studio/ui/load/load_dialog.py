"""The load dialog: choose how a GGUF runs, watching per-device memory move as you do.

Every control edits the current plan into a new request (`Plan.with_layers`, ...) and the
plan service re-plans; the dialog then renders the plan into the controls, the memory bars,
the reasons and the command line. Controls the model or the engine cannot use are disabled
with the reason in their tooltip. A plan that does not fit asks before loading.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal, Slot
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSlider,
    QSpinBox,
    QStyle,
    QStyleOptionSlider,
    QVBoxLayout,
    QWidget,
)

from studio.core.devices import HOST_KEY, SplitMode
from studio.core.errors import Problem
from studio.core.placement.eligibility import Eligibility
from studio.core.placement.plan import Plan
from studio.core.placement.plan_memory import plan_memory
from studio.core.placement.planner import Planner
from studio.core.placement.reasons import Reason, Setting, Severity
from studio.core.placement.remembered import Recalled, remembered
from studio.core.placement.request import DraftModel, DraftType, Mtp, PlanRequest
from studio.core.placement.setup import ModelSetup
from studio.core.residents.beside import Beside, beside
from studio.core.residents.scheduler import ResidentView
from studio.core.server.launch import display_command
from studio.core.units import GIB
from studio.services.bench_service import BenchService
from studio.services.plan_service import PlanService
from studio.ui.common.numbers import ui_size
from studio.ui.common.plain_text import rich_label
from studio.ui.common.voice import ui_voice
from studio.ui.load.memory_panel import MemoryPanel


class ContextSlider(QSlider):
    """A horizontal slider with a marker at the largest context that fits."""

    MARKER_COLOR = QColor(52, 168, 83)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.marker: int | None = None

    def set_marker(self, value: int | None) -> None:
        self.marker = value
        self.update()

    def marker_x(self) -> int | None:
        if self.marker is None or self.maximum() <= self.minimum():
            return None
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        groove = self.style().subControlRect(
            QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderGroove, self
        )
        handle = self.style().subControlRect(
            QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderHandle, self
        )
        span = groove.width() - handle.width()
        value = min(max(self.marker, self.minimum()), self.maximum())
        offset = QStyle.sliderPositionFromValue(self.minimum(), self.maximum(), value, span)
        return groove.left() + handle.width() // 2 + offset

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        x = self.marker_x()
        if x is None:
            return
        painter = QPainter(self)
        try:
            painter.setPen(QPen(self.MARKER_COLOR, 3))
            painter.drawLine(x, 0, x, self.height())
        finally:
            painter.end()


class LayerSpinBox(QSpinBox):
    """Layers on one device, counted as llama.cpp counts them: the output layer is one more
    position after the last block, and the device that holds it says so ("31 layers +
    output"), so a 32-layer model never reads as 33 layers."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.includes_output = False

    def set_includes_output(self, includes: bool) -> None:
        if includes != self.includes_output:
            self.includes_output = includes
            self.setValue(self.value())  # same value, new words
            self.lineEdit().setText(self.textFromValue(self.value()))
            self.updateGeometry()

    def textFromValue(self, value: int) -> str:
        if self.includes_output and value > 0:
            return self.tr("{n} layers + output").format(n=value - 1)
        return self.tr("{n} layers").format(n=value)

    def valueFromText(self, text: str) -> int:
        digits = re.search(r"\d+", text)
        if digits is None:
            return self.value()
        # A typed number counts blocks; the output layer stays where it is.
        return int(digits.group()) + (1 if self.includes_output else 0)

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        state = (
            QValidator.State.Acceptable
            if re.search(r"\d", text)
            else (QValidator.State.Intermediate)
        )
        return state, text, pos


class _DeviceRow:
    """One GPU or RPC device: enable checkbox, layer slider and spin box."""

    def __init__(self, key: str, label: str, parent: QWidget) -> None:
        self.key = key
        self.enabled = QCheckBox(label, parent)
        self.enabled.setObjectName(f"load-device-enabled-{key}")
        self.enabled.setAccessibleName(parent.tr("Use {device}").format(device=label))
        self.slider = QSlider(Qt.Orientation.Horizontal, parent)
        self.slider.setObjectName(f"load-device-layers-{key}")
        self.slider.setAccessibleName(parent.tr("Layers on {device}").format(device=label))
        self.spin = LayerSpinBox(parent)
        self.spin.setObjectName(f"load-device-spin-{key}")
        self.spin.setAccessibleName(parent.tr("Layers on {device}").format(device=label))


class LoadDialog(QDialog):
    """Emits `load_requested(plan)` when the user loads; `remembered_settings` then holds
    what to remember for this model. It opens with `recalled`, what was remembered for the
    model (read off the GUI thread with the model: `DialogLoads.prepare`), or auto-fit."""

    load_requested = Signal(object)  # Plan
    DEFAULT_SIZE = QSize(1200, 760)  # on a screen that has room for it

    def __init__(
        self,
        setup: ModelSetup,
        service: PlanService,
        recalled: Recalled | None = None,
        parent: QWidget | None = None,
        confirm_overflow: Callable[[QWidget, str], bool] | None = None,
        choose_draft: Callable[[QWidget], Path | None] | None = None,
        bench: BenchService | None = None,
        residents: Sequence[ResidentView] = (),
        kept: Mapping[str, int] | None = None,
    ) -> None:
        """`bench` measures plans on the app's engine (None: no engine, no benchmark);
        `residents`: the models loaded now, `kept` their bytes per device that `setup`
        took off the free memory: drawn as taken, and named when the plan needs their
        room (`core.residents.beside`)."""
        super().__init__(parent)
        self.residents = tuple(residents)
        self.kept: dict[str, int] = dict(kept or {})
        self.beside = Beside()
        self.setObjectName("load-dialog")
        self.setWindowTitle(self.tr("Load {model}").format(model=setup.model_path.name))
        # The controls column shows without scroll bars at this size, in German too; on a
        # smaller screen the dialog fits the screen and the column scrolls.
        available = self.screen().availableGeometry()
        self.resize(
            min(self.DEFAULT_SIZE.width(), available.width() - 40),
            min(self.DEFAULT_SIZE.height(), available.height() - 40),
        )
        self._setup = setup
        self._service = service
        self._confirm_overflow = confirm_overflow or _ask_load_anyway
        self._choose_draft = choose_draft or _choose_draft_file
        self._rendering = False
        self.use_projector = setup.projector is not None
        self.remembered_settings: dict[str, Any] = {}
        self._labels = {d.key: d.name for d in setup.inventory.devices}
        self._labels[HOST_KEY] = self.tr("System RAM")

        self._rows: dict[str, _DeviceRow] = {}
        controls = QWidget()
        column = QVBoxLayout(controls)
        column.addWidget(self._summary_label())
        column.addWidget(self._devices_group())
        column.addWidget(self._context_group())
        column.addWidget(self._options_group())
        column.addWidget(self._margins_group())
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setObjectName("load-controls")
        scroll.setWidgetResizable(True)
        scroll.setWidget(controls)
        scroll.setMinimumWidth(460)
        self.controls_scroll = scroll

        right = QVBoxLayout()
        self.panel = MemoryPanel(residents_shown=bool(self.residents))
        right.addWidget(self.panel)
        # Which loaded models this plan makes room by unloading, said before Load.
        self.evictions = QLabel()
        self.evictions.setObjectName("load-evictions")
        self.evictions.setWordWrap(True)
        self.evictions.setVisible(bool(self.residents))
        right.addWidget(self.evictions)
        self.reasons = QLabel()
        self.reasons.setObjectName("load-reasons")
        self.reasons.setWordWrap(True)
        self.reasons.setTextFormat(Qt.TextFormat.RichText)
        self.reasons.setAccessibleName(self.tr("Why the plan looks like this"))
        right.addWidget(self.reasons)
        right.addWidget(QLabel(self.tr("Command that will run:")))
        self.command = QPlainTextEdit()
        self.command.setObjectName("load-command")
        self.command.setReadOnly(True)
        self.command.setMaximumHeight(90)
        self.command.setAccessibleName(self.tr("Command that will run, API key redacted"))
        right.addWidget(self.command)
        right.addStretch(1)

        body = QHBoxLayout()
        body.addWidget(self.controls_scroll, 2)
        body.addLayout(right, 1)

        self.buttons = QDialogButtonBox()
        self.load_button = self.buttons.addButton(
            self.tr("Load"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.load_button.setObjectName("load-button")
        self.load_button.setDefault(True)
        cancel = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        cancel.setAccessibleName(self.tr("Close without loading"))
        self._bench = bench
        self.bench_dialog: QDialog | None = None
        if bench is not None:
            benchmark = self.buttons.addButton(
                self.tr("Benchmark…"), QDialogButtonBox.ButtonRole.ActionRole
            )
            benchmark.setObjectName("load-benchmark")
            benchmark.setAccessibleName(self.tr("Measure this plan and variants of it"))
            benchmark.clicked.connect(self._on_benchmark)
        self.load_button.clicked.connect(self._on_load_clicked)
        self.buttons.rejected.connect(self.reject)

        outer = QVBoxLayout(self)
        outer.addLayout(body, 1)
        outer.addWidget(self.buttons)

        # Enter loads wherever the focus is: a dialog's push buttons are auto-default, so
        # Auto fit (the first one made) became the default and Enter re-planned instead.
        for button in self.findChildren(QPushButton):
            button.setAutoDefault(button is self.load_button)
        self.load_button.setDefault(True)

        service.planned.connect(self._render)
        service.largest_changed.connect(self._render_marker)
        service.draft_read.connect(self._on_draft_read)
        service.draft_refused.connect(self._on_draft_refused)
        recalled = setup.recall(None) if recalled is None else recalled
        self.use_projector = recalled.use_projector
        service.plan_now(recalled.request)

    # -- building -------------------------------------------------------------------------

    def _summary_label(self) -> QLabel:
        s = self._setup.summary
        parts = [
            f"<b>{html.escape(self._setup.model_path.name)}</b>",
            html.escape(
                self.tr("{arch}, {params:.1f} B parameters, {layers} layers").format(
                    arch=s.architecture, params=s.parameter_count / 1e9, layers=s.block_count
                )
            ),
            self.tr("trained context {ctx}").format(ctx=s.context_length),
        ]
        if s.expert_count:
            parts.append(
                self.tr("MoE: {used} of {experts} experts").format(
                    used=s.expert_used_count, experts=s.expert_count
                )
            )
        label = rich_label(QLabel(" · ".join(parts)))
        label.setObjectName("load-summary")
        label.setWordWrap(True)
        return label

    def _devices_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Devices and layers"))
        grid = QGridLayout(group)
        devices = self._setup.inventory.devices
        if not devices:
            no_gpu = QLabel(self.tr("No GPU: the model runs on the CPU."))
            no_gpu.setObjectName("load-no-gpu")
            no_gpu.setWordWrap(True)
            grid.addWidget(no_gpu, 0, 0, 1, 3)
        for index, device in enumerate(devices):
            row = _DeviceRow(device.key, device.name, self)
            row.enabled.toggled.connect(
                lambda on, key=device.key: self._edit(lambda p: p.with_device_enabled(key, on))
            )
            row.slider.valueChanged.connect(
                lambda n, key=device.key: self._edit(lambda p: p.with_layers(key, n))
            )
            row.spin.valueChanged.connect(
                lambda n, key=device.key: self._edit(lambda p: p.with_layers(key, n))
            )
            grid.addWidget(row.enabled, index, 0)
            grid.addWidget(row.slider, index, 1)
            grid.addWidget(row.spin, index, 2)
            self._rows[device.key] = row
        offset = max(1, len(devices))  # the "No GPU" line has row 0 to itself
        self.host_layers = QLabel()
        self.host_layers.setObjectName("load-host-layers")
        self.host_layers.setWordWrap(True)
        grid.addWidget(self.host_layers, offset, 0, 1, 3)

        self.moe = QSlider(Qt.Orientation.Horizontal)
        self.moe.setObjectName("load-moe")
        self.moe.setAccessibleName(self.tr("Layers whose experts stay on the CPU"))
        self.moe.valueChanged.connect(lambda n: self._edit(lambda p: p.with_n_cpu_moe(n)))
        self.moe_label = QLabel()
        self.moe_label.setObjectName("load-moe-label")
        self.moe_label.setWordWrap(True)
        grid.addWidget(QLabel(self.tr("MoE experts on CPU")), offset + 1, 0)
        grid.addWidget(self.moe, offset + 1, 1, 1, 2)
        grid.addWidget(self.moe_label, offset + 2, 0, 1, 3)

        self.tensor_parallel = QCheckBox(self.tr("Tensor parallel (split every layer)"))
        self.tensor_parallel.setObjectName("load-tensor-parallel")
        self.tensor_parallel.setAccessibleName(self.tr("Tensor parallelism"))
        self.tensor_parallel.toggled.connect(
            lambda on: self._edit(lambda p: p.with_tensor_parallel(on))
        )
        grid.addWidget(self.tensor_parallel, offset + 3, 0, 1, 3)
        return group

    def _context_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Context"))
        column = QVBoxLayout(group)
        self.ctx_slider = ContextSlider()
        self.ctx_slider.setObjectName("load-ctx-slider")
        self.ctx_slider.setAccessibleName(self.tr("Context length in tokens"))
        self.ctx_slider.valueChanged.connect(self._on_ctx_slider)
        self.ctx_spin = QSpinBox()
        self.ctx_spin.setObjectName("load-ctx-spin")
        self.ctx_spin.setAccessibleName(self.tr("Context length in tokens"))
        self.ctx_spin.setSuffix(self.tr(" tokens"))
        self.ctx_spin.editingFinished.connect(
            lambda: self._edit(lambda p: p.with_ctx(self.ctx_spin.value()))
        )
        self.auto_fit = QPushButton(self.tr("&Auto fit"))
        self.auto_fit.setObjectName("load-auto-fit")
        self.auto_fit.setAccessibleName(
            self.tr("Choose the largest context and placement that fit")
        )
        self.auto_fit.clicked.connect(self._on_auto_fit)
        row = QHBoxLayout()
        row.addWidget(self.ctx_slider, 1)
        row.addWidget(self.ctx_spin)
        row.addWidget(self.auto_fit)
        self.ctx_label = QLabel()
        self.ctx_label.setObjectName("load-ctx-label")
        column.addLayout(row)
        column.addWidget(self.ctx_label)
        return group

    def _options_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Options"))
        form = QFormLayout(group)
        self.cache_k = QComboBox()
        self.cache_k.setObjectName("load-cache-k")
        self.cache_k.setAccessibleName(self.tr("K cache type"))
        self.cache_v = QComboBox()
        self.cache_v.setObjectName("load-cache-v")
        self.cache_v.setAccessibleName(self.tr("V cache type"))
        for combo in (self.cache_k, self.cache_v):
            combo.currentTextChanged.connect(self._on_cache_types)
        kv = QHBoxLayout()
        kv.addWidget(QLabel("K"))
        kv.addWidget(self.cache_k)
        kv.addWidget(QLabel("V"))
        kv.addWidget(self.cache_v)
        form.addRow(self.tr("KV cache"), kv)
        self.flash_attn = QCheckBox(self.tr("Flash attention"))
        self.flash_attn.setObjectName("load-flash-attn")
        self.flash_attn.setAccessibleName(self.tr("Flash attention"))
        self.flash_attn.toggled.connect(
            lambda on: self._edit(lambda p: p.request.with_changes(flash_attn=on))
        )
        form.addRow("", self.flash_attn)
        self.parallel = QSpinBox()
        self.parallel.setObjectName("load-parallel")
        self.parallel.setAccessibleName(self.tr("Parallel slots"))
        self.parallel.setMinimum(1)
        self.parallel.valueChanged.connect(lambda n: self._edit(lambda p: p.with_parallel(n)))
        form.addRow(self.tr("Parallel slots"), self.parallel)
        self.mmproj = QCheckBox(self.tr("Vision projector (mmproj)"))
        self.mmproj.setObjectName("load-mmproj")
        self.mmproj.setAccessibleName(self.tr("Load the vision projector"))
        self.mmproj.toggled.connect(self._on_mmproj)
        form.addRow("", self.mmproj)
        self.mtp = QCheckBox(self.tr("Speculative decoding with the model's MTP layers"))
        self.mtp.setObjectName("load-mtp")
        self.mtp.setAccessibleName(self.tr("MTP speculative decoding"))
        self.mtp.toggled.connect(
            lambda on: self._edit(
                lambda p: p.request.with_changes(speculative=Mtp() if on else None)
            )
        )
        # A model's MTP head may ship as its own file (mtp-*.gguf): it drafts as draft-mtp.
        self.draft_type = QComboBox()
        self.draft_type.setObjectName("load-draft-type")
        self.draft_type.addItem(self.tr("Small model"), DraftType.SIMPLE.value)
        self.draft_type.addItem(self.tr("MTP head"), DraftType.MTP.value)
        self.draft_type.setAccessibleName(self.tr("How the draft file drafts"))
        self.draft_type.currentIndexChanged.connect(self._on_draft_type)
        # The draft file's spec type shares the MTP row: a row of its own, or a place
        # beside the file, would overflow the controls column.
        speculative_row = QHBoxLayout()
        speculative_row.addWidget(self.mtp, 1)
        speculative_row.addWidget(self.draft_type)
        form.addRow("", speculative_row)
        self.draft_label = QLabel(self.tr("No draft model"))
        self.draft_label.setObjectName("load-draft-label")
        self.draft_choose = QPushButton(self.tr("Draft model…"))
        self.draft_choose.setObjectName("load-draft-choose")
        self.draft_choose.setAccessibleName(
            self.tr("Choose a small model for speculative decoding")
        )
        self.draft_choose.clicked.connect(self._on_choose_draft)
        self.draft_clear = QPushButton(self.tr("No draft"))
        self.draft_clear.setObjectName("load-draft-clear")
        self.draft_clear.setAccessibleName(self.tr("Stop using the draft model"))
        self.draft_clear.clicked.connect(
            lambda: self._edit(lambda p: p.request.with_changes(speculative=None))
        )
        draft = QHBoxLayout()
        draft.addWidget(self.draft_label, 1)
        draft.addWidget(self.draft_choose)
        draft.addWidget(self.draft_clear)
        form.addRow(self.tr("Draft model"), draft)
        return group

    def _margins_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Safety margins"))
        group.setToolTip(
            self.tr(
                "Memory each device keeps free for other programs and allocations no "
                "estimate sees. The bars' dashed line is free memory less this margin."
            )
        )
        form = QFormLayout(group)
        self._margins: dict[str, QDoubleSpinBox] = {}
        keys = [(d.key, d.name) for d in self._setup.inventory.devices]
        keys.append((HOST_KEY, self.tr("System RAM")))
        for key, label in keys:
            spin = QDoubleSpinBox()
            spin.setObjectName(f"load-margin-{key}")
            spin.setAccessibleName(self.tr("Safety margin of {device}").format(device=label))
            spin.setDecimals(2)
            spin.setSingleStep(0.25)
            spin.setRange(0.0, 1024.0)
            spin.setSuffix(self.tr(" GiB"))
            spin.setKeyboardTracking(False)  # re-plan when the value is entered, not per key
            spin.valueChanged.connect(
                lambda value, key=key: self._edit(lambda p: p.with_margin(key, round(value * GIB)))
            )
            form.addRow(label, spin)
            self._margins[key] = spin
        return group

    # -- editing --------------------------------------------------------------------------

    @property
    def plan(self) -> Plan:
        plan = self._service.plan
        assert plan is not None  # planned in __init__
        return plan

    @property
    def setup(self) -> ModelSetup:
        return self._setup

    @property
    def planner(self) -> Planner:
        """The planner behind this dialog; the manager steps down with it after an OOM."""
        return self._setup.planner

    def _edit(self, change: Callable[[Plan], PlanRequest]) -> None:
        if self._rendering:
            return
        # A request still waiting would be lost if the next edit started from an older plan.
        current = self._service.flush() if self._service.pending else self._service.plan
        assert current is not None
        self._service.submit(change(current))

    @Slot(int)
    def _on_ctx_slider(self, value: int) -> None:
        step = self.plan.limits.ctx_step or 1
        snapped = max(self.ctx_slider.minimum(), round(value / step) * step)
        self._edit(lambda p: p.with_ctx(snapped))

    @Slot()
    def _on_auto_fit(self) -> None:
        self._edit(lambda p: p.with_auto_fit())

    @Slot()
    def _on_cache_types(self) -> None:
        k, v = self.cache_k.currentText(), self.cache_v.currentText()
        if k and v:
            self._edit(lambda p: p.with_cache_types(k, v))

    @Slot()
    def _on_choose_draft(self) -> None:
        path = self._choose_draft(self)
        if path is not None:
            self.use_draft(path)

    def use_draft(self, path: Path) -> None:
        """Speculative decoding with `path` as the draft model (replaces MTP), once its
        header is read (off the GUI thread)."""
        self._service.read_draft(path, self._chosen_draft_type())

    @Slot(object)
    def _on_draft_read(self, draft: DraftModel) -> None:
        self._edit(lambda p: p.request.with_changes(speculative=draft))

    @Slot(object, object)
    def _on_draft_refused(self, path: Path, problem: Problem) -> None:
        self.draft_label.setText(
            self.tr("{file} cannot be used: {reason}").format(file=path.name, reason=problem.detail)
        )

    def _chosen_draft_type(self) -> DraftType:
        return DraftType(self.draft_type.currentData())

    @Slot(int)
    def _on_draft_type(self, _index: int) -> None:
        if self._rendering:
            return
        kind = self._chosen_draft_type()

        def change(plan: Plan) -> PlanRequest:
            speculative = plan.request.speculative
            if not isinstance(speculative, DraftModel):
                return plan.request  # applies to the next draft file chosen
            return plan.request.with_changes(speculative=replace(speculative, spec_type=kind))

        self._edit(change)

    @Slot(bool)
    def _on_mmproj(self, on: bool) -> None:
        if self._rendering:
            return
        self.use_projector = on and self._setup.projector is not None
        projector = self._setup.projector if self.use_projector else None
        self._edit(lambda p: p.request.with_changes(projector=projector))

    # -- rendering ------------------------------------------------------------------------

    def device_label(self, key: str) -> str:
        return self._labels.get(key, key)

    @Slot(object)
    def _render(self, plan: Plan) -> None:
        self._rendering = True
        try:
            self._render_devices(plan)
            self._render_context(plan)
            self._render_options(plan)
            self._render_margins(plan)
        finally:
            self._rendering = False
        self.beside = beside(plan, self.residents, self.kept)
        self.panel.show_devices(plan_memory(plan), self.kept, self.beside.taken or {})
        self._render_evictions()
        self._render_reasons(plan)
        # What will really run, as `studio fit` prints it: the plan's launch with the
        # manager's placeholders (binary name, port; the API key is in a file, never here).
        self.command.setPlainText(display_command(self._setup.command(plan)))
        fits = self.fits(plan)
        self.load_button.setText(self.tr("Load") if fits else self.tr("Load anyway…"))

    def fits(self, plan: Plan) -> bool:
        """Whether `plan` fits: beside the loaded models, or once those named leave."""
        return plan.fits or (bool(self.beside.leaving) and self.beside.room)

    def _render_evictions(self) -> None:
        if not self.residents:
            return
        decision = self.beside
        others = [v.name for v in self.residents if v.name not in decision.leaving]
        if decision.leaving:
            text = self.tr("Loading unloads {models} to make room.").format(
                models=", ".join(decision.leaving)
            )
        else:
            text = self.tr("Loads beside {models}; nothing is unloaded.").format(
                models=", ".join(others)
            )
        if not decision.room:
            text += " " + self.tr("Even so, the models that stay leave too little room.")
        self.evictions.setText(text)

    def _render_devices(self, plan: Plan) -> None:
        layer_mode = plan.split_mode is SplitMode.LAYER
        positions = plan.limits.positions
        # llama.cpp puts the output layer (the position after the last block) on the last
        # device that holds layers.
        holders = [d.key for d in plan.devices if d.enabled and d.layers > 0]
        output_device = holders[-1] if layer_mode and holders else None
        limits = plan.limits
        for device in plan.devices:
            row = self._rows.get(device.key)
            if row is None:
                continue
            row.enabled.setChecked(device.enabled)
            row.spin.set_includes_output(device.key == output_device)
            for control in (row.slider, row.spin):
                control.setRange(0, positions)
                control.setValue(device.layers)
                self._offer(control, limits.layers, "", device.enabled)
        on_host = positions - sum(d.layers for d in plan.devices if d.enabled)
        blocks = positions - 1
        if layer_mode and output_device is None:
            self.host_layers.setText(
                self.tr("All {blocks} layers + output on the CPU").format(blocks=blocks)
            )
        elif layer_mode:
            self.host_layers.setText(
                self.tr("{layers} of {blocks} layers on the CPU").format(
                    layers=max(0, min(on_host, blocks)), blocks=blocks
                )
            )
        else:
            self.host_layers.setText(
                self.tr("Every layer is split over the devices ({split}).").format(
                    split=", ".join(f"{share:g}" for share in plan.tensor_split)
                )
            )

        self.moe.setRange(0, limits.n_cpu_moe_max)
        self.moe.setValue(plan.n_cpu_moe)
        moe_reasons = [r for r in plan.reasons if r.setting is Setting.N_CPU_MOE]
        self._offer(self.moe, limits.n_cpu_moe, "")
        if limits.n_cpu_moe_max == 0:
            self.moe_label.setText(self.moe.toolTip())  # dense: why there is nothing to move
        else:
            step_bytes = limits.n_cpu_moe_step_bytes
            index = min(plan.n_cpu_moe, len(step_bytes) - 1)
            moved = sum(step_bytes[: plan.n_cpu_moe])
            self.moe_label.setText(
                self.tr(
                    "Experts of {n} of {max} layers on the CPU ({moved} moved to RAM); "
                    "each step moves {step}."
                ).format(
                    n=plan.n_cpu_moe,
                    max=limits.n_cpu_moe_max,
                    moved=ui_size(moved),
                    step=ui_size(step_bytes[index]) if step_bytes else "0",
                )
                + "".join(" " + self._reason(r) for r in moe_reasons)
            )

        tensor_on = plan.split_mode is SplitMode.TENSOR
        self.tensor_parallel.setChecked(tensor_on)
        # Left on when refused, so the user can still switch it off.
        self._offer(
            self.tensor_parallel,
            limits.tensor_parallel,
            self.tr("Every layer is split over all enabled devices."),
            keep_enabled=tensor_on,
        )

    def _render_margins(self, plan: Plan) -> None:
        for device in (*plan.devices, plan.host):
            spin = self._margins.get(device.key)
            if spin is not None:
                spin.setValue(device.margin / GIB)

    def _render_context(self, plan: Plan) -> None:
        limits = plan.limits
        for control in (self.ctx_slider, self.ctx_spin):
            control.setRange(limits.ctx_min, max(limits.ctx_min, limits.ctx_max))
            control.setSingleStep(limits.ctx_step)
            control.setValue(plan.ctx)
        self.ctx_slider.setPageStep(limits.ctx_step * 16)
        self._render_marker(self._service.largest_fitting_ctx)

    @Slot(object)
    def _render_marker(self, largest: int | None) -> None:
        plan = self.plan
        self.ctx_slider.set_marker(largest)
        automatic = self.tr(" (automatic)") if plan.asked.ctx is None else ""
        if largest is None:
            marker = self.tr("No context fits with this placement.")
        else:
            marker = self.tr("Largest that fits: {largest}").format(largest=largest)
        self.ctx_label.setText(
            self.tr("{ctx} tokens{automatic}; trained {trained}. {marker}").format(
                ctx=plan.ctx, automatic=automatic, trained=plan.limits.ctx_trained, marker=marker
            )
        )
        self.ctx_slider.setToolTip(marker)

    def _render_options(self, plan: Plan) -> None:
        request = plan.request
        types = plan.limits.cache_types
        for combo, value in (
            (self.cache_k, request.cache_type_k),
            (self.cache_v, request.cache_type_v),
        ):
            if [combo.itemText(i) for i in range(combo.count())] != list(types):
                combo.clear()
                combo.addItems(list(types))
            combo.setCurrentText(value)
        limits = plan.limits
        for combo in (self.cache_k, self.cache_v):
            self._offer(combo, limits.cache_type, "")
        self.flash_attn.setChecked(request.flash_attn)
        self._offer(self.flash_attn, limits.flash_attn, "")

        self.parallel.setMaximum(plan.limits.parallel_max)
        self.parallel.setValue(request.parallel)

        projector = self._setup.projector
        self.mmproj.setChecked(limits.mmproj.allowed and request.projector is not None)
        self._offer(
            self.mmproj,
            limits.mmproj,
            self.tr("{file}: {size}").format(
                file=projector.path.name, size=ui_size(projector.weight_bytes)
            )
            if projector is not None
            else "",
        )

        speculative = request.speculative
        self._offer(self.draft_choose, limits.draft, "")
        self.draft_clear.setEnabled(isinstance(speculative, DraftModel))
        if isinstance(speculative, DraftModel):
            self.draft_type.setCurrentIndex(self.draft_type.findData(speculative.spec_type.value))
            self.draft_label.setText(
                self.tr("{file} ({size}), drafting {n} tokens").format(
                    file=speculative.path.name,
                    size=ui_size(speculative.summary.total_bytes),
                    n=speculative.n_max,
                )
            )
        else:
            self.draft_label.setText(self.tr("No draft model"))

        self.mtp.setChecked(isinstance(request.speculative, Mtp))
        self._offer(
            self.mtp,
            limits.mtp,
            self.tr("The model's own MTP layers draft tokens; their KV is reserved."),
        )

    def _offer(
        self,
        control: QWidget,
        eligibility: Eligibility,
        tooltip: str,
        usable: bool = True,
        keep_enabled: bool = False,
    ) -> None:
        """Enable `control` as the plan's limits say (and `usable`: a state of its row, such
        as its device being switched off); a refused control says why in its tooltip."""
        control.setEnabled((eligibility.allowed and usable) or keep_enabled)
        control.setToolTip(
            tooltip
            if eligibility.allowed
            else "\n".join(self._reason(r) for r in eligibility.reasons)
        )

    def _reason(self, reason: Reason) -> str:
        return ui_voice().reason(reason, self.device_label)

    def _render_reasons(self, plan: Plan) -> None:
        shown = [*self._setup.environment_reasons, *plan.reasons]
        if not plan.fits and self.fits(plan):
            # Over the room the loaded models leave, within what their leaving frees: the
            # eviction line says it, not a budget error.
            shown = [r for r in shown if r.severity is not Severity.ERROR]
        lines = []
        for reason in shown:
            if reason.setting is Setting.SPECULATIVE and not isinstance(
                plan.request.speculative, Mtp
            ):
                continue  # MTP's ineligibility is in its tooltip unless the user asked for it
            colour = {
                Severity.ERROR: "#dc2626",
                Severity.WARNING: "#d97706",
                Severity.INFO: "",
            }[reason.severity]
            # A device's name comes from the engine or an RPC server on the network.
            text = html.escape(self._reason(reason))
            lines.append(f'<span style="color:{colour}">{text}</span>' if colour else text)
        if plan.fits:
            header = self.tr("<b>Fits.</b>")
        elif self.fits(plan):
            header = self.tr("<b>Fits once the models named above are unloaded.</b>")
        else:
            header = '<b style="color:#dc2626">' + self.tr("Does not fit.") + "</b>"
        self.reasons.setText("<br>".join([header, *lines]))

    # -- measuring -----------------------------------------------------------------------

    @Slot()
    def _on_benchmark(self) -> None:
        """The benchmark panel over this plan; a plan used there comes back here."""
        assert self._bench is not None  # the button exists only with a benchmark service
        # Imported here: the panel brings pyqtgraph and numpy, which nothing else of the
        # load dialog needs.
        from studio.ui.load.bench_dialog import BenchDialog

        plan = self._service.flush() or self.plan
        dialog = BenchDialog(self._setup, plan, self._bench, self.device_label, self._reason, self)
        dialog.plan_chosen.connect(self.use_plan)
        self.bench_dialog = dialog
        dialog.open()

    @Slot(object)
    def use_plan(self, plan: Plan) -> None:
        """Show `plan` (a measured variant of this model) as if it had been set here."""
        self._service.plan_now(plan.request)

    # -- loading --------------------------------------------------------------------------

    @Slot()
    def _on_load_clicked(self) -> None:
        plan = self._service.flush() or self.plan
        if not self.fits(plan):
            problems = [self._reason(r) for r in plan.reasons if r.severity is Severity.ERROR]
            if not self._confirm_overflow(self, "\n".join(problems)):
                return
        self.remembered_settings = remembered(plan, self.use_projector)
        self.load_requested.emit(plan)
        self.accept()


def _choose_draft_file(parent: QWidget) -> Path | None:
    path, _ = QFileDialog.getOpenFileName(
        parent, parent.tr("Choose a draft model"), "", parent.tr("GGUF models (*.gguf)")
    )
    return Path(path) if path else None


def _ask_load_anyway(parent: QWidget, problems: str) -> bool:
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(parent.tr("The plan does not fit"))
    box.setText(
        parent.tr(
            "This plan needs more memory than is free. Loading it may fail with an "
            "out-of-memory error, or slow the whole computer down."
        )
    )
    box.setInformativeText(problems)
    anyway = box.addButton(parent.tr("Load anyway"), QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    return box.clickedButton() is anyway
