"""What the memory panel draws for one device: a plain, immutable view model (Qt-free, so
the plan, the engine log and the live monitor all turn into it below the UI).

The panel never reads the planner's or the monitor's own types. Adapters (the plan service,
the memory monitor, the log comparison) turn theirs into `DeviceMemory`, so the widgets stay
the same when the planner's API changes and tests can feed them any numbers they like.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from studio.core.devices import DeviceKind


@dataclass(frozen=True)
class MemoryBreakdown:
    """Bytes on one device by component. `overhead` holds the output buffer and fixed costs
    (driver context, the engine's own reserve); `prompt_cache` is the host's --cache-ram,
    reserved by the plan but filled only as slots go idle. The parts add up to the total."""

    weights: int = 0
    kv: int = 0
    compute: int = 0
    overhead: int = 0
    prompt_cache: int = 0

    @property
    def total(self) -> int:
        return self.weights + self.kv + self.compute + self.overhead + self.prompt_cache

    def parts(self) -> tuple[tuple[str, int], ...]:
        """(component, bytes) in the order the bars stack them."""
        return (
            ("weights", self.weights),
            ("kv", self.kv),
            ("compute", self.compute),
            ("overhead", self.overhead),
            ("prompt_cache", self.prompt_cache),
        )


@dataclass(frozen=True)
class DeviceMemory:
    """One device's memory: its size, what was free before loading, the plan for it, and,
    once a model runs, what the engine reported allocating and what is in use right now."""

    key: str  # stable across updates: "GPU0", "RPC1", "host"
    label: str
    kind: DeviceKind
    total: int
    free: int
    planned: MemoryBreakdown = MemoryBreakdown()
    # What the plan may use on this device (free memory less the safety margin); None means
    # the whole of `free`.
    budget: int | None = None
    actual: MemoryBreakdown | None = None
    live_used: int | None = None
    # The part of `planned.overhead` no engine buffer reports (driver context, process
    # footprint): left out when the prediction is compared with what the engine logged.
    unlogged_overhead: int = 0

    @property
    def usable(self) -> int:
        return self.free if self.budget is None else min(self.budget, self.free)

    @property
    def used_by_others(self) -> int:
        """Memory taken before our model loads (other programs, the desktop, the driver)."""
        return max(0, self.total - self.free)

    @property
    def fits(self) -> bool:
        return self.planned.total <= self.usable

    @property
    def overflow(self) -> int:
        return max(0, self.planned.total - self.usable)

    @property
    def predicted_buffers(self) -> int:
        """The prediction of what the engine's buffer-size lines will add up to (the prompt
        cache is empty at load)."""
        return self.planned.total - self.unlogged_overhead - self.planned.prompt_cache

    def with_live(self, used: int | None) -> DeviceMemory:
        return replace(self, live_used=used)

    def with_actual(self, actual: MemoryBreakdown | None) -> DeviceMemory:
        return replace(self, actual=actual)
