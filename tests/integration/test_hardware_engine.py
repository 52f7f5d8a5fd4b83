"""Device discovery on this machine with the real engine, NVML bindings and psutil."""

from __future__ import annotations

import os

import pytest

from studio.core.engine import EngineLocation, EngineProber
from studio.core.hardware import DeviceConfig, DeviceKind, discover_devices

pytestmark = pytest.mark.engine


def test_real_discovery_describes_only_devices_the_engine_can_name(
    engine_location: EngineLocation,
) -> None:
    info = EngineProber().probe(engine_location)
    environ = {k: v for k, v in os.environ.items() if k != "STUDIO_FAKE_DEVICES"}
    inventory = discover_devices(DeviceConfig.from_environment(environ), info.devices, environ)
    assert not inventory.fake
    names = {d.name for d in info.devices}
    assert all(d.engine_name in names and d.kind is DeviceKind.GPU for d in inventory.devices)
    assert all(0 <= d.free_bytes <= d.total_bytes for d in inventory.devices)
    assert 0 < inventory.host.available_bytes <= inventory.host.total_bytes
    # Every GPU NVML reports is either usable through the engine or listed with a reason.
    assert all(u.code == "no_engine_device" for u in inventory.unusable)
