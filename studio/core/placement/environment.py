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

from collections.abc import Mapping
from typing import Any

from studio.core.engine_knobs import environment_knobs
from studio.core.hardware import CHILD_ENVIRONMENT
from studio.core.placement.reasons import Reason, ReasonCode, Setting, Severity
from studio.core.placement.request import PlanRequest

PREFIX = "LLAMA_ARG_"
# variable suffix -> the knob it sets (`studio.core.engine_knobs`)
_HONOURED = environment_knobs()


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
        field_name, variable = honoured
        setting = Setting(variable.setting)
        try:
            changes[field_name] = variable.read(value)
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
