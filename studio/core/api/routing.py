"""Which models the API serves: one at a time over a shared manager (the app's local API,
whose chat uses the same manager), or several resident at once (`studio serve`,
`core/residents`). The routes in `facade.py` ask the same questions of either."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import fields, is_dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from studio.core.api.catalog import CatalogEntry, devices_json, model_list, resident_list
from studio.core.server.launch import cancellable
from studio.core.server.manager import ServerManager
from studio.core.server.states import Snapshot
from studio.core.server.switcher import Held, LoadPlanner, ModelSwitch

if TYPE_CHECKING:
    from studio.core.residents.scheduler import Residents, ResidentView


class ServedModels(Protocol):
    def start(self) -> None: ...

    async def close(self) -> None: ...

    def use(
        self, name: str | None, ttl_s: float | None
    ) -> contextlib.AbstractAsyncContextManager[Held | None]:
        """Hold the model a request names while it is answered (None: nothing to hold; the
        manager then says why)."""

    def front(self) -> ServerManager | None:
        """The manager a request naming no model would be answered by."""

    async def load(self, path: Path, pinned: bool) -> Snapshot: ...

    async def unload(self, name: str | None) -> dict[str, Any]: ...

    def listing(self, entries: Sequence[CatalogEntry]) -> dict[str, Any]: ...

    def status(self) -> dict[str, Any]: ...


class OneModel:
    """One model at a time: a request for another switches (`ModelSwitch`)."""

    def __init__(self, manager: ServerManager, switch: ModelSwitch, plan_load: LoadPlanner):
        self._manager = manager
        self.switch = switch
        self._plan_load = plan_load

    def start(self) -> None:
        self.switch.start()

    async def close(self) -> None:
        await self.switch.close()

    @contextlib.asynccontextmanager
    async def use(self, name: str | None, ttl_s: float | None) -> AsyncIterator[Held | None]:
        # One model has the server's idle timeout; a request's own time to live is moot.
        async with self.switch.use(name) as spec:
            yield None if spec is None else Held(self._manager, spec)

    def front(self) -> ServerManager:
        return self._manager

    async def load(self, path: Path, pinned: bool) -> Snapshot:
        spec, smaller = await self._plan_load(path)
        return await self._manager.load(cancellable(spec), smaller_plan=smaller)

    async def unload(self, name: str | None) -> dict[str, Any]:
        self.switch.forget_resume()
        return snapshot_json(await self._manager.unload())

    def listing(self, entries: Sequence[CatalogEntry]) -> dict[str, Any]:
        return model_list(entries, self._manager.snapshot)

    def status(self) -> dict[str, Any]:
        return snapshot_json(self._manager.snapshot)


class SeveralModels:
    """Several resident models, each with its own manager (`Residents`). `owned`: the
    API starts and closes them (`studio serve`); the app's residents outlive its local
    API, so it serves them unowned."""

    def __init__(self, residents: Residents, *, owned: bool = True) -> None:
        self.residents = residents
        self._owned = owned

    def start(self) -> None:
        if self._owned:
            self.residents.start()

    async def close(self) -> None:
        if self._owned:
            await self.residents.close()

    def use(
        self, name: str | None, ttl_s: float | None
    ) -> contextlib.AbstractAsyncContextManager[Held]:
        return self.residents.use(name, ttl_s=ttl_s)

    def front(self) -> ServerManager | None:
        return self.residents.front()

    async def load(self, path: Path, pinned: bool) -> Snapshot:
        return await self.residents.load(path, pinned=pinned)

    async def unload(self, name: str | None) -> dict[str, Any]:
        unloaded = await self.residents.unload(name)
        return {"unloaded": unloaded, "residents": self._residents_json()}

    def listing(self, entries: Sequence[CatalogEntry]) -> dict[str, Any]:
        return resident_list(entries, self.residents.views())

    def status(self) -> dict[str, Any]:
        front = self.front()
        status = snapshot_json(front.snapshot if front is not None else Snapshot())
        status["residents"] = self._residents_json()
        return status

    def _residents_json(self) -> list[dict[str, Any]]:
        return [resident_json(view) for view in self.residents.views()]


def resident_json(view: ResidentView) -> dict[str, Any]:
    """One resident for `/studio/status` and `studio ps`."""
    snapshot = view.snapshot
    return {
        "id": view.name,
        "model": str(view.model),
        "state": snapshot.state.value,
        "pid": snapshot.pid,
        "pinned": view.pinned,
        "ttl_s": view.ttl_s,
        "idle_s": round(view.idle_s, 1),
        "in_flight": view.in_flight,
        "devices": devices_json(view),
    }


def _jsonable(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        # Not dataclasses.asdict: it deep-copies, and read-only mapping proxies can't be.
        return {f.name: _jsonable(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_jsonable(v) for v in value]
    return value


def snapshot_json(snapshot: Snapshot) -> dict[str, Any]:
    """The snapshot as JSON; the `props` dump and the full log tail are left out."""
    data: dict[str, Any] = _jsonable(snapshot)
    if data.get("ready"):
        data["ready"].pop("props", None)
    if data.get("failure"):
        data["failure"]["log_tail"] = data["failure"]["log_tail"][-10:]
    data["recovery"] = [
        {"step": note["step"], "cause": note["cause"]["code"]} for note in data["recovery"]
    ]
    return data
