"""The machine's devices: NVML GPUs, the engine's device list, RPC servers, host RAM, fakes."""

from studio.core.devices import DeviceKind
from studio.core.endpoint import RpcEndpoint
from studio.core.hardware.discover import DeviceConfig, discover_devices
from studio.core.hardware.fake import FakeDeviceSpecError, FakeNvml, parse_fake_spec
from studio.core.hardware.model import (
    Device,
    DeviceInventory,
    GpuReading,
    HostMemory,
    UnusableGpu,
)
from studio.core.hardware.nvml import CHILD_ENVIRONMENT, read_nvml_gpus
from studio.core.hardware.rpc import RpcError, probe_rpc_devices
from studio.core.units import GIB, MIB, parse_size

__all__ = [
    "CHILD_ENVIRONMENT",
    "GIB",
    "MIB",
    "Device",
    "DeviceConfig",
    "DeviceInventory",
    "DeviceKind",
    "FakeDeviceSpecError",
    "FakeNvml",
    "GpuReading",
    "HostMemory",
    "RpcEndpoint",
    "RpcError",
    "UnusableGpu",
    "discover_devices",
    "parse_fake_spec",
    "parse_size",
    "probe_rpc_devices",
    "read_nvml_gpus",
]
