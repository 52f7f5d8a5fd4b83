"""Device discovery: NVML ordering, CUDA_VISIBLE_DEVICES, engine matching, fake devices.

NVML is replaced at the pynvml-call boundary (`FakeNvml`), so the real ordering, visibility
and matching code runs in every test.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from studio.core.engine import EngineDevice
from studio.core.hardware import (
    GIB,
    MIB,
    DeviceConfig,
    DeviceKind,
    FakeDeviceSpecError,
    FakeNvml,
    HostMemory,
    RpcEndpoint,
    discover_devices,
    parse_fake_spec,
    parse_size,
    read_nvml_gpus,
)
from studio.core.hardware.fake import FakeGpu
from studio.core.hardware.host import own_host_bytes
from studio.core.hardware.matching import match_devices
from studio.core.hardware.nvml import apply_visible_devices, pci_sort_key
from studio.core.hardware.rpc import rpc_devices_from_listing
from studio.core.hardware.vulkan import VulkanLimit, vulkan_limits

HOST = HostMemory(total_bytes=64 * GIB, available_bytes=48 * GIB)


def _nvml(*gpus: tuple[int, int]) -> FakeNvml:
    """GPUs given as (PCI bus, GiB), in NVML enumeration order."""
    return FakeNvml([FakeGpu(bus=bus, total_bytes=g * GIB, free_bytes=g * GIB) for bus, g in gpus])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("24GiB", 24 * GIB),
        ("512MiB", 512 * MIB),
        ("1.5G", int(1.5 * GIB)),
        ("2GB", 2 * 10**9),
        ("4096", 4096),
    ],
)
def test_parse_size(text: str, expected: int) -> None:
    assert parse_size(text) == expected


@pytest.mark.parametrize("text", ["", "GiB", "12 parsecs", "-3GiB"])
def test_parse_size_rejects_nonsense(text: str) -> None:
    with pytest.raises(ValueError):
        parse_size(text)


def test_gpus_come_in_pci_bus_order_whatever_nvml_enumerates() -> None:
    gpus = read_nvml_gpus(_nvml((3, 12), (1, 24), (2, 8)), {})
    assert [g.pci_bus_id for g in gpus] == [
        "00000000:02:00.0",
        "00000000:03:00.0",
        "00000000:04:00.0",
    ]
    assert [g.cuda_index for g in gpus] == [0, 1, 2]
    assert [g.nvml_index for g in gpus] == [1, 2, 0]
    assert gpus[0].total_bytes == 24 * GIB and gpus[0].used_bytes == 0


def test_pci_sort_key_is_numeric_not_textual() -> None:
    ids = ["00000000:0A:00.0", "00000000:09:00.0", "00000001:01:00.0", "garbage"]
    assert sorted(ids, key=pci_sort_key) == [
        "00000000:09:00.0",
        "00000000:0A:00.0",
        "00000001:01:00.0",
        "garbage",
    ]


@pytest.mark.parametrize(
    ("value", "buses"),
    [
        (None, [0, 1, 2]),
        ("2,0", [2, 0]),  # the listed order becomes CUDA's order
        ("1", [1]),
        ("", []),
        ("-1", []),
        ("0,7,1", [0]),  # an invalid entry ends the list
        ("0,0,1", [0]),  # so does a repeated one
        ("GPU-fa4e0000-0000-0000-0000-000000000002,0", [2, 0]),
        ("GPU-fa4e", []),  # ambiguous UUID prefix
        ("MIG-1234", []),
    ],
)
def test_cuda_visible_devices_follows_cuda_rules(value: str | None, buses: list[int]) -> None:
    environ = {} if value is None else {"CUDA_VISIBLE_DEVICES": value}
    gpus = read_nvml_gpus(_nvml((0, 8), (1, 8), (2, 8)), environ)
    assert [int(g.pci_bus_id.split(":")[1], 16) - 1 for g in gpus] == buses
    assert [g.cuda_index for g in gpus] == list(range(len(buses)))


def test_apply_visible_devices_on_empty_list() -> None:
    assert apply_visible_devices([], "0") == []


def test_no_nvml_means_no_nvidia_gpus() -> None:
    assert read_nvml_gpus(None, {}) == ()


class _BrokenNvml(FakeNvml):
    def nvmlInit(self) -> None:
        raise self.NVMLError("driver not loaded")


def test_nvml_without_a_driver_is_not_an_error() -> None:
    assert read_nvml_gpus(_BrokenNvml([]), {}) == ()


def test_fake_spec_parses_gpus_and_host() -> None:
    spec = parse_fake_spec("GPU0:24GiB, GPU1:12GiB/10GiB,HOST:64GiB/40GiB")
    assert [(g.bus, g.total_bytes, g.free_bytes) for g in spec.gpus] == [
        (0, 24 * GIB, 24 * GIB),
        (1, 12 * GIB, 10 * GIB),
    ]
    assert spec.host == HostMemory(64 * GIB, 40 * GIB)


@pytest.mark.parametrize(
    "spec", ["GPU0", "GPU0:lots", "TPU0:8GiB", "GPU0:8GiB/9GiB", "GPU0:8GiB,GPU0:4GiB"]
)
def test_fake_spec_errors_carry_a_code(spec: str) -> None:
    with pytest.raises(FakeDeviceSpecError) as caught:
        parse_fake_spec(spec)
    assert caught.value.code == "fake_devices_invalid"


def test_fake_devices_from_environment_run_through_discovery() -> None:
    environ = {"STUDIO_FAKE_DEVICES": "GPU1:12GiB,GPU0:24GiB,HOST:32GiB"}
    inventory = discover_devices(DeviceConfig.from_environment(environ), (), environ)
    assert inventory.fake
    assert [(d.engine_name, d.total_bytes) for d in inventory.devices] == [
        ("CUDA0", 24 * GIB),
        ("CUDA1", 12 * GIB),
    ]
    assert inventory.host == HostMemory(32 * GIB, 32 * GIB)
    assert inventory.devices[0].uuid.startswith("GPU-")
    assert inventory.by_key(inventory.devices[1].key) == inventory.devices[1]


def test_fake_devices_honour_cuda_visible_devices() -> None:
    environ = {"STUDIO_FAKE_DEVICES": "GPU0:24GiB,GPU1:12GiB", "CUDA_VISIBLE_DEVICES": "1"}
    inventory = discover_devices(DeviceConfig.from_environment(environ), (), environ)
    assert [(d.engine_name, d.total_bytes) for d in inventory.devices] == [("CUDA0", 12 * GIB)]


def test_configured_fake_spec_beats_environment() -> None:
    config = DeviceConfig.from_environment({"STUDIO_FAKE_DEVICES": "GPU0:8GiB"}, "GPU0:4GiB")
    assert config.fake_spec == "GPU0:4GiB"


def test_vulkan_devices_carry_their_drivers_tensor_limit() -> None:
    engine = (
        EngineDevice("Vulkan0", "llvmpipe (LLVM 15.0.6, 256 bits)", 2048, 2048),
        EngineDevice("Vulkan1", "AMD Radeon RX 7900 XTX (RADV NAVI31)", 24560, 24000),
    )
    asked: list[bool] = []

    def limits() -> tuple[VulkanLimit, ...]:
        asked.append(True)
        return (VulkanLimit("llvmpipe (LLVM 15.0.6, 256 bits)", 128 * MIB),)

    inventory = discover_devices(
        DeviceConfig(), engine, {}, nvml=lambda: None, host=lambda: HOST, vulkan=limits
    )
    assert [d.max_tensor_bytes for d in inventory.devices] == [128 * MIB, 0]  # 0: unknown
    # No Vulkan device, no Vulkan instance created.
    cuda = (EngineDevice("CUDA0", "Fake GPU 1", 24 * 1024, 20 * 1024),)
    discover_devices(DeviceConfig(), cuda, {}, nvml=lambda: None, host=lambda: HOST, vulkan=limits)
    assert len(asked) == 1


def test_a_machine_without_a_vulkan_loader_reports_no_limits() -> None:
    assert vulkan_limits("libno-such-vulkan.so.1") == ()


def test_real_discovery_uses_nvml_engine_list_and_host_reader() -> None:
    engine = (EngineDevice("CUDA0", "Fake GPU 1", 24 * 1024, 20 * 1024),)
    inventory = discover_devices(
        DeviceConfig(),
        engine,
        {},
        nvml=lambda: _nvml((1, 24)),
        host=lambda: HOST,
    )
    (device,) = inventory.devices
    assert device.kind is DeviceKind.GPU
    assert device.free_bytes == 24 * GIB  # NVML's live reading, not the probe-time one
    assert inventory.host == HOST and not inventory.fake


def _engine(name: str, description: str, total_gib: float) -> EngineDevice:
    mib = int(total_gib * 1024)
    return EngineDevice(name, description, mib, mib)


def test_vulkan_devices_match_nvml_by_name_and_memory() -> None:
    gpus = read_nvml_gpus(_nvml((0, 24), (1, 12)), {})
    engine = (
        _engine("Vulkan0", "Fake GPU 1 (NVIDIA)", 11.8),
        _engine("Vulkan1", "Fake GPU 0 (NVIDIA)", 23.7),
    )
    devices, unusable = match_devices(engine, gpus)
    assert [(d.engine_name, d.uuid) for d in devices] == [
        ("Vulkan0", gpus[1].uuid),
        ("Vulkan1", gpus[0].uuid),
    ]
    assert unusable == ()


def test_a_gpu_seen_by_two_backends_is_used_once_through_the_first() -> None:
    gpus = read_nvml_gpus(_nvml((0, 24)), {})
    engine = (_engine("CUDA0", "Fake GPU 0", 24), _engine("Vulkan0", "Fake GPU 0", 24))
    devices, _ = match_devices(engine, gpus)
    assert [d.engine_name for d in devices] == ["CUDA0"]


def test_engine_devices_without_nvml_keep_engine_memory() -> None:
    devices, unusable = match_devices((_engine("Vulkan0", "AMD Radeon RX 7900", 20),), ())
    (device,) = devices
    assert device.key == "Vulkan0" and device.total_bytes == 20 * GIB
    assert unusable == ()


def test_gpus_the_engine_cannot_see_are_reported_with_a_code() -> None:
    gpus = read_nvml_gpus(_nvml((0, 24)), {})
    devices, unusable = match_devices((), gpus)
    assert devices == ()
    assert [(u.gpu.uuid, u.code) for u in unusable] == [(gpus[0].uuid, "no_engine_device")]


def test_real_pynvml_bindings_load_and_read_without_raising() -> None:
    """The real module satisfies the boundary; with no NVIDIA driver it reads no GPUs."""
    from studio.core.hardware.nvml import load_pynvml

    api = load_pynvml()
    assert api is not None
    gpus = read_nvml_gpus(api, {})
    assert all(0 <= g.free_bytes <= g.total_bytes for g in gpus)


_RPC_LISTING = """\
Available devices:
  RPC0: 127.0.0.1:50052 (24105 MiB, 20000 MiB free)
  RPC1: 10.0.0.7:50052 (8192 MiB, 8000 MiB free)
  Vulkan0: NVIDIA GeForce RTX 4090 (24564 MiB, 23000 MiB free)
