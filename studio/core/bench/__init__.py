"""Measure placements on the real engine: benchmark a plan, compare variants (A/B), tune.

Everything runs through the `ServerManager` (load, then streamed completions), so what is
measured is what a chat gets. Qt-free; the CLI (`studio bench`) and the app's load dialog
drive the same functions; the flow:

    variants = plan_variants(setup, plan, [Changes(), Changes({"ubatch": 1024})])  # thread
    comparison = await compare(manager, variants, BenchOptions(runs=3), progress,
                               restore=Restore(previous_load))
    BenchStore.of(paths).add(BenchKey.of(plan, engine_info), record)              # thread
"""

from studio.core.bench.compare import MAX_VARIANTS, MIN_VARIANTS, compare
from studio.core.bench.export import export_csv, export_json, write_export
from studio.core.bench.results import (
    BenchOptions,
    BenchProgress,
    BenchResult,
    DeviceUse,
    LengthFigures,
    Outcome,
    Phase,
    ProgressSink,
    Sample,
)
from studio.core.bench.run import benchmark
from studio.core.bench.session import Restore
from studio.core.bench.stats import Noise, Spread
from studio.core.bench.store import BenchKey, BenchRecord, BenchStore, RecordKind
from studio.core.bench.tune import (
    TuneBounds,
    TuneEstimate,
    TuneResult,
    TuneSearch,
    tune,
    tune_search,
)
from studio.core.bench.variants import VARIABLE_KNOBS, Changes, Variant, plan_variant, plan_variants
from studio.core.bench.verdict import Comparison, Margin, Metric, Verdict

__all__ = [
    "MAX_VARIANTS",
    "MIN_VARIANTS",
    "VARIABLE_KNOBS",
    "BenchKey",
    "BenchOptions",
    "BenchProgress",
    "BenchRecord",
    "BenchResult",
    "BenchStore",
    "Changes",
    "Comparison",
    "DeviceUse",
    "LengthFigures",
    "Margin",
    "Metric",
    "Noise",
    "Outcome",
    "Phase",
    "ProgressSink",
    "RecordKind",
    "Restore",
    "Sample",
    "Spread",
    "TuneBounds",
    "TuneEstimate",
    "TuneResult",
    "TuneSearch",
    "Variant",
    "Verdict",
    "benchmark",
    "compare",
    "export_csv",
    "export_json",
    "plan_variant",
    "plan_variants",
    "tune",
    "tune_search",
    "write_export",
]
