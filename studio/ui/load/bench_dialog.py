"""The load dialog's benchmark panel: measure its plan, compare it with variants (A/B), or
search around it for the fastest plan that fits, on the app's own engine.

The work is `BenchService`'s (one job at a time, what was loaded before put back
afterwards); this dialog chooses the variants and how to measure them, shows the progress
and what was found, and hands a measured plan back to the load dialog to load as usual.
A search is planned and estimated first, and starts only once the person agrees.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QRegularExpression, QSize, Qt, Signal, Slot
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from studio.core.bench import BenchOptions, BenchProgress, Phase
from studio.core.bench.results import (
    DEFAULT_GENERATED_TOKENS,
    DEFAULT_PROMPT_LENGTHS,
    DEFAULT_RUNS,
)
from studio.core.errors import Problem
from studio.core.placement.plan import Plan
from studio.core.placement.reasons import Reason
from studio.core.placement.setup import ModelSetup
from studio.services.bench_service import BenchDone, BenchService, TuneOffer
from studio.ui.common.design import set_role
from studio.ui.common.numbers import ui_count
from studio.ui.common.voice import device_name, ui_voice
from studio.ui.load.bench_results import BenchResults, ChooseFile
from studio.ui.load.bench_variants import VariantGrid

MAX_RUNS = 20
MAX_TOKENS = 4096
_LENGTHS = QRegularExpression(r"^\s*\d{1,6}(\s*[,; ]\s*\d{1,6})*\s*$")


class _SidewaysScroll(QScrollArea):
    """Scrolls its widget sideways only: always as tall as the widget asks (every knob in
    sight, however tall a column's header grows), while six columns may be too wide."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__()
        self._content = widget
        self.setObjectName("bench-variants-scroll")
        self.setWidgetResizable(True)
        self.setWidget(widget)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The widget's layout changed (a column added, its header grown once polished):
        # the dialog's layout asks this one's size again.
        if watched is self._content and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)

    def _height(self) -> int:
        bar = self.horizontalScrollBar().sizeHint().height()
        return self._content.sizeHint().height() + bar + 2 * self.frameWidth()

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self._height())

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), self._height())


