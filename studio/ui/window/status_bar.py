"""Status bar pieces: the chat's model with its engine's state, every loaded model's bytes
per device, and live memory use.

`app.py` adds them to the main window's status bar. The memory label watches the monitor
only while it is visible, so a minimised window stops the sampling.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

from PySide6.QtCore import QEvent, QPoint, Qt, Signal, Slot
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QLabel, QMenu, QWidget

from studio.core.devices import HOST_KEY
from studio.core.residents.scheduler import ResidentView
from studio.core.server.states import ServerState, Snapshot
from studio.services.memory_monitor import MemoryMonitor, MemorySample
from studio.ui.common.numbers import ui_size
from studio.ui.common.plain_text import plain_tip
from studio.ui.common.shown import watch_while_shown
from studio.ui.common.voice import device_name, ui_voice


class ServerStatusLabel(QLabel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("status-server")
        self.setAccessibleName(self.tr("Model and engine state"))
        self.show_snapshot(Snapshot())

    def changeEvent(self, event: QEvent) -> None:
        # "{model} — {state}" is built from several lookups: build it again in the new
        # language rather than wait for the next snapshot.
        if event.type() == QEvent.Type.LanguageChange:
            self.show_snapshot(self._snapshot)
        super().changeEvent(event)

    def show_snapshot(self, snapshot: Snapshot) -> None:
        self._snapshot = snapshot
        state = ui_voice().summary(snapshot)
        if snapshot.model is not None and snapshot.state is not ServerState.IDLE:
            name = snapshot.ready.model_alias if snapshot.ready else snapshot.model.name
            self.setText(self.tr("{model} — {state}").format(model=name, state=state))
        else:
            self.setText(state)
        self.setToolTip(plain_tip(str(snapshot.model)) if snapshot.model else "")


class LiveMemoryLabel(QLabel):
    """`GPU 10.2/24.0 GiB · RAM 20.1/62.7 GiB` from the monitor's samples."""

    def __init__(self, monitor: MemoryMonitor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("status-memory")
        self.setAccessibleName(self.tr("Memory in use"))
        self._gpu_names: dict[str, str] = {}  # until the devices are found
        self._sample: MemorySample | None = None
        monitor.sampled.connect(self.show_sample)
        watch_while_shown(self, monitor)

    def set_gpu_names(self, names: Mapping[str, str]) -> None:
        """Names for GPU keys (NVML UUIDs), e.g. {"GPU-…": "RTX 4090"}, as the load dialog
        names them; shown from the next sample on, or at once when one was shown."""
        self._gpu_names = dict(names)
        if self._sample is not None:
            self.show_sample(self._sample)

    def show_sample(self, sample: MemorySample) -> None:
        self._sample = sample
        parts: list[str] = []
        gpu_keys = [key for key in sample.used if key != HOST_KEY]
        for index, key in enumerate(gpu_keys):
            name = self._gpu_names.get(key, f"GPU{index}")
            parts.append(f"{name} {ui_size(sample.used[key])}/{ui_size(sample.total[key])}")
        if HOST_KEY in sample.used:
            parts.append(
                self.tr("RAM {used}/{total}").format(
                    used=ui_size(sample.used[HOST_KEY]),
                    total=ui_size(sample.total[HOST_KEY]),
                )
            )
        if sample.engine_rss is not None:
            parts.append(self.tr("engine {rss}").format(rss=ui_size(sample.engine_rss)))
        self.setText(" · ".join(parts))


class ResidentsLabel(QLabel):
    """The loaded models in the status bar: how many, and per device what they hold
    together, predicted beside what the engines allocated; the tooltip stacks each model
    per device, and the context menu unloads one or all."""

    unload_requested = Signal(str)  # a resident's name
    unload_all_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("status-residents")
        self.setAccessibleName(self.tr("Loaded models"))
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._on_menu_requested)
        self.views: tuple[ResidentView, ...] = ()
        self.menu: QMenu | None = None
        self.hide()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.show_residents(self.views)
        super().changeEvent(event)

    def show_residents(self, views: Sequence[ResidentView]) -> None:
        self.views = tuple(views)
        self.setVisible(bool(views))
        if not views:
            return
        # Short, beside the engine and live-memory labels: what the engines allocated of
        # what was predicted, per device; the tooltip has each model's rows.
        parts = [self.tr("%n model(s) loaded", "", len(views))]
        for key, (label, predicted, allocated) in _per_device(views).items():
            held = ui_size(allocated) if allocated is not None else "…"
            parts.append(
                self.tr("{device} {allocated}/{predicted}").format(
                    device=device_name(key, label), allocated=held, predicted=ui_size(predicted)
                )
            )
        self.setText(" · ".join(parts))
        self.setToolTip(self._table(views))

    def _table(self, views: Sequence[ResidentView]) -> str:
        """Per device, each resident's bytes: predicted, then allocated."""
        rows = [
            "<tr><th></th><th>"
            + self.tr("Predicted")
            + "</th><th>"
            + self.tr("Allocated")
            + "</th></tr>"
        ]
        for key, (label, _, _) in _per_device(views).items():
            name = html.escape(device_name(key, label))
            rows.append(f"<tr><td colspan=3><b>{name}</b></td></tr>")
            for view in views:
                for device in view.devices:
                    if device.key != key:
                        continue
                    allocated = ui_size(device.allocated) if device.allocated is not None else "-"
                    rows.append(
                        f"<tr><td>{html.escape(view.name)}</td>"
                        f"<td align=right>{ui_size(device.predicted)}</td>"
                        f"<td align=right>{allocated}</td></tr>"
                    )
        return "<table cellspacing='0' cellpadding='3'>" + "".join(rows) + "</table>"

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._on_menu_requested(event.position().toPoint())
            return
        super().mousePressEvent(event)

    def build_menu(self) -> QMenu:
        """Unload each loaded model, or all of them."""
        menu = QMenu(self)
        menu.setObjectName("status-residents-menu")
        for view in self.views:
            action = menu.addAction(self.tr("Unload {model}").format(model=view.name))
            action.triggered.connect(
                lambda _=False, name=view.name: self.unload_requested.emit(name)
            )
        menu.addSeparator()
        every = menu.addAction(self.tr("Unload all"))
        every.triggered.connect(lambda _=False: self.unload_all_requested.emit())
        return menu

    @Slot(QPoint)
    def _on_menu_requested(self, where: QPoint) -> None:
        if not self.views:
            return
        self.menu = self.build_menu()
        self.menu.popup(self.mapToGlobal(where))


def _per_device(
    views: Sequence[ResidentView],
) -> dict[str, tuple[str, int, int | None]]:
    """Per device key: its label, the residents' predicted bytes together, and what their
    engines allocated together (None until one has reported)."""
    totals: dict[str, tuple[str, int, int | None]] = {}
    for view in views:
        for device in view.devices:
            label, predicted, allocated = totals.get(device.key, (device.label, 0, None))
            if device.allocated is not None:
                allocated = (allocated or 0) + device.allocated
            totals[device.key] = (label, predicted + device.predicted, allocated)
    return totals
