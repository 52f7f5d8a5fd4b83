"""Reading a message's JSON list columns (attachments, tool calls, token probabilities)."""

from __future__ import annotations

import json
from typing import Any


def _loaded(text: str | None, empty: str) -> Any:
    # RecursionError: a column nested thousands deep is damage too, not a crash.
    try:
        return json.loads(text or empty)
    except (ValueError, RecursionError):
        return None


def json_list(text: str | None) -> list[Any]:
    """A JSON list column; anything else (damage, a hand edit) reads as empty, so one bad
    row costs its extras, never the conversation."""
    value = _loaded(text, "[]")
    return value if isinstance(value, list) else []


def json_object(text: str | None) -> dict[str, Any]:
    """A JSON object column (settings, stats), read the same forgiving way."""
    value = _loaded(text, "{}")
    return value if isinstance(value, dict) else {}
