"""The llama-server manager: one asyncio object owns the child; callers send intents.

API (all coroutines run on the event loop that created the manager; its `EngineGuard`
ends every child it started when the app ends, however it ends):

    manager = ServerManager(engine_location, log_dir)
    unsubscribe = manager.subscribe(callback)   # callback(Snapshot) after every change
    manager.snapshot                            # the current immutable Snapshot
    await manager.load(spec)                    # -> Snapshot (ready); raises ServerFailureError
    await manager.load(spec, smaller_plan=step) # the planner's OOM step down for this model
    await manager.switch(spec)                  # same as load: stops the old child first
    await manager.unload()                      # -> Snapshot (idle); bumps the epoch
    async for delta in manager.stream_chat(messages, **options): ...   # ChatDelta
    manager.cancel()                            # end every stream in flight (slot freed)
    await manager.slots()                       # GET /slots of the current child
    await manager.shutdown()                    # stop everything; the manager is done

Rules it keeps:
- Intents are serialised by one lock, but a new intent first cancels the operation in
  flight (a start, its health wait, a respawn), so Stop or a switch wins at once and two
  children never run together. Switching A, B, A lands on A.
- `unload()` bumps `epoch`; a respawn or retry captured under an older epoch never
  installs a child (it re-checks the epoch, the intent counter and the wanted spec).
- A failed start climbs the recovery ladder (`recovery.next_rung`), each rung at most
  once except the planner's out-of-memory step-downs, which repeat while the planner has
  something smaller; every rung is reported in `Snapshot.recovery`. Out of memory with
  nothing smaller left ends as `oom_nothing_smaller`.
- After a healthy start, a watchdog turns an unexpected exit into one respawn. Requests
  that lose their connection before anything was received share that respawn and are
  replayed once; a connection error while the child still listens respawns nothing; a
  crash after deltas were received raises `StreamInterruptedError` (the caller keeps the
  partial answer); three crashes within a minute stop respawning (`crash_loop`).
- A request the engine had received when it ended itself (a crash signal or an exit
  status, not a kill from outside) may be what crashed it: it is not replayed, since the
  replay would crash the new child the same way, but answered with
  `EngineCrashedOnRequestError`. Such a crash is charged to the requests, not to the
  engine, so it does not count towards `crash_loop`: a client sending a request that
  crashes the engine cannot stop it for everyone. Requests that never reached it (no
  connection) and those lost to a kill or a hang are replayed once as before.
- `stream_chat(..., requested=spec)` answers only from a child started for `spec`: a
  request for a model that another load replaced meanwhile is refused (`model_switched`),
  never answered by the other model.
- While no request is in flight, a health probe asks the child every
  `health_probe_interval_s`; a child that is alive but does not answer a patient second
  probe is `hung`: it is killed and replaced by the same single respawn as a crash.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
import weakref
from collections import deque
from collections.abc import (
    AsyncGenerator,
    Callable,
    Coroutine,
    Mapping,
    Sequence,
)
from functools import partial
from pathlib import Path
from typing import Any

import httpx

from studio.core.engine import EngineLocation
from studio.core.errors import StudioError
from studio.core.gguf.files import refuse_special_file
from studio.core.server.client import (
    ENGINE_DEFAULT_BATCH,
    ChatDelta,
    may_span_batches,
    stream_chat,
)
from studio.core.server.engine_guard import EngineGuard
from studio.core.server.engine_link import post_stream
from studio.core.server.failures import (
    Failure,
    FailureCode,
    ServerFailureError,
    classify_exit,
    make_failure,
)
from studio.core.server.launch import LaunchSpec, free_loopback_port
from studio.core.server.process import ServerProcess
from studio.core.server.recovery import (
    MAX_STEP_DOWNS,
    STEP_DOWNS,
    RecoveryNote,
    RecoveryStep,
    SmallerPlan,
    next_rung,
)
from studio.core.server.states import ServerState, Snapshot, StartPhase
from studio.core.server.streams import CancellableStreams
from studio.core.tasks import TaskOwner

log = logging.getLogger(__name__)

Subscriber = Callable[[Snapshot], None]
# A load operation's result: the ready snapshot, or the expected failure to re-raise.
_Outcome = tuple[Snapshot | None, StudioError | None]

# Errors that mean "the connection to the child was lost", never a timeout: a timeout
# may just be a long prefill and must not trigger a respawn.
LOST_CONNECTION = (httpx.NetworkError, httpx.RemoteProtocolError)
HUNG_PROBE_TIMEOUT_S = 5.0
# How often an idle child is asked whether it still answers. Rare enough to cost nothing,
# often enough that a hung engine is replaced before the user's next message finds it.
HEALTH_PROBE_INTERVAL_S = 30.0
# The first, quick probe of an idle child; a miss is followed by a patient one.
QUICK_PROBE_TIMEOUT_S = 2.0


class SupersededError(StudioError):
    """A newer intent replaced this one before it finished (code `superseded`)."""

    def __init__(self) -> None:
        super().__init__("superseded", "a newer load, switch or unload replaced this one")


class NotReadyError(StudioError):
    """No model is loaded (code `no_model`), or it failed (code = the failure's code)."""


class EngineCrashedOnRequestError(StudioError):
    """The engine ended itself while answering this request, which may be the cause; it
    was not retried (code `request_crashed_engine`; params: `cause`, the signal or exit)."""

    def __init__(self, failure: Failure) -> None:
        cause = failure.signal_name or f"exit {failure.exit_code}"
        super().__init__(
            "request_crashed_engine",
            f"llama-server died answering this request ({failure.detail}); not retried",
            cause=cause,
        )
        self.failure = failure


class StreamInterruptedError(StudioError):
    """The child died after deltas were streamed; the caller keeps what it received.

    Code `stream_interrupted`; params: `received` (deltas with text), `reason`.
    """


class ServerManager:
    def __init__(
        self,
        engine: EngineLocation,
        log_dir: Path,
        *,
        health_timeout_s: float = 600.0,
        stop_grace_s: float = 5.0,
        respawn_reap_grace_s: float = 1.0,
        crash_loop_count: int = 3,
        crash_loop_window_s: float = 60.0,
        environ: Mapping[str, str] | None = None,
        port_picker: Callable[[], int] = free_loopback_port,
        health_probe_interval_s: float | None = HEALTH_PROBE_INTERVAL_S,
        hung_probe_timeout_s: float = HUNG_PROBE_TIMEOUT_S,
    ) -> None:
        self._engine = engine
        self._log_dir = log_dir
        self._smaller_plan: SmallerPlan | None = None  # the current load's; respawns reuse it
        self._health_timeout_s = health_timeout_s
        self._stop_grace_s = stop_grace_s
        self._reap_grace_s = respawn_reap_grace_s
        self._crash_loop_count = crash_loop_count
        self._crash_loop_window_s = crash_loop_window_s
        self._environ = dict(os.environ if environ is None else environ)
        self._port_picker = port_picker
        self._probe_interval_s = health_probe_interval_s  # None: no idle probe
        self._hung_probe_timeout_s = hung_probe_timeout_s

        self._snapshot = Snapshot()
        self._subscribers: list[Subscriber] = []
        self._changed = asyncio.Event()
        self._tasks = TaskOwner("server-manager")
        self._op_lock = asyncio.Lock()
        self._op_task: asyncio.Task[_Outcome] | None = None
        self._op_spec: LaunchSpec | None = None
        self._intent = 0
        self._epoch = 0
        self._wanted: LaunchSpec | None = None  # what the user wants loaded, None = nothing
        self._process: ServerProcess | None = None
        self._watchdog: asyncio.Task[None] | None = None
        self._prober: asyncio.Task[None] | None = None
        self._respawn_task: asyncio.Task[None] | None = None
        self._respawn_for: ServerProcess | None = None
        self._crash_times: deque[float] = deque(maxlen=crash_loop_count)
        # The requests each child received and has not finished (one token per stream,
        # kept through its recovery), and why each dead child died: together they tell
        # whether a crash came while requests were being answered.
        self._answering: dict[ServerProcess, set[object]] = {}
        self._deaths: weakref.WeakKeyDictionary[ServerProcess, Failure] = (
            weakref.WeakKeyDictionary()
        )
        self._streams = CancellableStreams()
        self._closed = False
        self._guard = EngineGuard() if EngineGuard.available() else None

    # -- state publication ----------------------------------------------------------

    @property
    def engine(self) -> EngineLocation:
        return self._engine

    def use_engine(self, engine: EngineLocation) -> None:
        """Run `engine` from the next spawn on; a running child keeps its binary."""
        self._engine = engine

    @property
    def snapshot(self) -> Snapshot:
        return self._snapshot

    @property
    def smaller_plan(self) -> SmallerPlan | None:
        """The current load's out-of-memory step down: what puts this load back (after a
        benchmark has loaded others) passes again with the snapshot's `requested` spec."""
        return self._smaller_plan

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call `callback(snapshot)` after every change; returns the unsubscribe function."""
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._subscribers.remove(callback)

        return unsubscribe

    def _publish(self, **changes: Any) -> None:
        self._snapshot = self._snapshot.but(epoch=self._epoch, **changes)
        for callback in list(self._subscribers):
            try:
                callback(self._snapshot)
            except Exception:
                log.exception("snapshot subscriber %r failed", callback)
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def wait_for(
        self, predicate: Callable[[Snapshot], bool], timeout_s: float | None = None
    ) -> Snapshot:
        """Wait until a published snapshot satisfies `predicate` (tests, CLI, services)."""
        async with asyncio.timeout(timeout_s):
            while not predicate(self._snapshot):
                await self._changed.wait()
        return self._snapshot

    # -- intents ----------------------------------------------------------------------

    def _new_intent(self) -> int:
        """Every intent supersedes whatever operation or respawn is in flight."""
        self._intent += 1
        for task in (self._op_task, self._respawn_task):
            if task is not None and not task.done():
                task.cancel()
        return self._intent

    async def load(self, spec: LaunchSpec, *, smaller_plan: SmallerPlan | None = None) -> Snapshot:
        """Load `spec` (stopping any other model first) and return the ready snapshot.

        `smaller_plan` is the planner's out-of-memory step down for this model (None: a
        spec nobody planned, which has nothing to step down from).

        A model, projector or draft path that is a FIFO or a device raises
        `NotRegularFileError` before anything else happens: llama-server would block on it
        forever, and the model that is running now keeps running."""
        self._check_open()
        _refuse_special_files(spec)
        joined = self._op_task
        if joined is not None and not joined.done() and self._op_spec == spec == self._wanted:
            # The same load is already under way (a double click): share its outcome.
            return await self._outcome(joined)
        intent = self._new_intent()
        self._wanted = spec
        # The operation task itself takes the lock, so whoever holds it is always the
        # task that a newer intent cancels, and its clean-up finishes before the lock
        # passes on: a caller that stops waiting cannot let two children overlap.
        task = self._tasks.spawn("load", _captured(self._locked_load(spec, intent, smaller_plan)))
        self._op_task = task
        self._op_spec = spec
        return await self._outcome(task)

    async def _locked_load(
        self, spec: LaunchSpec, intent: int, smaller_plan: SmallerPlan | None
    ) -> Snapshot:
        async with self._op_lock:
            if intent != self._intent:
                raise SupersededError()
            self._smaller_plan = smaller_plan
            current = self._snapshot
            if (
                current.state is ServerState.READY
                and current.requested == spec
                and self._process is not None
                and self._process.is_alive
            ):
                return current  # the same intent again: adopt the running child
            self._crash_times.clear()
            return await self._load_operation(spec, intent)

    async def _outcome(self, task: asyncio.Task[_Outcome]) -> Snapshot:
        """Await a load operation; a newer intent cancelling it reads as `SupersededError`.
        Shielded: a caller that gives up must not cancel a load others wait for too."""
        try:
            snapshot, error = await asyncio.shield(task)
        except asyncio.CancelledError:
            if task.cancelled() and not _current_task_cancelling():
                raise SupersededError() from None
            raise
        if error is not None:
            raise error
        assert snapshot is not None
        return snapshot

    async def switch(self, spec: LaunchSpec) -> Snapshot:
        return await self.load(spec)

    async def unload(self) -> Snapshot:
        """Stop the model. Wins at once over a start, a health wait or a respawn."""
        intent = self._new_intent()
        self._wanted = None
        self._epoch += 1
        async with self._op_lock:
            # A newer load supersedes this unload; a newer unload agrees with it.
            if intent == self._intent or self._wanted is None:
                await self._stop_current()
                self._publish(state=ServerState.IDLE, phase=None, ready=None, failure=None)
        return self._snapshot

    async def shutdown(self) -> None:
        """Stop the child, cancel every task; the manager cannot be used afterwards."""
        self._closed = True
        self.cancel()
        await self.unload()
        await self._tasks.shutdown()
        if self._guard is not None:
            await asyncio.to_thread(self._guard.close)

    def _check_open(self) -> None:
        if self._closed:
            raise NotReadyError("manager_closed", "the server manager has been shut down")

    # -- operations (run as the cancellable `_op_task` under `_op_lock`) --------------

    async def _load_operation(self, spec: LaunchSpec, intent: int) -> Snapshot:
        try:
            await self._stop_current()
            self._publish(
                state=ServerState.STARTING,
                requested=spec,
                spec=spec,
                phase=StartPhase.SPAWNED,
                failure=None,
                recovery=(),
                ready=None,
                base_url=None,
            )
            process = await self._start_with_ladder(spec, ServerState.STARTING)
        except asyncio.CancelledError:
            if intent == self._intent:  # the caller gave up, nobody replaced the intent
                self._wanted = None
                self._publish(state=ServerState.IDLE, phase=None, pid=None, base_url=None)
            raise
        if intent != self._intent:  # defence in depth: cancellation should have caught it
            await self._reap(process, 0)
            raise SupersededError()
        self._install(process)
        return self._snapshot

    async def _start_with_ladder(self, spec: LaunchSpec, state: ServerState) -> ServerProcess:
        taken: set[RecoveryStep] = set()
        step_downs = 0
        # A respawn keeps the rungs its original start took; a fresh load starts clean.
        notes = [] if state is ServerState.STARTING else list(self._snapshot.recovery)
        while True:
            self._publish(state=state, spec=spec, phase=StartPhase.SPAWNED, recovery=tuple(notes))
            try:
                return await self._start_once(spec)
            except ServerFailureError as error:
                rung = next_rung(spec, error.failure, taken, self._smaller_plan)
                if rung is not None and rung.step in STEP_DOWNS and step_downs >= MAX_STEP_DOWNS:
                    rung = None
                if rung is None:
                    final = _final_failure(error.failure, spec, step_downs)
                    self._publish(
                        state=ServerState.FAILED, failure=final, phase=None, pid=None, base_url=None
                    )
                    if final is error.failure:
                        raise
                    raise ServerFailureError(final) from error
                if rung.step in STEP_DOWNS:
                    step_downs += 1
                else:
                    taken.add(rung.step)
                spec = rung.spec
                notes.append(RecoveryNote(rung.step, error.failure, rung.params))
                log.warning(
                    "llama-server failed (%s); retrying: %s %s",
                    error.failure.detail,
                    rung.step,
                    dict(rung.params),
                )

    async def _start_once(self, spec: LaunchSpec) -> ServerProcess:
        environ = self._environ
        if self._guard is not None:
            environ = {**environ, **self._guard.environment()}
        process = ServerProcess.spawn(
            self._engine, spec, self._port_picker(), self._log_dir, environ
        )
        self._publish(
            pid=process.pid,
            log_path=process.log_path,
            command=process.command,
            spawn_count=self._snapshot.spawn_count + 1,
        )
        try:
            await process.wait_ready(
                self._health_timeout_s, lambda phase: self._publish(phase=phase)
            )
        except BaseException:
            # Cancelled (a newer intent), timed out or exited: never leave it running.
            await self._reap(process, 0)
            raise
        return process

    async def _reap(self, process: ServerProcess, grace_s: float) -> None:
        """Stop `process` and wait until it is gone, even if we are cancelled meanwhile
        (the cancellation is re-raised afterwards): two children must never overlap."""
        if grace_s <= 0:
            process.kill_now()
        reap = self._tasks.spawn("reap", process.stop(grace_s))
        cancelled = False
        while not reap.done():
            try:
                await asyncio.wait({reap})
            except asyncio.CancelledError:
                cancelled = True
                process.kill_now()
        if cancelled:
            raise asyncio.CancelledError

    def _install(self, process: ServerProcess) -> None:
        self._process = process
        self._publish(
            state=ServerState.READY,
            spec=process.spec,
            phase=None,
            ready=process.ready,
            failure=None,
            base_url=process.base_url,
            pid=process.pid,
        )
        self._watchdog = self._tasks.spawn("watchdog", self._watch(process))
        if self._probe_interval_s is not None:
            self._prober = self._tasks.spawn("health-probe", self._probe_while_idle(process))

    def _stop_watching(self) -> None:
        """The child is going away on purpose: its exit and its silence mean nothing now."""
        for task in (self._watchdog, self._prober):
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        self._watchdog = self._prober = None

    async def _stop_current(self) -> None:
        process, self._process = self._process, None
        self._stop_watching()
        if process is None:
            return
        # Answers from a model that is going away end as "cancelled", not as an error.
        self.cancel()
        self._publish(state=ServerState.STOPPING)
        await self._reap(process, self._stop_grace_s)
        self._publish(pid=None, base_url=None)

    # -- crashes after a healthy start ------------------------------------------------

    async def _watch(self, process: ServerProcess) -> None:
        returncode = await asyncio.shield(process.exited)
        if process.stop_requested or process is not self._process:
            return
        failure = classify_exit(returncode, process.lines(), serving=True)
        log.warning("llama-server pid %d died: %s", process.pid, failure.detail)
        self._ensure_respawn(process, failure)

    def _ensure_respawn(
        self, served_by: ServerProcess, failure: Failure
    ) -> asyncio.Task[None] | None:
        """The one respawn for the child `served_by`, started on first call, shared after."""
        if self._respawn_for is served_by and self._respawn_task is not None:
            return self._respawn_task
        self._deaths.setdefault(served_by, failure)
        if self._process is not served_by or self._wanted is None or self._closed:
            return None
        now = time.monotonic()
        if not (failure.ended_by_the_engine and self._answering.get(served_by)):
            # Only crashes of its own make a crash loop; one while answering is charged to
            # the requests (which are not replayed), so they cannot stop the engine for good.
            self._crash_times.append(now)
        if failure.code is FailureCode.ENGINE_CPU_UNSUPPORTED:
            # The same binary on the same CPU dies the same way: a respawn only repeats it.
            self._give_up(served_by, failure)
            return None
        if (
            len(self._crash_times) >= self._crash_loop_count
            and now - self._crash_times[0] <= self._crash_loop_window_s
        ):
            loop_failure = make_failure(
                FailureCode.CRASH_LOOP,
                log_tail=failure.log_tail,
                crashes=len(self._crash_times),
                window_s=self._crash_loop_window_s,
                last=failure.code.value,
            )
            self._give_up(served_by, loop_failure)
            return None
        self._publish(state=ServerState.CRASHED, failure=failure)
        self._respawn_for = served_by
        self._respawn_task = self._tasks.spawn(
            "respawn", self._respawn(served_by, self._epoch, self._intent)
        )
        return self._respawn_task

    def _give_up(self, served_by: ServerProcess, failure: Failure) -> None:
        self._process = None
        served_by.kill_now()
        self._tasks.spawn("reap", served_by.stop(0))
        self._publish(state=ServerState.FAILED, failure=failure, pid=None, base_url=None)

    async def _respawn(self, served_by: ServerProcess, epoch: int, intent: int) -> None:
        async with self._op_lock:
            # An unload or a new load since the crash owns the outcome now.
            if epoch != self._epoch or intent != self._intent or self._wanted is None:
                return
            if self._process is not served_by:
                return
            self._process = None
            self._stop_watching()
            await self._reap(served_by, 0)
            spec = self._snapshot.spec or self._wanted
            self._publish(respawn_count=self._snapshot.respawn_count + 1)
            try:
                process = await self._start_with_ladder(spec, ServerState.RESPAWNING)
            except ServerFailureError:
                return  # published as FAILED; waiting requests read it from there
            if epoch != self._epoch or intent != self._intent or self._wanted is None:
                await self._reap(process, 0)
                return
            self._install(process)

    async def _probe_while_idle(self, process: ServerProcess) -> None:
        """Ask an idle child whether it still answers; replace it when it is hung.

        Only while no request is in flight: a request that loses its child recovers by
        itself, and a busy engine on a small machine may answer slowly without being hung.
        An unload or a new load during the probe wins: the probe acts only if the epoch,
        the intent and the child are the ones it started with."""
        assert self._probe_interval_s is not None
        while True:
            await asyncio.sleep(self._probe_interval_s)
            epoch, intent = self._epoch, self._intent
            if not self._still_serving(process, epoch, intent):
                return
            if self._streams.in_flight or await process.answers(QUICK_PROBE_TIMEOUT_S):
                continue
            # One patient probe before killing a working server and losing its cache.
            if await process.answers(self._hung_probe_timeout_s):
                continue
            if not self._still_serving(process, epoch, intent) or self._streams.in_flight:
                return
            failure = make_failure(FailureCode.HUNG, log_tail=process.lines())
            log.warning("llama-server pid %d does not answer: replacing it", process.pid)
            process.kill_now()  # its watchdog now reads the exit as requested
            self._ensure_respawn(process, failure)
            return

    def _still_serving(self, process: ServerProcess, epoch: int, intent: int) -> bool:
        return (
            process is self._process
            and process.is_alive
            and epoch == self._epoch
            and intent == self._intent
            and self._wanted is not None
            and not self._closed
        )

    async def _recover_lost_connection(self, served_by: ServerProcess) -> Failure | None:
        """A request lost its connection to `served_by` before receiving anything: start
        the one respawn if the child is gone, and return why it died (None if it did not,
        or was stopped on purpose)."""
        if self._process is not served_by:
            # Already replaced (or unloaded); the replay will find out which.
            return self._deaths.get(served_by)
        # Transient only if the child is alive, its port takes a loopback connection and
        # it answers HTTP: a killed child's socket can accept connections until the kernel
        # has finished tearing the process down.
        if served_by.is_alive and await served_by.listens() and await served_by.answers():
            return None
        # The transport error can arrive before the child is reapable.
        try:
            returncode = await asyncio.wait_for(
                asyncio.shield(served_by.exited), self._reap_grace_s
            )
            failure = classify_exit(returncode, served_by.lines(), serving=True)
        except TimeoutError:
            # Still alive: maybe only slow to answer on a busy machine. Give it a patient
            # probe before calling it hung, since killing a working server loses its cache.
            if await served_by.answers(HUNG_PROBE_TIMEOUT_S):
                return None
            failure = make_failure(FailureCode.HUNG, log_tail=served_by.lines())
            served_by.kill_now()
        self._ensure_respawn(served_by, failure)
        return self._deaths.get(served_by, failure)

    async def _respawned(self, served_by: ServerProcess) -> None:
        """Wait for the respawn that replaces `served_by`, if one runs."""
        task = self._respawn_task if self._respawn_for is served_by else None
        if task is not None:
            # Shared by every request that lost this child: waiting must neither cancel it
            # nor fail with it (its outcome is published in the snapshot).
            await asyncio.wait({task})

    # -- requests ---------------------------------------------------------------------

    async def _ready_process(self, requested: LaunchSpec | None = None) -> ServerProcess:
        """The child once it is ready; with `requested`, only a child started for it."""
        while True:
            self._check_open()
            snapshot = self._snapshot
            process = self._process
            if requested is not None and self._wanted is not None and self._wanted != requested:
                raise NotReadyError(
                    "model_switched",
                    "another model was loaded before this request was answered",
                    model=requested.public_name,
                )
            if snapshot.state is ServerState.READY and process is not None:
                return process
            if snapshot.state is ServerState.FAILED and snapshot.failure is not None:
                failure = snapshot.failure
                raise NotReadyError(failure.code.value, failure.detail, **dict(failure.params))
            if self._wanted is None:
                raise NotReadyError("no_model", "no model is loaded")
            await self._changed.wait()

    async def stream_chat(
        self,
        messages: Sequence[Mapping[str, Any]],
        *,
        requested: LaunchSpec | None = None,
        **options: Any,
    ) -> AsyncGenerator[ChatDelta, None]:
        """Stream one chat completion through the current child, with recovery.

        With `requested` (the spec a load was asked with), only a child started for it
        answers; once another model is wanted, `NotReadyError("model_switched")`.
        Ends with a delta whose `finish_reason` is "cancelled" when `cancel()` is called.
        """
        replayed = False
        while True:
            process = await self._ready_process(requested)
            received = 0
            token = object()
            self._answering.setdefault(process, set()).add(token)
            try:
                # aclosing: a caller that leaves the stream must close the engine connection
                # now (freeing the slot), not whenever the generator happens to be collected.
                async with contextlib.aclosing(
                    self._stream_from(process, messages, options)
                ) as deltas:
                    async for delta in deltas:
                        # Role and prompt-progress chunks carry no answer: losing the child
                        # after them still allows a replay.
                        received += delta.has_text
                        yield delta
                return
            except LOST_CONNECTION as error:
                if received:
                    raise StreamInterruptedError(
                        "stream_interrupted",
                        f"llama-server stopped after {received} deltas with text: {error!r}",
                        received=received,
                        reason=type(error).__name__,
                    ) from error
                if not _delivered(error):
                    self._leave(process, token)  # never reached it: not what it answered
                await self._recover_or_refuse(process, error, replayed)
                replayed = True
            finally:
                self._leave(process, token)

    def _leave(self, process: ServerProcess, token: object) -> None:
        tokens = self._answering.get(process)
        if tokens is not None:
            tokens.discard(token)
            if not tokens:
                del self._answering[process]

    async def _recover_or_refuse(
        self, process: ServerProcess, error: Exception, replayed: bool
    ) -> None:
        """A request lost `process` before any text: return when it may be replayed (the
        child answers again, or its respawn is done), or raise why it is not."""
        log.warning("request lost its connection (%r); recovering", error)
        death = await self._recover_lost_connection(process)
        if death is not None and death.ended_by_the_engine and _delivered(error):
            raise EngineCrashedOnRequestError(death) from error
        if replayed:
            raise error
        await self._respawned(process)

    def _stream_from(
        self, process: ServerProcess, messages: Sequence[Mapping[str, Any]], options: Any
    ) -> AsyncGenerator[ChatDelta, None]:
        if "return_progress" not in options:
            batch = process.spec.batch or ENGINE_DEFAULT_BATCH
            options = {**options, "return_progress": may_span_batches(messages, options, batch)}
        return self._streams.run(
            lambda cancel: stream_chat(
                process.client, messages, opener=partial(post_stream, cancel=cancel), **options
            )
        )

    def cancel(self) -> int:
        """End every stream in flight (each ends with a "cancelled" delta); returns how many."""
        return self._streams.cancel_all()

    @property
    def requests_in_flight(self) -> int:
        return self._streams.in_flight

    async def slots(self) -> list[dict[str, Any]]:
        process = await self._ready_process()
        return await process.slots()

    def current_process(self) -> ServerProcess | None:
        """The child serving now (for diagnostics, tests and the `serve` proxy)."""
        return self._process


def _delivered(error: Exception) -> bool:
    """Whether the engine may have received the whole request before the connection was
    lost: not when it could not be reached or the request could not be written."""
    return not isinstance(error, (httpx.ConnectError, httpx.WriteError))


def _refuse_special_files(spec: LaunchSpec) -> None:
    # Synchronous on purpose: a stat is quick, and an await here would let a later intent
    # register before this one. Missing files pass: the engine reports `model_missing`.
    for path in (spec.model, spec.mmproj, spec.draft_model):
        if path is not None:
            refuse_special_file(path)


async def _captured(operation: Coroutine[Any, Any, Snapshot]) -> _Outcome:
    """Run `operation`, returning an expected failure instead of raising it: the caller
    re-raises it, and the task owner must not also log it as an unexpected crash."""
    try:
        return await operation, None
    except StudioError as error:
        return None, error


def _current_task_cancelling() -> bool:
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def _final_failure(failure: Failure, spec: LaunchSpec, step_downs: int) -> Failure:
    """What the ladder reports when it has nothing left: an out-of-memory start after the
    planner's step-downs says so (and how far it went), anything else stays as it is."""
    if not failure.code.is_out_of_memory or step_downs == 0:
        return failure
    return make_failure(
        FailureCode.OOM_NOTHING_SMALLER,
        exit_code=failure.exit_code,
        signal_name=failure.signal_name,
        log_tail=failure.log_tail,
        last=failure.code.value,
        steps=step_downs,
        ctx=spec.ctx_size if spec.ctx_size is not None else "?",
    )
