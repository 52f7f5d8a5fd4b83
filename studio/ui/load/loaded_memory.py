"""After a load: every loaded model per device (each one's prediction stacked, what its
engine allocated beside it), then the last model the load dialog loaded in detail: per
device, the prediction, what the engine really allocated (read from its `-lv 4` log once
it is ready) and the memory in use right now (live, while visible)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from studio.core.devices import HOST_KEY
from studio.core.placement.device_memory import DeviceMemory, MemoryBreakdown
from studio.core.placement.plan import Plan
from studio.core.placement.plan_memory import plan_memory
from studio.core.residents.scheduler import ResidentView
from studio.core.server.states import ServerState, Snapshot
from studio.services.allocation_service import AllocationRead, AllocationService
from studio.services.memory_monitor import MemoryMonitor, MemorySample
from studio.ui.common.shown import watch_while_shown
from studio.ui.load.memory_panel import MemoryPanel
from studio.ui.load.resident_bars import ResidentBars


class LoadedMemoryPanel(QWidget):
    def __init__(
        self,
        monitor: MemoryMonitor,
        allocations: AllocationService,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("loaded-memory")
        self.setAccessibleName(self.tr("Memory of the loaded model"))
        self._allocations = allocations
        watch_while_shown(self, monitor)
        self.plan: Plan | None = None
        self._devices: dict[str, DeviceMemory] = {}
        self._read_log: Path | None = None
        self.summary = QLabel(self.tr("No model loaded."))
        self.summary.setObjectName("loaded-memory-summary")
        self.summary.setWordWrap(True)
        self.panel = MemoryPanel()
        self.residents_title = QLabel()
        self.residents_title.setObjectName("loaded-memory-residents-title")
        self.residents = ResidentBars()
        self.residents_title.hide()
        self.residents.hide()
        self._views: tuple[ResidentView, ...] = ()
        self._totals: dict[str, int] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.residents_title)
        layout.addWidget(self.residents)
        layout.addWidget(self.summary)
        layout.addWidget(self.panel)
        layout.addStretch(1)
        monitor.sampled.connect(self.show_sample)
        allocations.read.connect(self._on_allocations_read)

    def show_residents(self, views: tuple[ResidentView, ...]) -> None:
        """Every loaded model's bytes per device, stacked."""
        self._views = views
        self.residents_title.setText(
            self.tr(
                "%n model(s) loaded: predicted (bar) and allocated (strip) per device",
                "",
                len(views),
            )
        )
        self.residents_title.setVisible(bool(views))
        self.residents.setVisible(bool(views))
        self.residents.show_residents(views, self._totals)
        self._show_detail()

    def _show_detail(self) -> None:
        """The detail of the last plan loaded; with none, the residents say it all (no
        "No model loaded" under two loaded models)."""
        detail = self.plan is not None or not self._views
        self.summary.setVisible(detail)
        self.panel.setVisible(detail)

    def show_plan(self, plan: Plan | None) -> None:
        """The plan the manager was asked to load (None: nothing loaded)."""
        self.plan = plan
        self._read_log = None
        self._devices = {d.key: d for d in plan_memory(plan)} if plan is not None else {}
        if plan is None:
            self.summary.setText(self.tr("No model loaded."))
        else:
            self.summary.setText(self.tr("Predicted; waiting for the engine to report."))
        self._render()

    def show_snapshot(self, snapshot: Snapshot) -> None:
        if snapshot.state is ServerState.IDLE:
            self.show_plan(None)
            return
        if snapshot.state is ServerState.FAILED and self.plan is not None:
            self.summary.setText(
                self.tr("The load failed: the prediction is shown, the engine allocated nothing.")
            )
            return
        ready = snapshot.state is ServerState.READY and snapshot.log_path is not None
        if ready and self.plan is not None and snapshot.log_path != self._read_log:
            self._read_log = snapshot.log_path
            assert snapshot.log_path is not None
            self._allocations.read_log(self.plan, snapshot.log_path)

    @Slot(object)
    def _on_allocations_read(self, read: AllocationRead) -> None:
        if read.plan is self.plan:  # not once another model was loaded meanwhile
            self.show_allocation(read.actual)

    def show_allocation(self, actual: Mapping[str, MemoryBreakdown]) -> None:
        for key, device in self._devices.items():
            self._devices[key] = device.with_actual(actual.get(key))
        if actual:
            predicted = sum(d.predicted_buffers for k, d in self._devices.items() if k in actual)
            allocated = sum(b.total for b in actual.values())
            ratio = allocated / predicted if predicted else 0.0
            self.summary.setText(
                self.tr("The engine allocated {ratio:.0%} of the predicted buffers.").format(
                    ratio=ratio
                )
            )
        else:
            self.summary.setText(
                self.tr("The engine's log reports no buffer sizes (it needs -lv 4).")
            )
        self._render()

    def show_sample(self, sample: MemorySample) -> None:
        if sample.total != self._totals:
            self._totals = dict(sample.total)
            if self._views:
                self.residents.show_residents(self._views, self._totals)
        if not self._devices:
            return
        for key, device in self._devices.items():
            self._devices[key] = replace(device, live_used=sample.used.get(key))
        self._render()

    def _render(self) -> None:
        self._show_detail()
        self.panel.show_devices([d for d in self._devices.values() if self._shown(d)])

    def _shown(self, device: DeviceMemory) -> bool:
        """Devices the plan uses, and the host; unused GPUs would only be noise here."""
        return device.key == HOST_KEY or device.planned.total > 0 or device.actual is not None
