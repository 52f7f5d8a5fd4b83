"""Host RAM through psutil."""

from __future__ import annotations

from collections.abc import Collection

import psutil

from studio.core.hardware.model import HostMemory


def read_host_memory() -> HostMemory:
    memory = psutil.virtual_memory()
    return HostMemory(total_bytes=int(memory.total), available_bytes=int(memory.available))


def own_host_bytes(pids: Collection[int]) -> int:
    """RAM only our own llama-server processes hold (unique set size): what stopping them
    gives back. Mapped model files are page cache, already counted as available."""
    held = 0
    for pid in pids:
        try:
            held += int(psutil.Process(pid).memory_full_info().uss)
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            continue  # gone already, or not ours to read: nothing to add back
    return held
