"""Putting the machine together: NVML GPUs, engine devices, RPC servers and host RAM.

Real and fake devices take the same path: the fake provider only swaps the NVML bindings,
the engine's device list and (optionally) the host reading.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from studio.core.engine import EngineDevice
from studio.core.hardware.fake import (
    ENV_VARIABLE,
    FakeNvml,
    fake_engine_devices,
    parse_fake_spec,
)
from studio.core.hardware.host import own_host_bytes, read_host_memory
from studio.core.hardware.matching import match_devices
from studio.core.hardware.model import Device, DeviceInventory, HostMemory
from studio.core.hardware.nvml import NvmlApi, load_pynvml, read_nvml_gpus
from studio.core.hardware.vulkan import VulkanLimit, vulkan_limits


@dataclass(frozen=True)
class DeviceConfig:
    """Where devices come from. `fake_spec` (or STUDIO_FAKE_DEVICES) replaces the hardware."""

    fake_spec: str = ""

    @classmethod
    def from_environment(cls, environ: Mapping[str, str], fake_spec: str = "") -> DeviceConfig:
        return cls(fake_spec=fake_spec.strip() or environ.get(ENV_VARIABLE, "").strip())


def discover_devices(
    config: DeviceConfig,
    engine_devices: Sequence[EngineDevice],
    environ: Mapping[str, str],
    *,
    rpc_devices: Sequence[Device] = (),
    nvml: Callable[[], NvmlApi | None] = load_pynvml,
    host: Callable[[], HostMemory] = read_host_memory,
    own_pids: Collection[int] = (),
    vulkan: Callable[[], Sequence[VulkanLimit]] = vulkan_limits,
) -> DeviceInventory:
    """The devices a launch can use, in engine order: RPC servers first, then local GPUs.

    Blocking (NVML and psutil calls): call it through `asyncio.to_thread` from the GUI.
    `own_pids` are our running llama-server processes: their GPU memory counts as free.
    """
    host_memory: HostMemory | None = None
    if config.fake_spec:
        spec = parse_fake_spec(config.fake_spec)
        gpus = read_nvml_gpus(FakeNvml(spec.gpus), environ, own_pids)
        engine_devices = fake_engine_devices(gpus)
        host_memory = spec.host
    else:
        gpus = read_nvml_gpus(nvml(), environ, own_pids)
    local, unusable = match_devices(engine_devices, gpus)
    if any(d.backend == "Vulkan" for d in local):
        local = _with_vulkan_limits(local, vulkan())
    if host_memory is None:
        reading = host()
        freed = own_host_bytes(own_pids)
        host_memory = HostMemory(
            reading.total_bytes, min(reading.total_bytes, reading.available_bytes + freed)
        )
    return DeviceInventory(
        devices=(*rpc_devices, *local),
        host=host_memory,
        unusable=unusable,
        fake=bool(config.fake_spec),
    )


def _with_vulkan_limits(
    devices: Sequence[Device], limits: Sequence[VulkanLimit]
) -> tuple[Device, ...]:
    """Vulkan devices with their driver's per-tensor limit (the engine shows the driver's
    device name as its description, which `Device.name` keeps unless NVML named it)."""
    by_name = {limit.name.casefold(): limit.max_tensor_bytes for limit in limits}
    return tuple(
        replace(device, max_tensor_bytes=by_name.get(device.name.casefold(), 0))
        if device.backend == "Vulkan"
        else device
        for device in devices
    )
