"""Typed failures that carry a machine-readable code instead of prose.

The UI turns `code` and `params` into translated text; the CLI and logs use `detail`,
an English technical description that is never shown as the primary message in the UI.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


class StudioError(Exception):
    """Base of every expected failure in `studio.core`."""

    def __init__(self, code: str, detail: str, **params: object) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.params: Mapping[str, object] = MappingProxyType(dict(params))

    def __str__(self) -> str:
        return f"{self.code}: {self.detail}"


def _no_params() -> Mapping[str, object]:
    return MappingProxyType({})


@dataclass(frozen=True)
class Problem:
    """A failure as it travels to a view (a Qt signal, a stored answer): the code and
    parameters its sentence reads (`studio.core.voice`), and the technical detail for logs
    and tooltips. Frozen, so every receiver sees the same."""

    code: str
    detail: str = ""
    params: Mapping[str, object] = field(default_factory=_no_params)

    @classmethod
    def of(cls, error: StudioError) -> Problem:
        return cls(error.code, error.detail, error.params)
