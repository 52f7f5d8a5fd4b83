"""The load dialog's link to the planner: re-planning on every control change.

Planning is pure and fast (about 1 ms after a slider move, under 10 ms for an auto-fit of a
48-layer MoE model on two GPUs, measured with `bench/load_dialog_replan.py`), so `submit`
plans on the GUI thread, coalescing a burst of slider events into one plan per event-loop
turn. Reading the GGUF header and the devices is slow (file and subprocess I/O):
`DialogLoads.prepare` reads them off the GUI thread before this, and `read_draft` reads a
draft model's header off it too.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from studio.core.errors import Problem
from studio.core.placement.plan import Plan
from studio.core.placement.planner import Planner
from studio.core.placement.remembered import read_draft
from studio.core.placement.request import DraftType, PlanRequest
from studio.core.tasks import TaskOwner
from studio.services.background import Background, Expected, or_os_error, studio_problem

T = TypeVar("T")


class PlanService(QObject):
    """Holds the current plan of one model and re-plans on request.

    `submit` is coalesced: the last request submitted before the event loop turns is the
    one planned. Each plan also needs the largest context that fits with the same
    placement (`largest_fitting_ctx`, the context slider's marker). That search costs ten
    times a plan, so it is skipped when only the context moved (the answer cannot change)
    and, given a `TaskOwner` and a running loop, done on a worker thread (the planner is
    pure) and announced by `largest_changed`.
    """

    planned = Signal(object)  # Plan
    largest_changed = Signal(object)  # int | None
    draft_read = Signal(object)  # DraftModel
    draft_refused = Signal(object, object)  # Path, Problem: why that file cannot draft

    def __init__(
        self, planner: Planner, tasks: TaskOwner | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.planner = planner
        self._work = Background(tasks) if tasks is not None else None
        self.plan: Plan | None = None
        self.largest_fitting_ctx: int | None = None
        self.last_duration_s = 0.0
        self.plans_made = 0
        self.largest_searches = 0
        self._pending: PlanRequest | None = None
        self._largest_for: PlanRequest | None = None  # the placement the marker belongs to
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._on_timer)

    def plan_now(self, request: PlanRequest) -> Plan:
        """Plan synchronously and publish (at open, and whenever an answer is needed now)."""
        self._pending = None
        self._timer.stop()
        started = time.perf_counter()
        plan = self.planner.plan(request)
        self.last_duration_s = time.perf_counter() - started
        self.plans_made += 1
        self.plan = plan
        self._update_largest(plan)
        self.planned.emit(plan)
        return plan

    def submit(self, request: PlanRequest) -> None:
        self._pending = request
        if not self._timer.isActive():
            self._timer.start()

    @property
    def pending(self) -> bool:
        return self._pending is not None

    def flush(self) -> Plan | None:
        """Plan a pending request now (before loading, so the plan matches the controls)."""
        if self._pending is not None:
            return self.plan_now(self._pending)
        return self.plan

    @Slot()
    def _on_timer(self) -> None:
        if self._pending is not None:
            self.plan_now(self._pending)

    # -- the largest context that fits ---------------------------------------------------

    def _update_largest(self, plan: Plan) -> None:
        if plan.asked.ctx is None:  # auto-fit: the plan's own context is the edge
            self._largest_for = None
            self._set_largest(plan.ctx if plan.fits else None)
            return
        placement = plan.request.with_changes(ctx=None)
        if placement == self._largest_for:
            return  # only the context moved: the edge stays where it is
        self._largest_for = placement
        self._off_thread(
            "largest-context",
            lambda: self._search_largest(placement),
            lambda largest: self._found_largest(placement, largest),
        )

    def _found_largest(self, placement: PlanRequest, largest: int | None) -> None:
        if placement == self._largest_for:  # a newer placement supersedes this answer
            self._set_largest(largest)

    def _search_largest(self, placement: PlanRequest) -> int | None:
        self.largest_searches += 1
        probe = self.planner.plan(placement)
        return probe.ctx if probe.fits else None

    def _set_largest(self, value: int | None) -> None:
        if value != self.largest_fitting_ctx:
            self.largest_fitting_ctx = value
            self.largest_changed.emit(value)

    # -- a draft model ---------------------------------------------------------------------

    def read_draft(self, path: Path, spec_type: DraftType) -> None:
        """Read the header of `path` as a draft model: `draft_read`, or `draft_refused`."""
        self._off_thread(
            "read-draft",
            lambda: read_draft(path, spec_type),
            self.draft_read.emit,
            lambda problem: self.draft_refused.emit(path, problem),
            expected=unreadable_model(path),
        )

    def _off_thread(
        self,
        name: str,
        work: Callable[[], T],
        done: Callable[[T], None],
        failed: Callable[[Problem], None] | None = None,
        expected: Expected = studio_problem,
    ) -> None:
        """`work` on a worker thread, the newest of `name` winning; right here without
        tasks or a running loop (a dialog in a test, a benchmark)."""
        if self._work is None or not _loop_running():
            Background.now(name, work, done, failed, expected=expected)
        else:
            self._work.call(name, work, done, failed, expected=expected, latest=True)


def unreadable_model(path: Path) -> Expected:
    """The core's failures, and an `OSError` reading the model file at `path` in its words."""
    return or_os_error(
        lambda error: Problem(
            "model_unreadable",
            str(error),
            {"path": path, "reason": error.strerror or str(error)},
        )
    )


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
