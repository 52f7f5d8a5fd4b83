"""Byte sizes written the way people write them: `24GiB`, `512MiB`, `1.5G`."""

from __future__ import annotations

import re

KIB = 1024
MIB = 1024 * KIB
GIB = 1024 * MIB
TIB = 1024 * GIB

# Bare K/M/G/T mean binary units, as in llama.cpp's own MiB figures; "GB" is decimal.
_UNITS = {
    "": 1,
    "b": 1,
    "k": KIB,
    "kib": KIB,
    "kb": 1000,
    "m": MIB,
    "mib": MIB,
    "mb": 1000**2,
    "g": GIB,
    "gib": GIB,
    "gb": 1000**3,
    "t": TIB,
    "tib": TIB,
    "tb": 1000**4,
}
_SIZE = re.compile(r"^\s*(?P<number>\d+(?:\.\d+)?)\s*(?P<unit>[a-zA-Z]*)\s*$")


def parse_size(text: str) -> int:
    """Return the number of bytes `text` names; raise ValueError for anything else."""
    match = _SIZE.match(text)
    if match is None:
        raise ValueError(f"not a size: {text!r}")
    unit = match.group("unit").lower()
    if unit not in _UNITS:
        raise ValueError(f"unknown size unit {match.group('unit')!r} in {text!r}")
    return int(float(match.group("number")) * _UNITS[unit])


def mib(value: int) -> float:
    """Bytes as MiB, for display and for comparing with llama.cpp's MiB log lines."""
    return value / MIB
