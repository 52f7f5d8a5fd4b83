"""Whether the model on the engine can see images, and if not, why not.

llama-server reports it in GET /props (`modalities.vision`, true when a projector is
loaded). The reason it cannot matters to the user: a model loaded without a projector needs
another one, while a projector the recovery ladder dropped (`RecoveryStep.TEXT_ONLY`, after
it failed to start) means the model has one that did not run on this machine.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from studio.core.errors import Problem


class VisionSupport(StrEnum):
    READY = "ready"  # a projector is loaded: images can be sent
    NO_PROJECTOR = "no_projector"  # loaded without one
    PROJECTOR_DROPPED = "projector_dropped"  # the recovery ladder fell back to text-only


def vision_from_props(props: Mapping[str, Any], projector_dropped: bool = False) -> VisionSupport:
    modalities = props.get("modalities")
    if isinstance(modalities, Mapping) and modalities.get("vision") is True:
        return VisionSupport.READY
    return VisionSupport.PROJECTOR_DROPPED if projector_dropped else VisionSupport.NO_PROJECTOR


def cannot_see(support: VisionSupport) -> Problem | None:
    """Why images cannot be sent to this model, or None when they can."""
    if support is VisionSupport.NO_PROJECTOR:
        return Problem("chat_image_no_projector", "/props: modalities.vision is false")
    if support is VisionSupport.PROJECTOR_DROPPED:
        return Problem(
            "chat_image_projector_dropped", "the recovery ladder loaded the model without --mmproj"
        )
    return None
