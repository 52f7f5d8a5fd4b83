"""Before any model starts: does its plan fit? If not, refuse with the numbers.

Every path that starts a model (the load dialog, the autoload, `studio run`, `studio
serve`, serve's /studio/load) asks this first, so a model that cannot fit is never handed
to llama-server to thrash the machine until the OS kills it. The user may still choose to
load it anyway (the dialog asks; the CLI takes `--force`).

The numbers are those of the place that is shortest of memory: what the plan puts there
(`needed`), the margin kept free for everything else (`reserve`), and what is free there
now (`available`).
"""

from __future__ import annotations

from pathlib import Path

from studio.core.errors import StudioError
from studio.core.placement.plan import DevicePlan, Plan
from studio.core.placement.reasons import Severity
from studio.core.units import format_bytes

MODEL_DOES_NOT_FIT = "model_does_not_fit"
PLAN_REFUSED = "plan_refused"


class ModelTooBigError(StudioError):
    """The plan does not fit (code `model_does_not_fit`).

    Params: model (file name), needed, reserve, available (bytes), device (the label of
    the place shortest of memory: "Host" for RAM)."""

    def __init__(self, model: Path, needed: int, reserve: int, available: int, device: str) -> None:
        super().__init__(
            MODEL_DOES_NOT_FIT,
            f"{model.name} does not fit: it needs {format_bytes(needed)} of {device} memory "
            f"plus {format_bytes(reserve)} kept free, and {format_bytes(available)} is free.",
            model=model.name,
            needed=needed,
            reserve=reserve,
            available=available,
            device=device,
        )


def shortest(plan: Plan) -> DevicePlan | None:
    """The enabled place (a device or the host) most over its budget, None if none is."""
    places = [d for d in (*plan.devices, plan.host) if d.enabled and not d.fits]
    return max(places, key=lambda d: d.predicted.total - d.budget, default=None)


def refusal(plan: Plan) -> StudioError | None:
    """Why `plan` must not be launched as it stands, or None when it fits."""
    if plan.fits:
        return None
    place = shortest(plan)
    if place is not None:
        return ModelTooBigError(
            plan.model_path,
            place.predicted.total,
            place.margin,
            max(0, place.free_bytes),
            place.label,
        )
    # Every place is within budget, so a setting was refused (tensor mode on one device...).
    reason = next(r for r in plan.reasons if r.severity is Severity.ERROR)
    return StudioError(
        PLAN_REFUSED,
        f"{plan.model_path.name} cannot be loaded with these settings ({reason.code.value})",
        model=plan.model_path.name,
        reason=reason.code.value,
    )


def check_fits(plan: Plan) -> None:
    """Raise the refusal for a plan that does not fit."""
    error = refusal(plan)
    if error is not None:
        raise error
