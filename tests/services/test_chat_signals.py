"""Guard against a Qt binding that corrupts reference counts on signal emits.

PySide6 6.12.0 under Python 3.11 drops one reference to `True` per emit; a streaming chat
emits hundreds of signals a minute and the interpreter aborts (bool_dealloc). pyproject
excludes that release; this test catches a regression or a reinstall that brings it back.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal


class _Emitter(QObject):
    fired = Signal(int, str, str)


def test_signal_emits_keep_reference_counts_intact() -> None:
    emitter = _Emitter()
    received: list[int] = []
    emitter.fired.connect(lambda number, a, b: received.append(number))
    before = sys.getrefcount(True), sys.getrefcount(False), sys.getrefcount(None)
    for number in range(50):
        emitter.fired.emit(number, "content", "reasoning")
    after = sys.getrefcount(True), sys.getrefcount(False), sys.getrefcount(None)
    assert received == list(range(50))
    # Immortal objects (3.12+) report a constant; on 3.11 a leak shows as a drop of 50.
    assert all(abs(a - b) < 10 for a, b in zip(before, after, strict=True)), (before, after)
