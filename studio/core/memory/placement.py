"""Which device each layer lands on: llama.cpp's `load_tensors` rule, reproduced exactly.

Layers are numbered 0..n_layer_all, where index n_layer_all is the output layer. The *last*
`ngl` of those go to the devices, so the output layer is the first one offloaded, and the
offloaded span is cut across devices by the cumulative, normalised tensor split.
"""

from __future__ import annotations

import struct
from array import array
from bisect import bisect_left
from collections.abc import Sequence
from itertools import pairwise

from studio.core.devices import SplitMode
from studio.core.memory.settings import DeviceSpec, EstimateSettings


def split_weights(devices: Sequence[DeviceSpec], settings: EstimateSettings) -> tuple[float, ...]:
    """Unnormalised share of each device: -ts if given, else proportional to free memory."""
    count = len(devices)
    if settings.split_mode is SplitMode.NONE:
        return tuple(1.0 if i == settings.main_gpu else 0.0 for i in range(count))
    weights: list[float]
    if settings.tensor_split is not None and any(v > 0 for v in settings.tensor_split):
        weights = [max(0.0, v) for v in settings.tensor_split[:count]]
        weights += [0.0] * (count - len(weights))
    elif any(d.free_bytes > 0 for d in devices):
        weights = [float(d.free_bytes) for d in devices]
    else:
        weights = [1.0] * count
    return tuple(weights)


def split_fractions(devices: Sequence[DeviceSpec], settings: EstimateSettings) -> tuple[float, ...]:
    """Normalised share of each device (sums to 1)."""
    weights = split_weights(devices, settings)
    total = sum(weights)
    return tuple(w / total for w in weights)


def assign_layers(
    n_layer_all: int, devices: Sequence[DeviceSpec], settings: EstimateSettings
) -> tuple[int, ...]:
    """Device index of each layer 0..n_layer_all (the last is the output layer).

    Index `len(devices)` means the host.
    """
    host = len(devices)
    if not devices:
        return (host,) * (n_layer_all + 1)
    ngl = settings.n_gpu_layers
    if ngl is None or ngl < 0:
        ngl = n_layer_all + 1
    i_gpu_start = max(n_layer_all + 1 - ngl, 0)
    act = min(ngl, n_layer_all + 1)
    cumulative = _float32_split_points(split_weights(devices, settings))
    # Offloaded layer i goes to the first device whose split point exceeds
    # float(i) / act, computed in float as llama.cpp does (an index is exact in float);
    # both sequences ascend, so each device's last layer is one bisection away.
    positions = array("f", [offloaded / act for offloaded in range(act)])
    ends = [bisect_left(positions, point) for point in cumulative[:-1]] + [act]
    assignment = [host] * i_gpu_start
    begin = 0
    for device, end in enumerate(ends):
        assignment += [device] * (end - begin)
        begin = end
    return tuple(assignment)


def layer_runs(assignment: Sequence[int], count: int) -> list[tuple[int, int, int]]:
    """(slot, first, end) of each stretch of consecutive layers 0..count-1 on one slot:
    what a device holds sums over a few stretches rather than layer by layer."""
    cuts = [il for il in range(1, count) if assignment[il] != assignment[il - 1]]
    bounds = [0, *cuts, count]
    return [(assignment[begin], begin, end) for begin, end in pairwise(bounds) if begin < end]


def _f32(value: float) -> float:
    """Round to C float: llama.cpp computes split points in float, and layer boundaries
    (e.g. a 1/3 split) can fall on either side depending on that rounding."""
    result: float = struct.unpack("<f", struct.pack("<f", value))[0]
    return result


def _float32_split_points(fractions: Sequence[float]) -> list[float]:
    points: list[float] = []
    running = 0.0
    for fraction in fractions:
        running = _f32(running + _f32(fraction))
        points.append(running)
    return [_f32(p / running) for p in points] if running > 0 else points
