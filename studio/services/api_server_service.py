"""The app's local API: `studio serve`'s OpenAI-compatible server, run in-process over the
app's own manager, started and stopped from the Server page.

It is the same `ChatFacade` the command line runs, so every guard applies (Host and Origin
checks, JSON-only POSTs, the body cap, the key in constant time), and the chat pane and API
clients share the app's residents (`core/residents`): every loaded model answers the API
too, and a request naming another library model loads it beside them, as `studio serve`
does. Given one manager instead, it serves one model at a time over it (`OneModel`).

The port, loopback or LAN, and the key persist in the settings. The key is generated on
the first start and always required: the page shows it with a copy button, so asking for
it costs a client one paste, and a LAN address without one would let anyone nearby load
any file on this machine.
"""

from __future__ import annotations

import asyncio
import enum
import errno
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from PySide6.QtCore import QObject, QTimer, Signal

from studio.core.api.catalog import LibraryScan
from studio.core.api.events import RequestEvent
from studio.core.api.facade import ChatFacade
from studio.core.api.http import ServeOptions, lan_address
from studio.core.residents.scheduler import Residents
from studio.core.server.manager import ServerManager
from studio.core.server.switcher import LoadPlanner
from studio.core.settings import AppSettings
from studio.core.tasks import TaskOwner
from studio.services.background import Background
from studio.services.settings_service import SettingsService

log = logging.getLogger(__name__)

LOOPBACK_HOST = "127.0.0.1"
LAN_HOST = "0.0.0.0"  # every IPv4 interface
# Request events reach the page at most this often, in batches: a burst of requests must
# cost the GUI a few table updates, not one per request.
EVENT_BATCH_MS = 100


class ApiState(enum.StrEnum):
    STOPPED = "stopped"
    STARTING = "starting"
    RUNNING = "running"
    STOPPING = "stopping"
    FAILED = "failed"


# Codes of a failed start (`ApiStatus.error_code`); the page words them.
PORT_IN_USE = "api_port_in_use"
PORT_DENIED = "api_port_denied"
START_FAILED = "api_start_failed"


@dataclass(frozen=True)
class ApiStatus:
    state: ApiState = ApiState.STOPPED
    address: str = ""  # the base URL clients use, e.g. http://127.0.0.1:8765/v1
    port: int | None = None
    lan: bool = False
    error_code: str | None = None
    error_detail: str = ""  # the system's own words, for the log and a tooltip


def new_api_key() -> str:
    # Hex only: a key can never look like a Hugging Face token to the settings' guard.
    return "studio-" + secrets.token_hex(24)


def start_failure(error: OSError) -> str:
    if error.errno == errno.EADDRINUSE:
        return PORT_IN_USE
    if error.errno == errno.EACCES:
        return PORT_DENIED
    return START_FAILED


