"""The one planner of a load nobody is asked about: the app's autoload and the models its
local API names, `studio serve` at start and on a request for another model, `studio run`.

Given a model, the engine that will run it and a policy (the settings remembered for the
model, or a command line's own), `plan_load` returns the launch and its out-of-memory step
down together, priced with what the engine's self-test measured and placed on the RPC
servers the caller names, as `studio fit` and the load dialog plan (`model_setup`). The
manager takes both in one call: `manager.load(planned.spec, smaller_plan=planned.step_down)`.

Blocking (the model's header, device and RPC probes): run it with `asyncio.to_thread`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from studio.core.engine import EngineCandidate, EngineInfo, EngineLocation
from studio.core.errors import StudioError
from studio.core.gguf import GGUFModel
from studio.core.gguf.cache import ModelCache
from studio.core.memory import EngineMemory
from studio.core.placement.admission import check_fits
from studio.core.placement.plan import Plan
from studio.core.placement.remembered import judged_damaged
from studio.core.placement.request import PlanRequest
from studio.core.placement.setup import Machine, ModelSetup
from studio.core.placement.smaller import SmallerPlanStep
from studio.core.server.launch import LaunchSpec
from studio.core.server.recovery import SmallerPlan

log = logging.getLogger(__name__)


def _empty() -> Mapping[str, Any]:
    return MappingProxyType({})


@dataclass(frozen=True)
class PlanningEngine:
    """The engine a load will run on, as the planner needs it: its description (None when
    none could be probed), where it is (only it can ask an RPC server what it offers) and
    what its self-test measured (None prices no repack term and the base graph)."""

    info: EngineInfo | None = None
    location: EngineLocation | None = None
    memory: EngineMemory | None = None

    @classmethod
    def of(cls, candidate: EngineCandidate) -> PlanningEngine:
        test = candidate.self_test
        return cls(candidate.info, candidate.location, test.memory if test is not None else None)


@dataclass(frozen=True)
class Remembered:
    """The app's policy: what the load dialog last saved for the model (None: nothing yet)
    over the defaults. Saved for the memory that was free then, so when it no longer fits
    the model is auto-fitted afresh; one that fits in no way is refused. Without an engine
    or a readable header (one not found damaged) the model starts with the engine's
    defaults, unplanned. The engine logs its allocations for the Server page to compare."""

    settings: Mapping[str, object] | None = None


@dataclass(frozen=True)
class Explicit:
    """A command line's policy: its settings (`PlanRequest` fields, a context of 0 for the
    trained one) over the defaults and LLAMA_ARG_*; a plan that does not fit is refused
    unless `load_anyway` (`--force`). `launch` sets what no plan decides (extra engine
    arguments, embeddings)."""

    settings: Mapping[str, Any] = field(default_factory=_empty)
    load_anyway: bool = False
    launch: Mapping[str, Any] = field(default_factory=_empty)


LoadPolicy = Remembered | Explicit


@dataclass(frozen=True)
class OwnEngines:
    """Our running engines as a plan for one more model sees them: the memory they hold
    counts as free (`pids`; a switch stops them first), except what models that stay
    loaded beside the new one hold (`kept`: bytes per device key, `core/residents`).
    `rpc_in_use`: RPC servers our engines are connected to. An RPC server serves one
    engine at a time (a second one's connection, even to list its devices, waits until
    the first has gone), so a plan for another model leaves them out."""

    pids: Sequence[int] = ()
    kept: Mapping[str, int] = field(default_factory=dict)
    rpc_in_use: frozenset[str] = frozenset()

    def free_rpc(self, endpoints: Sequence[str]) -> list[str]:
        return [e for e in endpoints if e not in self.rpc_in_use]


@dataclass(frozen=True)
class PlannedLoad:
    """What the manager loads: the launch and its out-of-memory step down, and the plan
    they came from, or that admitted a launch given by hand (what it is expected to
    take; None for a model loaded unplanned, with no step down)."""

    spec: LaunchSpec
    step_down: SmallerPlan | None = None
    plan: Plan | None = None

    @classmethod
    def unplanned(cls, model: Path) -> PlannedLoad:
        return cls(LaunchSpec(model=model, label=model.name))


def model_setup(
    machine: Machine,
    model_path: Path,
    engine: PlanningEngine,
    rpc_endpoints: Sequence[str] = (),
    *,
    model: GGUFModel | None = None,
    own: OwnEngines | None = None,
) -> ModelSetup:
    """The model on this machine for `engine`, with the RPC servers as devices: how every
    load and `studio fit` see it; `own`: our running engines. Blocking."""
    own = own or OwnEngines()
    return machine.setup(
        model_path,
        engine.info,
        engine.location,
        own.free_rpc(rpc_endpoints),
        own.pids,
        model=model,
        memory=engine.memory,
        kept=own.kept,
    )


def launched(setup: ModelSetup, plan: Plan) -> PlannedLoad:
    """The app's launch of `plan` (the load dialog's plan, too) and its step down."""
    return PlannedLoad(setup.launch(plan), SmallerPlanStep(setup.planner, plan), plan)


def plan_load(
    machine: Machine,
    model_path: Path,
    engine: PlanningEngine,
    policy: LoadPolicy,
    rpc_endpoints: Sequence[str] = (),
    own: OwnEngines | None = None,
    models: ModelCache | None = None,
) -> PlannedLoad:
    """The launch and step down of `model_path` under `policy`. Raises the refusal of a
    model that does not fit (`admission`), and what reading the model or the devices
    raised (for `Remembered`, only a damaged file: the engine is never started on it).
    `own`: our running engines, and what those staying loaded beside this one hold;
    `models`: headers already read, for a caller that plans the same files again."""
    read = models.read if models is not None else None
    if isinstance(policy, Remembered):
        return _remembered(machine, model_path, engine, policy, rpc_endpoints, own, read)
    model = read(model_path) if read is not None else None
    setup = model_setup(machine, model_path, engine, rpc_endpoints, model=model, own=own)
    plan = explicit_plan(setup, policy)
    # The app's launch of the plan (its log reports allocations, for the residents' ledger
    # and the memory panel), with the command line's own arguments after it.
    launch = setup.launch(plan)
    given = dict(policy.launch)
    extra = (*launch.extra_args, *given.pop("extra_args", ()))
    spec = launch.with_changes(**given, extra_args=extra)
    return PlannedLoad(spec, SmallerPlanStep(setup.planner, plan), plan)


def explicit_plan(setup: ModelSetup, policy: Explicit) -> Plan:
    """The plan of a command line's settings; one that does not fit is refused unless the
    policy says to load anyway."""
    plan = setup.planner.plan(explicit_request(setup, policy.settings))
    if not policy.load_anyway:
        check_fits(plan)
    return plan


def explicit_request(setup: ModelSetup, settings: Mapping[str, Any]) -> PlanRequest:
    """`settings` over the set-up's base; a context of 0 is llama-server's "the context the
    model was trained for"."""
    request = setup.base_request.with_changes(**settings)
    if request.ctx == 0:
        request = request.with_changes(ctx=setup.planner.trained_ctx)
    return request


def _remembered(
    machine: Machine,
    model_path: Path,
    engine: PlanningEngine,
    policy: Remembered,
    rpc_endpoints: Sequence[str],
    own: OwnEngines | None,
    read: Callable[[Path], GGUFModel] | None,
) -> PlannedLoad:
    if engine.info is None:
        return PlannedLoad.unplanned(model_path)
    try:
        model = read(model_path) if read is not None else None
        setup = model_setup(machine, model_path, engine, rpc_endpoints, model=model, own=own)
    except (StudioError, OSError) as error:
        if judged_damaged(error):
            raise
        log.warning("%s loads without a plan: %s", model_path, error)
        return PlannedLoad.unplanned(model_path)
    return launched(setup, setup.remembered_plan(policy.settings))
