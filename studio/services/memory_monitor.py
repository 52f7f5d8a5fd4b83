"""Live VRAM and RAM use, sampled about once a second, only while someone is looking.

Readers register with `watch(viewer)` when they become visible and `unwatch(viewer)` when
hidden; with no viewer left the poll task ends, so a minimised app costs no NVML calls.
Each sample is read on a worker thread (NVML and psutil block) and published on the GUI
thread through `sampled`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import psutil
from PySide6.QtCore import QObject, Signal

from studio.core.devices import HOST_KEY
from studio.core.hardware import DeviceConfig, FakeNvml, parse_fake_spec, read_nvml_gpus
from studio.core.hardware.nvml import load_pynvml
from studio.core.tasks import TaskOwner
from studio.services.while_watched import WhileWatched

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class MemorySample:
    """Bytes in use right now, by device key (the NVML UUID for a GPU, `HOST_KEY` for RAM),
    and the engine's resident memory when a pid is known."""

    used: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    total: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    engine_rss: int | None = None


def _process_tree_rss(pid: int) -> int | None:
    try:
        root = psutil.Process(pid)
        processes = [root, *root.children(recursive=True)]
        return int(sum(p.memory_info().rss for p in processes))
    except psutil.Error:
        return None


def read_live_memory(
    config: DeviceConfig,
    environ: Mapping[str, str],
    engine_pid: int | None = None,
) -> MemorySample:
    """One reading of every GPU (NVML, or the fake devices) and of host RAM. Blocking.
    `environ` is the app's (CUDA_VISIBLE_DEVICES decides which GPUs are ours)."""
    env = environ
    used: dict[str, int] = {}
    total: dict[str, int] = {}
    if config.fake_spec:
        spec = parse_fake_spec(config.fake_spec)
        gpus = read_nvml_gpus(FakeNvml(spec.gpus), env)
        host = spec.host
    else:
        gpus = read_nvml_gpus(load_pynvml(), env)
        host = None
    for gpu in gpus:
        used[gpu.uuid] = gpu.used_bytes
        total[gpu.uuid] = gpu.total_bytes
    if host is not None:
        used[HOST_KEY] = host.total_bytes - host.available_bytes
        total[HOST_KEY] = host.total_bytes
    else:
        memory = psutil.virtual_memory()
        used[HOST_KEY] = int(memory.total - memory.available)
        total[HOST_KEY] = int(memory.total)
    rss = _process_tree_rss(engine_pid) if engine_pid is not None else None
    return MemorySample(MappingProxyType(used), MappingProxyType(total), rss)


class MemoryMonitor(QObject):
    sampled = Signal(object)  # MemorySample

    def __init__(
        self,
        reader: Callable[[], MemorySample],
        tasks: TaskOwner,
        interval_s: float = 1.0,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._reader = reader
        self._interval_s = interval_s
        self._poll = WhileWatched(tasks, "memory-monitor", self._run)
        self.latest: MemorySample | None = None
        self.samples_taken = 0

    @property
    def polling(self) -> bool:
        return self._poll.running

    def watch(self, viewer: object) -> None:
        self._poll.watch(viewer)

    def unwatch(self, viewer: object) -> None:
        self._poll.unwatch(viewer)

    async def _run(self) -> None:
        while True:
            try:
                sample = await asyncio.to_thread(self._reader)
            except Exception:  # a flaky driver must not end live monitoring for good
                log.warning("reading live memory failed", exc_info=True)
            else:
                self.samples_taken += 1
                self.latest = sample
                self.sampled.emit(sample)
            await asyncio.sleep(self._interval_s)