class ApiServerService(QObject):
    status_changed = Signal(object)  # ApiStatus
    requests_answered = Signal(list)  # list[RequestEvent], oldest first

    def __init__(
        self,
        manager: ServerManager | Residents,
        settings: SettingsService,
        tasks: TaskOwner,
        plan_load: LoadPlanner,
        library: LibraryScan = tuple,
        address_for_lan: Callable[[], str] = lan_address,
        parent: QObject | None = None,
    ) -> None:
        """`manager`: the app's residents, or one manager; with one manager,
        `plan_load(path)` turns a model a request names (or /studio/load gives) into its
        launch, planned to fit (the residents plan their own); `library()` lists the
        models requests may name (called in a worker thread)."""
        super().__init__(parent)
        self._manager = manager
        self._settings = settings
        self._work = Background(tasks)
        self._plan_load = plan_load
        self._library = library
        self._address_for_lan = address_for_lan
        self._facade: ChatFacade | None = None
        # The start or stop under way: one at a time, and the next waits for it.
        self._busy: asyncio.Task[None] | None = None
        self.status = ApiStatus()
        self._events: list[RequestEvent] = []
        self._batch = QTimer(self)
        self._batch.setSingleShot(True)
        self._batch.setInterval(EVENT_BATCH_MS)
        self._batch.timeout.connect(self._flush_events)

    # -- settings ----------------------------------------------------------------------------

    @property
    def settings(self) -> AppSettings:
        return self._settings.current

    @property
    def key(self) -> str:
        """The key clients send; "" until the first start makes one."""
        return self._settings.current.api_key or ""

    def _key_for_start(self) -> str:
        key = self.key
        if not key:
            key = new_api_key()
            self._settings.update(lambda s: replace(s, api_key=key))
        return key

    def renew_key(self) -> str:
        """A fresh key (the old one stops working at the next start)."""
        key = new_api_key()
        self._settings.update(lambda s: replace(s, api_key=key))
        return key

    def set_port(self, port: int) -> None:
        self._settings.update(lambda s: replace(s, api_port=port))

    def set_lan(self, lan: bool) -> None:
        self._settings.update(lambda s: replace(s, api_lan=lan))

    # -- intents -----------------------------------------------------------------------------

    def start(self) -> asyncio.Task[None]:
        """Start serving with the saved port, reach and key (a running server restarts);
        it is remembered as on, so the next start of the app serves again."""
        self._remember_enabled(True)
        return self._queue("api-server-start", self._start)

    def stop(self) -> asyncio.Task[None]:
        self._remember_enabled(False)
        return self._queue("api-server-stop", self._stop)

    def resume(self) -> asyncio.Task[None] | None:
        """At start-up: serve again if the person left the local API on."""
        if not self._settings.current.api_enabled:
            return None
        return self._queue("api-server-resume", self._start)

    def _remember_enabled(self, enabled: bool) -> None:
        if self._settings.current.api_enabled != enabled:
            self._settings.update(lambda s: replace(s, api_enabled=enabled))

    async def shutdown(self) -> None:
        """Stop serving; the app calls this before it stops the manager."""
        if self._busy is not None and not self._busy.done():
            self._busy.cancel()
        await self._stop()
        self._batch.stop()

    def _queue(self, name: str, work: Callable[[], Awaitable[None]]) -> asyncio.Task[None]:
        self._busy = self._work.run(name, work, after=self._busy)
        return self._busy

    async def _start(self) -> None:
        await self._stop()
        settings = self._settings.current
        lan = settings.api_lan
        options = ServeOptions(
            host=LAN_HOST if lan else LOOPBACK_HOST, api_key=self._key_for_start()
        )
        facade = self._facade_for(options)
        self._set(ApiStatus(ApiState.STARTING, lan=lan))
        try:
            port = await facade.start(settings.api_port)
        except OSError as error:
            log.warning("local API not started on port %s: %s", settings.api_port, error)
            await facade.close()
            self._set(
                ApiStatus(
                    ApiState.FAILED,
                    port=settings.api_port,
                    lan=lan,
                    error_code=start_failure(error),
                    error_detail=error.strerror or str(error),
                )
            )
            return
        self._facade = facade
        host = self._address_for_lan() if lan else LOOPBACK_HOST
        log.info("local API serving on %s:%s", options.host, port)
        self._set(ApiStatus(ApiState.RUNNING, f"http://{host}:{port}/v1", port, lan))

    def _facade_for(self, options: ServeOptions) -> ChatFacade:
        served = self._manager
        if isinstance(served, Residents):
            return ChatFacade.several(
                lambda _lookup: served,  # the residents look names up in the library already
                options,
                library=self._library,
                on_request=self._on_request,
                owned=False,  # the chat's models stay when the local API stops
            )
        return ChatFacade(
            served, self._plan_load, options, library=self._library, on_request=self._on_request
        )

    async def _stop(self) -> None:
        facade, self._facade = self._facade, None
        if facade is None:
            if self.status.state is not ApiState.FAILED:
                self._set(replace(self.status, state=ApiState.STOPPED))
            return
        self._set(replace(self.status, state=ApiState.STOPPING))
        try:
            await facade.close()
        finally:
            self._set(ApiStatus(ApiState.STOPPED, lan=self.status.lan))

    def _set(self, status: ApiStatus) -> None:
        if status != self.status:
            self.status = status
            self.status_changed.emit(status)

    # -- request events ----------------------------------------------------------------------

    def _on_request(self, event: RequestEvent) -> None:
        self._events.append(event)
        if not self._batch.isActive():
            self._batch.start()

    def _flush_events(self) -> None:
        events, self._events = self._events, []
        if events:
            self.requests_answered.emit(events)
