"""The load dialog's benchmarks as a job of `BenchService`: on a real `ServerManager`
running the fake engine (fixed speeds, starts in milliseconds) with a synthetic model,
its progress comes in order, its record is kept, what was loaded before comes back (with
its step down) when it is done, fails or is cancelled, and it refuses to start while a chat
answer is written or another job runs."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from studio.core.bench import (
    BenchOptions,
    BenchProgress,
    BenchStore,
    Changes,
    Phase,
    RecordKind,
)
from studio.core.errors import Problem
from studio.core.placement.plan import Plan
from studio.core.placement.setup import Machine, ModelSetup
from studio.core.server.failures import Failure
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.server.states import ServerState
from studio.core.tasks import TaskOwner
from studio.services.bench_service import BenchDone, BenchHistory, BenchService, TuneOffer
from tests.support.engine_wrappers import fake_engine
from tests.ui.load.load_dialog_support import synthetic_model

QUICK = BenchOptions(runs=2, prompt_lengths=(32,), generated_tokens=4)
UBATCH_128 = Changes({"ubatch": 128}, label="ubatch 128")


def _step_down(spec: LaunchSpec, failure: Failure) -> None:
    """The previous load's step down: only its identity matters here."""


@dataclass
class Heard:
    """Everything the service said, in order."""

    progress: list[BenchProgress] = field(default_factory=list)
    finished: list[BenchDone] = field(default_factory=list)
    failed: list[Problem] = field(default_factory=list)
    stopped: list[bool] = field(default_factory=list)
    busy: list[bool] = field(default_factory=list)
    offered: list[TuneOffer] = field(default_factory=list)
    history: list[BenchHistory] = field(default_factory=list)
    exported: list[Path] = field(default_factory=list)

    def listen(self, bench: BenchService) -> None:
        bench.progress.connect(self.progress.append)
        bench.finished.connect(self.finished.append)
        bench.failed.connect(self.failed.append)
        bench.stopped.connect(lambda: self.stopped.append(True))
        bench.busy_changed.connect(self.busy.append)
        bench.offered.connect(self.offered.append)
        bench.history_read.connect(self.history.append)
        bench.exported.connect(self.exported.append)


@dataclass
class Bench:
    manager: ServerManager
    service: BenchService
    store: BenchStore
    setup: ModelSetup
    base: Plan
    before: LaunchSpec
    heard: Heard
    tasks: TaskOwner
    answering: list[bool]


@pytest.fixture
def bench(
    qasync_loop: asyncio.AbstractEventLoop, qapp: QApplication, tmp_path: Path
) -> Iterator[Bench]:
    model = synthetic_model("tiny-llama")
    setup = Machine.of({"STUDIO_FAKE_DEVICES": "HOST:16GiB"}).setup(model, None)
    base = setup.planner.plan(setup.base_request.with_changes(ctx=1024))
    # Slow enough tokens that a cancel lands while a run is measured.
    manager = ServerManager(
        fake_engine(tmp_path), tmp_path / "logs", environ={"FAKE_TOKEN_DELAY_S": "0.05"}
    )
    tasks = TaskOwner("bench-test")
    store = BenchStore(tmp_path / "bench")
    answering = [False]
    service = BenchService(manager, store, tasks, lambda: None, lambda: answering[0])
    heard = Heard()
    heard.listen(service)
    before = LaunchSpec(model=model, label="before", ctx_size=512)
    qasync_loop.run_until_complete(manager.load(before, smaller_plan=_step_down))
    yield Bench(manager, service, store, setup, base, before, heard, tasks, answering)
    qasync_loop.run_until_complete(tasks.shutdown())
    qasync_loop.run_until_complete(manager.shutdown())


def _run(loop: asyncio.AbstractEventLoop, start: Callable[[], asyncio.Task[Any] | None]) -> Any:
    """`start()` a job on the running loop and wait for its end; the task (None: refused)."""

    async def scenario() -> asyncio.Task[Any] | None:
        task = start()
        if task is not None:
            await asyncio.wait_for(asyncio.wait({task}), 60)
        return task

    return loop.run_until_complete(scenario())


def _settle(loop: asyncio.AbstractEventLoop, ask: Callable[[], None]) -> None:
    """`ask()` on the running loop, then give its worker thread time to answer."""

    async def scenario() -> None:
        ask()
        await asyncio.sleep(0.5)

    loop.run_until_complete(scenario())


def _loaded_as_before(bench: Bench) -> None:
    snapshot = bench.manager.snapshot
    assert snapshot.state is ServerState.READY
    assert snapshot.requested == bench.before
    assert bench.manager.smaller_plan is _step_down


