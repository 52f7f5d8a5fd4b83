"""The words every layer uses for devices: what kind a device is, how a model's layers split
across devices, and the keys that name the host. Defined once here (a leaf module, so the
estimator, the hardware probes, the planner, the services and the UI can all import it)."""

from __future__ import annotations

from enum import StrEnum


class DeviceKind(StrEnum):
    GPU = "gpu"  # a local accelerator (CUDA, Vulkan, ROCm, Metal, SYCL ...)
    RPC = "rpc"  # a remote llama.cpp `ggml-rpc-server` reached over TCP
    HOST = "host"  # the CPU and system RAM


class SplitMode(StrEnum):
    """llama-server's `--split-mode`."""

    NONE = "none"  # everything on one device
    LAYER = "layer"  # whole layers per device (pipeline)
    ROW = "row"  # rows of each matrix across devices
    TENSOR = "tensor"  # every layer sharded across devices (tensor parallelism)


# The split modes the planner places models with; llama-server knows more.
PLANNED_SPLIT_MODES = (SplitMode.LAYER, SplitMode.TENSOR)

# Studio's key for host RAM among device keys (a GPU's is its NVML UUID, an RPC server's
# `rpc:host:port`): plans, margins, the live monitor and the memory panel use it.
HOST_KEY = "host"
# llama.cpp's name for host buffers in its load log (`CPU`, `CUDA_Host`, ... all count as
# host), and the name the estimator gives the host so its rows compare with that log.
HOST_ENGINE_NAME = "Host"