"""


def test_rpc_devices_from_listing_keep_engine_names_and_endpoints() -> None:
    endpoints = [RpcEndpoint.parse("127.0.0.1:50052"), RpcEndpoint.parse("10.0.0.7:50052")]
    devices = rpc_devices_from_listing(_RPC_LISTING, endpoints)
    assert [(d.engine_name, d.endpoint, d.kind, d.free_bytes) for d in devices] == [
        ("RPC0", "127.0.0.1:50052", DeviceKind.RPC, 20000 * MIB),
        ("RPC1", "10.0.0.7:50052", DeviceKind.RPC, 8000 * MIB),
    ]
    assert devices[0].key == "rpc:127.0.0.1:50052"


def test_a_card_without_nvml_seen_by_two_backends_counts_once() -> None:
    engine = (
        _engine("ROCm0", "AMD Radeon RX 7900 XTX", 24),
        _engine("ROCm1", "AMD Radeon RX 7900 XTX", 24),
        _engine("Vulkan0", "AMD Radeon RX 7900 XTX", 23.9),
        _engine("Vulkan1", "AMD Radeon RX 7900 XTX", 23.9),
        _engine("Vulkan2", "Intel Arc A770", 16),
    )
    devices, _ = match_devices(engine, ())
    assert [d.engine_name for d in devices] == ["ROCm0", "ROCm1", "Vulkan2"]


def test_memory_held_by_our_own_server_counts_as_free_for_the_next_plan() -> None:
    from studio.core.hardware.fake import FakeProcess

    api = FakeNvml(
        [FakeGpu(bus=0, total_bytes=24 * GIB, free_bytes=20 * GIB)],
        processes={0: [FakeProcess(4242, 3 * GIB), FakeProcess(99, GIB), FakeProcess(7, None)]},
    )
    (gpu,) = read_nvml_gpus(api, {}, own_pids={4242, 7})
    assert gpu.own_bytes == 3 * GIB and gpu.free_bytes == 20 * GIB
    devices, _ = match_devices((_engine("CUDA0", "Fake GPU 0", 24),), (gpu,))
    assert devices[0].free_bytes == 23 * GIB and devices[0].reclaimable_bytes == 3 * GIB
    (stranger,) = read_nvml_gpus(api, {}, own_pids={1})
    assert stranger.own_bytes == 0


def test_host_ram_of_our_own_server_counts_as_available() -> None:
    # A child that holds 64 MiB of its own memory stands in for a loaded llama-server.
    child = subprocess.Popen(
        [sys.executable, "-c", "import sys; b = bytearray(64 << 20); sys.stdin.read()"],
        stdin=subprocess.PIPE,
    )
    try:
        deadline = 50
        while own_host_bytes([child.pid]) < 64 * MIB and deadline:
            deadline -= 1
            time.sleep(0.1)
        held = own_host_bytes([child.pid])
        assert held >= 64 * MIB
        assert own_host_bytes([os.getpid() + 10_000_000]) == 0  # no such process
        inventory = discover_devices(
            DeviceConfig(), (), {}, nvml=lambda: None, host=lambda: HOST, own_pids=[child.pid]
        )
        assert inventory.host.available_bytes >= HOST.available_bytes + 64 * MIB
    finally:
        assert child.stdin is not None
        child.stdin.close()
        child.wait(timeout=10)
