"""The launcher: the QApplication, the one qasync event loop, the window painted first and
the app built after it, and the bounded way out.

The first paint waits only for the shell (`studio.shell`: settings, language, the empty
main window); the wiring of every service (`studio.composition.StudioApp`) is imported and
built once the window is on screen. `tests/test_launch_imports.py` keeps this module and
the shell free of the engine, Hub and model-file code."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

import qasync
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget

from studio import __version__
from studio.core.paths import AppPaths
from studio.services.event_loop import install_asyncgen_finalizer
from studio.services.gui_gc import GuiThreadCollector
from studio.shell import Shell

if TYPE_CHECKING:
    from studio.composition import StudioApp

log = logging.getLogger(__name__)

# How long quitting may take: the orderly shutdown, then the worker threads' exit.
SHUTDOWN_GRACE_S = 30.0
THREADS_GRACE_S = 3.0


class ExitWatchdog:
    """Ends the process with `os._exit` if it is still running when the time is up.

    A daemon thread, so it keeps counting while the main thread waits in the interpreter's
    exit for threads that never return, and never itself keeps the process alive."""

    def __init__(self) -> None:
        self._timer: threading.Timer | None = None

    def arm(self, seconds: float, exit_code: int) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = threading.Timer(seconds, self._expire, (exit_code,))
        self._timer.name = "exit-watchdog"
        self._timer.daemon = True
        self._timer.start()

    @staticmethod
    def _expire(exit_code: int) -> None:
        stuck = [
            t.name
            for t in threading.enumerate()
            if t.is_alive() and not t.daemon and t is not threading.main_thread()
        ]
        log.warning("still running after quitting (%s); exiting anyway", ", ".join(stuck))
        logging.shutdown()
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(exit_code)


async def _run_until_closed(app: QApplication, studio: StudioApp) -> None:
    closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def on_last_window_closed() -> None:
        if not closed.done():
            closed.set_result(None)

    def on_quit_signal(signum: int) -> None:
        if closed.done():
            # Asked again while quitting: the user will not wait for the orderly path.
            log.warning("quitting at once on a second %s", signal.Signals(signum).name)
            logging.shutdown()
            os._exit(128 + signum)
        # SIGTERM (session logout, `kill`) and Ctrl+C take the same path as closing the
        # window, so the engine and every task stop before the process exits.
        log.info("quitting on signal %s", signal.Signals(signum).name)
        app.closeAllWindows()
        on_last_window_closed()

    app.lastWindowClosed.connect(on_last_window_closed)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        # Windows event loops have no signal handlers; there the window's close is the way out.
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, on_quit_signal, signum)
    studio.start()
    log.info("main window shown")
    await closed
    watchdog = ExitWatchdog()
    # Stopping the engine and every task is bounded; a hang there must not keep a
    # process the user asked to quit alive.
    watchdog.arm(SHUTDOWN_GRACE_S, exit_code=1)
    await studio.shutdown()
    # Done; what remains is the interpreter joining worker threads at exit, which waits
    # forever on one blocked in a system call (an open() of a FIFO, a hung network mount).
    watchdog.arm(THREADS_GRACE_S, exit_code=0)


class _FirstPaint(QObject):
    """Done at `window`'s first paint, or its close if that comes first."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._window = window
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        ends = (QEvent.Type.Paint, QEvent.Type.Close, QEvent.Type.Hide)
        if watched is self._window and event.type() in ends and not self.done.done():
            self.done.set_result(None)
            self._window.removeEventFilter(self)
        return False


async def _open(app: QApplication, paths: AppPaths) -> None:
    """The shell on screen first, then the app built into it, then run until closed."""
    shell = Shell(paths, os.environ)
    install_asyncgen_finalizer(asyncio.get_running_loop(), shell.tasks)
    painted = _FirstPaint(shell.window)
    shell.window.show()
    await painted.done
    log.info("main window painted")
    if not shell.window.isVisible():  # closed before it could be built: nothing to stop
        shell.close()
        return
    # The rest of the app, imported only now: the first paint does not wait for it.
    from studio.composition import StudioApp
    from studio.context import AppContext
    from studio.ui.window.app_icon import app_icon

    app.setWindowIcon(app_icon(shell.files))
    await _run_until_closed(app, StudioApp(AppContext.create(paths), shell=shell))


def run_app(argv: Sequence[str]) -> int:
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    app = QApplication(list(argv))
    app.setApplicationName("GGUF Studio")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("gguf-studio")
    app.setDesktopFileName("gguf-studio")
    # We quit only after shutdown has stopped the engine and every task.
    app.setQuitOnLastWindowClosed(False)
    # Unreachable Qt objects must be destroyed on this thread, never by a collection that a
    # worker thread's allocation happened to trigger.
    collector = GuiThreadCollector(app)
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    try:
        with loop:
            loop.run_until_complete(_open(app, AppPaths.default()))
    finally:
        asyncio.set_event_loop(None)
        collector.stop()
    return 0


if __name__ == "__main__":
    sys.exit(run_app(sys.argv))
