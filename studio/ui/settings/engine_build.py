"""Building an engine for this computer: the first-start offer and the progress dialog.

Offered when no engine candidate passes its self-test (the bundled AVX-512 build on an AVX2
desktop); also opened from Settings > Engine. The dialog shows the build tool's own progress
(percent and time left), the last lines of its log, and stops every compiler on Cancel.
Neither window is modal: the rest of the app keeps working while the compiler runs.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from studio.core.engine import (
    BuildOptions,
    BuildProgress,
    BuildVariant,
    EngineCandidate,
    EngineChoice,
    EngineLocation,
)
from studio.core.errors import Problem
from studio.services.engine_service import EngineService
from studio.ui.common.voice import ui_voice

_LOG_LINES = 400


def verdict_text(candidate: EngineCandidate) -> str:
    """Whether and why an engine runs here, in the user's language."""
    return ui_voice().verdict(candidate)


class EngineBuildDialog(QDialog):
    """Choose the variant, start, watch, cancel; closes itself only when asked."""

    def __init__(self, engine: EngineService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._engine = engine
        self.setObjectName("engine-build-dialog")
        self.setWindowTitle(self.tr("Build an engine for this computer"))
        self.resize(640, 460)
        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr(
                "GGUF Studio compiles llama.cpp's llama-server from source for this computer. "
                "This takes 15 to 40 minutes and needs a C++ compiler; the app stays usable."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.variant = QComboBox()
        self.variant.setAccessibleName(self.tr("Engine variant"))
        self.variant.addItem(self.tr("For this CPU (fastest)"), BuildVariant.NATIVE)
        self.variant.addItem(
            self.tr("For any x86-64 CPU (portable, slower to build)"), BuildVariant.PORTABLE
        )
        layout.addWidget(self.variant)
        self.phase = QLabel(self.tr("Not started"))
        self.phase.setObjectName("engine-build-phase")
        self.phase.setWordWrap(True)
        layout.addWidget(self.phase)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setAccessibleName(self.tr("Build progress"))
        layout.addWidget(self.progress)
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setMaximumBlockCount(_LOG_LINES)
        self.log.setAccessibleName(self.tr("Build log"))
        layout.addWidget(self.log, 1)
        buttons = QDialogButtonBox()
        self.start_button = QPushButton(self.tr("Build"))
        self.cancel_button = QPushButton(self.tr("Cancel build"))
        self.close_button = QPushButton(self.tr("Close"))
        buttons.addButton(self.start_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.cancel_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.close_button, QDialogButtonBox.ButtonRole.RejectRole)
        layout.addWidget(buttons)
        self.start_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(engine.cancel_build)
        self.close_button.clicked.connect(self.close)
        engine.build_progress.connect(self._on_progress)
        engine.build_finished.connect(self._on_finished)
        engine.build_failed.connect(self._on_failed)
        self._set_running(engine.building)

    def _set_running(self, running: bool) -> None:
        self.start_button.setEnabled(not running)
        self.variant.setEnabled(not running)
        self.cancel_button.setEnabled(running)

    @Slot()
    def start(self) -> None:
        if self._engine.building:
            return
        self.log.clear()
        self.progress.setValue(0)
        self.phase.setText(self.tr("Starting…"))
        self._set_running(True)
        self._engine.build(BuildOptions(variant=BuildVariant(self.variant.currentData())))

    def _time_left(self, seconds: float) -> str:
        # self.tr with a count: lupdate gives the catalogues plural forms only for this call.
        minutes = int(seconds // 60)
        if minutes >= 1:
            return self.tr("about %n minute(s) left", "", minutes)
        return self.tr("less than a minute left")

    def _on_progress(self, progress: BuildProgress) -> None:
        self.progress.setValue(int(progress.percent * 10))
        phases = {
            "download": self.tr("Getting the llama.cpp source…"),
            "configure": self.tr("Configuring…"),
            "compile": self.tr("Compiling"),
            "install": self.tr("Installing…"),
            "self_test": self.tr("Testing the new engine on this CPU…"),
            "done": self.tr("Done"),
        }
        text = phases.get(progress.phase, progress.phase)
        if progress.phase == "compile":
            text += f" {progress.percent:.0f}%"
            if progress.eta_s is not None:
                text += ", " + self._time_left(progress.eta_s)
        self.phase.setText(text)
        if progress.line:
            self.log.appendPlainText(progress.line)

    def _on_finished(self, location: EngineLocation) -> None:
        self._set_running(False)
        self.progress.setValue(1000)
        self.phase.setText(
            self.tr("The new engine runs on this CPU and is used from now on: {path}").format(
                path=str(location.path)
            )
        )

    def _on_failed(self, problem: Problem) -> None:
        self._set_running(False)
        self.phase.setText(ui_voice().error(problem))
        self.log.appendPlainText(problem.detail)


class EngineBuildOffer(QObject):
    """At start, when no engine runs on this CPU: say why and offer the build, once."""

    def __init__(self, engine: EngineService, window: QWidget) -> None:
        super().__init__(window)
        self._engine = engine
        self._window = window
        self._offered = False
        self.dialog: EngineBuildDialog | None = None
        self.box: QMessageBox | None = None

    def offer(self, choice: EngineChoice) -> None:
        if self._offered:
            return
        self._offered = True
        reason = next(
            (verdict_text(c) for c in choice.candidates if c.self_test is not None),
            self.tr("No llama-server was found."),
        )
        box = QMessageBox(self._window)
        box.setObjectName("engine-build-offer")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("No engine runs on this computer"))
        box.setText(self.tr("None of the llama-server engines found can run models on this CPU."))
        box.setInformativeText(
            reason + "\n\n" + self.tr("Build one for this computer now (15 to 40 minutes)?")
        )
        build = box.addButton(self.tr("Build engine"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(self.tr("Not now"), QMessageBox.ButtonRole.RejectRole)
        box.setWindowModality(Qt.WindowModality.NonModal)
        box.buttonClicked.connect(lambda button: self._on_answer(button is build))
        self.box = box
        box.open()

    def _on_answer(self, build: bool) -> None:
        if build:
            self.show_dialog().start()

    def show_dialog(self) -> EngineBuildDialog:
        if self.dialog is None:
            self.dialog = EngineBuildDialog(self._engine, self._window)
        self.dialog.show()
        self.dialog.activateWindow()
        return self.dialog
