"""llama.cpp's LLAMA_ARG_* environment variables, made unable to surprise a plan.

llama-server reads `LLAMA_ARG_<FLAG>` for almost every flag (command line beats
environment). A variable left in a user's shell could change memory use behind the plan's
back (LLAMA_ARG_CACHE_RAM, LLAMA_ARG_SWA_FULL, LLAMA_ARG_OVERRIDE_TENSOR ...), so:

* the settings a plan models are *honoured*: read into the request's defaults, each with
  an info reason, and then passed explicitly on the command line;
* every LLAMA_ARG_* variable is *cleared* from the child's environment, so the launch is
  exactly the planned argv whatever the parent's shell held.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from studio.core.devices import PLANNED_SPLIT_MODES, SplitMode
from studio.core.hardware import CHILD_ENVIRONMENT
from studio.core.placement.reasons import Reason, ReasonCode, Setting, Severity
from studio.core.placement.request import PlanRequest

PREFIX = "LLAMA_ARG_"
_TRUE = frozenset({"1", "true", "on", "enabled", "yes"})
_FALSE = frozenset({"0", "false", "off", "disabled", "no"})


def _boolean(text: str) -> bool:
    lowered = text.strip().lower()
    if lowered in _TRUE or lowered == "auto":  # flash-attn auto resolves to on (A6)
        return True
    if lowered in _FALSE:
        return False
    raise ValueError(text)


def _positive(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise ValueError(text)
    return value


def _context(text: str) -> int | None:
    value = int(text)
    if value < 0:
        raise ValueError(text)
    return value or None  # 0 = "the trained context", which auto-fit tries first


def _split_mode(text: str) -> SplitMode:
    mode = SplitMode(text.strip().lower())
    if mode not in PLANNED_SPLIT_MODES:
        raise ValueError(text)
    return mode


def _cache_type(text: str) -> str:
    return text.strip().lower()


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise ValueError(text)
    return value


# variable suffix -> (request field, setting it feeds, parser)
_HONOURED: Mapping[str, tuple[str, Setting, Callable[[str], Any]]] = {
    "CTX_SIZE": ("ctx", Setting.CTX, _context),
    "N_PARALLEL": ("parallel", Setting.PARALLEL, _positive),
    "KV_UNIFIED": ("kv_unified", Setting.PARALLEL, _boolean),
    "CACHE_TYPE_K": ("cache_type_k", Setting.CACHE_TYPE_K, _cache_type),
    "CACHE_TYPE_V": ("cache_type_v", Setting.CACHE_TYPE_V, _cache_type),
    "FLASH_ATTN": ("flash_attn", Setting.FLASH_ATTN, _boolean),
    "UBATCH": ("ubatch", Setting.CTX, _positive),
    "BATCH": ("batch", Setting.CTX, _positive),
    "N_CPU_MOE": ("n_cpu_moe", Setting.N_CPU_MOE, _count),
    "SPLIT_MODE": ("split_mode", Setting.SPLIT_MODE, _split_mode),
}


def request_from_environment(
    environ: Mapping[str, str], base: PlanRequest | None = None
) -> tuple[PlanRequest, tuple[Reason, ...]]:
    """`base` with the LLAMA_ARG_* settings a plan models applied, and what was done.

    Call it first and apply explicit choices (UI, CLI flags) afterwards: like llama.cpp,
    an explicit setting beats the environment. Unparsable values and variables the plan
    cannot honour are reported as ignored (they are cleared from the child anyway).
    """
    request = base or PlanRequest()
    changes: dict[str, Any] = {}
    reasons: list[Reason] = []
    for name in sorted(environ):
        if not name.startswith(PREFIX):
            continue
        value = environ[name]
        honoured = _HONOURED.get(name[len(PREFIX) :])
        if honoured is None:
            reasons.append(
                Reason.of(
                    ReasonCode.ENV_IGNORED,
                    Setting.ENVIRONMENT,
                    Severity.WARNING,
                    variable=name,
                    value=value,
                )
            )
            continue
        field_name, setting, parse = honoured
        try:
            changes[field_name] = parse(value)
        except ValueError:
            reasons.append(
                Reason.of(
                    ReasonCode.ENV_IGNORED, setting, Severity.WARNING, variable=name, value=value
                )
            )
            continue
        reasons.append(
            Reason.of(ReasonCode.ENV_HONOURED, setting, Severity.INFO, variable=name, value=value)
        )
    return request.with_changes(**changes), tuple(reasons)


def child_environment(base: Mapping[str, str]) -> dict[str, str]:
    """The environment for a planned llama-server: no LLAMA_ARG_* variables, and CUDA
    numbering pinned to PCI bus order like the planner's. Apply it before
    `EngineLocation.child_environment`, which adds the engine's library path."""
    env = {k: v for k, v in base.items() if not k.startswith(PREFIX)}
    env.update(CHILD_ENVIRONMENT)
    return env
