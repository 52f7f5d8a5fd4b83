"""What the planner knows about the machine: accelerator devices and host memory."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from studio.core.devices import HOST_KEY, DeviceKind


@dataclass(frozen=True)
class GpuReading:
    """One NVIDIA GPU as NVML reports it, after CUDA_VISIBLE_DEVICES has been applied.

    `cuda_index` is its position among the visible GPUs in the order CUDA will number
    them for the child (PCI bus order, because the child runs with
    CUDA_DEVICE_ORDER=PCI_BUS_ID).
    """

    cuda_index: int
    nvml_index: int
    name: str
    uuid: str
    pci_bus_id: str
    total_bytes: int
    free_bytes: int
    used_bytes: int
    own_bytes: int = 0  # held by our own llama-server, freed when it stops


@dataclass(frozen=True)
class HostMemory:
    total_bytes: int
    available_bytes: int


@dataclass(frozen=True)
class Device:
    """A device llama-server can place layers on, named the way the engine names it.

    `engine_name` is what `--device`, `--tensor-split` order and `-ot` buffer types refer
    to (CUDA0, Vulkan1, RPC0). `key` is stable across runs and reorderings (the NVML UUID,
    `rpc:host:port`, or the engine name when nothing better is known) so that remembered
    per-device settings follow the hardware, not the slot it happens to be in.
    """

    key: str
    kind: DeviceKind
    engine_name: str
    name: str
    total_bytes: int
    free_bytes: int  # free once our own llama-server has stopped (see reclaimable_bytes)
    uuid: str = ""
    pci_bus_id: str = ""
    endpoint: str = ""  # host:port for RPC devices
    # Of free_bytes, what our own running llama-server holds now: a plan for the next
    # model may use it because the manager stops the old child before starting the new.
    reclaimable_bytes: int = 0
    # The largest tensor the engine's backend takes on this device (0: no limit known); a
    # larger weight stays on the host (hardware/vulkan.py).
    max_tensor_bytes: int = 0

    @property
    def backend(self) -> str:
        return self.engine_name.rstrip("0123456789")


@dataclass(frozen=True)
class UnusableGpu:
    """A GPU NVML sees but the engine cannot use, with a code saying why."""

    gpu: GpuReading
    code: str


@dataclass(frozen=True)
class DeviceInventory:
    """The devices in the order the engine uses them (RPC first, then GPUs), and the host."""

    devices: tuple[Device, ...]
    host: HostMemory
    unusable: tuple[UnusableGpu, ...] = field(default=())
    fake: bool = False

    def by_key(self, key: str) -> Device | None:
        return next((d for d in self.devices if d.key == key), None)

    def less(self, taken: Mapping[str, int]) -> DeviceInventory:
        """The inventory with `taken` bytes per device key (the host's under `HOST_KEY`)
        no longer free: what models that stay loaded hold (`core/residents`)."""
        if not taken:
            return self
        devices = tuple(
            replace(d, free_bytes=max(0, d.free_bytes - taken.get(d.key, 0))) for d in self.devices
        )
        host = HostMemory(
            self.host.total_bytes, max(0, self.host.available_bytes - taken.get(HOST_KEY, 0))
        )
        return replace(self, devices=devices, host=host)