class BenchDialog(QDialog):
    """Emits `plan_chosen(plan)` when the person uses a measured plan."""

    plan_chosen = Signal(object)  # Plan
    DEFAULT_SIZE = QSize(1240, 800)

    def __init__(
        self,
        setup: ModelSetup,
        plan: Plan,
        bench: BenchService,
        device_label: Callable[[str], str],
        reason: Callable[[Reason], str],
        parent: QWidget | None = None,
        choose_file: ChooseFile | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("bench-dialog")
        self.setWindowTitle(self.tr("Benchmark {model}").format(model=setup.model_path.name))
        available = self.screen().availableGeometry()
        self.resize(
            min(self.DEFAULT_SIZE.width(), available.width() - 40),
            min(self.DEFAULT_SIZE.height(), available.height() - 40),
        )
        self._setup = setup
        self._plan = plan
        self._bench = bench
        self._waiting = False  # a job or a search this dialog asked for is under way
        self._offer: TuneOffer | None = None

        self.variants = VariantGrid(plan, device_label, reason)
        self.variants.changed.connect(self._on_choices_changed)
        scroll = _SidewaysScroll(self.variants)
        variants = QGroupBox(self.tr("Variants of the plan"))
        QVBoxLayout(variants).addWidget(scroll)

        top = QHBoxLayout()
        top.addWidget(variants, 3)
        top.addWidget(self._measure_group(), 1)

        self.problem = QLabel()
        self.problem.setObjectName("bench-problem")
        self.problem.setWordWrap(True)
        set_role(self.problem, "error")
        self.results = BenchResults(bench, device_name, choose_file)
        self.results.plan_chosen.connect(self._on_plan_chosen)
        found = QGroupBox(self.tr("Results"))
        QVBoxLayout(found).addWidget(self.results)

        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        outer = QVBoxLayout(self)
        outer.addLayout(top)
        outer.addWidget(self.problem)
        outer.addWidget(found, 1)
        outer.addWidget(close)

        bench.progress.connect(self._on_progress)
        bench.finished.connect(self._on_finished)
        bench.failed.connect(self._on_failed)
        bench.stopped.connect(self._on_stopped)
        bench.offered.connect(self._on_offered)
        bench.busy_changed.connect(self._on_busy)
        bench.history_read.connect(self.results.show_history)
        bench.read_history(plan)
        self._on_choices_changed()
        self._on_busy(bench.busy)

    def _measure_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("How to measure"))
        form = QFormLayout(group)
        self.runs = QSpinBox()
        self.runs.setObjectName("bench-runs")
        self.runs.setAccessibleName(self.tr("Runs per variant"))
        self.runs.setRange(1, MAX_RUNS)
        self.runs.setValue(DEFAULT_RUNS)
        form.addRow(self.tr("Runs per variant"), self.runs)
        self.lengths = QLineEdit(" ".join(str(n) for n in DEFAULT_PROMPT_LENGTHS))
        self.lengths.setObjectName("bench-prompt-lengths")
        self.lengths.setAccessibleName(self.tr("Prompt lengths in tokens"))
        self.lengths.setValidator(QRegularExpressionValidator(_LENGTHS, self.lengths))
        self.lengths.setToolTip(self.tr("Those longer than the context are left out."))
        self.lengths.textChanged.connect(self._on_choices_changed)
        form.addRow(self.tr("Prompt lengths (tokens)"), self.lengths)
        self.tokens = QSpinBox()
        self.tokens.setObjectName("bench-tokens")
        self.tokens.setAccessibleName(self.tr("Tokens written per request"))
        self.tokens.setRange(1, MAX_TOKENS)
        self.tokens.setValue(DEFAULT_GENERATED_TOKENS)
        form.addRow(self.tr("Tokens written"), self.tokens)

        self.run_button = QPushButton()
        self.run_button.setObjectName("bench-run")
        self.run_button.clicked.connect(self._on_run)
        self.tune_button = QPushButton(self.tr("Find the fastest…"))
        self.tune_button.setObjectName("bench-tune")
        self.tune_button.setAccessibleName(
            self.tr("Search around this plan for the fastest plan that fits")
        )
        self.tune_button.clicked.connect(self._on_tune)
        form.addRow(self.run_button)
        form.addRow(self.tune_button)

        self.offer = QLabel()
        self.offer.setObjectName("bench-offer")
        self.offer.setWordWrap(True)
        self.start_tune = QPushButton(self.tr("Start the search"))
        self.start_tune.setObjectName("bench-start-tune")
        self.start_tune.clicked.connect(self._on_start_tune)
        self.drop_tune = QPushButton(self.tr("Not now"))
        self.drop_tune.setObjectName("bench-drop-tune")
        self.drop_tune.setAccessibleName(self.tr("Do not start the search"))
        self.drop_tune.clicked.connect(self._on_drop_tune)
        offer_buttons = QHBoxLayout()
        offer_buttons.addWidget(self.start_tune)
        offer_buttons.addWidget(self.drop_tune)
        form.addRow(self.offer)
        form.addRow(offer_buttons)
        self._show_offer(None)

        self.progress_bar = QProgressBar()
        self.progress_bar.setObjectName("bench-progress")
        self.progress_bar.setAccessibleName(self.tr("Benchmark progress"))
        self.progress_bar.setTextVisible(False)  # the status below says it in words
        self.status = QLabel()
        self.status.setObjectName("bench-status")
        self.status.setWordWrap(True)
        self.cancel_button = QPushButton(self.tr("Cancel the benchmark"))
        self.cancel_button.setObjectName("bench-cancel")
        self.cancel_button.clicked.connect(self._on_cancel)
        form.addRow(self.progress_bar)
        form.addRow(self.status)
        form.addRow(self.cancel_button)
        return group

    # -- what to measure ------------------------------------------------------------------

    def options(self) -> BenchOptions | None:
        """How to measure, as the fields say; None while the prompt lengths do not read."""
        text = self.lengths.text()
        if not _LENGTHS.match(text).hasMatch():
            return None
        lengths = tuple(int(n) for n in re.findall(r"\d+", text))
        if min(lengths) < 1:
            return None
        return BenchOptions(self.runs.value(), lengths, self.tokens.value())

    @Slot()
    def _on_choices_changed(self) -> None:
        count = self.variants.variant_count
        self.run_button.setText(
            self.tr("Benchmark this plan") if count == 0 else self.tr("Run the A/B")
        )
        self.run_button.setAccessibleName(
            self.tr("Measure this plan")
            if count == 0
            else self.tr("Measure the base and %n variant(s) in turn", "", count)
        )
        self._enable()

    def _enable(self) -> None:
        busy = self._bench.busy or self._waiting
        ready = not busy and self.options() is not None
        self.run_button.setEnabled(ready)
        self.tune_button.setEnabled(ready)
        self.variants.setEnabled(not busy)
        self.cancel_button.setEnabled(self._bench.busy and self._waiting)

    @Slot()
    def _on_run(self) -> None:
        options = self.options()
        if options is None:
            return
        self._begin(self.tr("Planning the variants…"))
        task = self._bench.measure(self._setup, self._plan, self.variants.changes(), options)
        if task is None:
            self._waiting = False
            self._enable()

    @Slot()
    def _on_tune(self) -> None:
        options = self.options()
        if options is None:
            return
        self._begin(self.tr("Planning the variants to try…"))
        self._bench.offer_tuning(self._setup, self._plan, options)

    @Slot(object)
    def _on_offered(self, offer: TuneOffer) -> None:
        if not self._waiting:
            return
        self._waiting = False
        self.status.clear()
        self._show_offer(offer)
        self._enable()

    def _show_offer(self, offer: TuneOffer | None) -> None:
        self._offer = offer
        for widget in (self.offer, self.start_tune, self.drop_tune):
            widget.setVisible(offer is not None)
        if offer is None:
            return
        estimate = offer.estimate
        # A search tries a handful of variants at least (KV types, micro-batches, flash
        # attention): the counts are never one.
        text = self.tr("{variants} variants to try, {runs} runs at most: about {time}.").format(
            variants=ui_count(estimate.variants),
            runs=ui_count(estimate.runs),
            time=self._duration(estimate.seconds),
        )
        basis = (
            self.tr("Estimated from the last benchmark of this plan.")
            if estimate.measured
            else self.tr("A rough guess: nothing was measured yet.")
        )
        text = f"{text} {basis}"
        if estimate.left_out:
            text += " " + self.tr("%n more do not fit and are left out.", "", estimate.left_out)
        self.offer.setText(text)

    def _duration(self, seconds: float) -> str:
        if seconds < 90:
            return self.tr("%n second(s)", "", max(1, round(seconds)))
        return self.tr("%n minute(s)", "", round(seconds / 60))

    @Slot()
    def _on_start_tune(self) -> None:
        offer = self._offer
        self._show_offer(None)
        if offer is None:
            return
        self._begin(self.tr("Starting the search…"))
        if self._bench.tune(offer) is None:
            self._waiting = False
            self._enable()

    @Slot()
    def _on_drop_tune(self) -> None:
        self._show_offer(None)

    def _begin(self, status: str) -> None:
        self._waiting = True
        self.problem.clear()
        self._show_offer(None)
        self.status.setText(status)
        self.progress_bar.setRange(0, 0)  # busy until the first step is told
        self._enable()

    # -- the job --------------------------------------------------------------------------

    @Slot(object)
    def _on_progress(self, step: BenchProgress) -> None:
        if not self._waiting:
            return
        self.progress_bar.setRange(0, max(1, step.total))
        self.progress_bar.setValue(step.done)
        self.status.setText(self._step_words(step))

    def _step_words(self, step: BenchProgress) -> str:
        if step.phase is Phase.LOADING:
            return self.tr("Loading {variant}…").format(variant=step.variant)
        if step.phase is Phase.WARMING_UP:
            return self.tr("Warming up {variant}…").format(variant=step.variant)
        if step.phase is Phase.MEASURING:
            return self.tr("Measuring {variant}: run {run} of {runs}…").format(
                variant=step.variant, run=ui_count(step.run), runs=ui_count(step.runs)
            )
        return self.tr("Loading again what was loaded before…")

    @Slot(object)
    def _on_finished(self, done: BenchDone) -> None:
        if not self._waiting:
            return
        self._waiting = False
        self.progress_bar.setRange(0, 1)
        self.progress_bar.setValue(1)
        self.status.setText(self.tr("Done."))
        self.results.show_done(done)
        self._bench.read_history(self._plan)

    @Slot(object)
    def _on_failed(self, problem: Problem) -> None:
        """A job's, a search's, the earlier results' or an export's failure."""
        if self._waiting:
            self._waiting = False
            self._idle()
        self.problem.setText(ui_voice().error(problem))

    @Slot()
    def _on_stopped(self) -> None:
        if not self._waiting:
            return
        self._waiting = False
        self._idle()
        self.status.setText(self.tr("Cancelled; what was loaded before is loaded again."))

    def _idle(self) -> None:
        self.progress_bar.setRange(0, 1)
        self.progress_bar.setValue(0)
        self.status.clear()
        self._enable()

    @Slot(bool)
    def _on_busy(self, _busy: bool) -> None:
        self._enable()

    @Slot()
    def _on_cancel(self) -> None:
        self.status.setText(self.tr("Stopping, then loading again what was loaded before…"))
        self._bench.cancel()

    @Slot(object)
    def _on_plan_chosen(self, plan: Plan) -> None:
        self.plan_chosen.emit(plan)
        self.accept()

    # -- closing --------------------------------------------------------------------------

    def done(self, result: int) -> None:
        """Closed in any way: a job this dialog started stops with it (what was loaded
        before comes back)."""
        if self._waiting:
            self._bench.cancel()
        super().done(result)
