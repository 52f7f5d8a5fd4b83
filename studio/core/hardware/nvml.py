"""NVIDIA GPUs through NVML, ordered and filtered the way the CUDA child will see them.

Everything NVML-specific goes through `NvmlApi`, the handful of pynvml calls we make. The
real implementation is the `pynvml` module itself; `fake.FakeNvml` implements the same
calls from a spec string, so fake devices run through exactly this ordering and
CUDA_VISIBLE_DEVICES code.

CUDA numbers devices fastest-first unless CUDA_DEVICE_ORDER=PCI_BUS_ID. We always give the
child PCI_BUS_ID (see `CHILD_ENVIRONMENT`), so "CUDA0" in a plan is the first visible GPU
in PCI bus order both here and in llama-server.
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Protocol

from studio.core.hardware.model import GpuReading

log = logging.getLogger(__name__)

CUDA_VISIBLE_DEVICES = "CUDA_VISIBLE_DEVICES"
# Pins the child's CUDA numbering to the order computed here.
CHILD_ENVIRONMENT: Mapping[str, str] = {"CUDA_DEVICE_ORDER": "PCI_BUS_ID"}


class NvmlApi(Protocol):
    """The subset of pynvml that device discovery calls."""

    NVMLError: type[Exception]

    def nvmlInit(self) -> None: ...
    def nvmlShutdown(self) -> None: ...
    def nvmlDeviceGetCount(self) -> int: ...
    def nvmlDeviceGetHandleByIndex(self, index: int) -> Any: ...
    def nvmlDeviceGetName(self, handle: Any) -> str | bytes: ...
    def nvmlDeviceGetUUID(self, handle: Any) -> str | bytes: ...
    def nvmlDeviceGetPciInfo(self, handle: Any) -> Any: ...
    def nvmlDeviceGetMemoryInfo(self, handle: Any) -> Any: ...
    def nvmlDeviceGetComputeRunningProcesses(self, handle: Any) -> list[Any]: ...
    def nvmlDeviceGetGraphicsRunningProcesses(self, handle: Any) -> list[Any]: ...


def load_pynvml() -> NvmlApi | None:
    """The real NVML bindings, or None when the package is not installed.

    The `pynvml` distribution warns (FutureWarning) on import that it is a shim over
    `nvidia-ml-py`; the module it provides is the same, so the warning is not ours to show.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        try:
            import pynvml
        except ImportError:
            return None
    api: NvmlApi = pynvml
    return api


def _text(value: str | bytes) -> str:
    return value.decode("utf-8", errors="replace") if isinstance(value, bytes) else str(value)


def pci_sort_key(bus_id: str) -> tuple[int, ...]:
    """`00000000:65:00.0` -> (0, 0x65, 0, 0); unparsable ids sort last, by text."""
    try:
        domain, bus, rest = bus_id.strip().split(":")
        device, function = rest.split(".")
        return (int(domain, 16), int(bus, 16), int(device, 16), int(function, 16))
    except ValueError:
        return (1 << 32,)


def _memory_of(api: NvmlApi, handle: Any, pids: Collection[int]) -> int:
    """GPU memory held by `pids` (CUDA contexts and Vulkan/graphics ones alike)."""
    if not pids:
        return 0
    held = 0
    for query in (
        api.nvmlDeviceGetComputeRunningProcesses,
        api.nvmlDeviceGetGraphicsRunningProcesses,
    ):
        try:
            processes = query(handle)
        except api.NVMLError:  # not supported on this GPU or driver: nothing to add back
            continue
        # usedGpuMemory is None where the driver cannot tell (WDDM, some vGPUs).
        held += sum(int(p.usedGpuMemory or 0) for p in processes if p.pid in pids)
    return held


def _read_all(api: NvmlApi, own_pids: Collection[int]) -> list[GpuReading]:
    readings: list[GpuReading] = []
    for index in range(api.nvmlDeviceGetCount()):
        try:
            handle = api.nvmlDeviceGetHandleByIndex(index)
            memory = api.nvmlDeviceGetMemoryInfo(handle)
            readings.append(
                GpuReading(
                    cuda_index=-1,
                    nvml_index=index,
                    name=_text(api.nvmlDeviceGetName(handle)),
                    uuid=_text(api.nvmlDeviceGetUUID(handle)),
                    pci_bus_id=_text(api.nvmlDeviceGetPciInfo(handle).busId),
                    total_bytes=int(memory.total),
                    free_bytes=int(memory.free),
                    used_bytes=int(memory.used),
                    own_bytes=_memory_of(api, handle, own_pids),
                )
            )
        except api.NVMLError as error:  # a GPU fallen off the bus: CUDA cannot use it either
            log.warning("NVML cannot read GPU %d: %s", index, error)
    return readings


def _pick(gpus: Sequence[GpuReading], token: str) -> GpuReading | None:
    if token.isdigit():
        position = int(token)
        return gpus[position] if position < len(gpus) else None
    if token.upper().startswith("GPU-"):
        # CUDA accepts any unique prefix of the UUID.
        matches = [g for g in gpus if g.uuid.lower().startswith(token.lower())]
        return matches[0] if len(matches) == 1 else None
    return None  # MIG instances and anything else we cannot plan for


def apply_visible_devices(gpus: Sequence[GpuReading], value: str | None) -> list[GpuReading]:
    """Apply CUDA_VISIBLE_DEVICES to GPUs in PCI bus order, with CUDA's own rules.

    Unset means all. Entries are indices (into PCI order) or UUID prefixes; the listed
    order becomes CUDA's order; the first invalid or repeated entry ends the list (so ""
    and "-1" hide every GPU).
    """
    if value is None:
        return list(gpus)
    visible: list[GpuReading] = []
    for raw in value.split(","):
        chosen = _pick(gpus, raw.strip())
        if chosen is None or chosen in visible:
            break
        visible.append(chosen)
    return visible


# Why NVML was unavailable, as already logged: the memory monitor asks about once a second,
# and the answer does not change while the app runs.
_unavailable_logged: set[str] = set()


def _log_unavailable_once(reason: str) -> None:
    if reason in _unavailable_logged:
        log.debug("NVML unavailable: %s", reason)
        return
    _unavailable_logged.add(reason)
    log.info("NVML unavailable: %s", reason)


def read_nvml_gpus(
    api: NvmlApi | None, environ: Mapping[str, str], own_pids: Collection[int] = ()
) -> tuple[GpuReading, ...]:
    """The GPUs the child will see, numbered as CUDA will number them; () without NVML.

    `own_pids`: our own running llama-server(s); what they hold is reported as
    `own_bytes`, memory a switch to another model gets back when they stop.
    """
    if api is None:
        return ()
    try:
        api.nvmlInit()
    except api.NVMLError as error:  # no driver, no NVIDIA GPU: not an error for us
        _log_unavailable_once(str(error))
        return ()
    try:
        readings = _read_all(api, own_pids)
    finally:
        try:
            api.nvmlShutdown()
        except api.NVMLError as error:
            log.warning("NVML shutdown failed: %s", error)
    ordered = sorted(readings, key=lambda g: pci_sort_key(g.pci_bus_id))
    visible = apply_visible_devices(ordered, environ.get(CUDA_VISIBLE_DEVICES))
    return tuple(
        GpuReading(
            cuda_index=position,
            nvml_index=g.nvml_index,
            name=g.name,
            uuid=g.uuid,
            pci_bus_id=g.pci_bus_id,
            total_bytes=g.total_bytes,
            free_bytes=g.free_bytes,
            used_bytes=g.used_bytes,
            own_bytes=g.own_bytes,
        )
        for position, g in enumerate(visible)
    )
