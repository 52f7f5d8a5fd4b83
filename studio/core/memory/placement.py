"""Which device each layer lands on: llama.cpp's `load_tensors` rule, reproduced exactly.

Layers are numbered 0..n_layer_all, where index n_layer_all is the output layer. The *last*
`ngl` of those go to the devices, so the output layer is the first one offloaded, and the
offloaded span is cut across devices by the cumulative, normalised tensor split.
"""

from __future__ import annotations

import struct
from bisect import bisect_right
from collections.abc import Sequence

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
    assignment = []
    for il in range(n_layer_all + 1):
        if il < i_gpu_start or il - i_gpu_start >= act:
            assignment.append(host)
        else:
            index = bisect_right(cumulative, _f32(_f32(il - i_gpu_start) / act))
            assignment.append(min(index, len(devices) - 1))
    return tuple(assignment)


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
