"""The planner: (model summary, devices, request) -> `Plan`.

Pure and synchronous; a re-plan after a slider move is a single estimate (bench/
plan_speed.py), an auto-fit a few hundred at most. Call it from the GUI through
`asyncio.to_thread` when the auto-fit has to search.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path

from studio.core.engine.info import EngineFeatures
from studio.core.hardware import Device, DeviceInventory, DeviceKind
from studio.core.memory import KV_CACHE_TYPES, ModelSummary
from studio.core.memory.kv import context_geometry, layer_kv_bytes
from studio.core.placement import eligibility
from studio.core.placement.budget import HOST_KEY, HOST_PROCESS_OVERHEAD, context_overhead
from studio.core.placement.evaluate import (
    Candidate,
    Components,
    Evaluation,
    Evaluator,
    launch_names,
)
from studio.core.placement.layers import largest_remainder
from studio.core.placement.plan import DevicePlan, Limits, Plan
from studio.core.placement.reasons import Reason, ReasonCode, Setting, Severity
from studio.core.placement.request import DraftModel, Mtp, PlanRequest, SplitMode
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
from studio.core.server.launch import LaunchSpec

PARALLEL_MAX = 64
DEFAULT_CACHE_TYPES = tuple(KV_CACHE_TYPES)


def n_cpu_moe_max(model: ModelSummary) -> int:
    """The --n-cpu-moe value that covers every loaded layer holding experts (0: dense)."""
    loaded = model.layer_expert_bytes[: model.repeating_layers]
    return max((i + 1 for i, size in enumerate(loaded) if size > 0), default=0)


def _info(code: ReasonCode, setting: Setting, **params: object) -> Reason:
    return Reason.of(code, setting, Severity.INFO, **params)


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
    ) -> None:
        self.model = model
        self.model_path = model_path
        self.inventory = inventory
        self.features = features
        self.tensor_names = tensor_names
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
        if not isinstance(request.speculative, Mtp):
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
        evaluator = Evaluator(self.model, self.inventory, enabled, priced, load_mtp)
        search = Search(evaluator, self.n_cpu_moe_max)
        evaluation: Evaluation | None = None
        if mode is SplitMode.TENSOR:
            evaluation = self._tensor(search, priced, ctx, reasons)
            if evaluation is None:  # cannot hold everything sharded: layer split instead
                priced = priced.with_changes(split_mode=SplitMode.LAYER, tensor_shares=None)
                mode = SplitMode.LAYER
                evaluator = Evaluator(self.model, self.inventory, enabled, priced, load_mtp)
                search = Search(evaluator, self.n_cpu_moe_max)
        if evaluation is None:
            if request.layers is not None:
                counts = self._manual_counts(request, enabled, reasons)
                evaluation = search.manual(counts, ctx, self.trained_ctx, moe)
            else:
                evaluation = self._auto(search, ctx, moe, reasons)
        reasons.extend(self._budget_reasons(evaluation, request, enabled))
        if request.ctx is None and evaluation.candidate.ctx < round_down(self.trained_ctx):
            reasons.append(
                _info(
                    ReasonCode.CTX_REDUCED_TO_FIT,
                    Setting.CTX,
                    trained=self.trained_ctx,
                    planned=evaluation.candidate.ctx,
                )
            )
        return self._build(request, priced, mode, enabled, evaluator, evaluation, reasons)

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

        def price(shares: tuple[float, ...], context: int) -> Evaluation:
            return search.price(Candidate(context, counts, 0, shares))

        ceiling = round_down(self.trained_ctx)
        floor = min(AUTO_CTX_FLOOR, ceiling)
        for shares in options:
            if ctx is not None:
                evaluation = price(shares, ctx)
                if evaluation.fits or request.tensor_shares is not None:
                    return evaluation
                continue
            steps = largest(
                floor // CTX_STEP,
                ceiling // CTX_STEP,
                lambda s, shares=shares: price(shares, s * CTX_STEP).fits,  # type: ignore[misc]
            )
            if steps is not None:
                return price(shares, steps * CTX_STEP)
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

    # -- assembling the answer ----------------------------------------------------------

    def _build(
        self,
        asked: PlanRequest,
        priced: PlanRequest,
        mode: SplitMode,
        enabled: Sequence[Device],
        evaluator: Evaluator,
        evaluation: Evaluation,
        reasons: list[Reason],
    ) -> Plan:
        candidate = evaluation.candidate
        used = evaluation.used
        used_devices = [enabled[i] for i in used]
        names = dict(zip((d.key for d in used_devices), launch_names(used_devices), strict=True))
        tensor = mode is SplitMode.TENSOR
        estimate_rows = {
            enabled[i].key: evaluation.estimate.devices[slot] for slot, i in enumerate(used)
        }
        device_plans = []
        enabled_index = {d.key: i for i, d in enumerate(enabled)}
        for device in self.inventory.devices:
            index = enabled_index.get(device.key)
            row = estimate_rows.get(device.key)
            if tensor and row is not None:
                layers = len(row.layers) + int(row.has_output_layer)
            else:
                layers = candidate.counts[index] if index is not None else 0
            margin, budget = (
                (evaluator.margins[index], evaluator.budgets[index])
                if index is not None
                else (0, device.free_bytes)
            )
            device_plans.append(
                DevicePlan(
                    key=device.key,
                    engine_name=names.get(device.key, ""),
                    label=device.name,
                    kind=device.kind.value,
                    enabled=index is not None,
                    layers=layers,
                    has_output_layer=row.has_output_layer if row is not None else False,
                    total_bytes=device.total_bytes,
                    free_bytes=device.free_bytes,
                    margin=margin,
                    budget=budget,
                    predicted=evaluation.components[index] if index is not None else Components(),
                    fixed_overhead=context_overhead(device),
                )
            )
        host = self.inventory.host
        host_plan = DevicePlan(
            key=HOST_KEY,
            engine_name="",
            label="Host",
            kind="host",
            enabled=True,
            layers=self.positions - candidate.gpu_positions if not tensor else 0,
            has_output_layer=evaluation.estimate.host.has_output_layer,
            total_bytes=host.total_bytes,
            free_bytes=host.available_bytes,
            margin=evaluator.host_margin,
            budget=evaluator.host_budget,
            predicted=evaluation.host,
            fixed_overhead=HOST_PROCESS_OVERHEAD,
        )
        if tensor:
            ngl = self.positions if used else 0
            split = tuple(candidate.tensor_shares[i] for i in used) if len(used) > 1 else ()
            shares = {enabled[i].key: candidate.tensor_shares[i] for i in used}
        else:
            ngl = candidate.gpu_positions
            split = tuple(float(candidate.counts[i]) for i in used) if len(used) > 1 else ()
            shares = None
        resolved = priced.with_changes(
            ctx=candidate.ctx,
            layers={
                d.key: p.layers
                for d, p in zip(self.inventory.devices, device_plans, strict=True)
                if p.enabled
            }
            if not tensor
            else None,
            n_cpu_moe=candidate.n_cpu_moe,
            split_mode=mode,
            tensor_shares=shares,
            cache_type_k=asked.cache_type_k,
            cache_type_v=asked.cache_type_v,
            flash_attn=asked.flash_attn,
        )
        launch = self._launch(resolved, used_devices, names, ngl, split, mode, evaluator)
        limits = self._limits(priced, evaluation)
        return Plan(
            asked=asked,
            request=resolved,
            model_path=self.model_path,
            ctx=candidate.ctx,
            split_mode=mode,
            n_gpu_layers=ngl,
            tensor_split=split,
            n_cpu_moe=candidate.n_cpu_moe,
            devices=tuple(device_plans),
            host=host_plan,
            reasons=tuple(reasons),
            limits=limits,
            launch=launch,
            estimate=evaluation.estimate,
        )

    def _launch(
        self,
        request: PlanRequest,
        used: Sequence[Device],
        names: dict[str, str],
        ngl: int,
        split: tuple[float, ...],
        mode: SplitMode,
        evaluator: Evaluator,
    ) -> LaunchSpec:
        speculative = request.speculative
        projector = request.projector
        return LaunchSpec(
            model=self.model_path,
            ctx_size=request.ctx,
            parallel=request.parallel,
            kv_unified=request.kv_unified,
            cache_type_k=request.cache_type_k,
            cache_type_v=request.cache_type_v,
            flash_attn="on" if request.flash_attn else "off",
            batch=request.batch,
            ubatch=request.ubatch,
            n_gpu_layers=ngl,
            split_mode=mode.value if used else None,
            tensor_split=split,
            n_cpu_moe=request.n_cpu_moe or None,
            # Our plan is the placement; llama.cpp's own fit must not move it.
            fit=False,
            devices=self._device_argument(used, names),
            rpc_servers=tuple(d.endpoint for d in used if d.kind is DeviceKind.RPC),
            mmproj=projector.path if projector else None,
            mmproj_offload=projector.offload if projector else True,
            spec_type="draft-mtp" if evaluator.load_mtp else None,
            draft_model=speculative.path if isinstance(speculative, DraftModel) else None,
            draft_n_max=evaluator.draft_n_max or None,
            label=self.model.name or self.model_path.stem,
        )

    def _device_argument(self, used: Sequence[Device], names: dict[str, str]) -> tuple[str, ...]:
        """`--device` names for the used devices; () when the engine's default is the same.

        llama-server checks `--device` names while parsing, and RPC devices exist only once
        `--rpc` has been parsed; `to_argv` writes `--device` first. With RPC devices only
        (and no local GPUs) the engine's default set is exactly the `--rpc` list, which
        holds only the used servers, so `--device` is left out rather than rejected.
        """
        if not used:
            return ("none",)
        local = any(d.kind is not DeviceKind.RPC for d in self.inventory.devices)
        if not local and all(d.kind is DeviceKind.RPC for d in used):
            return ()
        return tuple(names[d.key] for d in used)

    def _limits(self, request: PlanRequest, evaluation: Evaluation) -> Limits:
        model = self.model
        settings = evaluation.estimate.settings
        kv = layer_kv_bytes(model, settings, context_geometry(model, settings))
        moe = evaluation.candidate.n_cpu_moe
        position_bytes = []
        for il in range(model.block_count):
            if il >= model.repeating_layers and not evaluation.estimate.settings.load_mtp:
                position_bytes.append(0)
                continue
            experts = model.layer_expert_bytes[il] if il < moe else 0
            position_bytes.append(model.layer_bytes[il] - experts + kv.get(il, 0))
        output = model.output_bytes + (model.token_embd_bytes if model.output_is_tied else 0)
        position_bytes.append(output)
        host_index = len(evaluation.used)
        owner = {
            il: slot for slot, row in enumerate(evaluation.estimate.devices) for il in row.layers
        }
        steps = tuple(
            model.layer_expert_bytes[il] if owner.get(il, host_index) != host_index else 0
            for il in range(self.n_cpu_moe_max)
        )
        offered = self.features.cache_types if self.features and self.features.cache_types else ()
        enabled_count = len(self._enabled_quiet(request))
        return Limits(
            positions=self.positions,
            n_cpu_moe_max=self.n_cpu_moe_max,
            n_cpu_moe_step_bytes=steps,
            position_bytes=tuple(position_bytes),
            ctx_min=MIN_CTX,
            ctx_max=max(round_down(self.trained_ctx), MIN_CTX),
            ctx_step=CTX_STEP,
            ctx_trained=self.trained_ctx,
            parallel_max=PARALLEL_MAX,
            cache_types=tuple(t for t in (offered or DEFAULT_CACHE_TYPES) if t in KV_CACHE_TYPES),
            tensor_parallel=eligibility.tensor_parallel(
                model, enabled_count, request.flash_attn, request.cache_types, self.features
            ),
            mtp=self.mtp,
        )

    def _enabled_quiet(self, request: PlanRequest) -> list[Device]:
        return [d for d in self.inventory.devices if d.key not in request.disabled]
