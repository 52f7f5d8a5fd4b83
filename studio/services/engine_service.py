"""Chooses the engine off the GUI thread: every candidate probed and self-tested on this CPU.

`chosen` carries the whole `EngineChoice` (for the Settings list and the first-start offer
to build an engine); `probed` the active engine's description, or `failed` why none runs.
The engine build runs here too, on a thread, with progress as signals.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from studio.core.engine import (
    BuildOptions,
    BuildProgress,
    EngineBuilder,
    EngineChoice,
    EngineError,
    EngineInfo,
    EngineLocation,
    EngineSelector,
)
from studio.core.errors import Problem
from studio.core.memory import EngineMemory
from studio.core.tasks import TaskOwner
from studio.services.background import Background, or_os_error


class EngineService(QObject):
    probed = Signal(object)  # EngineInfo of the active engine
    chosen = Signal(object)  # EngineChoice: every candidate with its verdict
    failed = Signal(object)  # Problem: why no engine runs here
    build_progress = Signal(object)  # BuildProgress
    build_finished = Signal(object)  # EngineLocation of the new engine
    build_failed = Signal(object)  # Problem: why the build failed

    def __init__(
        self,
        selector: EngineSelector,
        tasks: TaskOwner,
        build_dir: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._selector = selector
        self._work = Background(tasks)
        self._build_dir = build_dir
        self._builder: EngineBuilder | None = None
        self._explicit: Path | None = None  # the engine setting the last choice honoured
        self.info: EngineInfo | None = None
        self.choice: EngineChoice | None = None

    @property
    def location(self) -> EngineLocation | None:
        """The active engine, once chosen."""
        active = self.choice.active if self.choice is not None else None
        return active.location if active is not None else None

    @property
    def memory(self) -> EngineMemory:
        """What the active engine's self-test measured for the estimator (nothing known
        until one is chosen)."""
        active = self.choice.active if self.choice is not None else None
        test = active.self_test if active is not None else None
        return test.memory if test is not None else EngineMemory()

    def ready_info(self) -> EngineInfo:
        """The active engine's description, or an `EngineError` (`engine_not_ready`) while
        none has been chosen (still probing, or none runs here)."""
        if self.info is None:
            raise EngineError(
                "engine_not_ready", "the engine has not been probed (or none runs here)"
            )
        return self.info

    @property
    def building(self) -> bool:
        return self._builder is not None

    def probe(self, explicit: Path | None = None) -> None:
        self._explicit = explicit
        self._choose()

    def _choose(self) -> None:
        # Every candidate is examined so that Settings can list each with its verdict;
        # after the first start the verdicts come from the cache.
        explicit = self._explicit
        self._work.call(
            "choose-engine",
            lambda: self._selector.choose(explicit, examine_all=True),
            self._chosen,
        )

    def _chosen(self, choice: EngineChoice) -> None:
        self.choice = choice
        self.chosen.emit(choice)
        try:
            active = choice.require_active()
        except EngineError as error:
            self.info = None
            self.failed.emit(Problem.of(error))
            return
        assert active.info is not None  # runnable means probed
        self.info = active.info
        self.probed.emit(active.info)

    # -- building --------------------------------------------------------------------------

    def build(self, options: BuildOptions) -> None:
        """Build an engine for this machine, then choose again (the new one is a candidate;
        an engine setting that runs still comes first)."""
        if self._builder is not None or self._build_dir is None:
            return
        engines_dir = self._selector.engines_dir
        assert engines_dir is not None, "a selector without an engines folder cannot build"
        builder = EngineBuilder(self._build_dir, engines_dir, self._selector.tester)
        self._builder = builder
        self._work.run(
            "build-engine",
            lambda: self._build(builder, options),
            self._built,
            self.build_failed.emit,
            expected=or_os_error(lambda error: Problem("build_failed", str(error))),
        )

    def cancel_build(self) -> None:
        if self._builder is not None:
            self._builder.cancel()

    @property
    def build_log(self) -> Path | None:
        return self._build_dir / "build.log" if self._build_dir is not None else None

    async def _build(self, builder: EngineBuilder, options: BuildOptions) -> EngineLocation:
        loop = asyncio.get_running_loop()

        def report(progress: BuildProgress) -> None:  # on the build thread
            loop.call_soon_threadsafe(self.build_progress.emit, progress)

        try:
            return await asyncio.to_thread(builder.build, options, report)
        except asyncio.CancelledError:
            builder.cancel()  # the app is quitting: stop every compiler
            raise
        finally:
            self._builder = None

    def _built(self, location: EngineLocation) -> None:
        self.build_finished.emit(location)
        self._choose()

    def close(self) -> None:
        """Stop a build and a self-test in flight: quitting waits for neither."""
        self.cancel_build()
        self._selector.close()
