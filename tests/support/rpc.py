"""Several `ggml-rpc-server` processes on 127.0.0.1, so llama-server sees several devices.

llama.cpp treats each RPC server as a device of its own (placed first in its device order),
with layers, KV cache and compute buffers placed on it exactly as on a GPU, which lets tests
check per-device estimates on a machine without GPUs. This build of ggml-rpc-server has no
option to state a memory size: each server reports the host's memory as its own. To make
a device run out of memory for real, `rpc_server(..., room=N)` caps the server's address
space (RLIMIT_AS) at N bytes beyond what the idle server already maps: its allocations then
fail in the kernel exactly as a full GPU's do. A buffer that does not fit makes llama-server
report "failed to allocate RPC0[...] buffer"; anything else the server cannot allocate (the
receive buffer for a tensor upload, a graph's work buffer) makes it drop the connection or
die, and llama-server aborts ("Remote RPC server crashed or returned malformed response").
The cap is set on the running server, not at exec: what an idle server maps (its libraries,
a Vulkan loader) differs between engine builds by more than a small model needs.
"""

from __future__ import annotations

import os
import resource
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from studio.core.engine import EngineLocation


@dataclass(frozen=True)
class RpcServer:
    endpoint: str  # "127.0.0.1:port", as --rpc takes it
    process: subprocess.Popen[bytes]

    @property
    def device_key(self) -> str:
        """How studio.core.memory.engine_log names this device."""
        return f"RPC[{self.endpoint}]"


def rpc_server_binary(engine: EngineLocation) -> Path:
    return engine.path.with_name("ggml-rpc-server")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _wait_listening(port: int, process: subprocess.Popen[bytes], timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"ggml-rpc-server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"ggml-rpc-server did not listen on {port}")


def _mapped_bytes(pid: int) -> int:
    """The address space `pid` maps now (VmSize)."""
    for line in Path(f"/proc/{pid}/status").read_text("utf-8").splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmSize for pid {pid}")


def _cap_address_space(process: subprocess.Popen[bytes], room: int) -> None:
    limit = _mapped_bytes(process.pid) + room
    resource.prlimit(process.pid, resource.RLIMIT_AS, (limit, limit))


@contextmanager
def rpc_server(
    engine: EngineLocation,
    *,
    threads: int = 1,
    room: int | None = None,
    device: str = "",
) -> Iterator[RpcServer]:
    """One RPC server on a free port; stopped (and reaped) on exit. `room` caps its memory
    (bytes of address space beyond what it maps when idle, listening), so allocations beyond
    it really fail. `device` serves one of the server's own devices (`Vulkan0`) instead of
    its CPU."""
    binary = rpc_server_binary(engine)
    for _attempt in range(5):
        port = _free_port()
        process = subprocess.Popen(
            [
                *(str(binary), "-H", "127.0.0.1", "-p", str(port), "-t", str(threads)),
                *(("-d", device) if device else ()),
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=engine.child_environment(os.environ),
        )
        try:
            _wait_listening(port, process, 10.0)
        except RuntimeError:
            continue  # lost the port race to someone else; try another
        try:
            if room is not None:
                _cap_address_space(process, room)
            yield RpcServer(f"127.0.0.1:{port}", process)
        finally:
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        return
    raise RuntimeError("could not start ggml-rpc-server")


@contextmanager
def rpc_servers(engine: EngineLocation, count: int = 2) -> Iterator[tuple[RpcServer, ...]]:
    """`count` RPC servers; pass `rpc_argument(servers)` to llama-server's --rpc."""
    with ExitStack() as stack:
        yield tuple(stack.enter_context(rpc_server(engine)) for _ in range(count))


def rpc_argument(servers: tuple[RpcServer, ...]) -> str:
    return ",".join(s.endpoint for s in servers)
