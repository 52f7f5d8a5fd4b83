"""The download panel: one row per job with a progress bar, speed, ETA and state, and
pause, resume, cancel and clear buttons for the selected job."""

from __future__ import annotations

from PySide6.QtCore import (
    QSize,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionProgressBar,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from studio.core.hub import DownloadSnapshot, JobState
from studio.services.download_service import DownloadService
from studio.ui.common.fitting_columns import FittingColumns
from studio.ui.common.numbers import ui_size
from studio.ui.common.row_table_model import ROOT, AnyIndex, RowTableModel
from studio.ui.common.voice import ui_voice
from studio.ui.discover import discover_text as text
from studio.ui.discover.discover_models import ITEM_ROLE, SORT_ROLE


def state_text(snapshot: DownloadSnapshot) -> str:
    state = snapshot.state
    if state is JobState.RETRYING and snapshot.retry is not None:
        return text.tr("Reconnecting in {delay:.0f} s ({reason})").format(
            delay=snapshot.retry.delay_s, reason=ui_voice().retry_notice(snapshot.retry)
        )
    if state is JobState.FAILED and snapshot.error is not None:
        return ui_voice().error(snapshot.error)
    labels = {
        JobState.QUEUED: text.tr("Queued"),
        JobState.CHECKING: text.tr("Checking disk space"),
        JobState.DOWNLOADING: text.tr("Downloading"),
        JobState.RETRYING: text.tr("Reconnecting"),
        JobState.PAUSED: text.tr("Paused"),
        JobState.COMPLETED: text.tr("Done, verified"),
        JobState.FAILED: text.tr("Failed"),
        JobState.CANCELLED: text.tr("Cancelled"),
    }
    return labels[state]


class DownloadsModel(RowTableModel):
    NAME, PROGRESS, SPEED, ETA, STATE = range(5)

    def __init__(self) -> None:
        super().__init__()
        self._rows: list[DownloadSnapshot] = []

    def update(self, snapshot: DownloadSnapshot) -> None:
        for row, old in enumerate(self._rows):
            if old.job_id == snapshot.job_id:
                self._rows[row] = snapshot
                self.dataChanged.emit(self.index(row, 0), self.index(row, self.STATE))
                return
        self.beginInsertRows(ROOT, len(self._rows), len(self._rows))
        self._rows.append(snapshot)
        self.endInsertRows()

    def remove(self, job_id: int) -> None:
        for row, old in enumerate(self._rows):
            if old.job_id == job_id:
                self.beginRemoveRows(ROOT, row, row)
                del self._rows[row]
                self.endRemoveRows()
                return

    def snapshot_at(self, row: int) -> DownloadSnapshot:
        return self._rows[row]

    def headers(self) -> tuple[str, ...]:
        return (
            self.tr("Model"),
            self.tr("Progress"),
            self.tr("Speed"),
            self.tr("Time left"),
            self.tr("Status"),
        )

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        snap = self._rows[index.row()]
        column = index.column()
        if role == ITEM_ROLE:
            return snap
        if role == SORT_ROLE and column == self.PROGRESS:
            return snap.fraction
        if role == Qt.ItemDataRole.ToolTipRole:
            return "\n".join(f"{f.path}: {ui_size(f.done)} / {ui_size(f.size)}" for f in snap.files)
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if column == self.NAME:
            return snap.title
        if column == self.PROGRESS:
            return self.tr("{done} of {total}").format(
                done=ui_size(snap.done), total=ui_size(snap.total)
            )
        if column == self.SPEED:
            return text.format_speed(snap.speed_bps)
        if column == self.ETA:
            return text.format_eta(snap.eta_s)
        return state_text(snap)


PROGRESS_WIDTH = 160


class ProgressDelegate(QStyledItemDelegate):
    """Draws the progress column as a progress bar labelled with the byte counts."""

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        # A bar wide enough to read at a glance, whatever its text.
        return QSize(PROGRESS_WIDTH, super().sizeHint(option, index).height())

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        fraction = index.data(SORT_ROLE)
        if not isinstance(fraction, float):
            super().paint(painter, option, index)
            return
        bar = QStyleOptionProgressBar()
        bar.rect = option.rect.adjusted(2, 2, -2, -2)
        bar.minimum = 0
        bar.maximum = 1000
        bar.progress = int(fraction * 1000)
        bar.text = str(index.data(Qt.ItemDataRole.DisplayRole))
        bar.textVisible = True
        bar.state = option.state
        style = option.widget.style() if option.widget else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ProgressBar, bar, painter)


