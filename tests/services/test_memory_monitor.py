"""Live memory: real psutil and fake NVML readings, polled only while someone watches."""

from __future__ import annotations

import asyncio
import os

from studio.core.devices import HOST_KEY
from studio.core.hardware import GIB, DeviceConfig, FakeNvml, parse_fake_spec, read_nvml_gpus
from studio.core.tasks import TaskOwner
from studio.services.memory_monitor import MemoryMonitor, MemorySample, read_live_memory

SPEC = "GPU0:24GiB/20GiB,GPU1:12GiB,HOST:64GiB/40GiB"


def test_fake_devices_are_read_through_the_nvml_path() -> None:
    sample = read_live_memory(DeviceConfig(fake_spec=SPEC), environ={})
    gpus = read_nvml_gpus(FakeNvml(parse_fake_spec(SPEC).gpus), {})
    assert [sample.used[g.uuid] for g in gpus] == [4 * GIB, 0]
    assert [sample.total[g.uuid] for g in gpus] == [24 * GIB, 12 * GIB]
    assert sample.used[HOST_KEY] == 24 * GIB
    assert sample.engine_rss is None


def test_real_host_memory_and_process_rss() -> None:
    sample = read_live_memory(DeviceConfig(), environ={}, engine_pid=os.getpid())
    assert 0 < sample.used[HOST_KEY] <= sample.total[HOST_KEY]
    assert sample.engine_rss is not None and sample.engine_rss > 10 * 1024**2
    gone = read_live_memory(DeviceConfig(), environ={}, engine_pid=2**22 + 12345)
    assert gone.engine_rss is None


def test_polls_only_while_watched(qasync_loop: asyncio.AbstractEventLoop) -> None:
    tasks = TaskOwner("test")
    monitor = MemoryMonitor(lambda: MemorySample(), tasks, interval_s=0.01)
    dialog, status_bar = object(), object()

    async def scenario() -> None:
        assert not monitor.polling
        monitor.watch(dialog)
        monitor.watch(status_bar)
        while monitor.samples_taken < 3:  # noqa: ASYNC110 (a counter, not an event source)
            await asyncio.sleep(0.01)
        monitor.unwatch(dialog)
        assert monitor.polling  # the status bar still looks
        monitor.unwatch(status_bar)
        assert not monitor.polling
        taken = monitor.samples_taken
        await asyncio.sleep(0.1)
        assert monitor.samples_taken == taken
        await tasks.shutdown()

    qasync_loop.run_until_complete(asyncio.wait_for(scenario(), 10))
    assert monitor.latest == MemorySample()
    assert tasks.running == 0


def test_a_failing_reader_does_not_stop_monitoring(qasync_loop: asyncio.AbstractEventLoop) -> None:
    calls = 0

    def flaky() -> MemorySample:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise RuntimeError("driver hiccup")
        return MemorySample(engine_rss=calls)

    tasks = TaskOwner("test")
    monitor = MemoryMonitor(flaky, tasks, interval_s=0.01)

    async def scenario() -> MemorySample:
        received: asyncio.Future[MemorySample] = qasync_loop.create_future()
        monitor.sampled.connect(lambda s: received.done() or received.set_result(s))
        monitor.watch(monitor)
        sample = await asyncio.wait_for(received, 10)
        await tasks.shutdown()
        return sample

    assert qasync_loop.run_until_complete(scenario()).engine_rss == 2
