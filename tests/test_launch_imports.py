"""The window paints before the heavy half of the app is imported.

Launch time is what a person feels first (issue 29: the app took 10x a bare window to
paint, most of it importing the engine, Hub and model-file code). The app runs for real
in a fresh interpreter, started as the `studio` command starts it; at the moment it logs
its first paint, a probe lists which heavy modules are already loaded and which window
painted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

# What the first paint must not wait for: numpy and gguf (model files), huggingface_hub
# (the Hub), httpx (the engine's client), qtawesome (icons, with Qt's OpenGL module).
HEAVY = ("numpy", "gguf", "huggingface_hub", "httpx", "qtawesome")

_PROBE = """
import json, logging, os, sys
from PySide6.QtWidgets import QApplication

HEAVY = %r

class Probe(logging.Handler):
    def emit(self, record):
        if record.getMessage() != "main window painted":
            return
        shown = [w.objectName() for w in QApplication.topLevelWidgets() if w.isVisible()]
        loaded = [name for name in HEAVY if name in sys.modules]
        print(json.dumps({"loaded": loaded, "shown": shown}), flush=True)
        os._exit(0)

logging.getLogger("studio.app").addHandler(Probe())
from studio.cli import main
main([])
print("{}", flush=True)
"""


def _first_paint(tmp_path: Path, imported_first: str = "") -> dict[str, list[str]]:
    """What was loaded and shown at the first paint; `imported_first` is imported before
    the app starts (the check's own check)."""
    env = {**os.environ, "STUDIO_HOME": str(tmp_path), "QT_QPA_PLATFORM": "offscreen"}
    probe = _PROBE % (HEAVY,)
    if imported_first:
        probe = f"import {imported_first}\n{probe}"
    run = subprocess.run(
        [sys.executable, "-c", probe],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
    assert lines, run.stderr
    report: dict[str, list[str]] = json.loads(lines[-1])
    return report


def test_the_main_window_paints_before_any_heavy_import(tmp_path: Path) -> None:
    report = _first_paint(tmp_path)
    assert report.get("shown") == ["main-window"], "the first paint must be the main window"
    assert report["loaded"] == []


def test_the_probe_sees_a_heavy_import(tmp_path: Path) -> None:
    # The check can fail: a module loaded before the paint is listed.
    assert _first_paint(tmp_path, imported_first="httpx")["loaded"] == ["httpx"]
