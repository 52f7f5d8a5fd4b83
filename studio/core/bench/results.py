"""What a benchmark asks for, tells while it runs, and finds: plain frozen values that
the CLI prints, the store keeps as JSON and the app plots.

Speeds are the engine's own (`timings` of each answer: tokens over the engine's time,
without HTTP or our event loop); the time to first token is ours, from sending the
request to the first text, as a person waits for it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from studio.core.bench.stats import Spread
from studio.core.errors import Problem
from studio.core.placement.device_memory import MemoryBreakdown

# Prompt lengths (tokens) measured by default: a chat turn, a page, a document; those
# that do not fit the context are left out.
DEFAULT_PROMPT_LENGTHS = (128, 512, 2048)
DEFAULT_RUNS = 3
# Tokens written per request: enough for a steady generation speed, few enough that a
# run of a small model takes seconds.
DEFAULT_GENERATED_TOKENS = 64


@dataclass(frozen=True)
class BenchOptions:
    """How every variant is measured: `runs` repetitions, each one request per prompt
    length that writes `generated_tokens` (the end of sequence is ignored, so each writes
    them all)."""

    runs: int = DEFAULT_RUNS
    prompt_lengths: tuple[int, ...] = DEFAULT_PROMPT_LENGTHS
    generated_tokens: int = DEFAULT_GENERATED_TOKENS

    def __post_init__(self) -> None:
        if self.runs < 1 or self.generated_tokens < 1 or not self.prompt_lengths:
            raise ValueError("a benchmark needs a run, a token and a prompt length")
        if min(self.prompt_lengths) < 1:
            raise ValueError("prompt lengths are counts of tokens")
        object.__setattr__(self, "prompt_lengths", tuple(sorted(set(self.prompt_lengths))))

    def to_json(self) -> dict[str, Any]:
        return {
            "runs": self.runs,
            "prompt_lengths": list(self.prompt_lengths),
            "generated_tokens": self.generated_tokens,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BenchOptions:
        return cls(
            int(data["runs"]),
            tuple(int(n) for n in data["prompt_lengths"]),
            int(data["generated_tokens"]),
        )


class Phase(StrEnum):
    """What a benchmark is doing."""

    LOADING = "loading"  # starting the engine with a variant
    WARMING_UP = "warming_up"  # first requests, not counted
    MEASURING = "measuring"  # one run: a request per prompt length
    RESTORING = "restoring"  # bringing back what was loaded before


@dataclass(frozen=True)
class BenchProgress:
    """One step of a benchmark, comparison or tuning, told before it starts: `run` of
    `runs` (0 while loading or warming up) of `variant`; `done` of `total` runs over the
    whole job, for a progress bar (a tuning's total is its bound: early stops end sooner)."""

    phase: Phase
    variant: str
    run: int
    runs: int
    done: int
    total: int


ProgressSink = Callable[[BenchProgress], None]


@dataclass(frozen=True)
class Sample:
    """One request's figures: the prompt as the engine counted and read it, the tokens it
    wrote, and the time to its first text."""

    prompt_tokens: int
    prompt_per_s: float
    generated_tokens: int
    generation_per_s: float
    first_token_s: float

    def to_json(self) -> dict[str, Any]:
        return {
            "prompt_tokens": self.prompt_tokens,
            "prompt_per_s": self.prompt_per_s,
            "generated_tokens": self.generated_tokens,
            "generation_per_s": self.generation_per_s,
            "first_token_s": self.first_token_s,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Sample:
        return cls(
            int(data["prompt_tokens"]),
            float(data["prompt_per_s"]),
            int(data["generated_tokens"]),
            float(data["generation_per_s"]),
            float(data["first_token_s"]),
        )


@dataclass(frozen=True)
class LengthFigures:
    """Every run at one prompt length: `asked` tokens (what was measured is in the
    samples), the samples in run order, and their medians and spreads."""

    asked: int
    samples: tuple[Sample, ...]

    def __post_init__(self) -> None:
        if not self.samples:
            raise ValueError("figures need at least one sample")

    @property
    def prompt_per_s(self) -> Spread:
        return Spread.of(s.prompt_per_s for s in self.samples)

    @property
    def generation_per_s(self) -> Spread:
        return Spread.of(s.generation_per_s for s in self.samples)

    @property
    def first_token_s(self) -> Spread:
        return Spread.of(s.first_token_s for s in self.samples)

    @property
    def prompt_tokens(self) -> int:
        return round(Spread.of(s.prompt_tokens for s in self.samples).median)

    def to_json(self) -> dict[str, Any]:
        return {
            "asked": self.asked,
            "prompt_tokens": self.prompt_tokens,
            "prompt_per_s": self.prompt_per_s.to_json(),
            "generation_per_s": self.generation_per_s.to_json(),
            "first_token_s": self.first_token_s.to_json(),
            "samples": [s.to_json() for s in self.samples],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LengthFigures:
        return cls(int(data["asked"]), tuple(Sample.from_json(s) for s in data["samples"]))


@dataclass(frozen=True)
class DeviceUse:
    """What the engine logged allocating on one device (`-lv 4`): `key` is the plan's
    device key (`host`, a GPU's UUID, `rpc:HOST:PORT`), `label` its name for people."""

    key: str
    label: str
    memory: MemoryBreakdown

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, **dict(self.memory.parts())}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DeviceUse:
        parts = {name: int(data.get(name, 0)) for name, _ in MemoryBreakdown().parts()}
        return cls(str(data["key"]), str(data["label"]), MemoryBreakdown(**parts))


@dataclass(frozen=True)
class BenchResult:
    """One variant measured: its figures per prompt length (shortest first), what each
    device held, how long each load took (from asking to ready, the previous engine's stop
    included) and the command the engine ran (secrets redacted)."""

    lengths: tuple[LengthFigures, ...]
    memory: tuple[DeviceUse, ...]
    load_s: Spread | None  # None: it was running already, nothing was loaded
    command: str

    def __post_init__(self) -> None:
        if not self.lengths:
            raise ValueError("a result needs at least one prompt length")

    @property
    def generation_per_s(self) -> Spread:
        """Generation speed after the shortest prompt: the least disturbed by the context."""
        return self.lengths[0].generation_per_s

    @property
    def prompt_per_s(self) -> Spread:
        """Prompt speed at the longest prompt: the most batches, the steadiest figure."""
        return self.lengths[-1].prompt_per_s

    @property
    def first_token_s(self) -> Spread:
        """Time to first token after the shortest prompt."""
        return self.lengths[0].first_token_s

    @property
    def runs(self) -> int:
        return min(len(length.samples) for length in self.lengths)

    def to_json(self) -> dict[str, Any]:
        return {
            "generation_per_s": self.generation_per_s.to_json(),
            "prompt_per_s": self.prompt_per_s.to_json(),
            "first_token_s": self.first_token_s.to_json(),
            "lengths": [length.to_json() for length in self.lengths],
            "memory": [device.to_json() for device in self.memory],
            "load_s": self.load_s.to_json() if self.load_s is not None else None,
            "command": self.command,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BenchResult:
        return cls(
            tuple(LengthFigures.from_json(length) for length in data["lengths"]),
            tuple(DeviceUse.from_json(device) for device in data["memory"]),
            Spread.from_json(data["load_s"]) if data.get("load_s") is not None else None,
            str(data["command"]),
        )


def _no_changes() -> Mapping[str, str]:
    return MappingProxyType({})


@dataclass(frozen=True)
class Outcome:
    """One variant of a benchmark, comparison or tuning: its label and changes (knob ->
    value as written, `layers:KEY` for a device's layers), and what came of it: a result,
    or the problem that kept it from one (a plan that does not fit is never run).
    `stopped_early`: a tuning stopped it after its first run, clearly slower than the best."""

    variant: str
    changes: Mapping[str, str] = field(default_factory=_no_changes)
    result: BenchResult | None = None
    problem: Problem | None = None
    stopped_early: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "changes", MappingProxyType(dict(self.changes)))

    def to_json(self) -> dict[str, Any]:
        problem = self.problem
        return {
            "variant": self.variant,
            "changes": dict(self.changes),
            "result": self.result.to_json() if self.result is not None else None,
            "problem": (
                {"code": problem.code, "detail": problem.detail, "params": dict(problem.params)}
                if problem is not None
                else None
            ),
            "stopped_early": self.stopped_early,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        result = data.get("result")
        problem = data.get("problem")
        return cls(
            str(data["variant"]),
            {str(k): str(v) for k, v in dict(data.get("changes") or {}).items()},
            BenchResult.from_json(result) if result is not None else None,
            (
                Problem(
                    str(problem["code"]),
                    str(problem.get("detail", "")),
                    MappingProxyType(dict(problem.get("params") or {})),
                )
                if problem is not None
                else None
            ),
            bool(data.get("stopped_early", False)),
        )
