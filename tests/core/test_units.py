"""Byte sizes: the one convention (binary units) every front end shows."""

from __future__ import annotations

import pytest

from studio.core.units import GIB, KIB, MIB, TIB, format_bytes, parse_size


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (0, "0 B"),
        (512, "512 B"),
        (3 * KIB, "3.0 KiB"),
        (4 * MIB + MIB // 2, "4.5 MiB"),
        (512 * MIB, "512 MiB"),
        (GIB, "1.0 GiB"),
        (23 * GIB + GIB // 2, "23.5 GiB"),
        (2 * TIB, "2.0 TiB"),
        (-2 * GIB, "-2.0 GiB"),  # an overshoot shown as a negative headroom
    ],
)
def test_sizes_are_written_in_binary_units(value: int, shown: str) -> None:
    assert format_bytes(value) == shown


@pytest.mark.parametrize("text", ["24GiB", "512 MiB", "1.5G", "3T"])
def test_what_is_written_reads_back(text: str) -> None:
    value = parse_size(text)
    assert parse_size(format_bytes(value).replace(" ", "")) == pytest.approx(value, rel=0.05)
