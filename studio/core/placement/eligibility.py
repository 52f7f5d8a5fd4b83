"""Whether a setting can be offered at all: tensor parallelism, MTP, KV cache types.

Each check returns an `Eligibility` whose reasons name the setting, so the UI can disable
a control and say why before the user touches it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from studio.core.engine.info import EngineFeatures
from studio.core.memory import KV_CACHE_TYPES, ModelSummary
from studio.core.placement.reasons import Reason, ReasonCode, Setting, Severity

# Architectures llama.cpp's tensor split does not support (A3: "not supported for many
# archs (DeepSeek2, Nemotron-H, Jamba, Mamba, ...)"); recurrent layers are refused too.
TENSOR_UNSUPPORTED_ARCHITECTURES = frozenset(
    {"deepseek2", "deepseek3", "nemotron_h", "nemotron_h_moe", "jamba", "mamba", "mamba2"}
)
# NextN tensors a draft-mtp head cannot run without (llama.cpp's LLM_TENSOR_NEXTN_*;
# embed_tokens and shared_head fall back to the main model's when absent).
MTP_REQUIRED_TENSORS = ("nextn.eh_proj.weight", "nextn.enorm.weight", "nextn.hnorm.weight")


@dataclass(frozen=True)
class Eligibility:
    allowed: bool
    reasons: tuple[Reason, ...] = ()

    @classmethod
    def of(cls, reasons: Sequence[Reason]) -> Eligibility:
        return cls(allowed=not reasons, reasons=tuple(reasons))


def is_quantized(cache_type: str) -> bool:
    block, _ = KV_CACHE_TYPES.get(cache_type, (1, 0))
    return block > 1


def tensor_parallel(
    model: ModelSummary,
    device_count: int,
    flash_attn: bool,
    cache_types: tuple[str, str],
    features: EngineFeatures | None,
) -> Eligibility:
    """`--split-mode tensor` needs two devices, flash attention, an unquantized KV cache,
    an engine that offers it and an architecture it implements."""
    reasons: list[Reason] = []

    def refuse(code: ReasonCode, setting: Setting, **params: object) -> None:
        reasons.append(Reason.of(code, setting, Severity.WARNING, **params))

    if features is not None and not features.tensor_parallel:
        refuse(ReasonCode.TENSOR_UNSUPPORTED_ENGINE, Setting.SPLIT_MODE)
    if device_count < 2:
        refuse(ReasonCode.TENSOR_NEEDS_TWO_DEVICES, Setting.DEVICES, devices=device_count)
    if not flash_attn:
        refuse(ReasonCode.TENSOR_NEEDS_FLASH_ATTN, Setting.FLASH_ATTN)
    for setting, cache_type in zip(
        (Setting.CACHE_TYPE_K, Setting.CACHE_TYPE_V), cache_types, strict=True
    ):
        if is_quantized(cache_type):
            refuse(ReasonCode.TENSOR_NEEDS_UNQUANTIZED_KV, setting, cache_type=cache_type)
    if model.architecture in TENSOR_UNSUPPORTED_ARCHITECTURES or any(model.recurrent_layers):
        refuse(
            ReasonCode.TENSOR_UNSUPPORTED_ARCH,
            Setting.SPLIT_MODE,
            architecture=model.architecture,
        )
    return Eligibility.of(reasons)


def mtp_layers(model: ModelSummary) -> range:
    return range(model.repeating_layers, model.block_count)


def mtp(
    model: ModelSummary,
    tensor_names: Collection[str] | None,
    features: EngineFeatures | None,
) -> Eligibility:
    """Offer `--spec-type draft-mtp` only when the GGUF really carries its NextN layers.

    Some conversions keep `nextn_predict_layers` in the metadata but drop the tensors; the
    engine would then fail or draft garbage. With the tensor names we check the required
    NextN tensors one by one; without them, that the blocks hold any bytes at all.
    """
    reasons: list[Reason] = []
    if features is not None and not features.mtp:
        reasons.append(
            Reason.of(ReasonCode.MTP_UNSUPPORTED_BY_ENGINE, Setting.SPECULATIVE, Severity.WARNING)
        )
    if model.nextn_layers <= 0:
        reasons.append(
            Reason.of(ReasonCode.MTP_NOT_IN_MODEL, Setting.SPECULATIVE, Severity.WARNING)
        )
        return Eligibility.of(reasons)
    missing: list[str] = []
    layers: list[int] = []  # the MTP layers with a tensor missing, for the sentence
    for il in mtp_layers(model):
        before = len(missing)
        if tensor_names is None:
            if model.layer_bytes[il] <= 0:
                missing.append(f"blk.{il}")
        else:
            missing.extend(
                f"blk.{il}.{suffix}"
                for suffix in MTP_REQUIRED_TENSORS
                if f"blk.{il}.{suffix}" not in tensor_names
            )
        if len(missing) > before:
            layers.append(il)
    if missing:
        reasons.append(
            Reason.of(
                ReasonCode.MTP_TENSORS_MISSING,
                Setting.SPECULATIVE,
                Severity.WARNING,
                layers=", ".join(str(il) for il in layers),
                missing=", ".join(missing),
            )
        )
    return Eligibility.of(reasons)


def cache_type_reasons(
    cache_types: tuple[str, str], flash_attn: bool, features: EngineFeatures | None
) -> list[Reason]:
    """Errors for cache types the engine would reject (exit 1 at startup)."""
    reasons: list[Reason] = []
    offered = features.cache_types if features is not None and features.cache_types else ()
    for setting, cache_type in zip(
        (Setting.CACHE_TYPE_K, Setting.CACHE_TYPE_V), cache_types, strict=True
    ):
        if cache_type not in KV_CACHE_TYPES or (offered and cache_type not in offered):
            reasons.append(
                Reason.of(
                    ReasonCode.CACHE_TYPE_UNSUPPORTED,
                    setting,
                    Severity.ERROR,
                    cache_type=cache_type,
                )
            )
    if is_quantized(cache_types[1]) and not flash_attn:
        reasons.append(
            Reason.of(ReasonCode.QUANTIZED_V_NEEDS_FLASH_ATTN, Setting.CACHE_TYPE_V, Severity.ERROR)
        )
    return reasons


# -- the load dialog's other controls ------------------------------------------------------
# Each says whether its control can be used for this model on this engine, and why not; the
# dialog only renders these (enabled state and tooltip), so every front end agrees.


def _engine_lacks(
    features: EngineFeatures | None, flag: str, code: ReasonCode, setting: Setting
) -> Eligibility:
    """Allowed unless a probed engine lacks `flag` (no engine probed: every flag assumed)."""
    if features is None or features.supports(flag):
        return Eligibility(allowed=True)
    return Eligibility.of([Reason.of(code, setting, Severity.INFO)])


def flash_attn(features: EngineFeatures | None) -> Eligibility:
    return _engine_lacks(
        features, "--flash-attn", ReasonCode.FLASH_ATTN_UNSUPPORTED_BY_ENGINE, Setting.FLASH_ATTN
    )


def cache_type(features: EngineFeatures | None) -> Eligibility:
    """Whether the KV cache type can be chosen at all (which types: `Limits.cache_types`)."""
    return _engine_lacks(
        features,
        "--cache-type-k",
        ReasonCode.CACHE_TYPE_FIXED_BY_ENGINE,
        Setting.CACHE_TYPE_K,
    )


def draft(features: EngineFeatures | None) -> Eligibility:
    return _engine_lacks(
        features,
        "--spec-draft-model",
        ReasonCode.DRAFT_UNSUPPORTED_BY_ENGINE,
        Setting.SPECULATIVE,
    )


def mmproj(projector_found: bool, features: EngineFeatures | None) -> Eligibility:
    """A vision projector needs a file beside the model and an engine that loads one."""
    if not projector_found:
        return Eligibility.of(
            [Reason.of(ReasonCode.MMPROJ_NOT_FOUND, Setting.MMPROJ, Severity.INFO)]
        )
    if features is not None and not features.mmproj:
        return Eligibility.of(
            [Reason.of(ReasonCode.MMPROJ_UNSUPPORTED_BY_ENGINE, Setting.MMPROJ, Severity.INFO)]
        )
    return Eligibility(allowed=True)


def n_cpu_moe(n_cpu_moe_max: int, tensor_split: bool) -> Eligibility:
    """Experts can stay on the CPU only in a model that has them, and not under a tensor
    split (which keeps every expert on the GPUs)."""
    if n_cpu_moe_max == 0:
        return Eligibility.of(
            [Reason.of(ReasonCode.DENSE_MODEL_HAS_NO_EXPERTS, Setting.N_CPU_MOE, Severity.INFO)]
        )
    if tensor_split:
        return Eligibility.of(
            [Reason.of(ReasonCode.TENSOR_KEEPS_EXPERTS_ON_GPUS, Setting.N_CPU_MOE, Severity.INFO)]
        )
    return Eligibility(allowed=True)


def layers(tensor_split: bool) -> Eligibility:
    """Per-device layer counts apply to a layer split only."""
    if tensor_split:
        return Eligibility.of(
            [Reason.of(ReasonCode.TENSOR_SPLITS_EVERY_LAYER, Setting.LAYERS, Severity.INFO)]
        )
    return Eligibility(allowed=True)
