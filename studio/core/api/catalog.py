"""The library as `studio serve` offers it: the models a request may name, and the
`/v1/models` list.

A request's `model` names a library model by its id (the file's stem, which is also the
alias the engine reports), its file name, or `REPO/FILE` for a Hugging Face cache file;
`ModelCatalog.find` is the lookup the model switcher (`core/server/switcher.py`) loads
by.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from studio.core.hub.library import LocalModel
from studio.core.server.states import ServerState, Snapshot
from studio.core.server.switcher import spec_names

if TYPE_CHECKING:
    from studio.core.residents.scheduler import ResidentView

LibraryScan = Callable[[], Sequence[LocalModel]]

_CATALOG_TTL_S = 10.0


@dataclass(frozen=True)
class CatalogEntry:
    id: str
    path: Path
    names: frozenset[str]
    size: int
    created: int


def model_names(model: LocalModel) -> frozenset[str]:
    """Every name a request (or a stored answer) may give a library model by: its id (the
    file's stem), its file name, and `REPO/FILE` when it came from the Hub."""
    names = {model.path.stem, model.path.name}
    if model.repo_id:
        names.add(f"{model.repo_id}/{model.path.name}")
    return frozenset(names)


def _entry(model: LocalModel) -> CatalogEntry:
    try:
        created = int(model.path.stat().st_mtime)
    except OSError:
        created = 0
    return CatalogEntry(model.path.stem, model.path, model_names(model), model.size, created)


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

    async def find(self, name: str) -> Path | None:
        """The file a request's `name` means; None when no library model has it."""
        for entry in await self.entries():
            if name in entry.names:
                return entry.path
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


def resident_list(
    entries: Sequence[CatalogEntry], residents: Sequence[ResidentView]
) -> dict[str, Any]:
    """`/v1/models` with several models resident: each resident first (most recently used
    first) with its bytes per device, then the rest of the library."""
    data: list[dict[str, Any]] = []
    taken: set[Path] = set()
    for view in residents:
        body = _model_json(view.name, 0, view.snapshot.state.value, True)
        body["devices"] = devices_json(view)
        data.append(body)
        taken.add(view.model)
    data += [
        _model_json(entry.id, entry.created, "unloaded", False, entry.size)
        for entry in entries
        if entry.path not in taken
    ]
    return {"object": "list", "data": data}


def devices_json(view: ResidentView) -> list[dict[str, Any]]:
    """A resident's bytes per device: what its plan predicted, what its engine logged."""
    return [
        {"key": d.key, "label": d.label, "predicted": d.predicted, "allocated": d.allocated}
        for d in view.devices
    ]


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
