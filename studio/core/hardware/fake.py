"""Fake devices for tests and demos, faked at the boundaries so real code runs on them.

A spec such as `GPU0:24GiB,GPU1:12GiB/10GiB,HOST:64GiB` describes:

* `GPU<n>:<total>[/<free>]`: an NVIDIA GPU on PCI bus n+1. It becomes a `FakeNvml`
  device (the same pynvml calls, so ordering and CUDA_VISIBLE_DEVICES run unchanged) and a
  `CUDA<i>` entry in a fake engine device list (what a CUDA build of llama-server would print
  for it), so engine matching runs unchanged too.
* `HOST:<total>[/<available>]`: host RAM instead of psutil's reading.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from studio.core.engine import EngineDevice
from studio.core.errors import StudioError
from studio.core.hardware.model import GpuReading, HostMemory
from studio.core.units import MIB, parse_size

ENV_VARIABLE = "STUDIO_FAKE_DEVICES"


class FakeDeviceSpecError(StudioError):
    """Code `fake_devices_invalid`: the spec string cannot be read (param `entry`)."""


class FakeNvmlError(Exception):
    pass


@dataclass(frozen=True)
class FakeGpu:
    bus: int
    total_bytes: int
    free_bytes: int

    @property
    def name(self) -> str:
        return f"Fake GPU {self.bus}"

    @property
    def uuid(self) -> str:
        return f"GPU-fa4e0000-0000-0000-0000-{self.bus:012x}"

    @property
    def pci_bus_id(self) -> str:
        return f"00000000:{self.bus + 1:02X}:00.0"


@dataclass(frozen=True)
class FakeSpec:
    gpus: tuple[FakeGpu, ...]
    host: HostMemory | None


_ENTRY = re.compile(r"^(?P<label>GPU(?P<bus>\d+)|HOST)\s*:\s*(?P<total>[^/]+?)(?:/(?P<free>.+))?$")


def parse_fake_spec(spec: str) -> FakeSpec:
    gpus: list[FakeGpu] = []
    host: HostMemory | None = None
    for raw in spec.split(","):
        entry = raw.strip()
        if not entry:
            continue
        match = _ENTRY.match(entry)
        if match is None:
            raise FakeDeviceSpecError(
                "fake_devices_invalid", f"cannot read fake device {entry!r}", entry=entry
            )
        try:
            total = parse_size(match.group("total"))
            free = parse_size(match.group("free")) if match.group("free") else total
        except ValueError as error:
            raise FakeDeviceSpecError("fake_devices_invalid", str(error), entry=entry) from error
        if free > total or total <= 0:
            raise FakeDeviceSpecError(
                "fake_devices_invalid", f"free exceeds total in {entry!r}", entry=entry
            )
        if match.group("label") == "HOST":
            host = HostMemory(total_bytes=total, available_bytes=free)
        else:
            bus = int(match.group("bus"))
            if any(g.bus == bus for g in gpus):
                raise FakeDeviceSpecError(
                    "fake_devices_invalid", f"GPU{bus} given twice", entry=entry
                )
            gpus.append(FakeGpu(bus=bus, total_bytes=total, free_bytes=free))
    return FakeSpec(gpus=tuple(gpus), host=host)


@dataclass(frozen=True)
class _Memory:
    total: int
    free: int
    used: int


@dataclass(frozen=True)
class FakeProcess:
    """A process holding GPU memory, as nvmlDevice*RunningProcesses lists it."""

    pid: int
    usedGpuMemory: int | None  # noqa: N815 (pynvml's field name)


@dataclass(frozen=True)
class _PciInfo:
    busId: bytes  # noqa: N815 (pynvml's field name; real NVML may hand back bytes)


class FakeNvml:
    """The pynvml calls `nvml.read_nvml_gpus` makes, answered from a spec."""

    NVMLError: type[Exception] = FakeNvmlError

    def __init__(
        self,
        gpus: Sequence[FakeGpu],
        processes: Mapping[int, Sequence[FakeProcess]] | None = None,
    ) -> None:
        self._gpus = tuple(gpus)
        self._processes = dict(processes or {})  # by PCI bus number
        self._initialised = 0

    def nvmlInit(self) -> None:
        self._initialised += 1

    def nvmlShutdown(self) -> None:
        if self._initialised == 0:
            raise FakeNvmlError("NVML shut down without init")
        self._initialised -= 1

    def _check(self) -> None:
        if self._initialised == 0:
            raise FakeNvmlError("NVML not initialised")

    def nvmlDeviceGetCount(self) -> int:
        self._check()
        return len(self._gpus)

    def nvmlDeviceGetHandleByIndex(self, index: int) -> Any:
        self._check()
        return self._gpus[index]

    def nvmlDeviceGetName(self, handle: Any) -> str | bytes:
        gpu: FakeGpu = handle
        return gpu.name

    def nvmlDeviceGetUUID(self, handle: Any) -> str | bytes:
        gpu: FakeGpu = handle
        return gpu.uuid.encode()

    def nvmlDeviceGetPciInfo(self, handle: Any) -> Any:
        gpu: FakeGpu = handle
        return _PciInfo(busId=gpu.pci_bus_id.encode())

    def nvmlDeviceGetMemoryInfo(self, handle: Any) -> Any:
        gpu: FakeGpu = handle
        return _Memory(
            total=gpu.total_bytes,
            free=gpu.free_bytes,
            used=gpu.total_bytes - gpu.free_bytes,
        )

    def nvmlDeviceGetComputeRunningProcesses(self, handle: Any) -> list[Any]:
        gpu: FakeGpu = handle
        return list(self._processes.get(gpu.bus, ()))

    def nvmlDeviceGetGraphicsRunningProcesses(self, handle: Any) -> list[Any]:
        raise FakeNvmlError("Not Supported")  # as on many datacenter GPUs


def fake_engine_devices(gpus: Sequence[GpuReading]) -> tuple[EngineDevice, ...]:
    """What `llama-server --list-devices` of a CUDA build would print for these GPUs."""
    return tuple(
        EngineDevice(
            name=f"CUDA{g.cuda_index}",
            description=g.name,
            total_mib=g.total_bytes // MIB,
            free_mib=g.free_bytes // MIB,
        )
        for g in gpus
    )
