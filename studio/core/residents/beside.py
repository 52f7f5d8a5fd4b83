"""A plan someone chose (the app's load dialog) beside the residents: which of them it
evicts, and what those that stay hold on each device.

The dialog plans a model beside the residents, as the scheduler first does: our running
engines count as free and the residents' bytes (`ledger`) are taken off each device
(`OwnEngines(pids, kept)`), so its auto-fit places the model in the room they leave. A
plan the person pushes past that room makes room by evicting: the least recently used
idle residents leave until the plan's bytes fit beside the rest (the budget of each
device being what it offers with none of them), the same `ledger.evictions` order the
scheduler uses, judged by bytes because the plan is fixed. `Residents.load_planned`
decides with this same function at the moment it loads, so the residents the dialog
named are the ones that go (unless one became busy meanwhile).
"""

from __future__ import annotations

from collections.abc import Awaitable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from studio.core.placement.load_plan import PlannedLoad
from studio.core.placement.plan import Plan
from studio.core.placement.plan_memory import plan_memory
from studio.core.residents.ledger import Holding, evictions, occupied
from studio.core.server.states import ServerState

if TYPE_CHECKING:
    from studio.core.residents.scheduler import ResidentView

T = TypeVar("T")


@dataclass(frozen=True)
class PlannedBeside:
    """A plan made beside the residents: its launch, and the bytes per device key the
    residents held when it was planned (taken off each device's free memory)."""

    load: PlannedLoad
    kept: Mapping[str, int]


def kept_by(residents: Sequence[ResidentView]) -> dict[str, int]:
    """What `residents` hold per device: what a plan beside them takes off."""
    return occupied(Holding(v.name, {d.key: d.held for d in v.devices}) for v in residents)


@dataclass(frozen=True)
class Beside:
    """What loading a plan beside the residents does."""

    leaving: tuple[str, ...] = ()  # residents evicted, least recently used first
    taken: Mapping[str, int] | None = None  # bytes per device key of those that stay
    room: bool = True  # the plan fits beside those that stay

    def taken_on(self, key: str) -> int:
        return (self.taken or {}).get(key, 0)


def may_leave(view: ResidentView) -> bool:
    """Whether a resident may be evicted now: loaded, serving no request, not pinned (the
    scheduler's own rule, `_Resident.idle`)."""
    return view.in_flight == 0 and not view.pinned and view.snapshot.state is ServerState.READY


def beside(
    plan: Plan | None, residents: Sequence[ResidentView], kept: Mapping[str, int] | None = None
) -> Beside:
    """Which of `residents` (most recently used first, as `Residents.views` lists them)
    `plan` evicts; `kept`: the bytes per device it was planned beside (`kept_by`). A
    resident of the plan's own model is not counted: loading the plan replaces it.
    Without a plan (a model loaded unplanned) nothing is known to need room."""
    if plan is None:
        return Beside()
    kept = kept or {}
    others = [v for v in residents if v.model != Path(plan.model_path)]
    holdings = {v.name: Holding(v.name, {d.key: d.held for d in v.devices}) for v in others}
    # Each device's budget with none of the residents: what the plan saw, and their bytes.
    need = {
        d.key: (d.planned.total, d.usable + kept.get(d.key, 0))
        for d in plan_memory(plan)
        if d.planned.total > 0
    }

    def fits(gone: Sequence[str]) -> bool:
        held = occupied(h for name, h in holdings.items() if name not in gone)
        return all(held.get(key, 0) + size <= usable for key, (size, usable) in need.items())

    async def fits_without(gone: Sequence[str]) -> bool:
        return fits(gone)

    idle_lru_first = [v.name for v in reversed(others) if may_leave(v)]
    gone = _settled(evictions(idle_lru_first, fits_without))
    room = gone is not None
    if gone is None:  # not even all of them make room: they all go, the rest is the plan's
        gone = idle_lru_first
    taken = occupied(h for name, h in holdings.items() if name not in gone)
    return Beside(tuple(gone), taken, room)


def _settled(work: Awaitable[T]) -> T:
    """The result of a coroutine that never suspends (its fit check is plain arithmetic),
    without an event loop: the dialog asks on every re-plan, from the GUI thread."""
    assert isinstance(work, Coroutine)
    coroutine: Coroutine[Any, Any, T] = work
    try:
        coroutine.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    coroutine.close()
    raise RuntimeError("a byte fit check suspended")
