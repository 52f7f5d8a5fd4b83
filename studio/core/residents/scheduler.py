"""Several models loaded at once, inside one memory budget per device.

`Residents` keeps one `ServerManager` per resident model, so each keeps every guarantee
of the single-model manager (serialised loads, unload epochs, respawn and one replay, the
hung probe, the out-of-memory ladder), and decides which models are resident:

- A request names its model (`use`); a resident answers at once, however many requests
  hold it. Any other model is planned twice: on its own (our running engines counted as
  free, the machine with none of our models loaded) and beside the residents (their
  bytes per device, `ledger`, taken off what is free). When the plan beside them is as
  good as the one on its own (as many layers on accelerators, the same context), it
  loads there. Else the least recently used idle residents are evicted until the planner
  places it as well as on its own, and then no more (`ledger.evictions`); with
  `max_models` the count is kept too. Evicted residents are stopped before the new
  model starts, so no device holds both.
- A resident serving a request, loading, or pinned is never evicted: a model that needs
  its bytes waits until it is idle (at most `max_waiting` such requests wait; more are
  refused with `model_queue_full`), and one that pinned models leave no room for is
  refused with `model_no_room`.
- Every request waiting for the same model shares one load; a request that gives up does
  not cancel the load for the others (the load is a task of the scheduler's).
- A resident idle for its time to live (`idle_unload_s`, or a request's `keep_alive`) is
  unloaded; the next request for it loads it again.
- A request may need its model launched with knobs no plan prices (`use(launch=...)`: the
  documents' embeddings, `--embeddings --pooling mean`). A resident launched without them
  is relaunched with them in its place, with its plan and bytes, once no request holds it
  (the requests that come meanwhile wait for that load as for any); one not resident
  starts with them.

Decisions that evict or hold are made with no await between the check and the mark
(`leaving`, `holders`), so a request can never start on a resident being stopped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, fields
from pathlib import Path

from studio.core.engine_knobs import LAUNCH_KNOBS, kept_beside_plan
from studio.core.errors import StudioError
from studio.core.placement.load_plan import OwnEngines, PlannedLoad
from studio.core.placement.plan import Plan
from studio.core.placement.plan_memory import logged_memory
from studio.core.residents.beside import PlannedBeside, beside
from studio.core.residents.ledger import DeviceBytes, Holding, evictions, occupied
from studio.core.server.launch import LaunchSpec, cancellable
from studio.core.server.manager import NotReadyError, ServerManager
from studio.core.server.states import ServerState, Snapshot
from studio.core.server.switcher import NAME_SAID, Held, ModelLookup, spec_names, unknown_model
from studio.core.tasks import TaskOwner

log = logging.getLogger(__name__)

# A model file, and our running engines with what those staying loaded hold -> its launch,
# step down and plan (`core/placement/load_plan.plan_load`, which raises a refusal).
ResidentPlanner = Callable[[Path, OwnEngines], Awaitable[PlannedLoad]]
ManagerFactory = Callable[[], ServerManager]
# A launch -> the same launch with knobs no plan prices changed (`engine_knobs`' KEPT
# knobs: embeddings, pooling), so the resident's plan and bytes stay what they were. Given
# its own result it returns it unchanged.
Relaunch = Callable[[LaunchSpec], LaunchSpec]
# Told whenever what `views` says may have changed (a resident came, went, loaded, was
# held or let go): the app's service re-reads the views then.
Changed = Callable[[], None]

MAX_WAITING = 16


@dataclass(frozen=True)
class ResidentView:
    """One resident as `studio ps`, `/v1/models` and the app show it."""

    name: str
    model: Path
    snapshot: Snapshot
    devices: tuple[DeviceBytes, ...]
    pinned: bool
    ttl_s: float | None  # None: no time to live
    idle_s: float  # 0 while a request holds it
    in_flight: int  # requests holding it


class _Resident:
    def __init__(
        self,
        path: Path,
        manager: ServerManager,
        planned: PlannedLoad,
        ttl_s: float | None,
        launch: Relaunch | None = None,
    ) -> None:
        self.path = path
        self.manager = manager
        self.planned = planned
        spec = cancellable(planned.spec)
        self.launched = launch(spec) if launch is not None else spec
        self.ttl_s = ttl_s
        self.pinned = False
        self.holders = 0
        self.last_used = time.monotonic()
        self.leaving = False  # chosen to go: no request may hold it any more
        self.allocated: dict[str, int] = {}  # bytes per plan device, from the engine's log
        self.ready: asyncio.Task[Snapshot | StudioError] | None = None

    @property
    def name(self) -> str:
        return self.launched.public_name

    def answers_to(self, name: str) -> bool:
        return name in spec_names(self.launched) or name == str(self.path)

    def launched_as(self, launch: Relaunch | None) -> bool:
        """Whether it runs with what `launch` asks (None: asks nothing)."""
        return launch is None or launch(self.launched) == self.launched

    @property
    def loaded(self) -> bool:
        return self.ready is not None and self.ready.done()

    def devices(self) -> tuple[DeviceBytes, ...]:
        plan = self.planned.plan
        if plan is None:
            return ()
        return tuple(
            DeviceBytes(
                d.key,
                d.label,
                d.predicted.total,
                self.allocated.get(d.key),
                d.predicted.prompt_cache,
            )
            for d in (*plan.devices, plan.host)
            if d.predicted.total > 0 or d.key in self.allocated
        )

    def holding(self) -> Holding:
        return Holding(self.name, {d.key: d.held for d in self.devices()})

    @property
    def idle(self) -> bool:
        """May be evicted now: loaded, serving no request, not pinned."""
        return self.holders == 0 and self.loaded and not self.pinned

    def idle_for(self, now: float) -> float:
        return 0.0 if self.holders else max(0.0, now - self.last_used)


class Residents:
    """The models resident now, and the one way a request gets one (see the module text).
    `new_manager` makes the manager of each new resident; `lookup` turns a name into a
    model file; `plan` plans one. `max_models`: at most this many residents (None: as
    many as fit); `idle_unload_s`: each resident's default time to live."""

    def __init__(
        self,
        new_manager: ManagerFactory,
        lookup: ModelLookup,
        plan: ResidentPlanner,
        *,
        max_models: int | None = None,
        idle_unload_s: float | None = None,
        max_waiting: int = MAX_WAITING,
        on_change: Changed | None = None,
    ) -> None:
        self._new_manager = new_manager
        self._on_change = on_change
        self._lookup = lookup
        self._plan = plan
        self._max_models = max_models
        self._idle_unload_s = idle_unload_s
        self._max_waiting = max_waiting
        self._residents: dict[Path, _Resident] = {}
        self._admitting = asyncio.Lock()
        self._changed = asyncio.Event()  # a holder let go, a resident left or a TTL changed
        self._waiting = 0
        self._resume: Path | None = None  # what a time to live unloaded last
        self._tasks = TaskOwner("residents")
        # Stops are never cancelled: a half-stopped manager would leave its engine behind.
        self._stopping = TaskOwner("residents-stopping")
        self._closed = False
        self.evicted = 0  # residents evicted to make room, ever
        self.expired = 0  # residents unloaded by their time to live, ever

    def start(self) -> None:
        self._tasks.spawn("time-to-live", self._unload_expired())

    async def close(self) -> None:
        """Stop every resident; the scheduler cannot be used afterwards."""
        self._closed = True
        await self._tasks.shutdown()  # loads under way stop their own residents
        await self._stop(list(self._residents.values()))
        await self._stopping.wait()

    # -- what is resident --------------------------------------------------------------

    def views(self) -> tuple[ResidentView, ...]:
        """Every resident, most recently used first."""
        now = time.monotonic()
        residents = sorted(self._residents.values(), key=lambda r: -r.last_used)
        return tuple(
            ResidentView(
                r.name,
                r.path,
                r.manager.snapshot,
                r.devices(),
                r.pinned,
                r.ttl_s,
                r.idle_for(now),
                r.holders,
            )
            for r in residents
        )

    def front(self) -> ServerManager | None:
        """The manager a request that names no model is answered by: the most recently
        used resident's."""
        resident = self._find(None)
        return resident.manager if resident is not None else None

    def manager_of(self, name: str) -> ServerManager | None:
        """The manager of the resident `name` once it has loaded (None: not resident, or
        still loading), without holding it: for what needs no guarantee (the chat's token
        counts, the template's capabilities). Its manager's ready snapshot counts: the app
        reads the template when that snapshot comes, before the scheduler has read the
        engine's log and marked the resident loaded."""
        resident = self._find(name)
        if resident is None:
            return None
        ready = resident.loaded or resident.manager.snapshot.state is ServerState.READY
        return resident.manager if ready else None

    def path_of(self, name: str) -> Path | None:
        """The model file of the resident `name` (None: none answers to it)."""
        resident = self._find(name)
        return resident.path if resident is not None else None

    def pids(self) -> tuple[int, ...]:
        """Our running engines: the planner counts their memory as free."""
        return tuple(
            pid for r in self._residents.values() if (pid := r.manager.snapshot.pid) is not None
        )

    # -- requests ----------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def use(
        self, name: str | None, *, ttl_s: float | None = None, launch: Relaunch | None = None
    ) -> AsyncIterator[Held]:
        """Hold the model `name` (None: the most recently used) loaded while the block
        runs. `ttl_s` sets its time to live from now on (a request's keep_alive; negative:
        none). `launch`: the knobs no plan prices the request needs (a resident without
        them is relaunched with them, see the module text). Bringing it raises
        `StudioError`; what the block raises passes unchanged."""
        resident = await self._hold(name or None, launch)
        try:
            if ttl_s is not None:
                resident.ttl_s = ttl_s if ttl_s >= 0 else None
            await self._ready(resident)
            yield Held(resident.manager, resident.launched)
        finally:
            self._let_go(resident)

    async def load(self, path: Path, *, pinned: bool = False) -> Snapshot:
        """Make `path` resident (an explicit load, e.g. /studio/load); returns its ready
        snapshot. `pinned`: never evicted nor unloaded by its time to live."""
        self._check_open()
        resident = self._residents.get(path)
        if resident is not None and not resident.leaving:
            resident.holders += 1
        else:
            resident = await self._admit(path)
        try:
            resident.pinned = resident.pinned or pinned
            return await self._ready(resident)
        finally:
            self._let_go(resident)

    async def load_planned(self, path: Path, planned: PlannedBeside) -> Snapshot:
        """Make `path` resident with a plan made elsewhere (the app's load dialog, planned
        beside the residents), after evicting the residents `beside.beside` names for
        it, the same decision the dialog showed; a resident of `path` itself is
        replaced. Returns its ready snapshot."""
        self._check_open()
        async with self._admitting:
            self._check_open()
            old = self._residents.get(path)
            if old is not None:
                await self._stop([old])
            # No await from the views to the marks `_stop` makes: the residents named are
            # still idle when they are taken off.
            decision = beside(planned.load.plan, self.views(), planned.kept)
            gone = [
                r
                for r in self._residents.values()
                if r.name in decision.leaving and r.idle and not r.leaving
            ]
            await self._stop(gone, evicted=True)  # before the new one starts, as `_place`
            resident = self._start(path, planned.load)
            resident.holders += 1
        try:
            return await self._ready(resident)
        finally:
            self._let_go(resident)

    async def unload(self, name: str | None = None) -> int:
        """Unload the model `name` (None: every one); returns how many were unloaded.
        Requests it is answering end as cancelled."""
        chosen = [r for r in self._residents.values() if name is None or r.answers_to(name)]
        self._resume = None
        await self._stop(chosen)
        return len(chosen)

    def _check_open(self) -> None:
        if self._closed:
            raise NotReadyError("manager_closed", "the server manager has been shut down")

    def _find(self, name: str | None) -> _Resident | None:
        present = [r for r in self._residents.values() if not r.leaving]
        if name is None:
            return max(present, key=lambda r: r.last_used, default=None)
        return next((r for r in present if r.answers_to(name)), None)

    async def _hold(self, name: str | None, launch: Relaunch | None = None) -> _Resident:
        while True:
            resident = await self._hold_once(name, launch)
            if resident.launched_as(launch):
                return resident
            # Admitted meanwhile by a request that asked for nothing: relaunch it.
            self._let_go(resident)

    async def _hold_once(self, name: str | None, launch: Relaunch | None) -> _Resident:
        while True:
            self._check_open()
            changed = self._changed
            resident = self._find(name)
            if resident is None:
                break
            # No await from the checks to the marks: it cannot be leaving nor held now.
            if resident.launched_as(launch):
                resident.holders += 1
                return resident
            if resident.loaded and resident.holders == 0:
                assert launch is not None
                self._relaunch(resident, launch)
                resident.holders += 1
                return resident
            await changed.wait()  # loading, or answering others: relaunched once idle
        if name is None:
            if self._resume is None:
                raise NotReadyError("no_model", "no model is loaded")
            return await self._admit(self._resume, launch)
        path = await self._lookup(name)
        if path is None:
            raise unknown_model(name)
        return await self._admit(path, launch)

    def _relaunch(self, resident: _Resident, launch: Relaunch) -> None:
        """Load `resident` again with `launch`'s knobs, in its place and with its plan:
        requests that come meanwhile wait for this load (its `ready`)."""
        spec = launch(resident.launched)
        if not _only_kept(resident.launched, spec):
            raise ValueError(f"a relaunch may change only knobs no plan prices: {spec}")
        log.info("relaunching %s with %s", resident.name, _changes(resident.launched, spec))
        resident.launched = spec
        resident.allocated = {}
        resident.ready = self._tasks.spawn(f"relaunch {resident.path.name}", self._bring(resident))
        self._tell()

    def _let_go(self, resident: _Resident) -> None:
        resident.holders -= 1
        resident.last_used = time.monotonic()
        self._notify()

    def _notify(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()
        self._tell()

    def _tell(self) -> None:
        """What `views` says changed; nothing a waiting request should plan again for (a
        resident taken off still holds its memory until its stop is done)."""
        if self._on_change is not None:
            self._on_change()

    async def _ready(self, resident: _Resident) -> Snapshot:
        assert resident.ready is not None
        # Shielded: a request that gives up must not cancel the load the others wait for.
        outcome = await asyncio.shield(resident.ready)
        if isinstance(outcome, StudioError):
            raise outcome
        return outcome

    # -- admission ---------------------------------------------------------------------

    async def _admit(self, path: Path, launch: Relaunch | None = None) -> _Resident:
        """`path` resident and held by the caller: shared if another request admitted it
        meanwhile, else planned beside the residents, after evicting what must go."""
        if self._waiting >= self._max_waiting:
            raise StudioError(
                "model_queue_full",
                f"{self._waiting} requests already wait for room to load a model",
                waiting=self._waiting,
            )
        self._waiting += 1
        try:
            while True:
                async with self._admitting:
                    self._check_open()
                    # Taken before planning: a holder that lets go meanwhile sets it.
                    changed = self._changed
                    resident = self._residents.get(path)
                    if resident is None or resident.leaving:
                        resident = await self._place(path, launch)
                    if resident is not None:
                        resident.holders += 1
                        return resident
                # Busy residents hold the room: wait until one lets go, then plan again.
                await changed.wait()
        finally:
            self._waiting -= 1

    async def _place(self, path: Path, launch: Relaunch | None = None) -> _Resident | None:
        """Start `path` where it fits: beside the residents when the planner places it
        there as well as on its own (as many layers on accelerators, the same context),
        else in the room that evicting idle residents makes. None while busy residents
        hold that room."""
        present = sorted(
            (r for r in self._residents.values() if not r.leaving), key=lambda r: r.last_used
        )
        pids = self.pids()
        # Never an RPC server a resident is connected to, even one that may be evicted:
        # listing its devices would wait for that resident to go (`OwnEngines`).
        rpc = frozenset(e for r in present for e in r.launched.rpc_servers)
        alone = await self._plan(path, OwnEngines(pids, rpc_in_use=rpc))
        if not present:
            return self._start(path, alone, launch)
        plans: dict[frozenset[Path], PlannedLoad | None] = {}

        async def beside(gone: Sequence[_Resident]) -> PlannedLoad | None:
            """The plan in what the residents other than `gone` leave (None: no fit)."""
            key = frozenset(r.path for r in gone)
            if key not in plans:
                kept = occupied(r.holding() for r in present if r.path not in key)
                plans[key] = await self._plan_beside(path, OwnEngines(pids, kept, rpc))
            return plans[key]

        async def fits_without(gone: Sequence[_Resident]) -> bool:
            planned = await beside(gone)
            return planned is not None and _as_good(planned, alone)

        full = self._max_models is not None and len(present) >= self._max_models
        idle = [r for r in present if r.idle]
        gone = await evictions(idle, fits_without, at_least_one=full)
        if gone is not None:
            planned = await beside(gone)
            assert planned is not None
            if any(not r.idle or r.leaving for r in gone):
                return None  # a request took one while the plans were made: plan again
            await self._stop(gone, evicted=True)  # marks them leaving before any await
            return self._start(path, planned, launch)
        unpinned = [r for r in present if not r.pinned]
        if len(unpinned) > len(idle) and await fits_without(unpinned):
            return None  # room once busy residents let go
        squeezed = await beside([])
        if squeezed is not None and not full:
            return self._start(path, squeezed, launch)  # pinned models keep the room; less is left
        pinned = ", ".join(r.name for r in present if r.pinned)
        raise StudioError(
            "model_no_room",
            f"{alone.spec.public_name} does not fit beside the pinned models ({pinned})",
            model=alone.spec.public_name[:NAME_SAID],
            pinned=pinned[:NAME_SAID],
        )

    async def _plan_beside(self, path: Path, own: OwnEngines) -> PlannedLoad | None:
        """The plan in what the residents leave; None when nothing fits there."""
        try:
            planned = await self._plan(path, own)
        except StudioError as error:
            log.info("%s does not fit beside the residents: %s", path.name, error)
            return None
        return planned if planned.plan is None or planned.plan.fits else None

    def _start(self, path: Path, planned: PlannedLoad, launch: Relaunch | None = None) -> _Resident:
        self._check_open()  # closed while the plans were made: start nothing
        resident = _Resident(path, self._new_manager(), planned, self._idle_unload_s, launch)
        self._residents[path] = resident
        resident.ready = self._tasks.spawn(f"load {path.name}", self._bring(resident))
        self._tell()
        return resident

    async def _bring(self, resident: _Resident) -> Snapshot | StudioError:
        """Load `resident`; a failure leaves the residents (and is returned to every
        request waiting for it)."""
        try:
            snapshot = await resident.manager.load(
                resident.launched, smaller_plan=resident.planned.step_down
            )
        except StudioError as error:
            await self._stop([resident])
            return error
        except asyncio.CancelledError:
            await self._stop([resident])
            raise
        resident.allocated = await asyncio.to_thread(
            _allocated, resident.planned.plan, snapshot.log_path
        )
        self._notify()
        return snapshot

    async def _stop(self, leaving: Sequence[_Resident], *, evicted: bool = False) -> None:
        """Take `leaving` off the residents at once (no request may hold them from here),
        then stop their engines."""
        for resident in leaving:
            resident.leaving = True
            if self._residents.get(resident.path) is resident:
                del self._residents[resident.path]
        if leaving:
            self._tell()
        if evicted:
            self.evicted += len(leaving)
            for resident in leaving:
                log.info("evicting %s to make room", resident.name)
        if leaving:
            # Shielded and owned apart: a caller that gives up (a client gone from its
            # /studio/unload) must not cut a manager's shutdown short.
            await asyncio.shield(self._stopping.spawn("stop", self._shut_down(leaving)))

    async def _shut_down(self, leaving: Sequence[_Resident]) -> None:
        await asyncio.gather(*(r.manager.shutdown() for r in leaving))
        self._notify()

    # -- time to live ------------------------------------------------------------------

    async def _unload_expired(self) -> None:
        while True:
            changed = self._changed
            expired, wait_s = self._expired(time.monotonic())
            if expired:
                self._resume = max(expired, key=lambda r: r.last_used).path
                self.expired += len(expired)
                await self._stop(expired)
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), wait_s)

    def _expired(self, now: float) -> tuple[list[_Resident], float | None]:
        """The idle residents past their time to live, and how long until the next one
        could be (None: no resident has one)."""
        expired: list[_Resident] = []
        next_s: float | None = None
        for resident in self._residents.values():
            if resident.ttl_s is None or resident.pinned or resident.leaving:
                continue
            if resident.holders or not resident.loaded:
                continue
            left = resident.last_used + resident.ttl_s - now
            if left <= 0:
                expired.append(resident)
            else:
                next_s = left if next_s is None else min(next_s, left)
        return expired, next_s


