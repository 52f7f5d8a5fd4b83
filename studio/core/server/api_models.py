"""Which model answers a `studio serve` request: the library as `/v1/models` lists it,
models loaded on demand, and the idle unload.

A request's `model` names a library model by its id (the file's stem, which is also the
alias the engine reports), its file name, or `REPO/FILE` for a Hugging Face cache file.
Naming one that is not loaded loads it through the manager first; however many requests
ask for it at once, they share one load. With an idle timeout the model is unloaded after
that long without a request and loaded again by the next one.

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
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from studio.core.errors import StudioError
from studio.core.hub.library import LocalModel
from studio.core.server.api_errors import HttpError, from_studio_error
from studio.core.server.launch import LaunchSpec, cancellable
from studio.core.server.manager import ServerManager
from studio.core.server.recovery import SmallerPlan
from studio.core.server.states import ServerState, Snapshot
from studio.core.tasks import TaskOwner

# A model path -> its launch spec and out-of-memory step down (or None).
LoadPlanner = Callable[[Path], Awaitable[tuple[LaunchSpec, SmallerPlan | None]]]
LibraryScan = Callable[[], Sequence[LocalModel]]

_CATALOG_TTL_S = 10.0
# Load failures that say the model itself cannot be loaded here (missing, not a GGUF,
# does not fit), as opposed to the server being busy with another intent.
_REFUSED_PREFIXES = ("model_", "plan_", "gguf.", "launch_")
# States in which the manager's requests wait for the model (or its respawn) themselves.
_COMING = frozenset(
    {ServerState.READY, ServerState.STARTING, ServerState.CRASHED, ServerState.RESPAWNING}
)


@dataclass(frozen=True)
class CatalogEntry:
    id: str
    path: Path
    names: frozenset[str]
    size: int
    created: int


def spec_names(spec: LaunchSpec) -> frozenset[str]:
    """Every name a request may use for the model `spec` runs."""
    return frozenset({spec.public_name, spec.model.stem, spec.model.name})


def _entry(model: LocalModel) -> CatalogEntry:
    names = {model.path.stem, model.path.name}
    if model.repo_id:
        names.add(f"{model.repo_id}/{model.path.name}")
    try:
        created = int(model.path.stat().st_mtime)
    except OSError:
        created = 0
    return CatalogEntry(model.path.stem, model.path, frozenset(names), model.size, created)


class ModelCatalog:
    """The library's loadable models (no projectors, no broken files), rescanned at most
    every `ttl_s`; the scan reads every header, so it runs in a thread."""

    def __init__(self, scan: LibraryScan, ttl_s: float = _CATALOG_TTL_S) -> None:
        self._scan = scan
        self._ttl_s = ttl_s
        self._entries: list[CatalogEntry] = []
        self._scanned_at: float | None = None
        self._lock = asyncio.Lock()

    async def entries(self) -> list[CatalogEntry]:
        async with self._lock:  # one scan at a time; waiters reuse its result
            now = time.monotonic()
            if self._scanned_at is None or now - self._scanned_at > self._ttl_s:
                models = await asyncio.to_thread(self._scan)
                self._entries = [_entry(m) for m in models if not m.is_projector and not m.problem]
                self._scanned_at = time.monotonic()
            return self._entries

    async def find(self, name: str) -> CatalogEntry | None:
        for entry in await self.entries():
            if name in entry.names:
                return entry
        return None


def model_list(entries: Sequence[CatalogEntry], snapshot: Snapshot) -> dict[str, Any]:
    """`/v1/models`: the library, the loaded model first and marked (and listed even when
    it is not in the library, e.g. a file given on the command line)."""
    loaded = snapshot.requested if snapshot.state is not ServerState.IDLE else None
    data: list[dict[str, Any]] = []
    if loaded is not None:
        alias = snapshot.ready.model_alias if snapshot.ready else loaded.public_name
        data.append(_model_json(alias, 0, snapshot.state.value, True))
    names = spec_names(loaded) if loaded is not None else frozenset()
    for entry in entries:
        if loaded is not None and (entry.path == loaded.model or entry.id in names):
            continue
        data.append(_model_json(entry.id, entry.created, "unloaded", False, entry.size))
    return {"object": "list", "data": data}


def _model_json(
    model_id: str, created: int, status: str, loaded: bool, size: int | None = None
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": model_id,
        "object": "model",
        "created": created,
        "owned_by": "gguf-studio",
        "status": status,
        "loaded": loaded,
    }
    if size is not None:
        body["size"] = size
    return body


class ModelSwitch:
    """Brings the model a request names before it is answered (see the module text)."""

    def __init__(
        self,
        manager: ServerManager,
        catalog: ModelCatalog,
        plan: LoadPlanner,
        idle_unload_s: float | None = None,
    ) -> None:
        self._manager = manager
        self._catalog = catalog
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
        manager then answers with why)."""
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
            try:
                spec, smaller = await self._wanted(name)
                if spec is None:
                    return None  # nothing to load: the manager answers (no_model, its failure)
                self._switching = True
                try:
                    await self._all_let_go()  # the answers of the model loaded now end first
                    loaded = await self._manager.load(cancellable(spec), smaller_plan=smaller)
                finally:
                    self._switching = False
            except StudioError as error:
                # A model that cannot be loaded is the request's problem (422); a load
                # replaced or failed on the way is the server's state (503).
                refused = error.code.startswith(_REFUSED_PREFIXES)
                raise from_studio_error(error, 422 if refused else 503) from error
            self._resume = None
            return self._take(loaded.requested)

    async def _wanted(self, name: str | None) -> tuple[LaunchSpec | None, SmallerPlan | None]:
        if name is None:
            return self._resume, None
        resumed = self._resume
        if resumed is not None and name in spec_names(resumed):
            return resumed, None
        entry = await self._catalog.find(name)
        if entry is None:
            raise HttpError(404, "model_not_found", param="model", model=name[:200])
        return await self._plan(entry.path)

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
