"""The planner: (model summary, devices, request) -> `Plan`.

Pure and synchronous; a re-plan after a slider move is a single estimate (bench/
plan_speed.py), an auto-fit a few hundred at most. Call it from the GUI through
`asyncio.to_thread` when the auto-fit has to search.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path

from studio.core.devices import HOST_KEY, SplitMode
from studio.core.engine.info import EngineFeatures
from studio.core.hardware import Device, DeviceInventory
from studio.core.memory import KV_CACHE_TYPES, EngineMemory, ModelSummary
from studio.core.placement import assemble, eligibility
from studio.core.placement.evaluate import (
    Candidate,
    Evaluation,
    Evaluator,
)
from studio.core.placement.layers import largest_remainder
from studio.core.placement.plan import Plan
from studio.core.placement.reasons import Reason, ReasonCode, Setting, Severity
from studio.core.placement.request import DraftModel, DraftType, Mtp, PlanRequest, Projector
from studio.core.placement.search import (
    AUTO_CTX_FLOOR,
    CTX_STEP,
    MIN_CTX,
    UNKNOWN_TRAINED_CTX,
    Found,
    Search,
    largest,
    round_down,
    round_up,
)


def n_cpu_moe_max(model: ModelSummary) -> int:
    """The --n-cpu-moe value that covers every loaded layer holding experts (0: dense)."""
    loaded = model.layer_expert_bytes[: model.repeating_layers]
    return max((i + 1 for i, size in enumerate(loaded) if size > 0), default=0)


def _info(code: ReasonCode, setting: Setting, **params: object) -> Reason:
    return Reason.of(code, setting, Severity.INFO, **params)


def _kept_on_host(evaluation: Evaluation, enabled: Sequence[Device]) -> list[Reason]:
    """A device whose backend refuses some of its layers' weights (larger than it takes in
    one tensor): the engine keeps them in host memory, which the host bar already counts."""
    reasons = []
    for slot, index in enumerate(evaluation.used):
        row = evaluation.estimate.devices[slot]
        if row.kept_on_host:
            device = enabled[index]
            reasons.append(
                _info(
                    ReasonCode.KEPT_ON_HOST,
                    Setting.LAYERS,
                    device=device.key,
                    kept=row.kept_on_host,
                    limit=device.max_tensor_bytes,
                )
            )
    return reasons


def _warning(code: ReasonCode, setting: Setting, **params: object) -> Reason:
    return Reason.of(code, setting, Severity.WARNING, **params)


def _error(code: ReasonCode, setting: Setting, **params: object) -> Reason:
    return Reason.of(code, setting, Severity.ERROR, **params)


class Planner:
    """Plans one model on one machine. Holds no mutable state; `plan` is pure."""

    def __init__(
        self,
        model: ModelSummary,
        model_path: Path,
        inventory: DeviceInventory,
        features: EngineFeatures | None = None,
        tensor_names: Collection[str] | None = None,
        *,
        memory: EngineMemory | None = None,
        projector: Projector | None = None,
    ) -> None:
        """`projector` is the vision projector found beside the model (the mmproj control
        is offered with one); a request loads it by naming it."""
        self.model = model
        # The engine's self-test measurements (CPU features for repacking, its compute
        # graph): without them the estimate prices no repack term and the base graph.
        self.memory = memory or EngineMemory()
        self.model_path = model_path
        self.inventory = inventory
        self.features = features
        self.tensor_names = tensor_names
        self.projector = projector
        self.positions = model.block_count + 1
        self.trained_ctx = model.context_length or UNKNOWN_TRAINED_CTX
        self.n_cpu_moe_max = n_cpu_moe_max(model)
        self.mtp = eligibility.mtp(model, tensor_names, features)

    # -- checks that shape the request before any pricing ----------------------------

    def _enabled(self, request: PlanRequest, reasons: list[Reason]) -> list[Device]:
        known = {d.key for d in self.inventory.devices}
        named = set(request.disabled) | set(request.layers or {}) | set(request.tensor_shares or {})
        named |= set(request.margins) - {HOST_KEY}
        reasons.extend(
            _warning(ReasonCode.DEVICE_UNKNOWN, Setting.DEVICES, key=key)
            for key in sorted(named - known)
        )
        reasons.extend(
            _info(ReasonCode.NO_ENGINE_DEVICE, Setting.DEVICES, device=u.gpu.name, why=u.code)
            for u in self.inventory.unusable
        )
        return [d for d in self.inventory.devices if d.key not in request.disabled]

    def _speculative(self, request: PlanRequest, reasons: list[Reason]) -> tuple[PlanRequest, bool]:
        speculative = request.speculative
        if isinstance(speculative, DraftModel) and speculative.spec_type is DraftType.MTP:
            # The head lives in the draft file: it, not the target, must carry nextn blocks
            # (llama.cpp asserts on a draft-mtp draft without them).
            head = eligibility.mtp(speculative.summary, None, self.features)
            reasons.extend(head.reasons)
            return (request if head.allowed else request.with_changes(speculative=None)), False
        if not isinstance(speculative, Mtp):
            return request, False
        if self.mtp.allowed:
            return request, True
        reasons.extend(self.mtp.reasons)
        return request.with_changes(speculative=None), False

    def _moe(self, request: PlanRequest, reasons: list[Reason]) -> int | None:
        asked = request.n_cpu_moe
        if asked is None:
            return None
        if asked > 0 and self.n_cpu_moe_max == 0:
            reasons.append(_warning(ReasonCode.DENSE_MODEL_HAS_NO_EXPERTS, Setting.N_CPU_MOE))
            return 0
        if asked > self.n_cpu_moe_max:
            reasons.append(
                _warning(
                    ReasonCode.N_CPU_MOE_CLAMPED,
                    Setting.N_CPU_MOE,
                    requested=asked,
                    maximum=self.n_cpu_moe_max,
                )
            )
            return self.n_cpu_moe_max
        return max(0, asked)

    def _context(self, request: PlanRequest, reasons: list[Reason]) -> int | None:
        if request.ctx is None:
            return None
        ctx = round_up(max(request.ctx, CTX_STEP))
        if ctx != request.ctx:
            reasons.append(
                _info(ReasonCode.CTX_ROUNDED, Setting.CTX, requested=request.ctx, planned=ctx)
            )
        if ctx < MIN_CTX:
            reasons.append(
                _warning(ReasonCode.CTX_TOO_SMALL, Setting.CTX, requested=ctx, minimum=MIN_CTX)
            )
        if ctx > self.trained_ctx:
            reasons.append(
                _warning(
                    ReasonCode.CTX_ABOVE_TRAINING,
                    Setting.CTX,
                    requested=ctx,
                    trained=self.trained_ctx,
                )
            )
        return ctx

    def tensor_parallel(self, request: PlanRequest) -> eligibility.Eligibility:
        enabled = [d for d in self.inventory.devices if d.key not in request.disabled]
        return eligibility.tensor_parallel(
            self.model, len(enabled), request.flash_attn, request.cache_types, self.features
        )

    # -- planning ---------------------------------------------------------------------

    def plan(self, request: PlanRequest) -> Plan:
        reasons: list[Reason] = []
        enabled = self._enabled(request, reasons)
        reasons.extend(
            eligibility.cache_type_reasons(request.cache_types, request.flash_attn, self.features)
        )
        priced = request
        if any(t not in KV_CACHE_TYPES for t in request.cache_types):
            priced = priced.with_changes(cache_type_k="f16", cache_type_v="f16")
        if eligibility.is_quantized(priced.cache_type_v) and not priced.flash_attn:
            priced = priced.with_changes(flash_attn=True)  # price what the fix would cost
        priced, load_mtp = self._speculative(priced, reasons)
        moe = self._moe(request, reasons)
        ctx = self._context(request, reasons)
        mode = request.split_mode
        if mode is SplitMode.TENSOR:
            tensor = self.tensor_parallel(priced)
            if not tensor.allowed:
                reasons.extend(tensor.reasons)
                mode = SplitMode.LAYER
            elif moe:
                reasons.append(_warning(ReasonCode.TENSOR_EXCLUDES_CPU_MOE, Setting.N_CPU_MOE))
                moe = 0
            else:
                moe = 0
        priced = priced.with_changes(split_mode=mode)
        evaluator = Evaluator(self.model, self.inventory, enabled, priced, load_mtp, self.memory)
        search = Search(evaluator, self.n_cpu_moe_max)
        evaluation: Evaluation | None = None
        if mode is SplitMode.TENSOR:
            evaluation = self._tensor(search, priced, ctx, reasons)
            if evaluation is None:  # cannot hold everything sharded: layer split instead
                priced = priced.with_changes(split_mode=SplitMode.LAYER, tensor_shares=None)
                mode = SplitMode.LAYER
                evaluator = Evaluator(
                    self.model, self.inventory, enabled, priced, load_mtp, self.memory
                )
                search = Search(evaluator, self.n_cpu_moe_max)
        if evaluation is None:
            if request.layers is not None:
                counts = self._manual_counts(request, enabled, reasons)
                evaluation = search.manual(counts, ctx, self.trained_ctx, moe)
            else:
                evaluation = self._auto(search, ctx, moe, reasons)
        reasons.extend(self._budget_reasons(evaluation, request, enabled))
        reasons.extend(_kept_on_host(evaluation, enabled))
        if request.ctx is None and evaluation.candidate.ctx < round_down(self.trained_ctx):
            reasons.append(
                _info(
                    ReasonCode.CTX_REDUCED_TO_FIT,
                    Setting.CTX,
                    trained=self.trained_ctx,
                    planned=evaluation.candidate.ctx,
                )
            )
        return assemble.build_plan(
            self, request, priced, mode, enabled, evaluator, evaluation, reasons
        )

    def _manual_counts(
        self, request: PlanRequest, enabled: Sequence[Device], reasons: list[Reason]
    ) -> tuple[int, ...]:
        layers = request.layers or {}
        counts = [max(0, layers.get(d.key, 0)) for d in enabled]
        if sum(counts) > self.positions:
            reasons.append(
                _warning(
                    ReasonCode.LAYERS_EXCEED_MODEL,
                    Setting.LAYERS,
                    requested=sum(counts),
                    maximum=self.positions,
                )
            )
            counts = largest_remainder(self.positions, [float(c) for c in counts])
        return tuple(counts)

    def _auto(
        self, search: Search, ctx: int | None, moe: int | None, reasons: list[Reason]
    ) -> Evaluation:
        found: Found | None
        if ctx is None:
            found = search.auto_context(self.trained_ctx, moe)
        else:
            found = search.at_context(ctx, moe)
        if found is not None:
            evaluation = found.evaluation
            host_layers = self.positions - evaluation.candidate.gpu_positions
            if found.spilled_experts and evaluation.candidate.n_cpu_moe > 0:
                reasons.append(
                    _info(
                        ReasonCode.EXPERTS_SPILLED_TO_HOST,
                        Setting.N_CPU_MOE,
                        layers=evaluation.candidate.n_cpu_moe,
                    )
                )
            if found.spilled_layers and search.ev.enabled and host_layers > 0:
                reasons.append(
                    _info(ReasonCode.LAYERS_SPILLED_TO_HOST, Setting.LAYERS, layers=host_layers)
                )
            return evaluation
        # Nothing fits: show everything on the devices at the floor context, in red.
        fallback_ctx = ctx if ctx is not None else min(AUTO_CTX_FLOOR, round_down(self.trained_ctx))
        everything = tuple(range(len(search.ev.enabled)))
        fallback_moe = moe if moe is not None else 0
        reasons.append(_error(ReasonCode.NOTHING_FITS, Setting.CTX, ctx=fallback_ctx))
        if not everything:
            return search.price(Candidate(fallback_ctx, (), fallback_moe))
        return search.full(everything, fallback_ctx, fallback_moe)

    def _tensor(
        self, search: Search, request: PlanRequest, ctx: int | None, reasons: list[Reason]
    ) -> Evaluation | None:
        """Tensor parallelism: every device holds a share of every layer; all offloaded."""
        ev = search.ev
        counts = (0,) * len(ev.enabled)
        if request.tensor_shares is not None:
            options = [tuple(float(request.tensor_shares.get(d.key, 0.0)) for d in ev.enabled)]
        else:
            # An even split first (llama.cpp's default, and a weighted split trips asserts on
            # some architectures); then in proportion to the budgets.
            options = [
                (1.0,) * len(ev.enabled),
                tuple(float(max(b, 0)) for b in ev.budgets),
            ]

        ceiling = round_down(self.trained_ctx)
        floor = min(AUTO_CTX_FLOOR, ceiling)

        def price(shares: tuple[float, ...], context: int) -> Evaluation:
            return search.price(Candidate(context, counts, 0, shares))

        def largest_context(shares: tuple[float, ...]) -> int | None:
            steps = largest(
                floor // CTX_STEP,
                ceiling // CTX_STEP,
                lambda s: price(shares, s * CTX_STEP).fits,
            )
            return steps * CTX_STEP if steps is not None else None

        for shares in options:
            if ctx is not None:
                evaluation = price(shares, ctx)
                if evaluation.fits or request.tensor_shares is not None:
                    return evaluation
                continue
            chosen = largest_context(shares)
            if chosen is not None:
                return price(shares, chosen)
        reasons.append(_warning(ReasonCode.TENSOR_EXCLUDES_PARTIAL_OFFLOAD, Setting.SPLIT_MODE))
        return None

    def _budget_reasons(
        self, evaluation: Evaluation, request: PlanRequest, enabled: Sequence[Device]
    ) -> list[Reason]:
        reasons = []
        for index in evaluation.used:
            over = evaluation.over(index)
            if over > 0:
                reasons.append(
                    _error(
                        ReasonCode.DEVICE_OVER_BUDGET,
                        Setting.LAYERS,
                        device=enabled[index].key,
                        needed=evaluation.components[index].total,
                        budget=evaluation.budgets[index],
                    )
                )
        if evaluation.host_over > 0:
            reasons.append(
                _error(
                    ReasonCode.HOST_OVER_BUDGET,
                    Setting.LAYERS if enabled else Setting.CTX,
                    needed=evaluation.host.total,
                    budget=evaluation.host_budget,
                )
            )
        return reasons
