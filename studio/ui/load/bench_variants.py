"""The variants a benchmark compares, as a grid: a row per knob, the base plan's values in
the first column and a column per variant, each starting as the base; what a column
changes is its variant (`Changes`).

Only knobs that mean something for this model on this machine get a row (layers per GPU
where there are GPUs, experts on the CPU for a MoE model, tensor parallelism with two
devices or more); a row the plan's limits refuse stays, disabled, with the reasons in its
tooltip, as the load dialog shows its own controls.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from studio.core.bench import MAX_VARIANTS, Changes
from studio.core.devices import SplitMode
from studio.core.placement.eligibility import Eligibility
from studio.core.placement.plan import DevicePlan, Plan
from studio.core.placement.reasons import Reason

ALLOWED = Eligibility(True)
UBATCHES = (64, 128, 256, 512, 1024, 2048, 4096)
COLUMN_WIDTH = 150  # pixels of a variant's column: its name wraps within it
TITLE_WIDTH = 240  # pixels of a knob's name (a GPU's may be long): elided past it
# A knob's change: (knobs by field name, layers by device) as `Changes` takes them.
Change = tuple[dict[str, Any], dict[str, int]]


@dataclass(frozen=True)
class Knob:
    """One row: what it is called, the base's value, the values it offers (`choices`, a
    combo box; a bool, a check box; else a spin box from `least` to `most`, 0 read as
    `zero` when given), what a value changes and how it is named in a variant's label."""

    name: str
    title: str
    base: Any
    change: Callable[[Any], Change]
    words: Callable[[Any], str]
    shown: Callable[[Any], str] = str
    choices: tuple[Any, ...] = ()
    least: int = 0
    most: int = 0
    zero: str = ""
    eligibility: Eligibility = ALLOWED


