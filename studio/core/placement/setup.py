"""One model on this machine, prepared the same way for every front end.

The load dialog, the autoload, `studio fit`, `studio estimate`, `studio serve` and the Hub's
fit badges all start here: read the model, find the devices (NVML or fake GPUs, the
engine's own list, RPC servers), build a `Planner`, and take the LLAMA_ARG_* settings from
the environment. `Machine` is built once by each front end's root (`app.py`, a CLI
command) with the environment it started with; nothing below it reads `os.environ`.

Blocking (file, NVML and subprocess I/O): the GUI runs `Machine.devices` and
`Machine.setup` through `asyncio.to_thread`.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from studio.core.engine import EngineInfo, EngineLocation
from studio.core.engine.info import EngineFeatures
from studio.core.gguf import GGUFError, GGUFModel, read_model
from studio.core.gguf.local import read_header
from studio.core.hardware import (
    DeviceConfig,
    DeviceInventory,
    RpcEndpoint,
    discover_devices,
    probe_rpc_devices,
)
from studio.core.memory import EngineMemory, ModelSummary, summarize
from studio.core.placement.admission import check_fits
from studio.core.placement.environment import request_from_environment
from studio.core.placement.plan import Plan
from studio.core.placement.planner import Planner
from studio.core.placement.reasons import Reason
from studio.core.placement.remembered import Recalled, recall
from studio.core.placement.request import PlanRequest, Projector
from studio.core.placement.shown_command import app_launch, command_line
from studio.core.server.launch import LaunchSpec

log = logging.getLogger(__name__)


def find_projector(model_path: Path) -> Projector | None:
    """An `mmproj*.gguf` in the model's folder (how Hugging Face repositories ship them)."""
    candidates = sorted(model_path.parent.glob("mmproj*.gguf"))
    candidates += sorted(
        p
        for p in model_path.parent.glob("*.gguf")
        if "mmproj" in p.name.lower() and p not in candidates
    )
    for candidate in candidates:
        if candidate == model_path:
            continue
        try:
            header = read_header(candidate, check_data=False)
        except GGUFError as error:
            # A broken or special file beside the model must not stop the model loading.
            log.warning("projector candidate %s skipped: %s", candidate, error)
            continue
        return Projector(path=candidate, weight_bytes=header.data_bytes)
    return None


@dataclass(frozen=True)
class ModelSetup:
    """Everything a front end needs to plan one model on this machine."""

    model_path: Path
    summary: ModelSummary
    planner: Planner
    inventory: DeviceInventory
    features: EngineFeatures | None  # None: no engine was probed, every feature assumed
    projector: Projector | None  # a vision projector found beside the model
    environment_reasons: tuple[Reason, ...]  # LLAMA_ARG_* variables honoured or ignored
    base_request: PlanRequest  # the defaults, with LLAMA_ARG_* settings applied

    def recall(self, remembered: Mapping[str, object] | None) -> Recalled:
        """The request to open with: what was remembered for this model over the base."""
        return recall(remembered, self.base_request, self.projector)

    def remembered_plan(self, remembered: Mapping[str, object] | None) -> Plan:
        """The plan to load with nobody there to ask (the autoload, a model an API client
        names): what was remembered, or auto-fit when that no longer fits the devices there
        are now. When even auto-fit does not fit, raises its refusal (`admission.refusal`):
        with no one to choose "load anyway", such a model is refused. Pure, but up to an
        auto-fit's search: run it with `asyncio.to_thread` from the GUI."""
        plan = self.planner.plan(self.recall(remembered).request)
        if plan.fits:
            return plan
        fresh = self.planner.plan(plan.with_auto_fit())
        if not fresh.fits:
            check_fits(fresh)
        log.info("remembered settings for %s no longer fit: auto-fit instead", self.model_path)
        return fresh

    def launch(self, plan: Plan) -> LaunchSpec:
        """What the manager runs for `plan` (see `shown_command.app_launch`)."""
        return app_launch(plan, self.features)

    def command(self, plan: Plan) -> list[str]:
        """The command line the dialog and `studio fit` show for `plan`."""
        return command_line(plan, self.features)


@dataclass(frozen=True)
class Machine:
    """This computer as the planner sees it, through the environment it was started with
    (STUDIO_FAKE_DEVICES, CUDA_VISIBLE_DEVICES, LLAMA_ARG_* ...)."""

    environ: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, environ: Mapping[str, str]) -> Machine:
        """A snapshot: a later change to the process environment does not move the plans."""
        return cls(dict(environ))

    @property
    def device_config(self) -> DeviceConfig:
        return DeviceConfig.from_environment(self.environ)

    @property
    def fake_devices(self) -> bool:
        """Fake devices need no engine to be planned for."""
        return bool(self.device_config.fake_spec)

    def devices(
        self,
        engine: EngineInfo | None,
        location: EngineLocation | None = None,
        rpc_endpoints: Sequence[str] = (),
        own_pids: Sequence[int] = (),
        kept: Mapping[str, int] | None = None,
    ) -> DeviceInventory:
        """The devices a launch can use. Only the engine can tell what an RPC server offers,
        so RPC endpoints are asked through `location` (none without it).

        `own_pids` is our running engine: the memory it holds is freed by a switch, so it
        counts as free. `kept`: bytes per device key that models staying loaded beside
        the new one hold (`core/residents`), taken off what is free."""
        endpoints = [RpcEndpoint.parse(e) for e in rpc_endpoints if e.strip()]
        rpc_devices = (
            probe_rpc_devices(location, endpoints) if endpoints and location is not None else ()
        )
        return discover_devices(
            self.device_config,
            engine.devices if engine is not None else (),
            self.environ,
            rpc_devices=rpc_devices,
            own_pids=own_pids,
        ).less(kept or {})

    def setup(
        self,
        model_path: Path,
        engine: EngineInfo | None,
        location: EngineLocation | None = None,
        rpc_endpoints: Sequence[str] = (),
        own_pids: Sequence[int] = (),
        model: GGUFModel | None = None,
        memory: EngineMemory | None = None,
        kept: Mapping[str, int] | None = None,
    ) -> ModelSetup:
        """Read the model's header (unless `model` is already read), the devices and the
        environment, and build the planner. `memory`: what the engine's self-test measured
        (CPU features for the repack term, its compute graph); None prices neither."""
        model = read_model(model_path) if model is None else model
        return self.prepare(
            summarize(model),
            model_path,
            self.devices(engine, location, rpc_endpoints, own_pids, kept),
            engine.features if engine is not None else None,
            tensor_names=frozenset(t.name for t in model.tensors),
            projector=find_projector(model_path),
            memory=memory,
        )

    def prepare(
        self,
        summary: ModelSummary,
        model_path: Path,
        inventory: DeviceInventory,
        features: EngineFeatures | None,
        *,
        tensor_names: frozenset[str] | None = None,
        projector: Projector | None = None,
        memory: EngineMemory | None = None,
    ) -> ModelSetup:
        """The set-up of a model known by its summary, on `inventory`: `setup` gives it a
        local file's; the Hub's fit badges a remote header's (no tensor names: the MTP
        check goes by the layers' sizes). Pure."""
        planner = Planner(
            summary,
            model_path,
            inventory,
            features,
            tensor_names=tensor_names,
            projector=projector,
            memory=memory,
        )
        base, reasons = request_from_environment(self.environ)
        return ModelSetup(
            model_path=model_path,
            summary=summary,
            planner=planner,
            inventory=inventory,
            features=features,
            projector=projector,
            environment_reasons=reasons,
            base_request=base,
        )
