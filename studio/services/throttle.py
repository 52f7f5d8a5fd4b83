"""Coalescing fast updates for the GUI: the latest value per key, delivered at most every
`interval_ms`, with immediate delivery when a value differs in kind (a state change)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from PySide6.QtCore import QObject, QTimer

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LatestPerKey(QObject, Generic[K, V]):
    def __init__(
        self,
        deliver: Callable[[V], None],
        interval_ms: int = 100,
        urgent: Callable[[V | None, V], bool] = lambda old, new: False,
        parent: QObject | None = None,
    ) -> None:
        """`urgent(last_delivered, new)` says when `new` must not wait (e.g. a new state)."""
        super().__init__(parent)
        self._deliver = deliver
        self._urgent = urgent
        self._pending: dict[K, V] = {}
        self._delivered: dict[K, V] = {}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.flush)

    def push(self, key: K, value: V) -> None:
        if self._urgent(self._delivered.get(key), value):
            self._pending.pop(key, None)
            if not self._pending:
                # Nothing left to flush: no timer stays armed (an armed timer on an object
                # the garbage collector frees from a worker thread makes Qt complain).
                self._timer.stop()
            self._send(key, value)
            return
        self._pending[key] = value
        if not self._timer.isActive():
            self._timer.start()

    def flush(self) -> None:
        pending, self._pending = self._pending, {}
        for key, value in pending.items():
            self._send(key, value)

    def _send(self, key: K, value: V) -> None:
        self._delivered[key] = value
        self._deliver(value)
