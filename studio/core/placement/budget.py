"""How much of each device a plan may use: free memory, minus a fixed overhead that no
llama.cpp buffer reports, minus a safety margin the user can change.

The overheads are per process and per device: the driver context and library workspaces
(cuBLAS handles, kernels) that appear only as "unaccounted" in llama.cpp's memory
breakdown. Free memory is read before our child exists, so they must be subtracted.
"""

from __future__ import annotations

from collections.abc import Mapping

from studio.core.devices import HOST_KEY, DeviceKind
from studio.core.hardware import MIB, Device, HostMemory
from studio.core.memory import SERVER_CACHE_RAM

# Ollama's estimator reserves 457 MiB per CUDA GPU for the CUDA context and cuBLAS
# (llama-server-and-memory.md A7: "Budget ~300-600 MiB per CUDA device").
CUDA_CONTEXT_OVERHEAD = 457 * MIB
# ROCm/HIP and SYCL carry a runtime context comparable to CUDA's; no measurement of our
# own, so the CUDA figure stands in (not GPU-verified).
ROCM_CONTEXT_OVERHEAD = CUDA_CONTEXT_OVERHEAD
# Ollama uses 512 MiB for Metal (A7).
METAL_CONTEXT_OVERHEAD = 512 * MIB
# gguf-parser-go's default "platform footprint" for VRAM is 250 MiB (A7, A10); Vulkan has
# no cuBLAS-sized workspace, so that lighter figure is used (not GPU-verified).
VULKAN_CONTEXT_OVERHEAD = 250 * MIB
# An RPC server is already running: the free memory it reports excludes its own context.
RPC_CONTEXT_OVERHEAD = 0
# gguf-parser-go's default platform footprint for RAM (150 MiB): the binary, its libraries,
# HTTP threads and the tokenizer, none of which is a llama.cpp buffer.
HOST_PROCESS_OVERHEAD = 150 * MIB

_BACKEND_OVERHEAD: Mapping[str, int] = {
    "CUDA": CUDA_CONTEXT_OVERHEAD,
    "ROCm": ROCM_CONTEXT_OVERHEAD,
    "HIP": ROCM_CONTEXT_OVERHEAD,
    "SYCL": ROCM_CONTEXT_OVERHEAD,
    "MTL": METAL_CONTEXT_OVERHEAD,
    "Metal": METAL_CONTEXT_OVERHEAD,
    "Vulkan": VULKAN_CONTEXT_OVERHEAD,
}

# The default margin is a fraction of the device's total memory, clamped. The ceiling is
# llama.cpp's own --fit-target default (1024 MiB, common/arg.cpp); the fraction and floor
# scale it down for small cards the way Unsloth's budget does (3 % of total, at most
# 512 MiB floor) so an 8 GiB card is not robbed of an eighth of its memory.
MARGIN_FRACTION = 0.04
MARGIN_FLOOR = 256 * MIB
MARGIN_CEILING = 1024 * MIB
# Host RAM is shared with the desktop and the browser: a wider band.
HOST_MARGIN_FRACTION = 0.05
HOST_MARGIN_FLOOR = 512 * MIB
HOST_MARGIN_CEILING = 2048 * MIB
PROMPT_CACHE_SHARE = 16


def _clamp(value: float, low: int, high: int) -> int:
    return int(min(max(value, low), high))


def default_margin(total_bytes: int) -> int:
    """The safety margin for a device of this total size (bytes)."""
    return _clamp(total_bytes * MARGIN_FRACTION, MARGIN_FLOOR, MARGIN_CEILING)


def default_host_margin(total_bytes: int) -> int:
    return _clamp(total_bytes * HOST_MARGIN_FRACTION, HOST_MARGIN_FLOOR, HOST_MARGIN_CEILING)


def default_prompt_cache(total_bytes: int) -> int:
    """The host prompt cache (--cache-ram) planned when the user sets none: a sixteenth of
    the machine's RAM, at most the server's own default (8 GiB), whole MiB. It fills as
    slots go idle, so a host that cannot hold it runs out of memory later, not at load."""
    return min(SERVER_CACHE_RAM, total_bytes // PROMPT_CACHE_SHARE) // MIB * MIB


def context_overhead(device: Device) -> int:
    """The fixed per-process cost of using `device` at all."""
    if device.kind is DeviceKind.RPC:
        return RPC_CONTEXT_OVERHEAD
    return _BACKEND_OVERHEAD.get(device.backend, CUDA_CONTEXT_OVERHEAD)


def device_budget(device: Device, margins: Mapping[str, int]) -> tuple[int, int]:
    """(margin, budget) for planned allocations on `device`; budget may be negative."""
    margin = margins.get(device.key, default_margin(device.total_bytes))
    return margin, device.free_bytes - margin


def host_budget(host: HostMemory, margins: Mapping[str, int]) -> tuple[int, int]:
    """(margin, budget) in host RAM; a CPU-only plan is sized against this, never VRAM."""
    margin = margins.get(HOST_KEY, default_host_margin(host.total_bytes))
    return margin, host.available_bytes - margin