def _as_good(beside: PlannedLoad, alone: PlannedLoad) -> bool:
    """Whether the plan beside the residents loses nothing against the plan on its own:
    no layer or expert moved to the host, no context given up."""
    if beside.plan is None or alone.plan is None:
        return True
    a, b = alone.plan, beside.plan
    return b.n_gpu_layers >= a.n_gpu_layers and b.n_cpu_moe <= a.n_cpu_moe and b.ctx >= a.ctx


def _changes(old: LaunchSpec, new: LaunchSpec) -> dict[str, object]:
    return {
        f.name: getattr(new, f.name)
        for f in fields(new)
        if f.compare and getattr(old, f.name) != getattr(new, f.name)
    }


def _only_kept(old: LaunchSpec, new: LaunchSpec) -> bool:
    """Whether `new` differs from `old` only in knobs a plan launches as given (their
    memory is no plan's: the resident keeps its plan and bytes)."""
    changed = _changes(old, new)
    knobs = {k.name for k in LAUNCH_KNOBS}
    return set(changed) <= knobs and set(kept_beside_plan(changed)) == set(changed)


def _allocated(plan: Plan | None, log_path: Path | None) -> dict[str, int]:
    """What the engine's log says it allocated on each device of `plan`. Blocking."""
    if plan is None:
        return {}
    return {key: memory.total for key, memory in logged_memory(plan, log_path).items()}