def test_an_ab_tells_its_steps_keeps_its_record_and_loads_the_model_again(
    bench: Bench, qasync_loop: asyncio.AbstractEventLoop
) -> None:
    busy_at_start: list[bool] = []

    def start() -> asyncio.Task[Any] | None:
        task = bench.service.measure(bench.setup, bench.base, [Changes(), UBATCH_128], QUICK)
        busy_at_start.append(bench.service.busy)
        return task

    _run(qasync_loop, start)
    assert busy_at_start == [True] and not bench.service.busy

    heard = bench.heard
    phases = [step.phase for step in heard.progress]
    assert phases[:3] == [Phase.LOADING, Phase.WARMING_UP, Phase.MEASURING]
    assert phases[-1] is Phase.RESTORING
    assert [step.done for step in heard.progress] == sorted(s.done for s in heard.progress)
    assert heard.progress[-2].total == 4  # two variants, two runs each
    (done,) = heard.finished
    assert heard.failed == [] and heard.stopped == []
    assert heard.busy == [True, False]
    assert done.record.kind is RecordKind.COMPARISON and done.tuned is None
    assert [v.label for v in done.variants] == ["base", "ubatch 128"]
    outcomes = done.record.comparison.outcomes
    assert [o.variant for o in outcomes] == ["base", "ubatch 128"]
    assert all(o.result is not None and o.result.runs == 2 for o in outcomes)
    assert done.record.comparison.sentences()  # a verdict in codes
    assert bench.store.records(done.key) == (done.record,)
    _loaded_as_before(bench)

    # The record is what the history reads back, and what an export writes.
    _settle(qasync_loop, lambda: bench.service.read_history(bench.base))
    assert [h.records for h in heard.history] == [(done.record,)]
    target = bench.store.directory / "exported.json"

    def export() -> None:
        bench.service.export(target, lambda: json.dumps({"runs": 2}))
        bench.service.export(bench.store.directory, lambda: "a folder is no file")

    _settle(qasync_loop, export)
    assert heard.exported == [target] and json.loads(target.read_text()) == {"runs": 2}
    assert [p.code for p in heard.failed] == ["bench_export_failed"]


def test_a_single_benchmark_is_a_benchmark_record(
    bench: Bench, qasync_loop: asyncio.AbstractEventLoop
) -> None:
    _run(qasync_loop, lambda: bench.service.measure(bench.setup, bench.base, [Changes()], QUICK))
    (done,) = bench.heard.finished
    assert done.record.kind is RecordKind.BENCHMARK
    (outcome,) = done.record.comparison.outcomes
    assert outcome.result is not None and outcome.result.generation_per_s.median == 100.0
    _loaded_as_before(bench)


def test_a_failed_benchmark_says_why_and_loads_the_model_again(
    bench: Bench, qasync_loop: asyncio.AbstractEventLoop
) -> None:
    # More tokens than the context holds: no prompt fits.
    too_long = BenchOptions(runs=1, prompt_lengths=(32,), generated_tokens=4000)
    _run(qasync_loop, lambda: bench.service.measure(bench.setup, bench.base, [Changes()], too_long))
    assert [p.code for p in bench.heard.failed] == ["bench_context_too_small"]
    assert bench.heard.finished == [] and bench.heard.busy == [True, False]
    assert bench.heard.progress[-1].phase is Phase.RESTORING
    _loaded_as_before(bench)


def test_a_cancel_mid_run_stops_and_loads_the_model_again(
    bench: Bench, qasync_loop: asyncio.AbstractEventLoop
) -> None:
    def cancel_when_measuring(step: BenchProgress) -> None:
        if step.phase is Phase.MEASURING:
            bench.service.cancel()
            bench.service.cancel()  # again: the put-back is not cut short

    bench.service.progress.connect(cancel_when_measuring)
    slow = BenchOptions(runs=3, prompt_lengths=(32,), generated_tokens=40)
    task = _run(
        qasync_loop,
        lambda: bench.service.measure(bench.setup, bench.base, [Changes(), UBATCH_128], slow),
    )
    assert task is not None and task.cancelled()
    heard = bench.heard
    assert heard.stopped == [True] and heard.finished == [] and heard.failed == []
    assert heard.busy == [True, False]
    assert heard.progress[-1].phase is Phase.RESTORING
    _loaded_as_before(bench)


def test_nothing_starts_while_a_chat_answers_or_another_job_runs(
    bench: Bench, qasync_loop: asyncio.AbstractEventLoop
) -> None:
    refused: list[object] = []

    def start() -> asyncio.Task[Any] | None:
        bench.answering[0] = True
        refused.append(bench.service.measure(bench.setup, bench.base, [Changes()], QUICK))
        bench.answering[0] = False
        first = bench.service.measure(bench.setup, bench.base, [Changes()], QUICK)
        refused.append(bench.service.measure(bench.setup, bench.base, [Changes()], QUICK))
        return first

    _run(qasync_loop, start)
    assert refused == [None, None]
    assert [p.code for p in bench.heard.failed] == ["bench_chat_answering", "bench_running"]
    assert len(bench.heard.finished) == 1


def test_a_search_is_estimated_first_then_finds_a_winner(
    bench: Bench, qasync_loop: asyncio.AbstractEventLoop
) -> None:
    options = BenchOptions(runs=1, prompt_lengths=(32,), generated_tokens=2)
    _settle(qasync_loop, lambda: bench.service.offer_tuning(bench.setup, bench.base, options))
    (offer,) = bench.heard.offered
    assert offer.estimate.variants == len(offer.search.variants) > 2
    assert offer.estimate.runs == offer.estimate.variants and offer.estimate.seconds > 0
    assert not offer.estimate.measured and bench.heard.progress == []  # nothing ran yet

    _run(qasync_loop, lambda: bench.service.tune(offer))
    (done,) = bench.heard.finished
    assert done.record.kind is RecordKind.TUNING
    assert done.tuned is not None and done.tuned.winner is not None
    _loaded_as_before(bench)
