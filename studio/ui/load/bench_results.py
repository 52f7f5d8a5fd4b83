"""What a benchmark found, shown: the verdict in words, the plots, the plan to use (a
measured variant's, into the load dialog), the earlier results for this model, engine and
devices, and the exports (PNG, CSV, JSON)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QDateTime, QLocale, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from studio.core.bench import (
    BenchKey,
    BenchRecord,
    Metric,
    RecordKind,
    TuneResult,
    Variant,
    export_csv,
    export_json,
)
from studio.core.bench.tune import REMEMBERED_KNOBS
from studio.core.bench.variants import LAUNCH_KEPT_KNOBS, PLAN_KNOBS
from studio.services.bench_service import BenchDone, BenchHistory, BenchService
from studio.ui.common.voice import ui_voice
from studio.ui.load.bench_plots import BenchPlots

# Asks where to save an export: (the parent, a file name to suggest) -> the path, or None.
ChooseFile = Callable[[QWidget, str], Path | None]


@dataclass(frozen=True)
class Shown:
    """The record on screen, its key, and the variants planned for it (a job run in this
    dialog: their plans can be used; an earlier record has none)."""

    record: BenchRecord
    key: BenchKey
    variants: tuple[Variant, ...] = ()
    tuned: TuneResult | None = None

    def usable(self) -> list[Variant]:
        """The measured variants whose plans can be loaded."""
        measured = {o.variant for o in self.record.comparison.outcomes if o.result is not None}
        return [v for v in self.variants if v.label in measured and v.fits]

    def fastest(self) -> str | None:
        """The tuning's winner, else the fastest generation, else the only one measured."""
        if self.tuned is not None and self.tuned.winner is not None:
            return self.tuned.winner.label
        for verdict in self.record.comparison.verdicts:
            if verdict.metric is Metric.GENERATION:
                return verdict.fastest
        usable = self.usable()
        return usable[0].label if usable else None


