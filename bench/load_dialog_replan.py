"""How long the GUI thread is busy after one control change in the load dialog.

For each model shape on fake GPUs, it moves the controls the way a user does (a layer
slider, the MoE slider, the context slider, a KV type) and measures, side by side:

- plan: the planner alone (`Planner.plan`), once per change;
- search: the largest-context search the context marker needs (about ten plans);
- dialog: the GUI thread's share of the whole change as the user sees it: plan, controls,
  bars, reasons, command (the search runs on a worker thread, as in the app).

The plan service plans on the GUI thread; that is right only while `dialog` stays well
under a frame budget (16 ms). Run: `python bench/load_dialog_replan.py [--rounds N]`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import qasync
from PySide6.QtWidgets import QApplication

from studio.core.placement.plan import Plan
from studio.core.tasks import TaskOwner
from studio.services.plan_service import PlanService
from studio.ui.load.load_dialog import LoadDialog
from tests.ui.load.load_dialog_support import fake_setup, probe_engine

SHAPES = ("llama-8b-shape", "qwen3-30b-a3b-shape", "gemma3-12b-shape")
DEVICES = "GPU0:12GiB,GPU1:8GiB,HOST:64GiB"


def _changes(dialog: LoadDialog) -> list[tuple[str, Callable[[int], None]]]:
    plan = dialog.plan
    gpu0 = plan.devices[0].key
    ctx = plan.limits
    return [
        ("layer slider", lambda i: dialog._rows[gpu0].slider.setValue(5 + i % 20)),
        ("moe slider", lambda i: dialog.moe.setValue(i % max(1, dialog.moe.maximum()))),
        (
            "ctx slider",
            lambda i: dialog.ctx_slider.setValue(ctx.ctx_min + (i * 4096) % ctx.ctx_max),
        ),
        ("kv type", lambda i: dialog.cache_k.setCurrentText(("q8_0", "f16")[i % 2])),
    ]


def _ms(samples: list[float]) -> str:
    return f"median {statistics.median(samples) * 1e3:6.2f} ms, max {max(samples) * 1e3:6.2f} ms"


async def measure(rounds: int) -> None:
    engine = probe_engine(Path("/tmp") / "studio-bench-probe.json")
    tasks = TaskOwner("bench")
    for shape in SHAPES:
        setup = fake_setup(shape, engine, DEVICES)
        service = PlanService(setup.planner, tasks)
        dialog = LoadDialog(setup, service)
        dialog.show()
        print(f"\n{shape}: {setup.summary.block_count} layers on {DEVICES}")
        for name, change in _changes(dialog):
            planner_only: list[float] = []
            search: list[float] = []
            whole: list[float] = []
            for i in range(rounds):
                started = time.perf_counter()
                change(i)
                service.flush()  # the coalesced plan, as the next event-loop turn runs it
                dialog.repaint()  # and the repaint it causes, synchronously
                whole.append(time.perf_counter() - started)
                while tasks.running:  # noqa: ASYNC110 (let the marker search finish)
                    await asyncio.sleep(0.001)
                plan: Plan = dialog.plan
                started = time.perf_counter()
                setup.planner.plan(plan.request)
                planner_only.append(time.perf_counter() - started)
                started = time.perf_counter()
                setup.planner.plan(plan.request.with_changes(ctx=None))
                search.append(time.perf_counter() - started)
            ratio = statistics.median(whole) / max(statistics.median(planner_only), 1e-9)
            print(
                f"  {name:12s} plan {_ms(planner_only)} | search {_ms(search)} | "
                f"dialog {_ms(whole)} | dialog/plan {ratio:4.1f}x"
            )
        dialog.close()
    await tasks.shutdown()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    with loop:
        loop.run_until_complete(measure(args.rounds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
