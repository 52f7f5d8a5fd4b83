"""Pairing the engine's device list (CUDA0, Vulkan0 ...) with the GPUs NVML reports.

NVML gives live free memory and a stable identity (UUID, PCI bus id); the engine gives the
name a launch must use. CUDA devices pair by number (the child numbers them in the same
PCI order, see `nvml.CHILD_ENVIRONMENT`); other backends (Vulkan on an NVIDIA card) pair by
name and total memory. A GPU reachable through two backends is used through the first one
the engine lists, which is also the one llama.cpp keeps when it de-duplicates devices.
"""

from __future__ import annotations

from collections.abc import Sequence

from studio.core.devices import DeviceKind
from studio.core.engine import EngineDevice
from studio.core.hardware.model import Device, GpuReading, UnusableGpu
from studio.core.units import MIB

# Vulkan reports its device-local heap, which is a little smaller than NVML's total.
_TOTAL_TOLERANCE = 0.10


def _same_card(engine: EngineDevice, gpu: GpuReading) -> bool:
    name_matches = gpu.name.casefold() in engine.description.casefold()
    total = gpu.total_bytes / MIB
    return name_matches and abs(engine.total_mib - total) <= _TOTAL_TOLERANCE * total


def _pair(engine: EngineDevice, gpus: Sequence[GpuReading], taken: set[str]) -> GpuReading | None:
    if engine.backend == "CUDA":
        index = int(engine.name[len("CUDA") :])
        gpu = gpus[index] if index < len(gpus) else None
        return gpu if gpu is not None and gpu.uuid not in taken else None
    return next((g for g in gpus if g.uuid not in taken and _same_card(engine, g)), None)


def _from_gpu(engine: EngineDevice, gpu: GpuReading) -> Device:
    return Device(
        key=gpu.uuid,
        kind=DeviceKind.GPU,
        engine_name=engine.name,
        name=gpu.name,
        total_bytes=gpu.total_bytes,
        # Live, unlike the engine's probe-time figure; our own child's memory counts as free
        # because a switch stops it first.
        free_bytes=min(gpu.total_bytes, gpu.free_bytes + gpu.own_bytes),
        uuid=gpu.uuid,
        pci_bus_id=gpu.pci_bus_id,
        reclaimable_bytes=gpu.own_bytes,
    )


def _from_engine(engine: EngineDevice) -> Device:
    return Device(
        key=engine.name,
        kind=DeviceKind.GPU,
        engine_name=engine.name,
        name=engine.description,
        total_bytes=engine.total_mib * MIB,
        free_bytes=engine.free_mib * MIB,
    )


def _seen_through_another_backend(
    engine: EngineDevice, kept: Sequence[Device], claimed: set[tuple[str, str]]
) -> bool:
    """Whether `engine` is a second backend's view of a device already kept (ROCm0 and
    Vulkan0 for one AMD card), pairing each kept device with at most one per backend."""
    for device in kept:
        pair = (device.key, engine.backend)
        if (
            device.backend != engine.backend
            and pair not in claimed
            and device.name.casefold() == engine.description.casefold()
            and abs(device.total_bytes / MIB - engine.total_mib)
            <= _TOTAL_TOLERANCE * engine.total_mib
        ):
            claimed.add(pair)
            return True
    return False


def match_devices(
    engine_devices: Sequence[EngineDevice], gpus: Sequence[GpuReading]
) -> tuple[tuple[Device, ...], tuple[UnusableGpu, ...]]:
    """Local engine devices as planner devices, and the NVML GPUs the engine cannot use.

    Engine devices without an NVML partner (AMD, Intel, Apple) keep the engine's own
    memory figures. RPC devices are not local and are handled by `rpc`.
    """
    taken: set[str] = set()
    claimed: set[tuple[str, str]] = set()
    devices: list[Device] = []
    for engine in engine_devices:
        if engine.backend == "RPC":
            continue
        gpu = _pair(engine, gpus, taken)
        if gpu is not None:
            taken.add(gpu.uuid)
            devices.append(_from_gpu(engine, gpu))
        elif not any(_same_card(engine, g) for g in gpus) and not (
            _seen_through_another_backend(engine, devices, claimed)
        ):
            devices.append(_from_engine(engine))
        # else: a second backend's view of a GPU already listed; using both would
        # double-count its memory.
    unusable = tuple(UnusableGpu(g, "no_engine_device") for g in gpus if g.uuid not in taken)
    return tuple(devices), unusable
