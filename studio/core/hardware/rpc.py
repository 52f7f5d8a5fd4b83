"""Remote llama.cpp RPC servers (`ggml-rpc-server`) as planner devices.

The engine is the only reliable reader of an RPC server's memory: we ask it with
`llama-server --rpc a,b --list-devices`, which connects to each server and prints
`RPC0: host:port (total MiB, free MiB free)`. The names it prints (RPC0, RPC1 ...) are the
names a launch with the same `--rpc` list uses.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence

from studio.core.devices import DeviceKind
from studio.core.endpoint import RpcEndpoint
from studio.core.engine import EngineLocation
from studio.core.engine.info import parse_devices
from studio.core.errors import StudioError
from studio.core.hardware.model import Device
from studio.core.units import MIB

RPC_PROBE_TIMEOUT_S = 30.0


class RpcError(StudioError):
    """Code `rpc_unreachable` (param `endpoints`); a malformed endpoint is the
    `EndpointError` of `studio.core.endpoint`."""


def rpc_devices_from_listing(text: str, endpoints: Sequence[RpcEndpoint]) -> tuple[Device, ...]:
    """Planner devices for the RPC entries of a `--list-devices` listing."""
    wanted = {str(e) for e in endpoints}
    devices = []
    for engine in parse_devices(text):
        if engine.backend != "RPC":
            continue
        endpoint = engine.description.split()[0] if engine.description else ""
        if endpoint not in wanted:
            continue
        devices.append(
            Device(
                key=f"rpc:{endpoint}",
                kind=DeviceKind.RPC,
                engine_name=engine.name,
                name=engine.description,
                total_bytes=engine.total_mib * MIB,
                free_bytes=engine.free_mib * MIB,
                endpoint=endpoint,
            )
        )
    return tuple(devices)


def probe_rpc_devices(
    location: EngineLocation,
    endpoints: Sequence[RpcEndpoint],
    timeout_s: float = RPC_PROBE_TIMEOUT_S,
) -> tuple[Device, ...]:
    """Ask the engine what the RPC servers offer. Blocking: call via `asyncio.to_thread`."""
    if not endpoints:
        return ()
    devices, failed = _list_rpc_devices(location, endpoints, timeout_s)
    found = {d.endpoint for d in devices}
    missing = [str(e) for e in endpoints if str(e) not in found]
    if missing and failed and len(endpoints) > 1:
        # Newer engines (b11434) abort at the first server that does not answer, listing
        # none: ask each alone, so the sentence names only the ones that are down.
        missing = [str(e) for e in endpoints if not _list_rpc_devices(location, [e], timeout_s)[0]]
    if missing:
        raise RpcError(
            "rpc_unreachable",
            f"RPC servers did not answer: {', '.join(missing)}",
            endpoints=",".join(missing),
        )
    return devices


def _list_rpc_devices(
    location: EngineLocation, endpoints: Sequence[RpcEndpoint], timeout_s: float
) -> tuple[tuple[Device, ...], bool]:
    """The RPC devices the engine lists for `endpoints`, and whether it failed doing so."""
    listed = ",".join(str(e) for e in endpoints)
    try:
        done = subprocess.run(
            [str(location.path), "--rpc", listed, "--list-devices"],
            capture_output=True,
            env=location.child_environment(os.environ),
            timeout=timeout_s,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    except (subprocess.TimeoutExpired, OSError) as error:
        raise RpcError(
            "rpc_unreachable", f"cannot list RPC devices: {error}", endpoints=listed
        ) from error
    devices = rpc_devices_from_listing(done.stdout.decode("utf-8", "replace"), endpoints)
    return devices, done.returncode != 0
