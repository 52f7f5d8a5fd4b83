"""One llama-server child: spawn, drain its output, wait until healthy, stop and reap.

The child runs in its own process group (so a stop reaches anything it forks); the
manager's `EngineGuard` (`engine_guard.py`) ends it with the app, even when the app itself
is SIGKILLed.

Output is drained on a daemon thread (a full pipe would block the child) into a bounded
ring buffer and a log file; undecodable bytes are replaced. The thread wakes the health
wait on the lines that matter, so readiness needs no fixed sleeps: the engine's "model
loaded" or "listening" line sends one /health request at once; the wait also asks every
`HEALTH_POLL_S`, for a build that words those lines otherwise.

What a start costs the app beyond the engine's own start is measured by
`bench/manager_overhead.py` ("manager time beyond the child log"). Everything `spawn` does
before the child exists counts there, so the log directory is tidied by the drain thread,
while the engine loads.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any

import httpx
import orjson

from studio.core.engine import EngineLocation
from studio.core.server.client import ServerError, loopback_client
from studio.core.server.engine_link import get
from studio.core.server.failures import (
    Failure,
    FailureCode,
    ServerFailureError,
    classify_exit,
    classify_spawn_error,
    make_failure,
)
from studio.core.server.launch import (
    LOOPBACK_HOST,
    ApiKeyFile,
    LaunchSpec,
    display_command,
    spawn_environment,
    to_argv,
)
from studio.core.server.states import ReadyInfo, StartPhase

log = logging.getLogger(__name__)

RING_LINES = 2000
KEEP_LOGS = 30  # per-spawn log files kept in the log directory, newest first
_MAX_LINE_BYTES = 64 * 1024
HEALTH_PROBE_TIMEOUT_S = 2.0
# How often a starting child is asked anyway, in case its build words its lines otherwise.
HEALTH_POLL_S = 0.5

_KILL: int = getattr(signal, "SIGKILL", signal.SIGTERM)  # Windows has no SIGKILL

_PHASES: tuple[tuple[re.Pattern[str], StartPhase], ...] = (
    (re.compile(r"load_model: loading model"), StartPhase.LOADING_MODEL),
    (
        re.compile(r"threadpool init|llama_context|initializing, n_slots"),
        StartPhase.CREATING_CONTEXT,
    ),
    (re.compile(r"warming up"), StartPhase.WARMING_UP),
    (re.compile(r"model loaded|listening on"), StartPhase.LOADED),
)
_PHASE_ORDER = {phase: index for index, phase in enumerate(StartPhase)}
# Lines after which /health is worth asking at once.
_WAKE = re.compile(r"model loaded|listening on|exiting due to|error")


def _isolation() -> dict[str, Any]:
    """Popen arguments that put the child in its own group (so a stop reaches anything it
    forks). Nothing runs between fork and exec, so Python uses vfork: what ends the child
    with the app is the manager's `EngineGuard`, not code in the child."""
    if sys.platform == "win32":
        return {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
    return {"process_group": 0}


class ServerProcess:
    """Owns one child and everything that belongs to it (key file, log file, clients)."""

    def __init__(
        self,
        popen: subprocess.Popen[bytes],
        spec: LaunchSpec,
        argv: list[str],
        port: int,
        key_file: ApiKeyFile,
        log_path: Path,
        loop: asyncio.AbstractEventLoop,
    ) -> None:
        self._popen = popen
        self.spec = spec
        self.command = display_command(argv)
        self.port = port
        self.base_url = f"http://{LOOPBACK_HOST}:{port}"
        self._key_file = key_file
        self.log_path = log_path
        self._loop = loop
        self._lines: deque[str] = deque(maxlen=RING_LINES)
        self._lines_lock = threading.Lock()
        self._wake = asyncio.Event()
        self.phase = StartPhase.SPAWNED
        self.exited: asyncio.Future[int] = loop.create_future()
        self.stop_requested = False
        self.client = loopback_client(self.base_url, key_file.key)
        self._on_phase: Callable[[StartPhase], None] | None = None
        self.ready: ReadyInfo | None = None
        self._drain = threading.Thread(
            target=self._drain_output, name=f"llama-server-{popen.pid}-output", daemon=True
        )
        self._drain.start()

    # -- spawning ---------------------------------------------------------------------

    @classmethod
    def spawn(
        cls,
        engine: EngineLocation,
        spec: LaunchSpec,
        port: int,
        log_dir: Path,
        environ: Mapping[str, str],
    ) -> ServerProcess:
        """Start the child now. Raises `ServerFailureError` when it cannot even be started."""
        loop = asyncio.get_running_loop()
        key_file = ApiKeyFile()
        try:
            argv = to_argv(spec, engine.path, port, key_file.path)
            env = engine.child_environment(spawn_environment(environ))
            popen = subprocess.Popen(
                argv,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                env=env,
                close_fds=True,
                **_isolation(),
            )
        except OSError as error:
            key_file.remove()
            raise ServerFailureError(classify_spawn_error(error, str(engine.path))) from error
        except BaseException:
            key_file.remove()
            raise
        log.info("started llama-server pid %d: %s", popen.pid, display_command(argv))
        log_path = log_dir / f"llama-server-{time.strftime('%Y%m%d-%H%M%S')}-port{port}.log"
        return cls(popen, spec, argv, port, key_file, log_path, loop)

    # -- output -----------------------------------------------------------------------

    def _drain_output(self) -> None:
        stream = self._popen.stdout
        assert stream is not None
        try:
            self.log_path.parent.mkdir(parents=True, exist_ok=True)
            prune_logs(self.log_path.parent, KEEP_LOGS - 1)
            with self.log_path.open("w", encoding="utf-8", errors="replace") as log_file:
                self._copy_lines(stream, log_file)
        except OSError as error:  # an unwritable log directory must not stop the draining
            log.warning("llama-server log %s: %s", self.log_path, error)
            self._copy_lines(stream, None)
        finally:
            stream.close()
            returncode = self._popen.wait()
            self._call_soon(self._set_exited, returncode)

    def _copy_lines(self, stream: IO[bytes], log_file: IO[str] | None) -> None:
        # Bounded reads: a line without a newline (a binary dump) must not grow unbounded.
        for raw in iter(lambda: stream.readline(_MAX_LINE_BYTES), b""):
            line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
            with self._lines_lock:
                self._lines.append(line)
            if log_file is not None:
                log_file.write(line + "\n")
                log_file.flush()
            if _WAKE.search(line) or self.phase is not StartPhase.LOADED:
                self._call_soon(self._note_line, line)

    def _call_soon(self, callback: Callable[..., None], *args: object) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is already closed at exit
            self._loop.call_soon_threadsafe(callback, *args)

    def _note_line(self, line: str) -> None:
        for pattern, phase in _PHASES:
            if pattern.search(line) and _PHASE_ORDER[phase] > _PHASE_ORDER[self.phase]:
                self.phase = phase
                if self._on_phase is not None:
                    self._on_phase(phase)
        if _WAKE.search(line):
            self._wake.set()

    def _set_exited(self, returncode: int) -> None:
        if not self.exited.done():
            self.exited.set_result(returncode)
        self._wake.set()

    def lines(self) -> list[str]:
        with self._lines_lock:
            return list(self._lines)

    # -- state ------------------------------------------------------------------------

    @property
    def pid(self) -> int:
        return self._popen.pid

    @property
    def api_key(self) -> str:
        return self._key_file.key

    @property
    def is_alive(self) -> bool:
        return not self.exited.done() and self._popen.poll() is None

    async def listens(self, timeout_s: float = 0.15) -> bool:
        """A plain TCP connect: tells a transient HTTP error from a dead listener."""
        try:
            _, writer = await asyncio.wait_for(
                asyncio.open_connection(LOOPBACK_HOST, self.port), timeout_s
            )
        except (OSError, TimeoutError):
            return False
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
        return True

    async def answers(self, timeout_s: float = 0.5) -> bool:
        """Does the server answer HTTP at all (200, or 503 while loading)? A SIGKILLed child
        whose exit the kernel has not finished still accepts TCP connections on its
        listening socket for a moment, but nothing answers them."""
        try:
            status, _ = await get(self.client, "/health", timeout_s)
        except httpx.HTTPError:
            return False
        return status in (200, 503)

    # -- readiness --------------------------------------------------------------------

    async def wait_ready(
        self, timeout_s: float, on_phase: Callable[[StartPhase], None] | None = None
    ) -> ReadyInfo:
        """Wait until GET /health answers 200, then read /props.

        /health is asked when a line of the child says the model may be ready (or it
        exits), and every `HEALTH_POLL_S` in case its build words those lines otherwise.
        Raises `ServerFailureError` when the child exits (classified from its log) or the
        timeout passes (`health_timeout`; the child is left for the caller to stop).
        """
        self._on_phase = on_phase
        deadline = time.monotonic() + timeout_s
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise ServerFailureError(
                    make_failure(
                        FailureCode.HEALTH_TIMEOUT,
                        log_tail=self.lines(),
                        timeout_s=timeout_s,
                    )
                )
            # A line noted before this wait began has left the event set: no line is lost.
            # (asyncio.timeout, not wait_for: no task of its own, so the wake-up reaches
            # /health a few loop turns sooner.)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(min(HEALTH_POLL_S, remaining)):
                    await self._wake.wait()
            # Cleared before asking, so a line that lands while /health is asked still
            # wakes the next wait.
            self._wake.clear()
            if self.exited.done():
                await asyncio.to_thread(self._drain.join, 5.0)
                raise ServerFailureError(self._classify_start_exit(self.exited.result()))
            if await self._healthy_unless_exited():
                break
        self.ready = await self.read_props()
        return self.ready

    def _classify_start_exit(self, returncode: int) -> Failure:
        failure = classify_exit(returncode, self.lines())
        # The engine logs from a worker thread and can exit before the bind error is
        # written (seen about one start in five). A plain exit 1 while someone else holds
        # our port is that error.
        if failure.code is FailureCode.EXITED and returncode == 1 and not _port_is_free(self.port):
            return make_failure(
                FailureCode.PORT_IN_USE,
                exit_code=returncode,
                log_tail=failure.log_tail,
                port=str(self.port),
                inferred=True,
            )
        return failure

    async def _healthy_unless_exited(self) -> bool:
        """Ask /health, but stop waiting for the answer as soon as the child exits: when
        another process holds our port, its socket may take the probe and never answer."""
        probe = asyncio.ensure_future(self._healthy())
        waiters: set[asyncio.Future[Any]] = {probe, self.exited}
        try:
            await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        finally:
            if not probe.done():  # the child exited, or we were cancelled
                probe.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await probe
        return not probe.cancelled() and probe.result()

    async def _healthy(self) -> bool:
        try:
            status, _ = await get(self.client, "/health", HEALTH_PROBE_TIMEOUT_S)
        except httpx.TransportError:  # connect refused before the listener is up, etc.
            return False
        return status == 200

    async def read_props(self) -> ReadyInfo:
        try:
            props = await self._get_json("/props")
        except (httpx.HTTPError, ServerError, ValueError) as error:
            log.warning("llama-server /props unreadable: %s", error)
            return ReadyInfo(model_alias=self.spec.public_name, n_ctx=0, total_slots=0)
        return ReadyInfo.from_props(props if isinstance(props, dict) else {})

    async def slots(self) -> list[dict[str, Any]]:
        data = await self._get_json("/slots")
        return data if isinstance(data, list) else []

    async def _get_json(self, path: str) -> Any:
        """The decoded answer of a GET; `ServerError` when the status is not 200."""
        status, body = await get(self.client, path, HEALTH_PROBE_TIMEOUT_S)
        if status != 200:
            raise ServerError(status, body.decode("utf-8", "replace"))
        return orjson.loads(body)

    # -- stopping ---------------------------------------------------------------------

    def _signal_group(self, signum: int) -> None:
        pid = self._popen.pid
        if pid <= 1:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            if sys.platform == "win32":
                if signum == _KILL:
                    self._popen.kill()
                else:
                    self._popen.terminate()
            else:
                os.killpg(pid, signum)  # the child leads its own group: pgid == pid

    def kill_now(self) -> None:
        """SIGKILL the child's process group; safe to call from anywhere, any time."""
        self.stop_requested = True
        if self._popen.returncode is None:
            self._signal_group(_KILL)

    async def stop(self, grace_s: float = 5.0) -> int:
        """SIGTERM, then SIGKILL after `grace_s`; reap, join the drain thread, clean up."""
        self.stop_requested = True
        try:
            if not self.exited.done():
                self._signal_group(signal.SIGTERM if grace_s > 0 else _KILL)
                try:
                    await asyncio.wait_for(asyncio.shield(self.exited), grace_s or None)
                except TimeoutError:
                    self._signal_group(_KILL)
            returncode = await asyncio.shield(self.exited)
            # Descendants (none today) share the group; make sure nothing outlives us.
            self._signal_group(_KILL)
            await asyncio.to_thread(self._drain.join, 5.0)
            return returncode
        except asyncio.CancelledError:
            self.kill_now()  # a stop that is interrupted still must not leave the child
            raise
        finally:
            self._key_file.remove()
            await self.client.aclose()

    def __repr__(self) -> str:
        return f"ServerProcess(pid={self.pid}, port={self.port}, model={self.spec.model.name})"


def prune_logs(log_dir: Path, keep: int) -> None:
    """Delete all but the newest `keep` llama-server logs (each spawn writes one)."""
    logs = []
    for path in log_dir.glob("llama-server-*.log"):
        with contextlib.suppress(OSError):  # another manager's drain may prune it first
            logs.append((path.stat().st_mtime, path))
    logs.sort(reverse=True)
    for _, old in logs[keep:]:
        with contextlib.suppress(OSError):
            old.unlink()


def _port_is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((LOOPBACK_HOST, port))
        except OSError:
            return False
        return True
