"""What is remembered for a model between loads, and how it comes back as a request.

The settings file keeps one JSON object per model (`remembered`); `recall` turns it back
into the request the load dialog opens with and the autoload plans. Lenient by design: a
value no load can use (the wrong type, a context of 10^30, a cache type that does not
exist) keeps the default, so the plan falls back to auto-fit; `checked_remembered` names
them for the autoload to say. A draft file that is gone is not used, and devices that no
longer exist are the planner's to report.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from studio.core.engine_knobs import MAX_LAYERS, PLANNED_KNOBS, is_bool, one_of, whole_in
from studio.core.errors import StudioError
from studio.core.gguf import read_model
from studio.core.memory import summarize
from studio.core.placement.plan import Plan
from studio.core.placement.request import DraftModel, DraftType, Mtp, PlanRequest, Projector

log = logging.getLogger(__name__)

REMEMBERED_SETTINGS_DROPPED = "remembered_settings_dropped"
# What reading a model's header says about a file the engine must never be started on:
# it is damaged (or is no file at all), so the engine would fail or hang on it too.
DAMAGED_MODEL_CODES = frozenset(
    {
        "gguf.not_gguf",
        "gguf.unsupported_version",
        "gguf.truncated",
        "gguf.corrupt",
        "gguf.header_too_large",
        "gguf.missing_shard",
        "gguf.bad_metadata",
        "model_not_regular_file",
    }
)


def judged_damaged(error: BaseException) -> bool:
    """Whether reading the model's header found the file damaged (see DAMAGED_MODEL_CODES)."""
    return isinstance(error, StudioError) and error.code in DAMAGED_MODEL_CODES


def _layers_ok(value: object) -> bool:
    in_range = whole_in(0, MAX_LAYERS)
    return isinstance(value, dict) and all(
        isinstance(k, str) and in_range(n) for k, n in value.items()
    )


def _names_ok(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(k, str) for k in value)


# The remembered engine knobs: (request field, how it is kept, whether None is its default,
# i.e. left to the planner: a remembered None sets it; for the others it keeps the default).
_KNOBS = tuple(
    (k.name, k.remembered, k.default is None) for k in PLANNED_KNOBS if k.remembered is not None
)
# Each remembered key and what a usable value of it is (None always is: "automatic").
_USABLE: Mapping[str, Callable[[object], bool]] = {
    **{kept.key: kept.usable for _, kept, _ in _KNOBS},
    "disabled": _names_ok,
    "layers": _layers_ok,
    "mmproj": is_bool,
    "mtp": is_bool,
    "draft": lambda v: isinstance(v, str),
    "draft_spec_type": one_of(t.value for t in DraftType),
}


def checked_remembered(
    data: Mapping[str, Any] | None,
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The remembered settings a load can use, and the names of those it cannot (dropped:
    their defaults apply, so the planner chooses them afresh). Keys this version does not
    know (a newer one wrote them) are kept as they are."""
    kept: dict[str, Any] = {}
    dropped: list[str] = []
    for key, value in (data or {}).items():
        usable = _USABLE.get(key)
        if value is None or usable is None or usable(value):
            kept[key] = value
        else:
            dropped.append(key)
    return kept, tuple(dropped)


@dataclass(frozen=True)
class Recalled:
    request: PlanRequest
    use_projector: bool  # the projector beside the model is loaded with it


def read_draft(path: Path, spec_type: DraftType = DraftType.SIMPLE) -> DraftModel:
    """A draft model for speculative decoding, from its header. Blocking (file I/O): the
    app reads it off the GUI thread (`PlanService.read_draft`)."""
    return DraftModel(path=path, summary=summarize(read_model(path)), spec_type=spec_type)


def remembered_draft_type(data: Mapping[str, Any] | None) -> DraftType:
    """How a remembered draft file drafted; settings from before draft-mtp mean simple."""
    value = (data or {}).get("draft_spec_type")
    return DraftType(value) if value in {t.value for t in DraftType} else DraftType.SIMPLE


def remembered(plan: Plan, use_projector: bool) -> dict[str, Any]:
    """What to remember for a model: the choices as asked (automatic ones stay automatic),
    as a JSON object for the settings module."""
    asked = plan.asked
    return {
        **{kept.key: kept.encode(getattr(asked, name)) for name, kept, _ in _KNOBS},
        "disabled": sorted(asked.disabled),
        "layers": dict(asked.layers) if asked.layers is not None else None,
        "mmproj": use_projector,
        "mtp": isinstance(asked.speculative, Mtp),
        "draft": str(asked.speculative.path) if isinstance(asked.speculative, DraftModel) else None,
        "draft_spec_type": (
            asked.speculative.spec_type.value if isinstance(asked.speculative, DraftModel) else None
        ),
    }


def _int_or_none(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def restore(
    data: Mapping[str, Any] | None, base: PlanRequest, projector: Projector | None
) -> tuple[PlanRequest, bool]:
    """(request, use projector) from remembered settings over `base`, without the draft
    file (`recall` reads that)."""
    if not data:
        return base, projector is not None
    data = checked_remembered(data)[0]
    changes: dict[str, Any] = {}
    for name, kept, automatic in _KNOBS:
        value = data.get(kept.key)
        if value is not None:
            changes[name] = kept.decode(value) if kept.decode else value
        elif kept.key in data and automatic:
            changes[name] = None
    disabled = data.get("disabled")
    if isinstance(disabled, list) and all(isinstance(k, str) for k in disabled):
        changes["disabled"] = frozenset(disabled)
    layers = data.get("layers")
    if layers is None or (
        isinstance(layers, dict) and all(_int_or_none(v) is not None for v in layers.values())
    ):
        changes["layers"] = layers
    if data.get("mtp") is True:
        changes["speculative"] = Mtp()
    use_projector = projector is not None and data.get("mmproj", True) is not False
    return base.with_changes(**changes), use_projector


def recall(
    data: Mapping[str, Any] | None, base: PlanRequest, projector: Projector | None
) -> Recalled:
    """The whole remembered request: `restore`, the projector when it is used, and the
    draft model when its file can still be read."""
    request, use_projector = restore(data, base, projector)
    if use_projector and projector is not None:
        request = request.with_changes(projector=projector)
    draft = (data or {}).get("draft")
    if isinstance(draft, str) and Path(draft).is_file():
        # A draft that cannot be read any more is simply not used.
        with contextlib.suppress(StudioError, OSError):
            request = request.with_changes(
                speculative=read_draft(Path(draft), remembered_draft_type(data))
            )
    return Recalled(request, use_projector)
