"""Garbage is collected on the GUI thread only, by a timer, never by a worker's allocation."""

from __future__ import annotations

import gc
import threading
import weakref

from pytestqt.qtbot import QtBot

from studio.services import gui_gc
from studio.services.gui_gc import GuiThreadCollector


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_cycles_die_on_the_gui_thread_and_the_collector_is_restored(qtbot: QtBot) -> None:
    gc.enable()  # as outside the suite's own guard
    collector = GuiThreadCollector()
    try:
        assert not gc.isenabled()
        garbage = _Cycle()
        alive = weakref.ref(garbage)
        del garbage
        # A worker allocating a great deal does not trigger a collection any more.
        worker = threading.Thread(target=lambda: [_Cycle() for _ in range(50_000)])
        worker.start()
        worker.join()
        assert alive() is not None
        collector._ticks = gui_gc._FULL_EVERY - 1  # the next tick is a full collection
        qtbot.waitUntil(lambda: alive() is None, timeout=3000)
    finally:
        collector.stop()
    assert gc.isenabled()
