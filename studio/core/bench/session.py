"""What every benchmark shares: putting back what the manager held, telling progress,
and adding up a variant's runs into its result."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from studio.core.bench.results import (
    BenchProgress,
    BenchResult,
    LengthFigures,
    Phase,
    ProgressSink,
    Sample,
)
from studio.core.bench.runner import Loaded
from studio.core.bench.stats import Spread
from studio.core.errors import StudioError
from studio.core.placement.load_plan import PlannedLoad
from studio.core.server.manager import ServerManager

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Restore:
    """What the manager holds once a benchmark ends, however it ends (done, failed or
    cancelled): `load` again (the model loaded before, with its step down), or nothing
    (None: unload). A benchmark given no `Restore` leaves its last variant loaded."""

    load: PlannedLoad | None = None


@contextlib.asynccontextmanager
async def restoring(
    manager: ServerManager, restore: Restore | None, tell: Teller
) -> AsyncIterator[None]:
    """Run the body, then put back what `restore` says, even when the body was cancelled
    (the cancellation goes on afterwards). A model that does not come back is the
    manager's failure to show (its snapshot says it), not the benchmark's."""
    try:
        yield
    finally:
        if restore is not None:
            tell(Phase.RESTORING, "")
            try:
                if restore.load is None:
                    await manager.unload()
                else:
                    await manager.load(restore.load.spec, smaller_plan=restore.load.step_down)
            except StudioError as error:
                log.warning("what was loaded before the benchmark did not come back: %s", error)


class Teller:
    """Tells `sink` each step, counting finished runs against `total`."""

    def __init__(self, sink: ProgressSink | None, total: int) -> None:
        self._sink = sink
        self.total = total
        self.done = 0

    def __call__(self, phase: Phase, variant: str, run: int = 0, runs: int = 0) -> None:
        if self._sink is not None:
            self._sink(BenchProgress(phase, variant, run, runs, self.done, self.total))

    def ran(self) -> None:
        self.done += 1


@dataclass
class Tally:
    """One variant's loads and runs so far."""

    loads: list[Loaded] = field(default_factory=list)
    runs: list[tuple[Sample, ...]] = field(default_factory=list)

    def result(self) -> BenchResult | None:
        """The runs as a result (the first load's prompt lengths and memory); None before
        the first run."""
        if not self.runs or not self.loads:
            return None
        first = self.loads[0]
        lengths = tuple(
            LengthFigures(asked, tuple(run[i] for run in self.runs))
            for i, asked in enumerate(first.lengths)
        )
        times = [loaded.load_s for loaded in self.loads if loaded.load_s is not None]
        return BenchResult(
            lengths, first.memory, Spread.of(times) if times else None, first.command
        )
