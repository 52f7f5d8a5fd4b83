"""Markdown code fences that the code inside cannot close."""

from __future__ import annotations

import re

_BACKTICK_RUNS = re.compile(r"`+")


def fence_for(text: str) -> str:
    """A backtick fence longer than any run of backticks inside `text` (at least three)."""
    longest = max((len(run) for run in _BACKTICK_RUNS.findall(text)), default=0)
    return "`" * max(3, longest + 1)
