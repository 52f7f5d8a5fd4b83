"""The load dialog's benchmarks: a plan measured, variants compared (A/B) or the fastest
plan searched for, on the app's own engine (the manager the chat uses), one job at a time.

A job plans its variants off the GUI thread, measures them through `studio.core.bench`
and keeps the record in the `BenchStore`; whatever the manager held before comes back
afterwards however the job ends (done, failed or cancelled: `Restore`). While a chat
answer is being written a job is refused rather than queued: it would swap the model out
from under the answer, and a queued job would start at a moment nobody chose.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from studio.core.bench import (
    BenchKey,
    BenchOptions,
    BenchRecord,
    BenchStore,
    Changes,
    Comparison,
    RecordKind,
    Restore,
    TuneEstimate,
    TuneResult,
    TuneSearch,
    Variant,
    benchmark,
    compare,
    plan_variants,
    tune,
    tune_search,
    write_export,
)
from studio.core.engine import EngineInfo
from studio.core.errors import Problem
from studio.core.placement.load_plan import PlannedLoad
from studio.core.placement.plan import Plan
from studio.core.placement.setup import ModelSetup
from studio.core.server.manager import ServerManager
from studio.core.server.states import ServerState
from studio.core.tasks import TaskOwner
from studio.services.background import Background
from studio.services.plan_service import unreadable_model

log = logging.getLogger(__name__)

# States in which the manager holds a model someone asked for: it comes back afterwards.
_HOLDING = frozenset(
    {ServerState.STARTING, ServerState.READY, ServerState.CRASHED, ServerState.RESPAWNING}
)


@dataclass(frozen=True)
class BenchDone:
    """A finished job: its record (kept in the store under `key`), the variants it
    planned (their plans, to use one), and a tuning's result (None for a benchmark or an
    A/B)."""

    record: BenchRecord
    key: BenchKey
    variants: tuple[Variant, ...]
    tuned: TuneResult | None = None


@dataclass(frozen=True)
class TuneOffer:
    """A tuning planned but not started: what it would try and about how long it would
    take, for the person to agree to first."""

    search: TuneSearch
    estimate: TuneEstimate
    options: BenchOptions
    key: BenchKey


@dataclass(frozen=True)
class BenchHistory:
    """The records kept for one model, engine build and device set, oldest first."""

    key: BenchKey
    records: tuple[BenchRecord, ...]


class BenchService(QObject):
    progress = Signal(object)  # BenchProgress
    finished = Signal(object)  # BenchDone
    failed = Signal(object)  # Problem
    stopped = Signal()  # a cancelled job has ended, what was loaded before put back
    busy_changed = Signal(bool)
    offered = Signal(object)  # TuneOffer
    history_read = Signal(object)  # BenchHistory
    exported = Signal(object)  # Path

    def __init__(
        self,
        manager: ServerManager,
        store: BenchStore,
        tasks: TaskOwner,
        engine_info: Callable[[], EngineInfo | None],
        answering: Callable[[], bool],
        parent: QObject | None = None,
    ) -> None:
        """`engine_info` gives the running engine build (part of a record's key);
        `answering` says whether a chat answer is being written now."""
        super().__init__(parent)
        self._manager = manager
        self._store = store
        self._work = Background(tasks)
        self._engine_info = engine_info
        self._answering = answering
        self._job: asyncio.Task[BenchDone | None] | None = None
        self._cancelling = False

    @property
    def busy(self) -> bool:
        return self._job is not None and not self._job.done()

    # -- jobs ---------------------------------------------------------------------------

    def measure(
        self,
        setup: ModelSetup,
        base: Plan,
        changes: Sequence[Changes],
        options: BenchOptions,
    ) -> asyncio.Task[BenchDone | None] | None:
        """Benchmark `base` with `changes` applied: one change (`Changes()`: the base
        itself) is a benchmark, two to six an A/B. None when refused (`failed` says why)."""

        async def job() -> BenchDone:
            restore = self._restore()
            variants, key = await asyncio.to_thread(self._plan, setup, base, changes)
            if len(variants) == 1:
                outcome = await benchmark(
                    self._manager, variants[0], options, self.progress.emit, restore=restore
                )
                kind, comparison = RecordKind.BENCHMARK, Comparison.of([outcome])
            else:
                comparison = await compare(
                    self._manager, variants, options, self.progress.emit, restore=restore
                )
                kind = RecordKind.COMPARISON
            record = BenchRecord(kind, time.time(), options, comparison)
            await asyncio.to_thread(self._keep, key, record)
            return BenchDone(record, key, variants)

        return self._start(base, job)

    def offer_tuning(self, setup: ModelSetup, base: Plan, options: BenchOptions) -> None:
        """Plan a tuning around `base` and estimate it (off the GUI thread): `offered`,
        for `tune` once the person agrees."""

        def search() -> TuneOffer:
            found = tune_search(setup, base)
            key = BenchKey.of(base, self._engine_info())
            reference = self._store.reference(key)
            return TuneOffer(found, found.estimate(options, reference), options, key)

        self._work.call(
            "bench-tune-search",
            search,
            self.offered.emit,
            self.failed.emit,
            expected=unreadable_model(base.model_path),
            latest=True,
        )

    def tune(self, offer: TuneOffer) -> asyncio.Task[BenchDone | None] | None:
        """Run the tuning `offer` planned. None when refused (`failed` says why)."""

        async def job() -> BenchDone:
            restore = self._restore()
            tuned = await tune(
                self._manager, offer.search, offer.options, self.progress.emit, restore=restore
            )
            record = BenchRecord(RecordKind.TUNING, time.time(), offer.options, tuned.comparison)
            await asyncio.to_thread(self._keep, offer.key, record)
            return BenchDone(record, offer.key, offer.search.variants, tuned)

        return self._start(offer.search.base.plan, job)

    def cancel(self) -> None:
        """Stop the job: within a request, then what was loaded before comes back and
        `stopped` is told. Asking twice changes nothing (the put-back must not be cut)."""
        if self._job is not None and not self._job.done() and not self._cancelling:
            self._cancelling = True
            self._job.cancel()

    def _start(
        self, base: Plan, job: Callable[[], Awaitable[BenchDone]]
    ) -> asyncio.Task[BenchDone | None] | None:
        refusal = self._refusal()
        if refusal is not None:
            self.failed.emit(refusal)
            return None
        task = self._work.run(
            "bench",
            job,
            self.finished.emit,
            self.failed.emit,
            expected=unreadable_model(base.model_path),
        )
        self._job, self._cancelling = task, False
        task.add_done_callback(self._on_job_done)
        self.busy_changed.emit(True)
        return task

    def _refusal(self) -> Problem | None:
        if self.busy:
            return Problem("bench_running", "a benchmark is running")
        if self._answering():
            return Problem("bench_chat_answering", "a chat answer is being written")
        return None

    def _on_job_done(self, task: asyncio.Task[BenchDone | None]) -> None:
        if task is self._job:
            self._job = None
        self.busy_changed.emit(False)
        if task.cancelled():
            self.stopped.emit()

    def _restore(self) -> Restore:
        """What the manager holds now, to put back afterwards: the load asked for, with
        its step down, or nothing."""
        snapshot = self._manager.snapshot
        if snapshot.state not in _HOLDING or snapshot.requested is None:
            return Restore(None)
        return Restore(PlannedLoad(snapshot.requested, self._manager.smaller_plan))

    def _plan(
        self, setup: ModelSetup, base: Plan, changes: Sequence[Changes]
    ) -> tuple[tuple[Variant, ...], BenchKey]:
        """Blocking: the planner's searches and the model file's size and time."""
        return plan_variants(setup, base, changes), BenchKey.of(base, self._engine_info())

    def _keep(self, key: BenchKey, record: BenchRecord) -> None:
        """A record that cannot be kept is still shown: the measurement is not lost to it."""
        try:
            self._store.add(key, record)
        except OSError as error:
            log.warning("the benchmark was not kept in %s: %s", self._store.directory, error)

    # -- what was measured before, exports ------------------------------------------------

    def read_history(self, base: Plan) -> None:
        """The records kept for `base`'s model, engine build and devices: `history_read`."""

        def read() -> BenchHistory:
            key = BenchKey.of(base, self._engine_info())
            return BenchHistory(key, self._store.records(key))

        self._work.call(
            "bench-history",
            read,
            self.history_read.emit,
            self.failed.emit,
            expected=unreadable_model(base.model_path),
            latest=True,
        )

    def export(self, path: Path, render: Callable[[], str | bytes]) -> None:
        """Write what `render` makes (a CSV or JSON text, an image's bytes) to `path`, off
        the GUI thread: `exported`, or `failed` saying why not."""
        self._work.call(
            "bench-export",
            lambda: write_export(path, render()),
            lambda _none: self.exported.emit(path),
            self.failed.emit,
        )