class DownloadPanel(QWidget):
    # A finished download's model file (the first shard): the app opens its load dialog.
    load_requested = Signal(object)  # Path

    def __init__(self, downloads: DownloadService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("download-panel")
        self._downloads = downloads
        self.model = DownloadsModel()
        self.table = QTableView()
        self.table.setObjectName("downloads")
        self.table.setAccessibleName(self.tr("Downloads"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.setItemDelegateForColumn(DownloadsModel.PROGRESS, ProgressDelegate(self.table))
        self.table.verticalHeader().hide()
        # Whole headers in every language ("Geschwindigkeit" was cut to "eschwindigke").
        self.columns = FittingColumns(
            self.table,
            (
                DownloadsModel.NAME,
                DownloadsModel.PROGRESS,
                DownloadsModel.STATE,
                DownloadsModel.SPEED,
                DownloadsModel.ETA,
            ),
            first_minimum=180,
        )

        self.pause_button = QPushButton(self.tr("Pause"))
        self.resume_button = QPushButton(self.tr("Resume"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.clear_button = QPushButton(self.tr("Clear finished"))
        self.load_button = QPushButton(self.tr("Load…"))
        for button, name in (
            (self.pause_button, "download-pause"),
            (self.resume_button, "download-resume"),
            (self.cancel_button, "download-cancel"),
            (self.clear_button, "download-clear"),
            (self.load_button, "download-load"),
        ):
            button.setObjectName(name)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for button in (self.pause_button, self.resume_button, self.cancel_button):
            buttons.addWidget(button)
        buttons.addWidget(self.clear_button)
        buttons.addWidget(self.load_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)

        self.pause_button.clicked.connect(self._on_pause_clicked)
        self.resume_button.clicked.connect(self._on_resume_clicked)
        self.cancel_button.clicked.connect(self._on_cancel_clicked)
        self.clear_button.clicked.connect(self._on_clear_clicked)
        self.load_button.clicked.connect(self._on_load_clicked)
        self.table.selectionModel().selectionChanged.connect(self._refresh_buttons)
        self.model.dataChanged.connect(self._refresh_buttons)
        downloads.progress.connect(self._on_downloads_progress)
        self._refresh_buttons()

    def selected(self) -> DownloadSnapshot | None:
        rows = self.table.selectionModel().selectedRows()
        return self.model.snapshot_at(rows[0].row()) if rows else None

    @Slot(object)
    def _on_downloads_progress(self, snapshot: DownloadSnapshot) -> None:
        was_empty = self.model.rowCount() == 0
        self.model.update(snapshot)
        if was_empty:
            self.table.selectRow(0)

    @Slot()
    def _refresh_buttons(self) -> None:
        snap = self.selected()
        state = snap.state if snap is not None else None
        active = (JobState.QUEUED, JobState.CHECKING, JobState.DOWNLOADING, JobState.RETRYING)
        self.pause_button.setEnabled(state in active)
        self.resume_button.setEnabled(state in (JobState.PAUSED, JobState.FAILED))
        self.cancel_button.setEnabled(
            (state is not None and not state.finished) or state is JobState.FAILED
        )
        finished = any(
            self.model.snapshot_at(r).state.finished for r in range(self.model.rowCount())
        )
        self.clear_button.setEnabled(finished)
        self.load_button.setEnabled(
            state is JobState.COMPLETED and snap is not None and bool(snap.paths)
        )

    @Slot()
    def _on_load_clicked(self) -> None:
        snap = self.selected()
        if snap is not None and snap.state is JobState.COMPLETED and snap.paths:
            self.load_requested.emit(snap.paths[0])  # the model comes first, mmproj after

    @Slot()
    def _on_pause_clicked(self) -> None:
        if (snap := self.selected()) is not None:
            self._downloads.pause(snap.job_id)

    @Slot()
    def _on_resume_clicked(self) -> None:
        if (snap := self.selected()) is not None:
            self._downloads.resume(snap.job_id)

    @Slot()
    def _on_cancel_clicked(self) -> None:
        if (snap := self.selected()) is not None:
            self._downloads.cancel(snap.job_id)

    @Slot()
    def _on_clear_clicked(self) -> None:
        for row in reversed(range(self.model.rowCount())):
            snap = self.model.snapshot_at(row)
            if snap.state.finished:
                self._downloads.forget(snap.job_id)
                self.model.remove(snap.job_id)
        self._refresh_buttons()
