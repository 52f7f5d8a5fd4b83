"""A runner that measures nothing: each variant's runs give the figures a test chose, on a
clock of its own, so comparisons and tunings can be checked without an engine."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from studio.core.bench.results import BenchOptions, DeviceUse, Sample
from studio.core.bench.runner import Loaded
from studio.core.bench.variants import Changes, Variant
from studio.core.errors import StudioError
from studio.core.placement.device_memory import MemoryBreakdown
from studio.core.placement.load_plan import PlannedLoad
from studio.core.server.launch import LaunchSpec

OPTIONS = BenchOptions(runs=3, prompt_lengths=(128, 512), generated_tokens=16)
RUN_S = 10.0  # what one run takes on the fake clock
LOAD_S = 2.0


def sample(generation: float, prompt: float | None = None, tokens: int = 128) -> Sample:
    return Sample(tokens, prompt if prompt is not None else generation * 10, 16, generation, 0.1)


def variant(label: str, refusal: StudioError | None = None) -> Variant:
    """A variant nobody planned (only the fake runner can run it)."""
    spec = LaunchSpec(model=Path(f"/models/{label}.gguf"))
    return Variant(label, Changes(label=label), PlannedLoad(spec), refusal)


@dataclass
class FakeRunner:
    """Generation speeds per variant label, one per run in order (prompt speeds are ten
    times them); a label in `failing` fails to load. Records what it did."""

    speeds: Mapping[str, Sequence[float]]
    failing: frozenset[str] = frozenset()
    now: float = 0.0
    loads: list[str] = field(default_factory=list)
    runs: list[str] = field(default_factory=list)
    _loaded: str | None = None
    _next: dict[str, Iterator[float]] = field(default_factory=dict)

    def clock(self) -> float:
        return self.now

    async def load(self, variant: Variant) -> Loaded:
        if variant.refusal is not None:
            raise variant.refusal
        if variant.label in self.failing:
            raise StudioError("bench_request_failed", "failed", variant=variant.label)
        fresh = self._loaded != variant.label
        if fresh:
            self.loads.append(variant.label)
            self.now += LOAD_S
        self._loaded = variant.label
        memory = (DeviceUse("host", "Host", MemoryBreakdown(weights=100)),)
        return Loaded(LOAD_S if fresh else None, memory, variant.label, OPTIONS.prompt_lengths)

    async def warm_up(self, variant: Variant, loaded: Loaded) -> None:
        pass

    async def run(self, variant: Variant, loaded: Loaded) -> tuple[Sample, ...]:
        figures = self._next.setdefault(variant.label, iter(self.speeds[variant.label]))
        figure = next(figures)
        self.runs.append(variant.label)
        self.now += RUN_S
        return tuple(sample(figure, tokens=n) for n in loaded.lengths)
