"""The Server page's Local API panel: start and stop the app's OpenAI-compatible API, its
port and reach (this computer or the local network), the address and key with copy
buttons, and the requests it answers, live.

It renders what `ApiServerService` tells it and sends it intents; until `attach` gives
it one (there is no engine to serve with), its controls stay off and it says why.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from studio.core.api.events import CLIENT_CLOSED, RequestEvent
from studio.services.api_server_service import (
    START_FAILED,
    ApiServerService,
    ApiState,
    ApiStatus,
)
from studio.ui.common.plain_text import plain_tip
from studio.ui.common.voice import ui_voice

# Newest first; older rows drop off so a busy API never grows the table without bound.
REQUEST_ROWS_KEPT = 200
# States in which the port, the reach and the key can change (nothing is bound).
_EDITABLE = frozenset({ApiState.STOPPED, ApiState.FAILED})


class ApiPanel(QGroupBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("server-api")
        self._service: ApiServerService | None = None
        self._status = ApiStatus()
        self._answered = 0
        self._failed = 0
        column = QVBoxLayout(self)
        form = QFormLayout()
        column.addLayout(form)

        self.port = QSpinBox()
        self.port.setObjectName("server-api-port")
        self.port.setRange(1, 65535)
        self.port.setKeyboardTracking(False)  # saved once typed, not per digit
        self.lan = QCheckBox()
        self.lan.setObjectName("server-api-lan")
        self.toggle = QPushButton()
        self.toggle.setObjectName("server-api-toggle")
        row = QHBoxLayout()
        row.addWidget(self.port)
        row.addWidget(self.lan, 1)
        row.addWidget(self.toggle)
        self.port_label = QLabel()
        form.addRow(self.port_label, row)

        self.address = QLineEdit()
        self.address.setObjectName("server-api-address")
        self.address.setReadOnly(True)
        self.copy_address = QPushButton()
        self.copy_address.clicked.connect(lambda: _copy(self.address.text()))
        self.address_label = QLabel()
        form.addRow(self.address_label, _row(self.address, self.copy_address))

        self.key = QLineEdit()
        self.key.setObjectName("server-api-key")
        self.key.setReadOnly(True)
        self.copy_key = QPushButton()
        self.copy_key.clicked.connect(lambda: _copy(self.key.text()))
        self.new_key = QPushButton()
        self.new_key.setObjectName("server-api-new-key")
        self.key_label = QLabel()
        form.addRow(self.key_label, _row(self.key, self.copy_key, self.new_key))

        self.state = QLabel()
        self.state.setObjectName("server-api-state")
        self.state.setWordWrap(True)
        self.state.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.state_label = QLabel()
        form.addRow(self.state_label, self.state)

        self.counts = QLabel()
        self.counts.setObjectName("server-api-counts")
        column.addWidget(self.counts)
        self.requests = QTableWidget(0, 6)
        self.requests.setObjectName("server-api-requests")
        self.requests.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.requests.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.requests.verticalHeader().setVisible(False)
        # One line of text per request: more of them fit before the table scrolls.
        rows = self.requests.verticalHeader()
        rows.setDefaultSectionSize(self.fontMetrics().height() + 6)
        header = self.requests.horizontalHeader()
        for index in range(5):
            header.setSectionResizeMode(index, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
        self.requests.setMinimumHeight(150)
        column.addWidget(self.requests, 1)

        self.port.valueChanged.connect(self._on_port_changed)
        self.lan.toggled.connect(self._on_lan_toggled)
        self.toggle.clicked.connect(self._on_toggle_clicked)
        self.new_key.clicked.connect(self._on_new_key_clicked)
        self._retranslate()
        self.show_status(self._status)

    # -- wiring ----------------------------------------------------------------------------

    def attach(self, service: ApiServerService) -> None:
        self._service = service
        settings = service.settings
        self.port.blockSignals(True)
        self.port.setValue(settings.api_port)
        self.port.blockSignals(False)
        self.lan.blockSignals(True)
        self.lan.setChecked(settings.api_lan)
        self.lan.blockSignals(False)
        service.status_changed.connect(self.show_status)
        service.requests_answered.connect(self.show_requests)
        self.show_status(service.status)

    # -- rendering -------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
            self.show_status(self._status)
        super().changeEvent(event)

    def _retranslate(self) -> None:
        self.setTitle(self.tr("Local API (OpenAI-compatible)"))
        self.port_label.setText(self.tr("Port"))
        self.port.setAccessibleName(self.tr("Port of the local API"))
        self.lan.setText(self.tr("Reachable from other computers on the network"))
        self.address_label.setText(self.tr("Address"))
        self.address.setAccessibleName(self.tr("Base URL of the local API"))
        self.copy_address.setText(self.tr("Copy"))
        self.copy_address.setAccessibleName(self.tr("Copy the API address"))
        self.key_label.setText(self.tr("API key"))
        self.key.setPlaceholderText(self.tr("Made when the API first starts"))
        self.key.setAccessibleName(self.tr("API key clients must send"))
        self.copy_key.setText(self.tr("Copy"))
        self.copy_key.setAccessibleName(self.tr("Copy the API key"))
        self.new_key.setText(self.tr("New key"))
        self.new_key.setAccessibleName(self.tr("Make a new API key; the old one stops working"))
        self.state_label.setText(self.tr("Status"))
        self.requests.setAccessibleName(self.tr("Requests the local API answered"))
        self.requests.horizontalHeader().setAccessibleName(self.tr("Request columns"))
        self.requests.setHorizontalHeaderLabels(
            [
                self.tr("Time"),
                self.tr("Client"),
                self.tr("Request"),
                self.tr("Status"),
                self.tr("Took"),
                self.tr("Error"),
            ]
        )
        self._show_counts()

    @Slot(object)
    def show_status(self, status: ApiStatus) -> None:
        self._status = status
        attached = self._service is not None
        editable = attached and status.state in _EDITABLE
        for control in (self.port, self.lan, self.new_key):
            control.setEnabled(editable)
        running = status.state in (ApiState.STARTING, ApiState.RUNNING)
        self.toggle.setText(self.tr("Stop") if running else self.tr("Start"))
        self.toggle.setAccessibleName(
            self.tr("Stop the local API") if running else self.tr("Start the local API")
        )
        self.toggle.setEnabled(attached and status.state is not ApiState.STOPPING)
        self.address.setText(status.address)
        if self._service is not None:
            self.key.setText(self._service.key)  # made by the first start
        self.copy_address.setEnabled(bool(status.address))
        self.state.setText(self._state_text(status) if attached else self._no_engine_text())

    def _no_engine_text(self) -> str:
        return self.tr("The local API needs an engine; choose one in Settings > Engine.")

    def _state_text(self, status: ApiStatus) -> str:
        if status.state is ApiState.RUNNING:
            text = self.tr(
                "Running. Programs use the address as their OpenAI base URL and the key as "
                "their API key; they get the model loaded here, or name another from the "
                "Library to load it."
            )
            if status.lan:
                text += " " + self.tr("Other computers on your network can reach it.")
            return text
        if status.state is ApiState.STARTING:
            return self.tr("Starting…")
        if status.state is ApiState.STOPPING:
            return self.tr("Stopping…")
        if status.state is ApiState.FAILED:
            code = status.error_code or START_FAILED
            return ui_voice().code(code, {"port": status.port, "reason": status.error_detail})
        return self.tr("Stopped. Start it to let other programs chat with the model loaded here.")

    @Slot(list)
    def show_requests(self, events: Sequence[RequestEvent]) -> None:
        table = self.requests
        table.setUpdatesEnabled(False)
        try:
            for event in events:
                self._answered += 1
                self._failed += event.failed
                table.insertRow(0)
                cells = (
                    time.strftime("%H:%M:%S", time.localtime(event.at)),
                    event.client,
                    f"{event.method} {event.path}".strip(),
                    self._status_text(event),
                    self._duration_text(event.duration_s),
                    event.message or "",
                )
                for column, text in enumerate(cells):
                    item = QTableWidgetItem(text)
                    if column == 5:
                        item.setToolTip(plain_tip(text))
                    table.setItem(0, column, item)
            excess = table.rowCount() - REQUEST_ROWS_KEPT
            if excess > 0:
                table.setRowCount(REQUEST_ROWS_KEPT)
        finally:
            table.setUpdatesEnabled(True)
        self._show_counts()

    def _status_text(self, event: RequestEvent) -> str:
        if event.status == CLIENT_CLOSED:
            return self.tr("client left")
        return str(event.status)

    def _duration_text(self, seconds: float) -> str:
        if seconds < 1.0:
            return self.tr("{ms} ms").format(ms=round(seconds * 1000))
        return self.tr("{s} s").format(s=f"{seconds:.1f}")

    def _show_counts(self) -> None:
        answered = self.tr("%n request(s)", "", self._answered)
        failed = self.tr("%n with an error", "", self._failed)
        self.counts.setText(f"{answered}, {failed}")

    # -- intents ---------------------------------------------------------------------------

    @Slot(int)
    def _on_port_changed(self, port: int) -> None:
        if self._service is not None:
            self._service.set_port(port)

    @Slot(bool)
    def _on_lan_toggled(self, lan: bool) -> None:
        if self._service is not None:
            self._service.set_lan(lan)

    @Slot()
    def _on_toggle_clicked(self) -> None:
        if self._service is None:
            return
        if self._status.state in (ApiState.STARTING, ApiState.RUNNING):
            self._service.stop()
        else:
            self._service.start()

    @Slot()
    def _on_new_key_clicked(self) -> None:
        if self._service is not None:
            self.key.setText(self._service.renew_key())


def _row(*widgets: QWidget) -> QHBoxLayout:
    row = QHBoxLayout()
    for index, widget in enumerate(widgets):
        row.addWidget(widget, 1 if index == 0 else 0)
    return row


def _copy(text: str) -> None:
    if text:
        QGuiApplication.clipboard().setText(text)
