"""Garbage collection on the GUI thread only.

Python's cyclic collector runs in whichever thread happens to allocate when a threshold is
crossed. When that is a worker (a probe, a self-test, a download), an unreachable cycle that
holds a QObject is destroyed there, off the thread that owns it, and Qt may crash. So the
automatic collector is switched off and a timer collects on the GUI thread instead (as
qutebrowser does): the young generation often, everything now and then.

The interpreter also hands the GIL over every millisecond instead of every five: a
worker's CPU-bound Python (pypdf reading a 1,000-page PDF, cutting it into passages) made
the GUI thread wait for the lock several times a frame (25 ms stalls; 12 ms with this,
`bench/document_stall.py --pages 1000`).
"""

from __future__ import annotations

import gc
import sys

from PySide6.QtCore import QObject, QTimer

_INTERVAL_MS = 1000
_FULL_EVERY = 30  # ticks: a full collection about every half minute
_SWITCH_INTERVAL_S = 0.001


class GuiThreadCollector(QObject):
    """Owns the collection timer; `stop()` restores Python's own collector."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ticks = 0
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._switch_interval = sys.getswitchinterval()
        sys.setswitchinterval(_SWITCH_INTERVAL_S)
        self._timer = QTimer(self)
        self._timer.setInterval(_INTERVAL_MS)
        self._timer.timeout.connect(self._collect)
        self._timer.start()

    def _collect(self) -> None:
        self._ticks += 1
        if self._ticks % _FULL_EVERY == 0:
            gc.collect()
        elif gc.get_count()[0] > gc.get_threshold()[0]:
            gc.collect(0)

    def stop(self) -> None:
        self._timer.stop()
        sys.setswitchinterval(self._switch_interval)
        gc.collect()
        if self._was_enabled:
            gc.enable()
