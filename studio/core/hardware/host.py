"""Host RAM through psutil."""

from __future__ import annotations

import psutil

from studio.core.hardware.model import HostMemory


def read_host_memory() -> HostMemory:
    memory = psutil.virtual_memory()
    return HostMemory(total_bytes=int(memory.total), available_bytes=int(memory.available))
