"""What is remembered for a model between loads, and how it comes back as a request.

The settings file keeps one JSON object per model (`remembered`); `recall` turns it back
into the request the load dialog opens with and the autoload plans. Lenient by design: a
value of the wrong type keeps the default, a draft file that is gone is not used, and
devices that no longer exist are the planner's to report.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from studio.core.devices import PLANNED_SPLIT_MODES, SplitMode
from studio.core.errors import StudioError
from studio.core.gguf import read_model
from studio.core.memory import summarize
from studio.core.placement.plan import Plan
from studio.core.placement.request import DraftModel, DraftType, Mtp, PlanRequest, Projector

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Recalled:
    request: PlanRequest
    use_projector: bool  # the projector beside the model is loaded with it


def read_draft(path: Path, spec_type: DraftType = DraftType.SIMPLE) -> DraftModel:
    """A draft model for speculative decoding, from its header (small models: fast enough
    to read on the GUI thread)."""
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
        "ctx": asked.ctx,
        "parallel": asked.parallel,
        "kv_unified": asked.kv_unified,
        "cache_type_k": asked.cache_type_k,
        "cache_type_v": asked.cache_type_v,
        "flash_attn": asked.flash_attn,
        "split_mode": asked.split_mode.value,
        "disabled": sorted(asked.disabled),
        "layers": dict(asked.layers) if asked.layers is not None else None,
        "n_cpu_moe": asked.n_cpu_moe,
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
    changes: dict[str, Any] = {}
    if "ctx" in data and (data["ctx"] is None or _int_or_none(data["ctx"]) is not None):
        changes["ctx"] = data["ctx"]
    for key in ("parallel",):
        value = _int_or_none(data.get(key))
        if value is not None and value > 0:
            changes[key] = value
    for key in ("kv_unified", "flash_attn"):
        if isinstance(data.get(key), bool):
            changes[key] = data[key]
    for key in ("cache_type_k", "cache_type_v"):
        if isinstance(data.get(key), str):
            changes[key] = data[key]
    if data.get("split_mode") in PLANNED_SPLIT_MODES:
        changes["split_mode"] = SplitMode(data["split_mode"])
    disabled = data.get("disabled")
    if isinstance(disabled, list) and all(isinstance(k, str) for k in disabled):
        changes["disabled"] = frozenset(disabled)
    layers = data.get("layers")
    if layers is None or (
        isinstance(layers, dict) and all(_int_or_none(v) is not None for v in layers.values())
    ):
        changes["layers"] = layers
    if "n_cpu_moe" in data and (
        data["n_cpu_moe"] is None or _int_or_none(data["n_cpu_moe"]) is not None
    ):
        changes["n_cpu_moe"] = data["n_cpu_moe"]
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
