"""The residents' bars say what part of a prediction is the prompt cache, which is empty
when the engine logs what it allocated."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from studio.core.residents.ledger import DeviceBytes
from studio.core.residents.scheduler import ResidentView
from studio.core.server.states import Snapshot
from studio.core.units import GIB, MIB
from studio.ui.load.resident_bars import DeviceSharesBar, device_shares


def _view(name: str, device: DeviceBytes) -> ResidentView:
    return ResidentView(
        name=name,
        model=Path(f"/models/{name}.gguf"),
        snapshot=Snapshot(),
        devices=(device,),
        pinned=False,
        ttl_s=None,
        idle_s=0.0,
        in_flight=0,
    )


def test_a_prompt_cache_is_said_beside_what_was_allocated(qtbot: QtBot) -> None:
    views = [
        _view("cached", DeviceBytes("host", "Host", 2 * GIB, 389 * MIB, cache=3 * GIB // 2)),
        _view("plain", DeviceBytes("host", "Host", 300 * MIB, 300 * MIB)),
    ]
    (host,) = device_shares(views, {"host": 24 * GIB})
    bar = DeviceSharesBar()
    qtbot.addWidget(bar)
    cached, plain = bar.describe(host).splitlines()[:2]
    assert cached == (
        "cached: 2.0 GiB predicted (1.5 GiB of it a prompt cache that fills with use), "
        "389 MiB allocated"
    )
    assert plain == "plain: 300 MiB predicted, 300 MiB allocated"
