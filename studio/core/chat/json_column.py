"""Reading a message's JSON list columns (attachments, tool calls, token probabilities)."""

from __future__ import annotations

import json
from typing import Any


def json_list(text: str | None) -> list[Any]:
    """A JSON list column; anything else (damage, a hand edit) reads as empty, so one bad
    row costs its extras, never the conversation."""
    try:
        value = json.loads(text or "[]")
    except ValueError:
        return []
    return value if isinstance(value, list) else []
