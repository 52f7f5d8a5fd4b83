"""What the engine accepts for each sampling setting a conversation or a preset can carry.

A value outside these never reaches a request: an Infinity would be written as JSON the
engine cannot parse, a negative `max_tokens` or a `top_k` past int32 is refused, and
either way every later turn of the conversation would fail. Presets say which field is
wrong when they are imported; settings read back from the store fall back to the
server's default.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

INT32_MAX = 2**31 - 1
UINT32_MAX = 2**32 - 1


@dataclass(frozen=True)
class Limit:
    low: float
    high: float
    whole: bool  # an integer setting: a float (even 2.0) is the wrong kind of value
    # A value outside the range that still means something (max_tokens -1: no limit).
    special: int | None = None

    def kind_fits(self, value: object) -> bool:
        """Whether `value` is the right kind of number (bools are not numbers here)."""
        if isinstance(value, bool):
            return False
        return isinstance(value, int) if self.whole else isinstance(value, int | float)

    def allows(self, value: object) -> bool:
        if not self.kind_fits(value):
            return False
        assert isinstance(value, int | float)
        if self.special is not None and value == self.special:
            return True
        # Floats only: an int is always finite (and one past a float's range cannot be
        # made a float to ask); NaN and the infinities are never in a range.
        if isinstance(value, float) and not math.isfinite(value):
            return False
        return self.low <= value <= self.high


# llama-server reads top_k, max_tokens (n_predict) and the budget as int32, the seed as
# uint32 (-1: a random one); probabilities are fractions. Temperatures past 100 only make
# noise; the inspector offers up to 5.
LIMITS: Mapping[str, Limit] = {
    "temperature": Limit(0.0, 100.0, whole=False),
    "top_p": Limit(0.0, 1.0, whole=False),
    "min_p": Limit(0.0, 1.0, whole=False),
    "top_k": Limit(0, INT32_MAX, whole=True),
    "max_tokens": Limit(1, INT32_MAX, whole=True, special=-1),
    "seed": Limit(-1, UINT32_MAX, whole=True),
    "thinking_budget": Limit(0, INT32_MAX, whole=True),
}


def usable(name: str, value: object) -> bool:
    """Whether `value` may be sent as sampling setting `name` (None: the default, always)."""
    limit = LIMITS.get(name)
    return value is None or limit is None or limit.allows(value)


def shown(value: object, limit: int = 40) -> str:
    """A value as a message shows it: short, whatever a file held."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def bound_text(value: float) -> str:
    """A limit as a message shows it: 1 rather than 1.0, digits rather than 2**31."""
    return str(int(value)) if float(value).is_integer() else str(value)
