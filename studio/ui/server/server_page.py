"""The Server area: the engine (binary, version, devices, features), the manager's state,
the command that runs, the local API (`api_panel`, started and stopped here), and a live
tail of the engine's log.

The page renders what it is told: manager snapshots through `show_snapshot`, the probed
engine through `show_engine`, log lines from a `LogTail`. Its own intent is
`unload_requested`; the API panel sends its intents to the service `api.attach` gives it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, Signal, Slot
from PySide6.QtGui import QFontDatabase, QGuiApplication, QHideEvent, QShowEvent, QTextCursor
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from studio.core.engine import EngineInfo
from studio.core.server.states import ServerState, Snapshot
from studio.services.log_tail import LogTail
from studio.ui.common.voice import engine_source_name, ui_voice
from studio.ui.server.api_panel import ApiPanel

LOG_LINES_KEPT = 5000


# States with a process or a load under way; a failed load has left nothing to unload.
UNLOADABLE = frozenset(
    {ServerState.STARTING, ServerState.READY, ServerState.CRASHED, ServerState.RESPAWNING}
)


class ServerPage(QWidget):
    unload_requested = Signal()

    def __init__(
        self, log_tail: LogTail, memory: QWidget | None = None, parent: QWidget | None = None
    ) -> None:
        """`memory` (the loaded model's memory panel) is shown beside the status."""
        super().__init__(parent)
        self.setObjectName("page-server")
        self._log_tail = log_tail
        self.snapshot = Snapshot()
        self._engine_info: EngineInfo | None = None

        # Everything sits in a scroll area: in a short window the wrapped status lines keep
        # their full height (and the page scrolls) instead of being squeezed and cut off.
        content = QWidget()
        content.setObjectName("server-content")
        scroll = QScrollArea()
        scroll.setObjectName("server-scroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        layout = QVBoxLayout(content)
        top = QHBoxLayout()
        top.addWidget(self._status_group(), 1)
        top.addWidget(self._engine_group(), 1)
        layout.addLayout(top)
        if memory is not None:
            group = QGroupBox(self.tr("Memory: predicted, allocated by the engine, in use now"))
            QVBoxLayout(group).addWidget(memory)
            layout.addWidget(group)
        self.api = ApiPanel()
        layout.addWidget(self.api)
        layout.addWidget(self._log_group(), 1)

        log_tail.appended.connect(self._on_log_appended)
        log_tail.restarted.connect(self._on_log_restarted)
        self.show_snapshot(self.snapshot)

    # -- building -------------------------------------------------------------------------

    def _status_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Status"))
        form = QFormLayout(group)
        self.state = QLabel()
        self.state.setObjectName("server-state")
        self.state.setAccessibleName(self.tr("Engine state"))
        self.state.setWordWrap(True)
        form.addRow(self.tr("State"), self.state)
        self.model = QLabel()
        self.model.setObjectName("server-model")
        self.model.setWordWrap(True)
        form.addRow(self.tr("Model"), self.model)
        self.context = QLabel()
        self.context.setObjectName("server-context")
        form.addRow(self.tr("Context"), self.context)
        self.process = QLabel()
        self.process.setObjectName("server-process")
        form.addRow(self.tr("Process"), self.process)
        self.recovery = QLabel()
        self.recovery.setObjectName("server-recovery")
        self.recovery.setWordWrap(True)
        form.addRow(self.tr("Recovery"), self.recovery)
        self._engine_address_rows(form)
        self.unload = QPushButton(self.tr("Unload model"))
        self.unload.setObjectName("server-unload")
        self.unload.setAccessibleName(self.tr("Unload the model and stop the engine"))
        self.unload.clicked.connect(self.unload_requested)
        form.addRow("", self.unload)
        return group

    def _engine_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Engine"))
        form = QFormLayout(group)
        self.engine_version = QLabel(self.tr("Probing…"))
        self.engine_version.setObjectName("server-engine-version")
        self.engine_version.setWordWrap(True)
        form.addRow(self.tr("Version"), self.engine_version)
        self.engine_path = QLabel()
        self.engine_path.setObjectName("server-engine-path")
        self.engine_path.setWordWrap(True)
        form.addRow(self.tr("Binary"), self.engine_path)
        self.engine_devices = QLabel()
        self.engine_devices.setObjectName("server-engine-devices")
        self.engine_devices.setWordWrap(True)
        form.addRow(self.tr("Devices"), self.engine_devices)
        self.engine_features = QLabel()
        self.engine_features.setObjectName("server-engine-features")
        self.engine_features.setWordWrap(True)
        form.addRow(self.tr("Supports"), self.engine_features)
        return group

    def _engine_address_rows(self, form: QFormLayout) -> None:
        """The running engine's own loopback address and command (its key stays private)."""
        self.address = QLineEdit()
        self.address.setObjectName("server-address")
        self.address.setReadOnly(True)
        self.address.setAccessibleName(self.tr("Address of the running engine"))
        form.addRow(self.tr("Engine address"), self.address)
        self.command = QLineEdit()
        self.command.setObjectName("server-command")
        self.command.setReadOnly(True)
        self.command.setAccessibleName(self.tr("Command line of the engine, secrets redacted"))
        copy_command = QPushButton(self.tr("Copy"))
        copy_command.setAccessibleName(self.tr("Copy the command line"))
        copy_command.clicked.connect(lambda: self._copy(self.command.text()))
        row = QHBoxLayout()
        row.addWidget(self.command, 1)
        row.addWidget(copy_command)
        form.addRow(self.tr("Command"), row)

    def _log_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Engine log"))
        column = QVBoxLayout(group)
        self.log_file = QLabel()
        self.log_file.setObjectName("server-log-file")
        self.log_file.setWordWrap(True)
        self.log = QPlainTextEdit()
        self.log.setObjectName("server-log")
        self.log.setReadOnly(True)
        self.log.setMaximumBlockCount(LOG_LINES_KEPT)
        self.log.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.log.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.log.setAccessibleName(self.tr("Engine log"))
        self.follow = QCheckBox(self.tr("Follow"))
        self.follow.setObjectName("server-log-follow")
        self.follow.setChecked(True)
        self.follow.setAccessibleName(self.tr("Scroll to new log lines"))
        row = QHBoxLayout()
        row.addWidget(self.log_file, 1)
        row.addWidget(self.follow)
        column.addLayout(row)
        column.addWidget(self.log, 1)
        return group

    # -- rendering ------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        # Lines joined from several lookups (a state and its failure, recovery steps,
        # devices, features) are out of reach of the live language switch: render again.
        if event.type() == QEvent.Type.LanguageChange:
            self.show_snapshot(self.snapshot)
            if self._engine_info is not None:
                self.show_engine(self._engine_info)
        super().changeEvent(event)

    def show_snapshot(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot
        voice = ui_voice()
        state = voice.state(snapshot.state)
        if snapshot.state is ServerState.STARTING and snapshot.phase is not None:
            state += " — " + voice.phase(snapshot.phase)
        if snapshot.failure is not None and snapshot.state is ServerState.FAILED:
            state += "\n" + voice.failure(snapshot.failure)
        self.state.setText(state)
        self.model.setText(str(snapshot.model) if snapshot.model else self.tr("None"))
        if snapshot.ready is not None:
            self.context.setText(
                self.tr("{ctx} tokens, %n slot(s)", "", snapshot.ready.total_slots).format(
                    ctx=snapshot.ready.n_ctx
                )
            )
        else:
            self.context.setText("—")
        self.process.setText(
            self.tr(
                "pid {pid}; %n start(s), {respawns} after a crash", "", snapshot.spawn_count
            ).format(pid=snapshot.pid, respawns=snapshot.respawn_count)
            if snapshot.pid is not None
            else "—"
        )
        self.recovery.setText(
            "\n".join(ui_voice().recovery(note) for note in snapshot.recovery) or self.tr("None")
        )
        self.address.setText(snapshot.base_url or "")
        self.command.setText(snapshot.command)
        self.unload.setEnabled(snapshot.state in UNLOADABLE)
        self._log_tail.follow(snapshot.log_path)

    def show_engine(self, info: EngineInfo) -> None:
        self._engine_info = info
        self.engine_version.setText(
            self.tr("llama-server {version} ({source})").format(
                version=info.version.label, source=engine_source_name(info.source)
            )
        )
        self.engine_path.setText(str(info.path))
        devices = [
            self.tr("{name}: {description}, {free} of {total} MiB free").format(
                name=d.name, description=d.description, free=d.free_mib, total=d.total_mib
            )
            for d in info.devices
        ]
        self.engine_devices.setText("\n".join(devices) or self.tr("None: models run on the CPU"))
        features = info.features
        names = [
            (features.fit, "--fit"),
            (features.n_cpu_moe, self.tr("MoE experts on the CPU")),
            (features.tensor_parallel, self.tr("tensor parallel")),
            (features.rpc, self.tr("RPC devices")),
            (features.mmproj, self.tr("vision projectors")),
            (features.mtp, self.tr("MTP speculative decoding")),
        ]
        cache = ", ".join(features.cache_types)
        text = ", ".join(name for supported, name in names if supported)
        if cache:
            text += "\n" + self.tr("KV cache types: {types}").format(types=cache)
        self.engine_features.setText(text)

    def show_engine_error(self, detail: str) -> None:
        self.engine_version.setText(self.tr("Unavailable: {detail}").format(detail=detail))

    def _copy(self, text: str) -> None:
        if text:
            QGuiApplication.clipboard().setText(text)

    # -- the log --------------------------------------------------------------------------

    @Slot(list)
    def _on_log_appended(self, lines: Sequence[str]) -> None:
        bar = self.log.verticalScrollBar()
        at_end = bar.value() >= bar.maximum() - 2
        self.log.appendPlainText("\n".join(lines))
        if self.follow.isChecked() and at_end:
            self.log.moveCursor(QTextCursor.MoveOperation.End)
            bar.setValue(bar.maximum())

    @Slot(str)
    def _on_log_restarted(self, path: str) -> None:
        self.log.clear()
        self.log_file.setText(path)

    # Tail the log only while the page can be seen.
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._log_tail.watch(self)

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._log_tail.unwatch(self)
