"""One candidate placement -> predicted bytes per device, through the memory estimator.

Every byte number comes from `studio.core.memory.estimate` (the one formula set); this
module only adds what belongs to planning: the fixed per-device overheads, a draft model's
own estimate, the MTP head's KV, and the comparison with each device's budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from studio.core.devices import DeviceKind, SplitMode
from studio.core.engine_knobs import estimate_copies
from studio.core.hardware import MIB, Device, DeviceInventory
from studio.core.memory import (
    BASE_GRAPH,
    DeviceEstimate,
    DeviceSpec,
    EngineGraph,
    EngineMemory,
    Estimate,
    EstimateSettings,
    ModelSummary,
    estimate,
)
from studio.core.memory.kv import layer_kv_bytes
from studio.core.placement.budget import (
    HOST_PROCESS_OVERHEAD,
    context_overhead,
    default_prompt_cache,
    device_budget,
    host_budget,
)
from studio.core.placement.request import DraftModel, DraftType, Mtp, PlanRequest


@dataclass(frozen=True)
class Components:
    """Predicted bytes on one device, by what they are for."""

    weights: int = 0
    kv: int = 0  # attention KV cache + recurrent state
    compute: int = 0
    output: int = 0  # logits buffer
    overhead: int = 0  # driver context / process footprint (budget.py constants)
    draft: int = 0  # a draft model's weights, KV and compute, or the MTP head's KV
    # Host: the prompt cache (--cache-ram), empty at load and filled as slots go idle.
    prompt_cache: int = 0

    @property
    def total(self) -> int:
        return (
            self.weights
            + self.kv
            + self.compute
            + self.output
            + self.overhead
            + self.draft
            + self.prompt_cache
        )

    def to_json(self) -> dict[str, int]:
        return {
            "weights": self.weights,
            "kv": self.kv,
            "compute": self.compute,
            "output": self.output,
            "overhead": self.overhead,
            "draft": self.draft,
            "prompt_cache": self.prompt_cache,
            "total": self.total,
        }


@dataclass(frozen=True)
class Candidate:
    """A placement to price: layers per enabled device (engine order), or tensor shares."""

    ctx: int
    counts: tuple[int, ...]
    n_cpu_moe: int
    tensor_shares: tuple[float, ...] = ()

    @property
    def gpu_positions(self) -> int:
        return sum(self.counts)


@dataclass(frozen=True)
class Evaluation:
    candidate: Candidate
    priced: Estimate  # as the estimator gave it, before the plan chose its prompt cache
    used: tuple[int, ...]  # indexes (into the enabled devices) that hold anything
    components: tuple[Components, ...]  # per enabled device; zeros for unused ones
    host: Components
    budgets: tuple[int, ...]
    host_budget: int

    @cached_property
    def estimate(self) -> Estimate:
        """The estimate saying the same prompt cache as the host row. Only the chosen
        evaluation needs it, so it is not made for every candidate the search prices."""
        cache = self.host.prompt_cache
        priced = self.priced
        return replace(
            priced,
            settings=replace(priced.settings, cache_ram=cache),
            devices=(*priced.devices[:-1], replace(priced.host, prompt_cache=cache)),
        )

    def over(self, index: int) -> int:
        """Bytes by which enabled device `index` exceeds its budget (<= 0: it fits)."""
        return self.components[index].total - self.budgets[index]

    @property
    def devices_fit(self) -> bool:
        return all(self.over(i) <= 0 for i in self.used)

    @property
    def host_over(self) -> int:
        return self.host.total - self.host_budget

    @property
    def fits(self) -> bool:
        return self.devices_fit and self.host_over <= 0


def launch_names(devices: Sequence[Device]) -> tuple[str, ...]:
    """Engine names as a launch with exactly these devices will call them.

    llama.cpp numbers RPC devices by their position in `--rpc`, so when only some RPC
    servers are used the names are renumbered; local devices keep their names.
    """
    names = []
    rpc_index = 0
    for device in devices:
        if device.kind is DeviceKind.RPC:
            names.append(f"RPC{rpc_index}")
            rpc_index += 1
        else:
            names.append(device.engine_name)
    return tuple(names)


def _spec(device: Device, name: str) -> DeviceSpec:
    return DeviceSpec(
        name, device.kind, device.total_bytes, device.free_bytes, device.max_tensor_bytes
    )


class Evaluator:
    """Prices candidates for one model, device set and request. Cheap to build."""

    def __init__(
        self,
        model: ModelSummary,
        inventory: DeviceInventory,
        enabled: Sequence[Device],
        request: PlanRequest,
        load_mtp: bool,
        memory: EngineMemory | None = None,
    ) -> None:
        self.model = model
        # The engine's CPU features (repacked host weights) and measured compute graph.
        self.memory = memory or EngineMemory()
        self.enabled = tuple(enabled)
        self.request = request
        self.positions = model.block_count + 1
        budgets = [device_budget(d, request.margins) for d in self.enabled]
        self.margins = tuple(m for m, _ in budgets)
        self.budgets = tuple(b for _, b in budgets)
        self.host_margin, self.host_budget = host_budget(inventory.host, request.margins)
        self.prompt_cache = (
            default_prompt_cache(inventory.host.total_bytes)
            if request.cache_ram is None
            else max(request.cache_ram, 0)
        )
        speculative = request.speculative
        self.draft = speculative if isinstance(speculative, DraftModel) else None
        draft_mtp = self.draft is not None and self.draft.spec_type is DraftType.MTP
        # llama-server builds an MTP context against the target only when no draft file
        # is given; with one, the draft file's own model gets that context instead.
        self.mtp_head = load_mtp and self.draft is None
        # The target's load_mtp follows `--spec-type draft-mtp` whoever holds the head
        # (common_model_params_to_llama), so its own nextn tensors load too, if it has any.
        self.load_mtp = self.mtp_head or draft_mtp
        n_max = speculative.n_max if isinstance(speculative, DraftModel | Mtp) else 0
        self.draft_n_max = n_max if (self.draft is not None or self.mtp_head) else 0

    def settings(self, candidate: Candidate, used: Sequence[int]) -> EstimateSettings:
        request = self.request
        tensor = request.split_mode is SplitMode.TENSOR and bool(candidate.tensor_shares)
        if tensor:
            split = tuple(candidate.tensor_shares[i] for i in used)
            ngl = self.positions if used else 0
        else:
            split = tuple(float(candidate.counts[i]) for i in used)
            ngl = candidate.gpu_positions
        projector = request.projector
        return EstimateSettings(
            **estimate_copies(request),
            ctx=candidate.ctx,
            n_gpu_layers=ngl,
            tensor_split=split if used else None,
            split_mode=SplitMode.TENSOR if tensor else SplitMode.LAYER,
            n_cpu_moe=candidate.n_cpu_moe,
            load_mtp=self.load_mtp,
            mmproj_bytes=projector.weight_bytes if projector else 0,
            mmproj_offload=projector.offload if projector else True,
            cache_ram=self.prompt_cache,
        )

    def overhead(self, index: int) -> int:
        """The fixed cost of using enabled device `index` at all."""
        return context_overhead(self.enabled[index])

    def used_indexes(self, candidate: Candidate) -> tuple[int, ...]:
        if self.request.split_mode is SplitMode.TENSOR and candidate.tensor_shares:
            return tuple(i for i, s in enumerate(candidate.tensor_shares) if s > 0)
        return tuple(i for i, c in enumerate(candidate.counts) if c > 0)

    def specs(self, used: Sequence[int]) -> list[DeviceSpec]:
        devices = [self.enabled[i] for i in used]
        return [_spec(d, n) for d, n in zip(devices, launch_names(devices), strict=True)]

    def evaluate(self, candidate: Candidate) -> Evaluation:
        used = self.used_indexes(candidate)
        settings = self.settings(candidate, used)
        result = estimate(
            self.model,
            settings,
            self.specs(used),
            draft_n_max=self.draft_n_max,
            cpu_features=self.memory.cpu_features,
            graph=self.memory.graph,
        )
        extra = self._speculative_bytes(settings, used, result)
        components = [Components() for _ in self.enabled]
        for slot, index in enumerate(used):
            row = result.devices[slot]
            components[index] = Components(
                weights=row.weights,
                kv=row.kv + row.recurrent,
                compute=row.compute,
                output=row.output,
                overhead=context_overhead(self.enabled[index]),
                draft=extra[slot],
            )
        host_row = result.host
        host = Components(
            weights=host_row.weights,
            kv=host_row.kv + host_row.recurrent,
            compute=host_row.compute,
            output=host_row.output,
            overhead=HOST_PROCESS_OVERHEAD,
            draft=extra[-1],
        )
        host = replace(host, prompt_cache=self._prompt_cache(host))
        return Evaluation(
            candidate, result, used, tuple(components), host, self.budgets, self.host_budget
        )

    def _prompt_cache(self, host: Components) -> int:
        """The prompt cache this plan reserves: the asked size in full (a host that cannot
        hold it does not fit), or the default shrunk to what the host has left."""
        if self.request.cache_ram is not None:
            return self.prompt_cache
        room = max(0, self.host_budget - host.total) // MIB * MIB
        return min(self.prompt_cache, room)

    def _speculative_bytes(
        self, settings: EstimateSettings, used: Sequence[int], target: Estimate
    ) -> list[int]:
        """Per used device, then host: what the draft model or the MTP head adds."""
        extra = [0] * (len(used) + 1)
        if self.draft is not None:
            draft = estimate(
                self.draft.summary,
                self._draft_settings(settings),
                self.specs(used),
                cpu_features=self.memory.cpu_features,
                graph=self.memory.graph,
            )
            head_only = self.draft.spec_type is DraftType.MTP and not self._graph.mtp_context_full
            for slot, row in enumerate(draft.devices):
                if head_only:
                    extra[slot] += self._head_context(self.draft.summary, draft, row, draft=True)
                else:
                    extra[slot] += row.total - self._idle_draft_compute(row)
        if self.mtp_head:
            # llama-server runs the MTP head in a second context built "against the target
            # model" (log: "creating MTP draft context"). Where the engine's calibration
            # found that context as large as the target's (b10435: every attention block's
            # KV, the same context and devices, compute buffers of its own), it is priced
            # as a copy of the target's KV and compute on each device; otherwise as the
            # head's own context (b11434).
            for slot, row in enumerate(target.devices):
                if self._graph.mtp_context_full:
                    extra[slot] += row.kv + row.recurrent + row.compute
                else:
                    extra[slot] += self._head_context(self.model, target, row, draft=False)
        return extra

    @property
    def _graph(self) -> EngineGraph:
        return self.memory.graph or BASE_GRAPH

    def _head_context(
        self, summary: ModelSummary, context: Estimate, row: DeviceEstimate, *, draft: bool
    ) -> int:
        """An MTP context that holds the head alone (measured: b11434): KV for the nextn
        blocks only, on their device, and compute buffers only where the head and the
        embeddings run (the host). Its compute is priced as `context`'s (the target's, or the
        draft file's own estimate) on the host, and as its largest accelerator's on the
        head's device: the head's graph is one block of the same widths, with the
        scheduler's copies where the target has them, so this is an upper bound (measured
        1.3x to 1.8x). A draft file's weights count
        where they load; the target's are already counted."""
        first_head = summary.repeating_layers
        kv_of = layer_kv_bytes(summary, context.settings, context.geometry)
        head_kv = sum(kv_of.get(il, 0) for il in row.layers if il >= first_head)
        on_host = row.device.kind is DeviceKind.HOST
        runs_head = on_host or row.has_output_layer or any(il >= first_head for il in row.layers)
        if not runs_head:
            return 0
        peers = (context.host,) if on_host else context.accelerators
        compute = max((d.compute for d in peers), default=0)
        return head_kv + compute + (row.weights + row.output if draft else 0)

    def _idle_draft_compute(self, row: DeviceEstimate) -> int:
        """Compute a draft-mtp draft never reserves on this accelerator row.

        Its MTP graph runs the nextn block and the output head only, so an accelerator
        holding neither reserves no compute buffer (seen at -lv 4 on RPC devices); only
        the KV of the trunk layers it holds (and their weights, if the file has any).
        """
        draft = self.draft
        if (
            draft is None
            or draft.spec_type is not DraftType.MTP
            or row.device.kind is DeviceKind.HOST
        ):
            return 0
        first_head = draft.summary.repeating_layers
        runs_head = row.has_output_layer or any(il >= first_head for il in row.layers)
        return 0 if runs_head else row.compute

    def _draft_settings(self, settings: EstimateSettings) -> EstimateSettings:
        """The target's settings as llama-server applies them to a draft GGUF.

        The draft gets the target's split (-ts) over the same devices and, by default
        (-ngld), every layer offloaded; --n-cpu-moe-draft defaults to none (seen at -lv 4
        on RPC devices). Its KV takes -ctkd/-ctvd, f16 unless given, not the target's
        types. As draft-mtp its nextn block loads (an `mtp-*.gguf` holds little else).
        """
        draft = self.draft
        assert draft is not None
        return replace(
            settings,
            n_gpu_layers=None,
            n_cpu_moe=0,
            cache_type_k="f16",
            cache_type_v="f16",
            load_mtp=draft.spec_type is DraftType.MTP,
            mmproj_bytes=0,
        )
