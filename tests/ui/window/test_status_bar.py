"""The status bar's live memory: every GPU by its name, host RAM, the engine's own share."""

from __future__ import annotations

import asyncio

from pytestqt.qtbot import QtBot

from studio.core.devices import HOST_KEY
from studio.core.hardware import GIB, DeviceConfig, FakeNvml, parse_fake_spec, read_nvml_gpus
from studio.core.tasks import TaskOwner
from studio.services.memory_monitor import MemoryMonitor, MemorySample, read_live_memory
from studio.ui.window.status_bar import LiveMemoryLabel

SPEC = "GPU0:24GiB/20GiB,GPU1:12GiB,HOST:64GiB/40GiB"


def test_status_bar_label_shows_live_memory_while_visible(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop
) -> None:
    config = DeviceConfig(fake_spec=SPEC)
    tasks = TaskOwner("test")
    monitor = MemoryMonitor(lambda: read_live_memory(config, environ={}), tasks, interval_s=0.01)
    label = LiveMemoryLabel(monitor)
    qtbot.addWidget(label)

    async def scenario() -> None:
        sampled: asyncio.Future[object] = qasync_loop.create_future()

        def first(sample: object) -> None:
            if not sampled.done():
                sampled.set_result(sample)

        monitor.sampled.connect(first)
        label.show()
        await asyncio.wait_for(sampled, 10)
        label.hide()
        assert not monitor.polling
        await tasks.shutdown()

    qasync_loop.run_until_complete(scenario())
    assert label.text() == "GPU0 4.0 GiB/24.0 GiB · GPU1 0 B/12.0 GiB · RAM 24.0 GiB/64.0 GiB"


def test_gpus_are_shown_by_name_once_the_devices_are_found(qtbot: QtBot) -> None:
    gpus = read_nvml_gpus(FakeNvml(parse_fake_spec(SPEC).gpus), {})
    monitor = MemoryMonitor(lambda: MemorySample(), TaskOwner("test"))
    label = LiveMemoryLabel(monitor)
    qtbot.addWidget(label)
    sample = MemorySample(
        used={gpus[0].uuid: 4 * GIB, gpus[1].uuid: 0, HOST_KEY: 24 * GIB},
        total={gpus[0].uuid: 24 * GIB, gpus[1].uuid: 12 * GIB, HOST_KEY: 64 * GIB},
        engine_rss=3 * GIB,
    )
    label.show_sample(sample)
    assert label.text().startswith("GPU0 4.0 GiB/24.0 GiB · GPU1 0 B/12.0 GiB")
    # What device discovery tells the window (studio_areas) is shown at once, not at the
    # next sample: the names the load dialog uses.
    label.set_gpu_names({gpu.uuid: gpu.name for gpu in gpus})
    assert label.text() == (
        f"{gpus[0].name} 4.0 GiB/24.0 GiB · {gpus[1].name} 0 B/12.0 GiB · "
        "RAM 24.0 GiB/64.0 GiB · engine 3.0 GiB"
    )
    assert gpus[0].name != "GPU0"  # a real name, not the position
