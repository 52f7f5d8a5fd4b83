"""Why a plan does not fit or a setting was refused: codes naming the setting, no prose.

The UI translates `code` (with `params`) and highlights the control named by `setting`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType


class Setting(StrEnum):
    """The controls a reason can point at (names match PlanRequest fields)."""

    CTX = "ctx"
    LAYERS = "layers"
    DEVICES = "devices"
    N_CPU_MOE = "n_cpu_moe"
    SPLIT_MODE = "split_mode"
    CACHE_TYPE_K = "cache_type_k"
    CACHE_TYPE_V = "cache_type_v"
    FLASH_ATTN = "flash_attn"
    PARALLEL = "parallel"
    SPECULATIVE = "speculative"
    MMPROJ = "mmproj"
    MARGINS = "margins"
    ENVIRONMENT = "environment"


class Severity(StrEnum):
    ERROR = "error"  # the plan cannot be launched as it stands
    WARNING = "warning"  # it can, but something is worse than asked for
    INFO = "info"  # something the planner decided on the user's behalf


class ReasonCode(StrEnum):
    DEVICE_OVER_BUDGET = "device_over_budget"  # device, needed, budget
    HOST_OVER_BUDGET = "host_over_budget"  # needed, budget
    NOTHING_FITS = "nothing_fits"  # even the smallest plan exceeds a budget
    LAYERS_EXCEED_MODEL = "layers_exceed_model"  # requested, maximum
    DEVICE_UNKNOWN = "device_unknown"  # key
    DENSE_MODEL_HAS_NO_EXPERTS = "dense_model_has_no_experts"
    N_CPU_MOE_CLAMPED = "n_cpu_moe_clamped"  # requested, maximum
    TENSOR_NEEDS_TWO_DEVICES = "tensor_parallel_needs_two_devices"  # devices
    TENSOR_NEEDS_FLASH_ATTN = "tensor_parallel_needs_flash_attn"
    TENSOR_NEEDS_UNQUANTIZED_KV = "tensor_parallel_needs_unquantized_kv"  # cache_type
    TENSOR_UNSUPPORTED_ARCH = "tensor_parallel_unsupported_architecture"  # architecture
    TENSOR_UNSUPPORTED_ENGINE = "tensor_parallel_unsupported_by_engine"
    TENSOR_EXCLUDES_CPU_MOE = "tensor_parallel_excludes_cpu_moe"
    TENSOR_EXCLUDES_PARTIAL_OFFLOAD = "tensor_parallel_needs_full_offload"
    QUANTIZED_V_NEEDS_FLASH_ATTN = "quantized_v_needs_flash_attn"
    CACHE_TYPE_UNSUPPORTED = "cache_type_unsupported"  # cache_type
    MTP_NOT_IN_MODEL = "mtp_not_in_model"
    MTP_TENSORS_MISSING = "mtp_tensors_missing"  # layers (indices without tensors)
    MTP_UNSUPPORTED_BY_ENGINE = "mtp_unsupported_by_engine"
    MTP_WITH_DRAFT_MODEL = "mtp_and_draft_model_together"
    CTX_TOO_SMALL = "ctx_too_small"  # requested, minimum
    CTX_ABOVE_TRAINING = "ctx_above_training"  # requested, trained
    CTX_ROUNDED = "ctx_rounded"  # requested, planned
    CTX_REDUCED_TO_FIT = "ctx_reduced_to_fit"  # trained, planned
    LAYERS_SPILLED_TO_HOST = "layers_spilled_to_host"  # layers
    # A weight larger than its device takes stays in host memory: device, kept, limit.
    KEPT_ON_HOST = "weights_kept_on_host"
    EXPERTS_SPILLED_TO_HOST = "experts_spilled_to_host"  # layers
    ENV_HONOURED = "environment_variable_honoured"  # variable, value
    ENV_IGNORED = "environment_variable_ignored"  # variable, value
    NO_ENGINE_DEVICE = "gpu_not_usable_by_engine"  # device
    # Why a control is not offered (Limits): the dialog's tooltips and disabled states.
    FLASH_ATTN_UNSUPPORTED_BY_ENGINE = "flash_attn_unsupported_by_engine"
    CACHE_TYPE_FIXED_BY_ENGINE = "cache_type_fixed_by_engine"
    DRAFT_UNSUPPORTED_BY_ENGINE = "draft_unsupported_by_engine"
    MMPROJ_NOT_FOUND = "mmproj_not_found"
    MMPROJ_UNSUPPORTED_BY_ENGINE = "mmproj_unsupported_by_engine"
    TENSOR_KEEPS_EXPERTS_ON_GPUS = "tensor_parallel_keeps_experts_on_gpus"
    TENSOR_SPLITS_EVERY_LAYER = "tensor_parallel_splits_every_layer"


@dataclass(frozen=True)
class Reason:
    code: ReasonCode
    setting: Setting
    severity: Severity = Severity.ERROR
    params: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def of(cls, code: ReasonCode, setting: Setting, severity: Severity, **params: object) -> Reason:
        return cls(code, setting, severity, MappingProxyType(dict(params)))

    def to_json(self) -> dict[str, object]:
        return {
            "code": self.code.value,
            "setting": self.setting.value,
            "severity": self.severity.value,
            "params": dict(self.params),
        }
