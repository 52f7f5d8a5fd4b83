"""Byte units and sizes, the one convention every front end shows: binary units (KiB, MiB,
GiB, TiB), as llama.cpp's own logs and the memory panel count, read from the way people
write them (`24GiB`, `512MiB`, `1.5G`) and written back as `23.5 GiB` or `512 MiB`."""

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
    number = float(match.group("number"))
    if number == float("inf"):  # a few hundred digits: no size, and int() would overflow
        raise ValueError(f"not a size: {text!r}")
    return int(number * _UNITS[unit])


def format_bytes(value: int) -> str:
    """A short size: GiB and TiB with one decimal, MiB and KiB whole from 10 up."""
    size = abs(value)
    if size >= TIB:
        return f"{value / TIB:.1f} TiB"
    if size >= GIB:
        return f"{value / GIB:.1f} GiB"
    for unit, name in ((MIB, "MiB"), (KIB, "KiB")):
        if size >= unit:
            # A tenth matters for a small file (4.5 MiB), not for a buffer of 512 MiB.
            return f"{value / unit:.{1 if size < 10 * unit else 0}f} {name}"
    return f"{value} B"


def mib_cell(value: int, decimals: int = 0) -> str:
    """A table cell in MiB (the unit a table's header names), with thousands separators."""
    return f"{value / MIB:,.{decimals}f}"
