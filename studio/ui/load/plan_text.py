"""Words for the planner's reasons: each code with its parameters as one translated sentence."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QCoreApplication

from studio.core.placement.device_memory import format_bytes
from studio.core.placement.reasons import Reason, ReasonCode

_CONTEXT = "PlanText"


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def _size(params: Mapping[str, object], key: str) -> str:
    value = params.get(key)
    return format_bytes(value) if isinstance(value, int) else "?"


def _templates() -> dict[ReasonCode, Callable[[Mapping[str, object], Callable[[str], str]], str]]:
    def text(template: str) -> Callable[[Mapping[str, object], Callable[[str], str]], str]:
        return lambda params, name: _tr(template).format(**{k: params[k] for k in params})

    return {
        ReasonCode.DEVICE_OVER_BUDGET: lambda p, name: _tr(
            "{device} needs {needed} but may use {budget}."
        ).format(
            device=name(str(p.get("device", "?"))),
            needed=_size(p, "needed"),
            budget=_size(p, "budget"),
        ),
        ReasonCode.HOST_OVER_BUDGET: lambda p, name: _tr(
            "System RAM needs {needed} but may use {budget}."
        ).format(needed=_size(p, "needed"), budget=_size(p, "budget")),
        ReasonCode.NOTHING_FITS: text(
            "Nothing fits, even at a context of {ctx}: choose a smaller quant or free memory."
        ),
        ReasonCode.LAYERS_EXCEED_MODEL: text(
            "{requested} layers were asked for; the model has {maximum}."
        ),
        ReasonCode.DEVICE_UNKNOWN: lambda p, name: _tr(
            "A remembered device is not present any more ({key})."
        ).format(key=p.get("key", "?")),
        ReasonCode.DENSE_MODEL_HAS_NO_EXPERTS: text(
            "This model is dense: it has no experts to keep on the CPU."
        ),
        ReasonCode.N_CPU_MOE_CLAMPED: text(
            "Experts on the CPU reduced from {requested} to {maximum} layers."
        ),
        ReasonCode.TENSOR_NEEDS_TWO_DEVICES: text("Tensor parallelism needs two or more devices."),
        ReasonCode.TENSOR_NEEDS_FLASH_ATTN: text("Tensor parallelism needs flash attention on."),
        ReasonCode.TENSOR_NEEDS_UNQUANTIZED_KV: text(
            "Tensor parallelism needs an unquantized KV cache (not {cache_type})."
        ),
        ReasonCode.TENSOR_UNSUPPORTED_ARCH: text(
            "Tensor parallelism does not support the {architecture} architecture."
        ),
        ReasonCode.TENSOR_UNSUPPORTED_ENGINE: text(
            "This llama-server build has no tensor split mode."
        ),
        ReasonCode.TENSOR_EXCLUDES_CPU_MOE: text(
            "Tensor parallelism keeps every expert on the GPUs; experts on the CPU were reset."
        ),
        ReasonCode.TENSOR_EXCLUDES_PARTIAL_OFFLOAD: text(
            "Tensor parallelism needs the whole model on the GPUs, which does not fit: "
            "layer split is used."
        ),
        ReasonCode.QUANTIZED_V_NEEDS_FLASH_ATTN: text(
            "A quantized V cache needs flash attention on."
        ),
        ReasonCode.CACHE_TYPE_UNSUPPORTED: text(
            "This llama-server build has no {cache_type} KV cache."
        ),
        ReasonCode.MTP_NOT_IN_MODEL: text("The model has no MTP layers for speculative decoding."),
        ReasonCode.MTP_TENSORS_MISSING: text(
            "The model declares MTP layers but their tensors are missing (layers {layers}): "
            "the conversion dropped them."
        ),
        ReasonCode.MTP_UNSUPPORTED_BY_ENGINE: text(
            "This llama-server build has no MTP speculative decoding."
        ),
        ReasonCode.MTP_WITH_DRAFT_MODEL: text("MTP and a draft model cannot be used together."),
        ReasonCode.CTX_TOO_SMALL: text("A context of {requested} is below the minimum {minimum}."),
        ReasonCode.CTX_ABOVE_TRAINING: text(
            "A context of {requested} is above the {trained} the model was trained for."
        ),
        ReasonCode.CTX_ROUNDED: text("Context rounded from {requested} to {planned}."),
        ReasonCode.CTX_REDUCED_TO_FIT: text("Context reduced from {trained} to {planned} to fit."),
        ReasonCode.LAYERS_SPILLED_TO_HOST: text("{layers} layer(s) run on the CPU to fit."),
        ReasonCode.EXPERTS_SPILLED_TO_HOST: text(
            "The experts of {layers} layer(s) stay on the CPU to fit."
        ),
        ReasonCode.ENV_HONOURED: text("{variable}={value} from the environment is used."),
        ReasonCode.ENV_IGNORED: text(
            "{variable}={value} from the environment is ignored (cleared for the engine)."
        ),
        ReasonCode.NO_ENGINE_DEVICE: text("{device} cannot be used by this engine ({why})."),
    }


def reason_text(reason: Reason, device_name: Callable[[str], str] = str) -> str:
    """`device_name` turns a device key into its label (keys are UUIDs)."""
    template = _templates().get(reason.code)
    if template is None:
        return str(reason.code)
    try:
        return template(reason.params, device_name)
    except (KeyError, IndexError, ValueError):  # a parameter missing: say at least what
        return str(reason.code)
