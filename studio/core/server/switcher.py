"""Which model answers a request: models loaded on demand, shared loads, and the idle
unload; the seed of a scheduler over the manager.

A request names its model (a name the caller's `ModelLookup` resolves to a file, or one
of the names the loaded model answers to, `spec_names`). Naming one that is not loaded
loads it through the manager first; however many requests ask for it at once, they share
one load. With an idle timeout the model is unloaded after that long without a request
and loaded again by the next one. A failure is the core's `StudioError`: the model's
(`model_not_found` for a name the lookup does not know, or why its plan or load failed)
or the manager's (a load replaced on the way); the front end says what that means to its
client.

Unload epochs still hold: the idle unload and a new request are decided under one lock
and a flag, so a request never starts on a child the idle unload is about to stop, and
an idle unload never stops a model a request is using or loading.

A request is answered by the model it named. From the check that its model is the one
loaded until its answer ends, the request holds that model: a request for another model
waits until every holder is done before it switches (and, while it waits, new requests
queue behind it rather than hold the old model again, so a switch is never starved).
The manager then refuses to answer a holder from any other model (`requested` in
`ServerManager.stream_chat`), which covers a load sent by hand through `/studio/load`.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from studio.core.errors import StudioError
from studio.core.server.launch import LaunchSpec, cancellable
from studio.core.server.manager import ServerManager
from studio.core.server.recovery import SmallerPlan
from studio.core.server.states import ServerState
from studio.core.tasks import TaskOwner

# A model path -> its launch spec and out-of-memory step down (or None).
LoadPlanner = Callable[[Path], Awaitable[tuple[LaunchSpec, SmallerPlan | None]]]
# A name a request gave -> the model file it means, or None for a name nothing has.
ModelLookup = Callable[[str], Awaitable[Path | None]]

# States in which the manager's requests wait for the model (or its respawn) themselves.
_COMING = frozenset(
    {ServerState.READY, ServerState.STARTING, ServerState.CRASHED, ServerState.RESPAWNING}
)
# A name is echoed back in the failure's sentence: no more of it than a person reads.
NAME_SAID = 200


@dataclass(frozen=True)
class Held:
    """What a request holds while it is answered: the manager of its model, and the spec
    that model was loaded with (the manager answers only from a child started for it)."""

    manager: ServerManager
    spec: LaunchSpec


def unknown_model(name: str) -> StudioError:
    """A request named a model nothing has (`model_not_found`)."""
    said = name[:NAME_SAID]
    return StudioError("model_not_found", f"no model named {said!r}", model=said)


def spec_names(spec: LaunchSpec) -> frozenset[str]:
    """Every name a request may use for the model `spec` runs."""
    return frozenset({spec.public_name, spec.model.stem, spec.model.name})


class ModelSwitch:
    """Brings the model a request names before it is answered (see the module text)."""

    def __init__(
        self,
        manager: ServerManager,
        lookup: ModelLookup,
        plan: LoadPlanner,
        idle_unload_s: float | None = None,
    ) -> None:
        self._manager = manager
        self._lookup = lookup
        self._plan = plan
        self._idle_unload_s = idle_unload_s
        self._lock = asyncio.Lock()
        self._active = 0
        self._holders = 0  # requests holding the loaded model (see the module text)
        self._released = asyncio.Event()  # set whenever the last holder lets go
        self._switching = False  # a switch waits for the holders, or loads
        self._last_used = time.monotonic()
        self._unloading = False
        self._resume: LaunchSpec | None = None  # what an idle unload stopped
        self._tasks = TaskOwner("serve-models")
        self.idle_unloads = 0

    def start(self) -> None:
        if self._idle_unload_s is not None and self._idle_unload_s > 0:
            self._tasks.spawn("idle-unload", self._unload_when_idle(self._idle_unload_s))

    async def close(self) -> None:
        await self._tasks.shutdown()

    @contextlib.asynccontextmanager
    async def use(self, name: str | None) -> AsyncIterator[LaunchSpec | None]:
        """Hold the model `name` (None: the current one) loaded while the block runs; the
        block gets the spec it holds (None when nothing is loaded or to be resumed: the
        manager then answers with why). Bringing the model raises `StudioError`."""
        self._active += 1  # before any await: the idle unload must see this request
        try:
            held = await self._hold(name or None)
            try:
                yield held
            finally:
                if held is not None:
                    self._let_go()
        finally:
            self._active -= 1
            self._last_used = time.monotonic()

    def forget_resume(self) -> None:
        """An explicit unload: the next request must not bring the model back."""
        self._resume = None

    def _serving(self, name: str | None) -> bool:
        snapshot = self._manager.snapshot
        if self._unloading or snapshot.state not in _COMING or snapshot.requested is None:
            return False
        return name is None or name in spec_names(snapshot.requested)

    def _take(self, spec: LaunchSpec | None) -> LaunchSpec | None:
        if spec is not None:
            self._holders += 1
        return spec

    def _let_go(self) -> None:
        self._holders -= 1
        if self._holders == 0:
            self._released.set()

    async def _all_let_go(self) -> None:
        while self._holders:
            self._released.clear()
            await self._released.wait()

    async def _hold(self, name: str | None) -> LaunchSpec | None:
        # No await between the check and the hold: nothing can switch in between.
        if not self._switching and self._serving(name):
            return self._take(self._manager.snapshot.requested)
        async with self._lock:
            if self._serving(name):
                # Another request loaded it while this one waited: shared.
                return self._take(self._manager.snapshot.requested)
            spec, smaller = await self._wanted(name)
            if spec is None:
                return None  # nothing to load: the manager answers (no_model, its failure)
            self._switching = True
            try:
                await self._all_let_go()  # the answers of the model loaded now end first
                loaded = await self._manager.load(cancellable(spec), smaller_plan=smaller)
            finally:
                self._switching = False
            self._resume = None
            return self._take(loaded.requested)

    async def _wanted(self, name: str | None) -> tuple[LaunchSpec | None, SmallerPlan | None]:
        if name is None:
            return self._resume, None
        resumed = self._resume
        if resumed is not None and name in spec_names(resumed):
            return resumed, None
        path = await self._lookup(name)
        if path is None:
            raise unknown_model(name)
        return await self._plan(path)

    async def _unload_when_idle(self, idle_s: float) -> None:
        while True:
            await asyncio.sleep(max(0.01, self._last_used + idle_s - time.monotonic()))
            if not self._idle(idle_s):
                continue
            async with self._lock:
                if not self._idle(idle_s):
                    continue
                # No await between the check above and the unload's epoch bump; the flag
                # keeps requests that arrive meanwhile off the child being stopped.
                self._unloading = True
                try:
                    self._resume = self._manager.snapshot.requested
                    await self._manager.unload()
                    self.idle_unloads += 1
                finally:
                    self._unloading = False

    def _idle(self, idle_s: float) -> bool:
        return (
            self._active == 0
            and self._manager.requests_in_flight == 0
            and self._manager.snapshot.state is ServerState.READY
            and time.monotonic() - self._last_used >= idle_s
        )
