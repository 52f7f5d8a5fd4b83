"""From "open this GGUF" to a load intent: prepare the model and devices off the GUI thread,
show the load dialog, remember its settings for the model, and hand the launch over.

The flow does not talk to the server manager itself: `app.py` passes `load`, which sends
the intent, so this module works with whichever service owns the manager.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from studio.core.engine import EngineInfo
from studio.core.errors import Problem, StudioError
from studio.core.placement.plan import Plan
from studio.core.placement.remembered import judged_damaged
from studio.core.placement.setup import Machine, ModelSetup
from studio.core.server.launch import LaunchSpec
from studio.core.tasks import TaskOwner
from studio.services.engine_service import EngineService
from studio.services.plan_service import PlanService
from studio.services.settings_service import SettingsService
from studio.ui.common.voice import ui_voice
from studio.ui.common.window_place import numbers_of, place
from studio.ui.load.load_dialog import LoadDialog

log = logging.getLogger(__name__)

Loader = Callable[[LaunchSpec], None]
LOAD_DIALOG = "load-dialog"  # its name in the remembered window layout


class LoadFlow(QObject):
    opened = Signal(object)  # LoadDialog, once shown
    loading = Signal(object, object)  # Plan handed to `load`, and the Planner that made it
    failed = Signal(object)  # Problem: why the load dialog cannot open

    def __init__(
        self,
        engine: EngineService,
        settings: SettingsService,
        tasks: TaskOwner,
        load: Loader,
        window: QWidget,
        machine: Machine,
        parent: QObject | None = None,
        engine_pid: Callable[[], int | None] = lambda: None,
    ) -> None:
        """`engine_pid` gives our running llama-server, whose memory a switch frees."""
        super().__init__(parent)
        self._engine = engine
        self._settings = settings
        self._tasks = tasks
        self._load = load
        self._engine_pid = engine_pid
        self._window = window
        self._machine = machine
        self.dialog: LoadDialog | None = None
        self.message: QMessageBox | None = None  # the last failure shown

    def choose_and_open(self) -> None:
        folders = self._settings.current.models_folders
        start = folders[0] if folders else str(Path.home())
        path, _ = QFileDialog.getOpenFileName(
            self._window, self.tr("Open a GGUF model"), start, self.tr("GGUF models (*.gguf)")
        )
        if path:
            self.open(Path(path))

    def open(self, path: Path) -> asyncio.Task[LoadDialog | None]:
        return self._tasks.spawn("open-load-dialog", self._open(path))

    async def _open(self, path: Path) -> LoadDialog | None:
        current = self._settings.current
        try:
            info = self._engine.ready_info()
            setup = await self._prepare(path, info, self._engine_pid())
        except StudioError as error:
            self._fail(Problem.of(error))
            return None
        except OSError as error:
            reason = error.strerror or str(error)
            self._fail(Problem("model_unreadable", str(error), {"path": path, "reason": reason}))
            return None
        if self.dialog is not None:  # one load dialog at a time: the newest model wins
            self.dialog.close()
            self.dialog.deleteLater()
        dialog = LoadDialog(
            setup,
            PlanService(setup.planner, self._tasks),
            current.remembered_load(str(path)),
            parent=self._window,
        )
        dialog.load_requested.connect(lambda plan: self._on_load_requested(dialog, plan))
        place(dialog, current.window_layout.get(LOAD_DIALOG), dialog.DEFAULT_SIZE)
        dialog.finished.connect(lambda _: self._remember_place(dialog))
        self.dialog = dialog
        dialog.open()
        self.opened.emit(dialog)
        return dialog

    async def remembered_spec(self, model: str) -> LaunchSpec:
        """The launch for `model` from its remembered load settings, planned for the devices
        there are now (the autoload at start uses this). A remembered plan that no longer
        fits is planned afresh (auto-fit); without an engine or a readable header the
        model starts with the engine's defaults. A file whose header shows it damaged
        (truncated, corrupt, not a GGUF) raises why: the engine is never started on it."""
        path = Path(model)
        fallback = LaunchSpec(model=path, label=path.name)
        info = self._engine.info or await self._probed()
        if info is None:
            return fallback
        try:
            setup = await self._prepare(path, info)
        except (StudioError, OSError) as error:
            if judged_damaged(error):
                raise
            log.warning("autoload of %s without a plan: %s", model, error)
            return fallback
        remembered = self._settings.current.remembered_load(model)
        plan = await asyncio.to_thread(setup.remembered_plan, remembered)
        self.loading.emit(plan, setup.planner)
        return setup.launch(plan)

    async def _prepare(
        self, path: Path, engine: EngineInfo, engine_pid: int | None = None
    ) -> ModelSetup:
        """The model and this machine's devices, read off the GUI thread. Only the engine
        can tell what an RPC server offers: the one chosen to run here asks."""
        return await asyncio.to_thread(
            self._machine.setup,
            path,
            engine,
            self._engine.location,
            self._settings.current.rpc_devices,
            () if engine_pid is None else (engine_pid,),
            memory=self._engine.memory,
        )

    async def _probed(self, timeout_s: float = 120.0) -> EngineInfo | None:
        """Wait for the engine probe in flight (None if it fails or takes too long)."""
        result: asyncio.Future[EngineInfo | None] = asyncio.get_running_loop().create_future()

        def done(info: EngineInfo | None) -> None:
            if not result.done():
                result.set_result(info)

        def failed(_problem: Problem) -> None:
            done(None)

        self._engine.probed.connect(done)
        self._engine.failed.connect(failed)
        try:
            return await asyncio.wait_for(result, timeout_s)
        except TimeoutError:
            return None
        finally:
            self._engine.probed.disconnect(done)
            self._engine.failed.disconnect(failed)

    def _remember_place(self, dialog: LoadDialog) -> None:
        shown = {LOAD_DIALOG: numbers_of(dialog.geometry())}
        self._settings.update(lambda s: s.with_window_layout(shown))

    def _on_load_requested(self, dialog: LoadDialog, plan: Plan) -> None:
        model = str(plan.model_path)
        settings = dict(dialog.remembered_settings)
        self._settings.update(lambda s: s.with_remembered_load(model, settings))
        spec = dialog.setup.launch(plan)
        self.loading.emit(plan, dialog.planner)
        self._load(spec)

    def _fail(self, problem: Problem) -> None:
        """Say why the dialog cannot open, in the problem's one sentence."""
        log.warning("cannot open the load dialog: %s: %s", problem.code, problem.detail)
        self.failed.emit(problem)
        # Not exec(): a nested event loop inside a running task would stall the app's loop.
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            self.tr("Cannot load the model"),
            ui_voice().error(problem),
            parent=self._window,
        )
        box.setDetailedText(problem.detail)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.message = box
        box.open()
