"""Measuring a variant through the manager: load it, warm it up, run it.

Everything goes through `ServerManager`, as a chat does: the variant's launch is loaded
(`load`, without the planner's step down: a variant that needs one is not the plan to
measure), and each request streams a text completion (`stream_chat` to /v1/completions)
that writes `generated_tokens` with the end of sequence ignored and the prompt cache off,
so every run reads its whole prompt. The speeds are the engine's `timings` of the answer.

A prompt of N tokens is a passage of words repeated: the first warm-up asks the engine
how many tokens two lengths of it make, and every later prompt is sized from that line.
What each device allocated comes from the engine's `-lv 4` log, per device of the plan.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import httpx

from studio.core.bench.results import BenchOptions, DeviceUse, Sample
from studio.core.bench.variants import Variant
from studio.core.errors import StudioError
from studio.core.placement.plan import Plan
from studio.core.placement.plan_memory import logged_memory
from studio.core.server.client import COMPLETIONS_PATH, ServerError
from studio.core.server.manager import ServerManager
from studio.core.server.states import ServerState

# Ordinary words, each one token in the common vocabularies (after a space).
_WORDS = (
    "the", "quick", "brown", "fox", "jumps", "over", "a", "lazy", "dog", "while", "the",
    "small", "bird", "sings", "in", "an", "old", "tree", "near", "the", "river", "and",
    "people", "walk", "along", "the", "road", "to", "find", "some", "water", "for", "their",
    "house",
)  # fmt: skip
# Word counts of the two calibration prompts: short enough for any usable context.
_CALIBRATION_WORDS = (8, 24)
_WARM_UP_TOKENS = 4
# A prompt sized from the calibration may run over by a little: kept free besides it.
_SLACK_TOKENS = 16
_SLACK_SHARE = 20  # and a twentieth of the prompt
MIN_PROMPT_TOKENS = 32


@dataclass(frozen=True)
class Loaded:
    """A variant the engine runs now: how long loading it took (None: it was running
    already), what each device holds, the command, and the prompt lengths that fit."""

    load_s: float | None
    memory: tuple[DeviceUse, ...]
    command: str
    lengths: tuple[int, ...]


class Runner(Protocol):
    """What the comparisons drive; `ManagerRunner` on the real engine, a fake in tests."""

    async def load(self, variant: Variant) -> Loaded: ...

    async def warm_up(self, variant: Variant, loaded: Loaded) -> None: ...

    async def run(self, variant: Variant, loaded: Loaded) -> tuple[Sample, ...]:
        """One run: a sample per prompt length of `loaded`, shortest first."""
        ...


@dataclass(frozen=True)
class _Calibration:
    """Tokens of a prompt of n words: `base + per_word * n`."""

    base: float
    per_word: float

    @classmethod
    def of(cls, short: Sample, long: Sample) -> _Calibration:
        few, many = _CALIBRATION_WORDS
        per_word = (long.prompt_tokens - short.prompt_tokens) / (many - few)
        if per_word <= 0:  # never seen; a line through the origin is the safe reading
            return cls(0.0, max(long.prompt_tokens / many, 1e-3))
        return cls(short.prompt_tokens - per_word * few, per_word)

    def words_for(self, tokens: int) -> int:
        return max(1, math.floor((tokens - self.base) / self.per_word))


def prompt_text(words: int) -> str:
    return " ".join(_WORDS[i % len(_WORDS)] for i in range(words))


def fitting_lengths(options: BenchOptions, ctx: int) -> tuple[int, ...]:
    """The asked prompt lengths that fit a slot's context with the tokens to write; when
    none does, the longest that fits; none at all below MIN_PROMPT_TOKENS."""
    room = ctx - options.generated_tokens - _SLACK_TOKENS
    fits = tuple(n for n in options.prompt_lengths if n + n // _SLACK_SHARE <= room)
    if fits:
        return fits
    longest = room * _SLACK_SHARE // (_SLACK_SHARE + 1)
    if longest >= MIN_PROMPT_TOKENS:
        return (longest,)
    raise StudioError(
        "bench_context_too_small",
        f"a context of {ctx} leaves no room for a prompt and {options.generated_tokens} tokens",
        ctx=ctx,
        tokens=options.generated_tokens,
    )


def device_use(plan: Plan, log_path: Path | None) -> tuple[DeviceUse, ...]:
    """What the engine's log says each device of `plan` holds (devices it does not name,
    or a log without `-lv 4`, are left out). Blocking: run it with `asyncio.to_thread`."""
    actual = logged_memory(plan, log_path)
    return tuple(
        DeviceUse(device.key, device.label, actual[device.key])
        for device in (*plan.devices, plan.host)
        if device.key in actual
    )


class ManagerRunner:
    """Runs variants on `manager` with `options`."""

    def __init__(self, manager: ServerManager, options: BenchOptions) -> None:
        self._manager = manager
        self._options = options
        self._calibration: _Calibration | None = None

    async def load(self, variant: Variant) -> Loaded:
        """Raises the variant's refusal when it does not fit, the manager's failure when
        it does not start, and `bench_not_as_planned` when it started only once the
        recovery ladder had changed it."""
        if variant.refusal is not None:
            raise variant.refusal
        spec = variant.load.spec
        now = self._manager.snapshot
        running = now.state is ServerState.READY and now.requested == spec
        started = time.monotonic()
        snapshot = await self._manager.load(spec)
        load_s = None if running else time.monotonic() - started
        if snapshot.spec != spec:
            raise StudioError(
                "bench_not_as_planned",
                f"{variant.label} started only as {snapshot.command}",
                variant=variant.label,
            )
        memory = await asyncio.to_thread(device_use, variant.plan, snapshot.log_path)
        ready = snapshot.ready
        ctx = ready.n_ctx if ready is not None and ready.n_ctx else (spec.ctx_size or 0)
        return Loaded(load_s, memory, snapshot.command, fitting_lengths(self._options, ctx))

    async def warm_up(self, variant: Variant, loaded: Loaded) -> None:
        """The first requests after a load are slower (buffers touched for the first
        time): one is sent and not counted. The first warm-up calibrates the prompts."""
        if self._calibration is None:
            few, many = _CALIBRATION_WORDS
            short = await self._ask(variant, few, 1)
            self._calibration = _Calibration.of(short, await self._ask(variant, many, 1))
        words = self._calibration.words_for(loaded.lengths[0])
        await self._ask(variant, words, min(_WARM_UP_TOKENS, self._options.generated_tokens))

    async def run(self, variant: Variant, loaded: Loaded) -> tuple[Sample, ...]:
        assert self._calibration is not None, "warm up before the first run"
        tokens = self._options.generated_tokens
        return tuple(
            [
                await self._ask(variant, self._calibration.words_for(length), tokens)
                for length in loaded.lengths
            ]
        )

    async def _ask(self, variant: Variant, words: int, tokens: int) -> Sample:
        first_text_s: float | None = None
        final = None
        stream = self._manager.stream_chat(
            (),
            requested=variant.load.spec,
            endpoint=COMPLETIONS_PATH,
            prompt=prompt_text(words),
            max_tokens=tokens,
            ignore_eos=True,
            cache_prompt=False,
            temperature=0.0,
        )
        try:
            async with contextlib.aclosing(stream) as deltas:
                async for delta in deltas:
                    if first_text_s is None and delta.has_text:
                        first_text_s = delta.elapsed_s
                    if delta.finish_reason is not None:
                        final = delta
        except (ServerError, httpx.HTTPError) as error:
            raise StudioError(
                "bench_request_failed", f"{variant.label}: {error!r}", variant=variant.label
            ) from error
        if final is None or final.finish_reason == "cancelled":
            raise StudioError(
                "bench_request_cancelled",
                "a request of the benchmark was cancelled from elsewhere",
            )
        timings = final.timings
        try:
            return Sample(
                prompt_tokens=int(timings["prompt_n"]),
                prompt_per_s=float(timings["prompt_per_second"]),
                generated_tokens=int(timings["predicted_n"]),
                generation_per_s=float(timings["predicted_per_second"]),
                first_token_s=final.elapsed_s if first_text_s is None else first_text_s,
            )
        except (KeyError, TypeError, ValueError) as error:
            raise StudioError(
                "bench_no_timings", f"the engine's answer had no timings: {timings!r}"
            ) from error
