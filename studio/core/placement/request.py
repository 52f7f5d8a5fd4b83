"""What the user asks for: the settings a plan is made from. Every field the UI can bind.

`None` means "let the planner choose" (auto-fit); a value is honoured exactly and, when it
cannot work, the plan says why (a `Reason` naming the field).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType
from typing import Any

from studio.core.engine_knobs import RequestKnobs
from studio.core.memory import ModelSummary


class DraftType(StrEnum):
    """How llama-server runs a separate draft GGUF (`--spec-type`)."""

    SIMPLE = "draft-simple"  # a small model of its own, drafting from tokens
    # A multi-token-prediction head shipped as its own file (an `mtp-*.gguf` holding only
    # the nextn block): it drafts from the target's hidden states in an MTP context.
    MTP = "draft-mtp"


@dataclass(frozen=True)
class DraftModel:
    """A separate draft GGUF for speculative decoding (`--spec-draft-model`)."""

    path: Path
    summary: ModelSummary
    n_max: int = 3
    spec_type: DraftType = DraftType.SIMPLE


@dataclass(frozen=True)
class Mtp:
    """The model's own multi-token-prediction layers (`--spec-type draft-mtp`)."""

    n_max: int = 3


@dataclass(frozen=True)
class Projector:
    """A multimodal projector file (`--mmproj`) and its tensor bytes."""

    path: Path
    weight_bytes: int
    offload: bool = True


def _frozen(mapping: Mapping[str, int] | None) -> Mapping[str, int]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class PlanRequest(RequestKnobs):
    """Settings in, `Plan` out: the engine knobs a plan models (`RequestKnobs`) and where
    the model goes. Device-specific fields are keyed by `Device.key`."""

    # Devices the user switched off; everything else the inventory lists may be used.
    disabled: frozenset[str] = frozenset()
    # Layers (of block_count + 1, the output layer counting as one) per device key; the
    # rest run on the host. None: auto-fit chooses. Keys missing from a given mapping = 0.
    layers: Mapping[str, int] | None = None
    # Tensor mode: the share of each device (any scale). None: proportional to budgets.
    tensor_shares: Mapping[str, float] | None = None
    # Per-device safety margin in bytes ("host" for RAM); missing = the default.
    margins: Mapping[str, int] = field(default_factory=lambda: _frozen(None))
    projector: Projector | None = None
    speculative: DraftModel | Mtp | None = None

    def __post_init__(self) -> None:
        # Mappings are copied into read-only views so a plan can never be edited behind it.
        if self.layers is not None:
            object.__setattr__(self, "layers", _frozen(self.layers))
        if self.tensor_shares is not None:
            object.__setattr__(self, "tensor_shares", MappingProxyType(dict(self.tensor_shares)))
        object.__setattr__(self, "margins", _frozen(self.margins))
        object.__setattr__(self, "disabled", frozenset(self.disabled))

    def with_changes(self, **changes: Any) -> PlanRequest:
        return replace(self, **changes)

    @property
    def cache_types(self) -> tuple[str, str]:
        return self.cache_type_k, self.cache_type_v