class BenchResults(QWidget):
    plan_chosen = Signal(object)  # Plan of the chosen variant

    def __init__(
        self,
        bench: BenchService,
        device_name: Callable[[str, str], str],
        choose_file: ChooseFile | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("bench-results")
        self._bench = bench
        self._choose_file = choose_file or _choose_export_file
        self.shown: Shown | None = None
        self._history: BenchHistory | None = None

        self.verdict = QLabel()
        self.verdict.setObjectName("bench-verdict")
        self.verdict.setWordWrap(True)
        self.verdict.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.plots = BenchPlots(device_name)

        self.choice = QComboBox()
        self.choice.setObjectName("bench-use-choice")
        self.choice.setAccessibleName(self.tr("The measured plan to use"))
        self.choice.currentIndexChanged.connect(self._on_choice)
        self.use_button = QPushButton(self.tr("Use this plan"))
        self.use_button.setObjectName("bench-use-plan")
        self.use_button.setAccessibleName(self.tr("Put this plan into the load dialog"))
        self.use_button.clicked.connect(self._on_use)
        self.use_notes = QLabel()
        self.use_notes.setObjectName("bench-use-notes")
        self.use_notes.setWordWrap(True)
        self.earlier = QComboBox()
        self.earlier.setObjectName("bench-earlier")
        self.earlier.setAccessibleName(self.tr("Earlier results for this model and devices"))
        self.earlier.setPlaceholderText(self.tr("Earlier results"))
        self.earlier.setMinimumContentsLength(28)
        self.earlier.activated.connect(self._on_earlier)
        self.export_button = QPushButton(self.tr("Export…"))
        self.export_button.setObjectName("bench-export")
        self.export_button.setAccessibleName(self.tr("Save the result as PNG, CSV or JSON"))
        self.export_button.clicked.connect(self._on_export)
        self.saved = QLabel()
        self.saved.setObjectName("bench-saved")

        use = QHBoxLayout()
        use.addWidget(self.choice, 1)
        use.addWidget(self.use_button)
        use.addStretch(1)
        use.addWidget(self.earlier, 1)
        use.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.verdict)
        layout.addWidget(self.plots, 1)
        layout.addLayout(use)
        layout.addWidget(self.use_notes)
        layout.addWidget(self.saved)
        bench.exported.connect(self._on_exported)
        self._show(None)

    # -- what is shown --------------------------------------------------------------------

    def show_done(self, done: BenchDone) -> None:
        self._show(Shown(done.record, done.key, done.variants, done.tuned))

    def show_history(self, history: BenchHistory) -> None:
        """List `history`'s records, newest first, to show one again."""
        self._history = history
        self.earlier.clear()
        for record in reversed(history.records):
            self.earlier.addItem(self._title(record))
        self.earlier.setCurrentIndex(-1)
        self.earlier.setEnabled(bool(history.records))

    def _show(self, shown: Shown | None) -> None:
        self.shown = shown
        self.plots.show_comparison(shown.record.comparison if shown else None)
        self.verdict.setText(self._words(shown) if shown else "")
        self.choice.blockSignals(True)
        self.choice.clear()
        usable = shown.usable() if shown else []
        for variant in usable:
            self.choice.addItem(variant.label, variant.label)
        fastest = shown.fastest() if shown else None
        if fastest is not None and self.choice.findData(fastest) >= 0:
            self.choice.setCurrentIndex(self.choice.findData(fastest))
        self.choice.blockSignals(False)
        self.choice.setEnabled(bool(usable))
        self.use_button.setEnabled(bool(usable))
        self.export_button.setEnabled(shown is not None)
        self.saved.clear()
        self._on_choice()

    def _words(self, shown: Shown) -> str:
        voice = ui_voice()
        comparison = shown.record.comparison
        lines: list[str] = []
        if shown.tuned is not None and shown.tuned.winner is not None:
            lines.append(self.tr("Fastest: {variant}.").format(variant=shown.tuned.winner.label))
        lines += [voice.code(code, params) for code, params in comparison.sentences()]
        measured = [o for o in comparison.outcomes if o.result is not None]
        if len(measured) == 1 and measured[0].result is not None:
            result = measured[0].result
            lines.append(
                self.tr(
                    "{variant}: {generation} tokens/s generating, {prompt} tokens/s reading "
                    "the prompt, the first token after {first} s."
                ).format(
                    variant=measured[0].variant,
                    generation=_number(result.generation_per_s.median, 1),
                    prompt=_number(result.prompt_per_s.median, 0),
                    first=_number(result.first_token_s.median, 2),
                )
            )
        for outcome in comparison.outcomes:
            if outcome.problem is not None:
                said = voice.error(outcome.problem)
                # Some sentences name the variant themselves; the others are told whose.
                if outcome.variant not in said:
                    said = self.tr("{variant}: {problem}").format(
                        variant=outcome.variant, problem=said
                    )
                lines.append(said)
            elif outcome.stopped_early:
                lines.append(
                    self.tr("{variant}: stopped after one run, clearly slower.").format(
                        variant=outcome.variant
                    )
                )
        return "\n".join(lines)

    def _title(self, record: BenchRecord) -> str:
        when = QLocale().toString(
            QDateTime.fromSecsSinceEpoch(int(record.when)), QLocale.FormatType.ShortFormat
        )
        kinds = {
            RecordKind.BENCHMARK: self.tr("benchmark"),
            RecordKind.COMPARISON: self.tr("A/B"),
            RecordKind.TUNING: self.tr("search for the fastest"),
        }
        labels = ", ".join(o.variant for o in record.comparison.outcomes)
        return self.tr("{when}, {kind}: {variants}").format(
            when=when, kind=kinds[record.kind], variants=labels
        )

    # -- using a plan ---------------------------------------------------------------------

    def chosen(self) -> Variant | None:
        if self.shown is None:
            return None
        label = self.choice.currentData()
        return next((v for v in self.shown.variants if v.label == label), None)

    @Slot()
    def _on_choice(self) -> None:
        """Say which of the chosen plan's changes loading it from the dialog does not keep."""
        variant = self.chosen()
        written = variant.changes.written() if variant is not None else {}
        unremembered = [
            f"{k}={v}" for k, v in written.items() if k in PLAN_KNOBS and k not in REMEMBERED_KNOBS
        ]
        unplanned = [f"{k}={v}" for k, v in written.items() if k in LAUNCH_KEPT_KNOBS]
        notes = []
        if unremembered:
            notes.append(
                self.tr("{changes}: used for this load, not remembered for the next.").format(
                    changes=", ".join(unremembered)
                )
            )
        if unplanned:
            notes.append(
                self.tr(
                    "{changes}: not part of a plan, so a load from the dialog leaves it to "
                    "the engine."
                ).format(changes=", ".join(unplanned))
            )
        self.use_notes.setText(" ".join(notes))
        self.use_notes.setVisible(bool(notes))

    @Slot()
    def _on_use(self) -> None:
        variant = self.chosen()
        if variant is not None:
            self.plan_chosen.emit(variant.plan)

    @Slot(int)
    def _on_earlier(self, index: int) -> None:
        history = self._history
        if history is None or index < 0:
            return
        record = history.records[len(history.records) - 1 - index]
        self._show(Shown(record, history.key))

    # -- exports --------------------------------------------------------------------------

    @Slot()
    def _on_export(self) -> None:
        shown = self.shown
        if shown is None:
            return
        path = self._choose_file(self, self.tr("benchmark"))
        if path is None:
            return
        suffix = path.suffix.lower()
        image = self.plots.png() if suffix == ".png" else b""  # pixels are the GUI thread's
        say = ui_voice().code

        def render() -> str | bytes:
            if suffix == ".png":
                return image
            if suffix == ".csv":
                return export_csv(shown.record)
            return export_json(shown.record, shown.key, say)

        self._bench.export(path, render)

    @Slot(object)
    def _on_exported(self, path: Path) -> None:
        self.saved.setText(self.tr("Saved to {path}.").format(path=path))


def _number(value: float, decimals: int) -> str:
    return QLocale().toString(value, "f", decimals)


def _choose_export_file(parent: QWidget, name: str) -> Path | None:
    filters = {
        parent.tr("PNG image (*.png)"): ".png",
        parent.tr("CSV table (*.csv)"): ".csv",
        parent.tr("JSON document (*.json)"): ".json",
    }
    path, chosen = QFileDialog.getSaveFileName(
        parent, parent.tr("Export the benchmark"), name, ";;".join(filters)
    )
    if not path:
        return None
    target = Path(path)
    return (
        target
        if target.suffix.lower() in filters.values()
        else target.with_suffix(filters.get(chosen, ".json"))
    )
