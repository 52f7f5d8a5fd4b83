"""The event a service sends when one of its operations fails: which operation, and the
problem (code, parameters, detail) a view says in one sentence."""

from __future__ import annotations

from dataclasses import dataclass

from studio.core.errors import Problem


@dataclass(frozen=True)
class OperationFailed:
    operation: str  # the service's own name for it: "search", "repo", "scan", "import", ...
    problem: Problem