class VariantGrid(QWidget):
    """The base column and up to MAX_VARIANTS - 1 variant columns."""

    changed = Signal()

    def __init__(
        self,
        plan: Plan,
        device_label: Callable[[str], str],
        reason: Callable[[Reason], str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("bench-variants")
        self._reason = reason
        self.knobs = self._knobs(plan, device_label)
        self._columns: list[_Column] = []
        self._grid = QGridLayout()
        self._grid.setHorizontalSpacing(12)
        self._grid.addWidget(_header(self.tr("Base (this plan)")), 0, 1)
        title_metrics = self.fontMetrics()
        for row, knob in enumerate(self.knobs, start=1):
            title = QLabel(
                title_metrics.elidedText(knob.title, Qt.TextElideMode.ElideMiddle, TITLE_WIDTH)
            )
            title.setObjectName(f"bench-knob-title-{knob.name}")
            title.setToolTip(knob.title)
            self._grid.addWidget(title, row, 0)
            base = QLabel(knob.shown(knob.base))
            base.setObjectName(f"bench-knob-base-{knob.name}")
            self._grid.addWidget(base, row, 1)
            if not knob.eligibility.allowed:
                tip = "\n".join(self._reason(r) for r in knob.eligibility.reasons)
                title.setToolTip(f"{knob.title}\n{tip}")
                base.setToolTip(tip)
        self.add_button = QPushButton(self.tr("Add a variant"))
        self.add_button.setObjectName("bench-add-variant")
        self.add_button.setAccessibleName(self.tr("Add a variant to compare with the base"))
        self.add_button.clicked.connect(self.add_variant)
        columns = QHBoxLayout()  # the columns keep their width; the room is left over
        columns.addLayout(self._grid)
        columns.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(columns)
        layout.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addStretch(1)

    # -- columns --------------------------------------------------------------------------

    @property
    def variant_count(self) -> int:
        """Variants besides the base."""
        return len(self._columns)

    @Slot()
    def add_variant(self) -> None:
        if self.variant_count >= MAX_VARIANTS - 1:
            return
        column = _Column(self, self.knobs, self.variant_count + 1, self._reason)
        column.changed.connect(self._on_column_changed)
        column.remove.clicked.connect(lambda: self.remove_variant(column))
        self._columns.append(column)
        self._place()
        self.changed.emit()

    def remove_variant(self, column: _Column) -> None:
        self._columns.remove(column)
        for widget in column.widgets():
            self._grid.removeWidget(widget)
            widget.deleteLater()
        column.deleteLater()
        self._place()
        self.changed.emit()

    def column(self, index: int) -> _Column:
        """The variant column `index` (0: the first after the base)."""
        return self._columns[index]

    def _place(self) -> None:
        for index, column in enumerate(self._columns):
            column.number = index + 1
            grid_column = index + 2
            self._grid.addWidget(column.header, 0, grid_column)
            for row, editor in enumerate(column.editors, start=1):
                self._grid.addWidget(editor, row, grid_column)
            column.rename()
        self.add_button.setEnabled(self.variant_count < MAX_VARIANTS - 1)

    @Slot()
    def _on_column_changed(self) -> None:
        self.changed.emit()

    def changes(self) -> list[Changes]:
        """The base (no changes), then each variant's changes."""
        return [Changes(), *(column.changes() for column in self._columns)]

    def _on_off(self, on: bool) -> str:
        return self.tr("on") if on else self.tr("off")

    def _layers(self, device: DevicePlan, label: str, plan: Plan) -> Knob:
        name = device.engine_name or device.key

        def change(count: int) -> Change:
            return {}, {name: count}

        def words(count: int) -> str:
            return self.tr("{n} layers on {device}").format(n=count, device=label)

        return Knob(
            f"layers-{device.key}",
            self.tr("Layers on {device}").format(device=label),
            device.layers,
            change,
            words,
            most=plan.limits.positions,
            eligibility=plan.limits.layers,
        )

    def _knobs(self, plan: Plan, device_label: Callable[[str], str]) -> list[Knob]:
        """The rows that mean something for `plan`'s model on its devices."""
        limits = plan.limits
        request = plan.request
        knobs: list[Knob] = []
        gpus = [d for d in plan.devices if d.enabled]
        if plan.split_mode is SplitMode.LAYER:
            knobs += [self._layers(device, device_label(device.key), plan) for device in gpus]
        if limits.n_cpu_moe_max > 0:
            knobs.append(
                Knob(
                    "n-cpu-moe",
                    self.tr("Layers with experts on the CPU"),
                    plan.n_cpu_moe,
                    lambda n: ({"n_cpu_moe": n}, {}),
                    lambda n: self.tr("experts of {n} layers on the CPU").format(n=n),
                    most=limits.n_cpu_moe_max,
                    eligibility=limits.n_cpu_moe,
                )
            )
        if len(plan.devices) > 1:
            knobs.append(
                Knob(
                    "tensor-parallel",
                    self.tr("Tensor parallel"),
                    plan.split_mode is SplitMode.TENSOR,
                    lambda on: ({"split_mode": SplitMode.TENSOR if on else SplitMode.LAYER}, {}),
                    lambda on: self.tr("tensor parallel") if on else self.tr("split by layer"),
                    shown=self._on_off,
                    eligibility=limits.tensor_parallel,
                )
            )
        kv = request.cache_type_k
        knobs.append(
            Knob(
                "cache-type",
                self.tr("KV cache type"),
                kv,
                lambda kind: ({"cache_type_k": kind, "cache_type_v": kind}, {}),
                lambda kind: self.tr("KV {type}").format(type=kind),
                choices=tuple(dict.fromkeys((kv, *limits.cache_types))),
                eligibility=limits.cache_type,
            )
        )
        knobs.append(
            Knob(
                "flash-attn",
                self.tr("Flash attention"),
                request.flash_attn,
                lambda on: ({"flash_attn": on}, {}),
                lambda on: self.tr("flash attention on") if on else self.tr("flash attention off"),
                shown=self._on_off,
                eligibility=limits.flash_attn,
            )
        )
        ubatches = sorted({request.ubatch, *(n for n in UBATCHES if n <= request.batch)})
        knobs.append(
            Knob(
                "ubatch",
                self.tr("Micro-batch (tokens)"),
                request.ubatch,
                lambda n: ({"ubatch": n}, {}),
                lambda n: self.tr("micro-batch {n}").format(n=n),
                choices=tuple(ubatches),
            )
        )
        knobs.append(
            Knob(
                "threads",
                self.tr("CPU threads"),
                0,
                lambda n: ({"threads": n}, {}),
                lambda n: self.tr("threads {n}").format(n=n),
                shown=lambda n: self.tr("automatic") if n == 0 else str(n),
                most=os.cpu_count() or 1,
                zero=self.tr("automatic"),
            )
        )
        return knobs


class _Column(QObject):
    """One variant: its name above, a remove button and an editor per knob."""

    changed = Signal()

    def __init__(
        self,
        grid: QWidget,
        knobs: list[Knob],
        number: int,
        reason: Callable[[Reason], str],
    ) -> None:
        super().__init__(grid)
        self.knobs = knobs
        self.number = number
        self.name = QLabel()
        self.name.setObjectName("bench-variant-name")
        self.name.setWordWrap(True)
        self.remove = QToolButton()
        self.remove.setText(self.tr("Remove"))
        self.remove.setObjectName("bench-remove-variant")
        self.header = QWidget(grid)
        self.header.setFixedWidth(COLUMN_WIDTH)
        stack = QVBoxLayout(self.header)
        stack.setContentsMargins(0, 0, 0, 0)
        stack.addWidget(self.remove, 0, Qt.AlignmentFlag.AlignLeft)
        stack.addWidget(self.name)
        self.editors = [self._editor(knob, reason) for knob in knobs]

    def widgets(self) -> list[QWidget]:
        return [self.header, *self.editors]

    def _editor(self, knob: Knob, reason: Callable[[Reason], str]) -> QWidget:
        editor: QWidget
        if knob.choices:
            combo = QComboBox()
            for value in knob.choices:
                combo.addItem(knob.shown(value), value)
            combo.setCurrentIndex(knob.choices.index(knob.base))
            combo.currentIndexChanged.connect(self._on_edit)
            editor = combo
        elif isinstance(knob.base, bool):
            check = QCheckBox()
            check.setChecked(knob.base)
            check.toggled.connect(self._on_edit)
            editor = check
        else:
            spin = QSpinBox()
            spin.setRange(knob.least, knob.most)
            spin.setSpecialValueText(knob.zero)
            spin.setValue(knob.base)
            spin.valueChanged.connect(self._on_edit)
            editor = spin
        editor.setObjectName(f"bench-knob-{knob.name}")
        editor.setFixedWidth(COLUMN_WIDTH)
        editor.setEnabled(knob.eligibility.allowed)
        if not knob.eligibility.allowed:
            editor.setToolTip("\n".join(reason(r) for r in knob.eligibility.reasons))
        return editor

    def rename(self) -> None:
        self.name.setText(self.label())
        self.name.setToolTip(self.label())
        for knob, editor in zip(self.knobs, self.editors, strict=True):
            editor.setAccessibleName(
                self.tr("{knob} of variant {n}").format(knob=knob.title, n=self.number)
            )
        self.remove.setAccessibleName(self.tr("Remove variant {n}").format(n=self.number))

    @Slot()
    def _on_edit(self) -> None:
        self.rename()
        self.changed.emit()

    def values(self) -> list[Any]:
        found: list[Any] = []
        for editor in self.editors:
            if isinstance(editor, QComboBox):
                found.append(editor.currentData())
            elif isinstance(editor, QCheckBox):
                found.append(editor.isChecked())
            elif isinstance(editor, QSpinBox):
                found.append(editor.value())
        return found

    def _changed(self) -> list[tuple[Knob, Any]]:
        return [
            (knob, value)
            for knob, value in zip(self.knobs, self.values(), strict=True)
            if value != knob.base
        ]

    def label(self) -> str:
        words = [knob.words(value) for knob, value in self._changed()]
        return ", ".join(words) if words else self.tr("same as the base")

    def changes(self) -> Changes:
        knobs: dict[str, Any] = {}
        layers: dict[str, int] = {}
        for knob, value in self._changed():
            more_knobs, more_layers = knob.change(value)
            knobs.update(more_knobs)
            layers.update(more_layers)
        return Changes(knobs, layers, self.label())


def _header(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setFixedWidth(COLUMN_WIDTH)
    label.setAlignment(Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignLeft)
    return label
